import assert from "node:assert/strict";
import { keyHash, withGroupCommit } from "../../../domain/kernel/kv/group_commit.ts";

async function open() {
  const dir = await Deno.makeTempDir();
  const kv = withGroupCommit(await Deno.openKv(`${dir}/t.kv`));
  return {
    kv,
    async close() {
      kv.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("concurrent independent commits all succeed and share commits", async () => {
  const { kv, close } = await open();
  try {
    const results = await Promise.all(
      Array.from(
        { length: 200 },
        (_, i) => kv.atomic().set(["k", i], { i }).sum(["n"], 1n).commit(),
      ),
    );
    assert.ok(results.every((r) => r.ok));
    assert.equal(((await kv.get<Deno.KvU64>(["n"])).value)!.value, 200n);
    for (let i = 0; i < 200; i += 37) assert.deepEqual((await kv.get(["k", i])).value, { i });
    assert.ok(kv.stats.commits < 200, `expected batching, got ${kv.stats.commits} commits`);
  } finally {
    await close();
  }
});

Deno.test("read-modify-write under contention loses no update", async () => {
  const { kv, close } = await open();
  try {
    await kv.set(["counter"], 0);
    const inc = async () => {
      for (;;) {
        const r = await kv.get<number>(["counter"]);
        const c = await kv.atomic().check(r).set(["counter"], r.value! + 1).commit();
        if (c.ok) return;
      }
    };
    await Promise.all(Array.from({ length: 100 }, inc));
    assert.equal((await kv.get(["counter"])).value, 100);
  } finally {
    await close();
  }
});

Deno.test("a uniqueness check admits exactly one of many concurrent creators", async () => {
  const { kv, close } = await open();
  try {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      kv.atomic()
        .check({ key: ["unique", "slug"], versionstamp: null })
        .set(["unique", "slug"], i)
        .set(["record", i], true)
        .commit()));
    assert.equal(results.filter((r) => r.ok).length, 1);
    const winner = (await kv.get<number>(["unique", "slug"])).value!;
    assert.equal((await kv.get(["record", winner])).value, true);
    let records = 0;
    for await (const _ of kv.list({ prefix: ["record"] })) records++;
    assert.equal(records, 1, "losers wrote nothing");
  } finally {
    await close();
  }
});

Deno.test("one failing check fails only its own operation in a batch", async () => {
  const { kv, close } = await open();
  try {
    await kv.set(["taken"], 1);
    const ops = Array.from(
      { length: 20 },
      (_, i) =>
        i === 7
          ? kv.atomic().check({ key: ["taken"], versionstamp: null }).set(["x", i], i).commit()
          : kv.atomic().set(["x", i], i).commit(),
    );
    const results = await Promise.all(ops);
    results.forEach((r, i) => assert.equal(r.ok, i !== 7, `op ${i}`));
    assert.equal((await kv.get(["x", 7])).value, null);
    assert.equal((await kv.get(["x", 8])).value, 8);
    // The stale operation was answered from a read: the batch was not split.
    assert.equal(kv.stats.stale, 1);
    assert.equal(kv.stats.splits, 0);
  } finally {
    await close();
  }
});

Deno.test("a check sees an earlier queued write of its key; a key of the same hash only waits", async () => {
  // Two different keys with the same conflict hash (found by trying).
  const seen = new Map<number, string>();
  let a = "", b = "";
  for (let i = 0; !a; i++) {
    const h = keyHash(["c", `k${i}`]);
    const other = seen.get(h);
    if (other !== undefined) [a, b] = [other, `k${i}`];
    else seen.set(h, `k${i}`);
  }
  assert.notEqual(a, b);
  const { kv, close } = await open();
  try {
    // Two batches in flight, so the next operations queue together.
    const busy = [kv.set(["busy", 1], 1), kv.set(["busy", 2], 2)];
    const [written, collides, conflicts] = await Promise.all([
      kv.atomic().set(["c", a], "a").commit(),
      kv.atomic().check({ key: ["c", b], versionstamp: null }).set(["c", b], "b").commit(),
      kv.atomic().check({ key: ["c", a], versionstamp: null }).set(["c", a], "lost").commit(),
    ]);
    await Promise.all(busy);
    assert.equal(written.ok, true);
    assert.equal(collides.ok, true, "a key that only shares the hash is not refused");
    assert.equal(conflicts.ok, false, "the check saw the queued write before it");
    assert.equal((await kv.get(["c", a])).value, "a");
    assert.equal((await kv.get(["c", b])).value, "b");
    // The shared hash made the second wait for the next batch instead of joining the first's.
    assert.equal(kv.stats.maxBatch, 1);
  } finally {
    await close();
  }
  // Control: with keys of different hashes the first two share one batch.
  const other = await open();
  try {
    const busy = [other.kv.set(["busy", 1], 1), other.kv.set(["busy", 2], 2)];
    const both = await Promise.all([
      other.kv.atomic().set(["c", "x"], "x").commit(),
      other.kv.atomic().check({ key: ["c", "y"], versionstamp: null }).set(["c", "y"], "y")
        .commit(),
    ]);
    await Promise.all(busy);
    assert.deepEqual(both.map((r) => r.ok), [true, true]);
    assert.equal(other.kv.stats.maxBatch, 2);
  } finally {
    await other.close();
  }
});

Deno.test("keys of different parts hash apart", () => {
  const keys: Deno.KvKey[] = [
    ["a", "bc"],
    ["ab", "c"],
    ["abc"],
    ["a", 1],
    ["a", "1"],
    ["a", 1n],
    ["a", true],
    ["a", false],
    ["a", new Uint8Array([1])],
    ["a", 1.5],
    ["a", 2 ** 40],
    ["a", 2 ** 40 + 1],
  ];
  assert.equal(new Set(keys.map(keyHash)).size, keys.length);
  for (const k of keys) assert.ok(Number.isInteger(keyHash(k)) && keyHash(k) >= 0);
});

Deno.test("an over-limit operation is rejected alone; its neighbours commit", async () => {
  const { kv, close } = await open();
  try {
    const big = kv.atomic();
    for (let i = 0; i < 14; i++) big.set(["big", i], new Uint8Array(63_000)); // > 800 KiB
    const [a, b, c] = await Promise.allSettled([
      kv.atomic().set(["a"], 1).commit(),
      big.commit(),
      kv.atomic().set(["c"], 1).commit(),
    ]);
    assert.equal(a.status, "fulfilled");
    assert.equal(b.status, "rejected");
    assert.equal(c.status, "fulfilled");
    assert.equal((await kv.get(["c"])).value, 1);
  } finally {
    await close();
  }
});

Deno.test("enqueue and expireIn pass through batched commits", async () => {
  const { kv, close } = await open();
  try {
    const got: unknown[] = [];
    const listening = kv.listenQueue((m) => void got.push(m));
    await Promise.all([
      kv.atomic().enqueue({ n: 1 }).set(["e"], 1, { expireIn: 60_000 }).commit(),
      kv.atomic().enqueue({ n: 2 }).commit(),
    ]);
    for (let i = 0; i < 100 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(got.length, 2);
    kv.close();
    await listening;
  } finally {
    await close().catch(() => {});
  }
});

Deno.test("two handles writing one file at once never fail with 'database is locked'", async () => {
  const dir = await Deno.makeTempDir();
  const a = withGroupCommit(await Deno.openKv(`${dir}/t.kv`));
  const b = withGroupCommit(await Deno.openKv(`${dir}/t.kv`));
  try {
    const write = (kv: typeof a, tag: string) =>
      Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          kv.atomic().set([tag, i], "x".repeat(200)).sum(["n"], 1n).commit()),
      );
    const [ra, rb] = await Promise.all([write(a, "a"), write(b, "b")]);
    assert.ok([...ra, ...rb].every((r) => r.ok));
    assert.equal(((await a.get<Deno.KvU64>(["n"])).value)!.value, 800n);
  } finally {
    a.close();
    b.close();
    await Deno.remove(dir, { recursive: true });
  }
});
