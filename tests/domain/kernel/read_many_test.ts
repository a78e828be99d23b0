/** readMany (domain/kernel/kv/kv.ts): named reads, nested names, batches past 10 keys. */
import assert from "node:assert/strict";
import { type KeyTree, readMany, sameKeys } from "../../../domain/kernel/kv/kv.ts";

Deno.test("readMany gives each entry under its name, nested groups and absent names included", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    for (let i = 0; i < 25; i++) await kv.set(["k", i], `v${i}`);
    const parts: Record<string, Deno.KvKey> = {};
    for (let i = 0; i < 17; i++) parts[String(i)] = ["k", i];
    const tree = {
      a: ["k", 20],
      none: undefined,
      group: { parts, inner: { b: ["k", 21], missing: ["k", 99] } },
      c: ["k", 22],
    } satisfies KeyTree;
    const got = await readMany(kv, tree);
    assert.equal(got.a.value, "v20");
    assert.equal(got.none, undefined);
    assert.ok(Object.hasOwn(got, "none"));
    for (let i = 0; i < 17; i++) assert.equal(got.group.parts[String(i)].value, `v${i}`);
    assert.equal(got.group.inner.b.value, "v21");
    assert.equal(got.group.inner.missing.value, null);
    assert.equal(got.c.value, "v22");
    assert.ok(sameKeys(tree, tree));
    assert.ok(!sameKeys(tree, { ...tree, c: ["k", 23] }));
  } finally {
    kv.close();
  }
});

Deno.test("readMany keeps a name such as __proto__ a name", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await kv.set(["p"], "own");
    const tree = JSON.parse('{"__proto__": ["p"], "x": ["p"]}') as KeyTree;
    const got = await readMany(kv, tree) as Record<string, Deno.KvEntryMaybe<unknown>>;
    assert.ok(Object.hasOwn(got, "__proto__"));
    assert.equal(got["__proto__"].value, "own");
    assert.equal(Object.getPrototypeOf(got), Object.prototype);
    assert.equal(got.x.value, "own");
  } finally {
    kv.close();
  }
});
