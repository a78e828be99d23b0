import assert from "node:assert/strict";
import {
  bandKeys,
  isNearDuplicate,
  minhash,
  similarity,
} from "../../../domain/spam/model/minhash.ts";

const PITCH =
  "Hi, I was checking your website and noticed it is not ranking on the first page of Google for your main keywords. We can get you there within three months. Shall I send you a free audit report?";
const EDITED = PITCH.replace("three months", "90 days").replace("Hi,", "Hello,") + " Best, Mike";
const OTHER =
  "Could you do a two-tier lemon and raspberry cake for my daughter's birthday on the 14th? Around 25 guests, she loves unicorns.";

Deno.test("minhash: an edited copy of a text is a near duplicate and shares a band key", () => {
  const a = minhash(PITCH)!, b = minhash(EDITED)!;
  assert.ok(similarity(a, b) >= 0.6, String(similarity(a, b)));
  assert.ok(isNearDuplicate(a, b));
  assert.ok(bandKeys(a).some((k) => bandKeys(b).includes(k)));
  assert.equal(similarity(a, minhash(PITCH.toUpperCase())!), 1, "case does not matter");
});

Deno.test("minhash: unrelated texts are not near duplicates and share no band key", () => {
  const a = minhash(PITCH)!, c = minhash(OTHER)!;
  assert.ok(similarity(a, c) < 0.3);
  assert.ok(!isNearDuplicate(a, c));
  assert.ok(!bandKeys(a).some((k) => bandKeys(c).includes(k)));
});

Deno.test("minhash: texts under six words have no signature; keys are stable", () => {
  assert.equal(minhash("hello there"), null);
  assert.deepEqual(bandKeys(minhash(PITCH)!), bandKeys(minhash(PITCH)!));
  assert.equal(bandKeys(minhash(PITCH)!).length, 8);
});
