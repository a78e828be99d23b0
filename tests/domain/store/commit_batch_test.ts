import assert from "node:assert/strict";
import { CommitBatcher } from "../../../domain/store/commit_batch.ts";

Deno.test("group commit: concurrent items commit together and all are durable", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const b = new CommitBatcher(kv);
    const oks = await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) => b.commit({ checks: [], apply: (op) => void op.set(["k", i], i).sum(["n"], 1n) }),
      ),
    );
    assert.ok(oks.every(Boolean));
    assert.equal(((await kv.get<Deno.KvU64>(["n"])).value!).value, 40n);
    assert.equal((await kv.get(["k", 39])).value, 39);
  } finally {
    kv.close();
  }
});

Deno.test("group commit: items checking the same key never share a batch", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const b = new CommitBatcher(kv);
    // Both read the counter at versionstamp null and both check it: only one may win.
    const item = (v: number) => ({
      checks: [["c"]],
      apply: (op: Deno.AtomicOperation) =>
        void op.check({ key: ["c"], versionstamp: null }).set(["c"], v),
    });
    const [a, c] = await Promise.all([b.commit(item(1)), b.commit(item(2))]);
    assert.deepEqual([a, c].sort(), [false, true]);
  } finally {
    kv.close();
  }
});

Deno.test("group commit: a failed check in a batch only fails its own item", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await kv.set(["taken"], 1);
    const b = new CommitBatcher(kv);
    const results = await Promise.all([
      b.commit({ checks: [], apply: (op) => void op.set(["a"], 1) }),
      b.commit({
        checks: [["taken"]],
        apply: (op) => void op.check({ key: ["taken"], versionstamp: null }).set(["taken"], 2),
      }),
      b.commit({ checks: [], apply: (op) => void op.set(["b"], 1) }),
    ]);
    assert.deepEqual(results, [true, false, true]);
    assert.equal((await kv.get(["a"])).value, 1);
    assert.equal((await kv.get(["b"])).value, 1);
    assert.equal((await kv.get(["taken"])).value, 1);
  } finally {
    kv.close();
  }
});
