/** The band reports behind the service-wide lists (spam/reports.ts), as pure functions. */
import assert from "node:assert/strict";
import { reportsAfterMark, reportsAfterRemoval } from "../../../domain/spam/reports.ts";

Deno.test("spam adds the account once, ham takes it back, an empty band is deleted", () => {
  const a = reportsAfterMark([null, { accounts: ["x"] }], "a", true, 3);
  assert.deepEqual(a.values, [{ accounts: ["a"] }, { accounts: ["x", "a"] }]);
  assert.equal(a.reporters, 2);
  const again = reportsAfterMark(a.values, "a", true, 3);
  assert.deepEqual(again.values, a.values);
  const ham = reportsAfterMark(a.values, "a", false, 3);
  assert.deepEqual(ham.values, [null, { accounts: ["x"] }]);
});

Deno.test("the accounts of a band with three are the ones that list it", () => {
  const r = reportsAfterMark([{ accounts: ["x", "y"] }, { accounts: ["z"] }], "a", true, 3);
  assert.equal(r.reporters, 3);
  assert.deepEqual(r.listedBy, ["x", "y", "a"]);
});

Deno.test("removal clears every account of the bands; cleared accounts stay out of every band of a text sharing one", () => {
  const removed = reportsAfterRemoval([{ accounts: ["x", "y"] }, { accounts: ["z"] }], ["w"]);
  assert.deepEqual(removed, [
    { accounts: [], cleared: ["w", "x", "y", "z"] },
    { accounts: [], cleared: ["w", "x", "y", "z"] },
  ]);
  // A near-duplicate sharing one cleared band: x's and y's old reports elsewhere stop counting,
  // and x's new mark does not count.
  const r = reportsAfterMark([removed[0], { accounts: ["x", "y"] }, null], "x", true, 3);
  assert.equal(r.reporters, 0);
  assert.deepEqual(r.values[1], { accounts: [], cleared: ["w", "x", "y", "z"] });
  // A new account counts, alone.
  const n = reportsAfterMark(r.values, "n", true, 3);
  assert.equal(n.reporters, 1);
  assert.deepEqual(n.values[2], { accounts: ["n"], cleared: ["w", "x", "y", "z"] });
});
