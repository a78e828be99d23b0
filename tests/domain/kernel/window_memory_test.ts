/**
 * A window in parts held in memory (kernel/kv/window_memory.ts): good only
 * while its generation's count is the one memory knew, whoever appended
 * meanwhile (another connection to the KV file, a batch with two appends).
 */
import assert from "node:assert/strict";
import {
  appendWindowPart,
  readWindowGen,
  readWindowParts,
  type WindowState,
} from "../../../domain/kernel/kv/counters.ts";
import {
  knownAfterAppend,
  knownWindowOf,
  MAX_KNOWN_TIMES,
  recallWindow,
  rememberWindow,
  windowFromKnown,
} from "../../../domain/kernel/kv/window_memory.ts";
import { BoundedCache } from "../../../domain/kernel/cache.ts";
import { withGroupCommit } from "../../../domain/kernel/kv/group_commit.ts";

const W = 60_000;

async function appendTo(kv: Deno.Kv, w: WindowState, part: number, at: number, exact: boolean) {
  const op = kv.atomic();
  const written = appendWindowPart(op, { ...w, total: w.total ?? 0 }, at, 120, { part, exact });
  const res = await op.commit();
  return { res, written };
}

Deno.test("a window in memory holds while its generation's count is unchanged, and not after any append", async () => {
  const dir = await Deno.makeTempDir();
  const a = await Deno.openKv(`${dir}/w.kv`);
  const b = await Deno.openKv(`${dir}/w.kv`); // another process's connection
  try {
    const now = Date.now();
    const read = (kv: Deno.Kv) => readWindowParts(kv, "mem", "site", now, W);
    // A new window (no generation) is not kept; after its first append it is.
    const empty = await read(a);
    assert.equal(knownWindowOf(empty), null);
    const first = await appendTo(a, empty, 0, now - 10, true);
    assert.ok(first.res.ok);
    const known = knownAfterAppend(empty, 0, first.written, first.res.versionstamp)!;
    assert.equal(known.count, 1n);
    const gen = () => readWindowGen(a, "mem", "site");
    const held = windowFromKnown([known], await gen(), now, W)!;
    assert.ok(held, "no append since: memory holds");
    assert.deepEqual(held.times, (await read(a)).times);
    assert.equal(held.total, 1);
    // It takes an exact append as a read would (its checks pass) ...
    const next = await appendTo(a, held, 0, now - 5, true);
    assert.ok(next.res.ok);
    const known2 = knownAfterAppend(held, 0, next.written, next.res.versionstamp)!;
    assert.equal(known2.count, 2n);
    // Given memory as planned (stale) and as it is now, the one the generation shows is taken.
    assert.equal(windowFromKnown([known, known2], await gen(), now, W)?.times.length, 2);
    assert.equal(windowFromKnown([known, undefined], await gen(), now, W), null);
    // ... and after an append by another connection, to any part, it no longer holds.
    assert.ok((await appendTo(b, await read(b), 9, now - 1, false)).res.ok);
    assert.equal(windowFromKnown([known2], await gen(), now, W), null);
    // A stale memory's exact append would fail its generation check anyway.
    assert.equal((await appendTo(a, held, 0, now, true)).res.ok, false);
    const whole = await read(a);
    assert.equal(whole.times.length, 3);
    assert.deepEqual(knownWindowOf(whole)?.count, 3n);
    // Parts read before an append and the generation after it (two snapshots): not kept.
    assert.ok((await appendTo(b, await read(b), 5, now - 1, false)).res.ok);
    const after = await read(a);
    assert.equal(knownWindowOf({ ...whole, gen: after.gen }), null);
    assert.deepEqual(knownWindowOf(after)?.count, 4n);
  } finally {
    a.close();
    b.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("two appends in one group-commit batch: the memory of one of them does not hold", async () => {
  const kv = withGroupCommit(await Deno.openKv(":memory:"));
  try {
    const now = Date.now();
    const read = () => readWindowParts(kv, "batch", "site", now, W);
    assert.ok((await appendTo(kv, await read(), 0, now - 20, true)).res.ok);
    const w = await read();
    // An exact append and a notification's (not checking the generation),
    // committed together: queued while other commits are in flight.
    const fillers = [1, 2].map((i) => kv.atomic().set(["filler", i], i).commit());
    const [exact, other] = await Promise.all([
      appendTo(kv, w, 0, now - 10, true),
      appendTo(kv, w, 4, now - 9, false),
    ]);
    await Promise.all(fillers);
    assert.ok(exact.res.ok && other.res.ok);
    assert.equal(exact.res.versionstamp, other.res.versionstamp, "one batch");
    const known = knownAfterAppend(w, 0, exact.written, exact.res.versionstamp)!;
    const gen = await readWindowGen(kv, "batch", "site");
    assert.equal(windowFromKnown([known], gen, now, W), null, "the other append is seen");
    assert.equal((await read()).times.length, 3);
  } finally {
    kv.close();
  }
});

Deno.test("entries leave a window in memory as they leave the stored one", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t0 = Date.now();
    let w = await readWindowParts(kv, "slide", "site", t0, W);
    let known = null;
    for (let i = 0; i < 5; i++) {
      const r = await appendTo(kv, w, 0, t0 + i * 20_000, true);
      assert.ok(r.res.ok);
      known = knownAfterAppend(w, 0, r.written, r.res.versionstamp);
      w = await readWindowParts(kv, "slide", "site", t0 + i * 20_000, W);
    }
    const later = t0 + 100_000;
    const gen = await readWindowGen(kv, "slide", "site");
    const held = windowFromKnown([known!], gen, later, W)!;
    const read = await readWindowParts(kv, "slide", "site", later, W);
    assert.deepEqual(held.times, read.times);
    assert.equal(held.times.length, 2);
    assert.equal(held.total, 5);
  } finally {
    kv.close();
  }
});

Deno.test("memory is bounded: a full window is not kept, and a miss reads whole until memory would have held", () => {
  const part = (n: number) => ({
    key: ["windows", "x", "s"],
    versionstamp: "00000000000000010000",
    times: Array.from({ length: n }, (_, i) => i + 1),
    total: n,
  });
  const state = (n: number): WindowState => {
    const parts = Array.from({ length: 16 }, () => part(n));
    return {
      key: parts[0].key,
      versionstamp: parts[0].versionstamp,
      times: parts.flatMap((p) => p.times),
      total: 16 * n,
      parts,
      gen: { key: ["windows", "x/gen", "s"], versionstamp: "00000000000000010000", count: 7n },
    };
  };
  assert.ok(knownWindowOf(state(MAX_KNOWN_TIMES / 16)));
  assert.equal(knownWindowOf(state(MAX_KNOWN_TIMES / 16 + 1)), null);

  const cache = new BoundedCache<unknown>(2);
  const k7 = knownWindowOf(state(1))!;
  rememberWindow(cache, "s", k7, "read");
  assert.equal(recallWindow(cache, "s"), k7);
  rememberWindow(cache, "s", k7, "missed");
  assert.equal(recallWindow(cache, "s"), undefined, "after a miss: read whole");
  rememberWindow(cache, "s", { ...k7, count: 8n }, "appended");
  assert.equal(recallWindow(cache, "s"), undefined, "own appends do not restore trust");
  rememberWindow(cache, "s", { ...k7, count: 9n }, "read");
  assert.equal(recallWindow(cache, "s"), undefined, "another writer appended again");
  rememberWindow(cache, "s", { ...k7, count: 9n }, "read");
  assert.ok(recallWindow(cache, "s"), "a whole read that memory would have matched");
  rememberWindow(cache, "s", null, "read");
  assert.equal(cache.size, 0);
  for (const s of ["a", "b", "c"]) rememberWindow(cache, s, k7, "read");
  assert.ok(cache.size <= 2);
});
