import assert from "node:assert/strict";
import {
  addMonthly,
  addTotal,
  appendWindow,
  appendWindowPart,
  decodeWindow,
  encodeWindow,
  readMonthly,
  readTotal,
  readWindow,
  readWindowParts,
  WINDOW_PARTS,
  windowGenKey,
  windowOfPart,
  windowPartKeys,
  type WindowState,
} from "../../../domain/kernel/kv/counters.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { retryOnConflict } from "../../../domain/kernel/kv/kv.ts";
import { ConflictError } from "../../../domain/kernel/errors.ts";

Deno.test("sliding window counts only entries inside the window", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t0 = Date.UTC(2026, 0, 1);
    for (const dt of [0, 10_000, 20_000, 59_999]) {
      const w = await readWindow(kv, "test", "ip", t0 + dt, 60_000);
      await appendWindow(kv.atomic(), w, t0 + dt, 60_000, 10).commit();
    }
    assert.equal((await readWindow(kv, "test", "ip", t0 + 59_999, 60_000)).times.length, 4);
    // At t0 + 60 s the first entry is exactly 60 s old: outside "the last 60 s".
    assert.equal((await readWindow(kv, "test", "ip", t0 + 60_000, 60_000)).times.length, 3);
    assert.equal((await readWindow(kv, "test", "ip", t0 + 120_000, 60_000)).times.length, 0);
  } finally {
    kv.close();
  }
});

Deno.test("sliding window keeps at most `keep` entries (constant size)", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t0 = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 50; i++) {
      const w = await readWindow(kv, "test", "site", t0 + i, 60_000);
      await appendWindow(kv.atomic(), w, t0 + i, 60_000, 5).commit();
    }
    assert.equal((await readWindow(kv, "test", "site", t0 + 50, 60_000)).times.length, 5);
  } finally {
    kv.close();
  }
});

Deno.test("concurrent appends with a limit admit exactly the limit", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = Date.now();
    let admitted = 0;
    await Promise.all(Array.from({ length: 20 }, () =>
      retryOnConflict(async () => {
        const w = await readWindow(kv, "test", "race", now, 60_000);
        if (w.times.length >= 4) return;
        const r = await appendWindow(kv.atomic(), w, now, 60_000, 10).commit();
        if (!r.ok) throw new ConflictError("window");
        admitted++;
      })));
    assert.equal(admitted, 4);
  } finally {
    kv.close();
  }
});

Deno.test("monthly counters are per UTC month and totals add up", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const lastSecondOfOct = Date.UTC(2026, 9, 31, 23, 59, 59);
    const firstOfNov = Date.UTC(2026, 10, 1, 0, 0, 0);
    await addMonthly(kv.atomic(), "acc", "email", lastSecondOfOct, 3).commit();
    await addMonthly(kv.atomic(), "acc", "email", firstOfNov).commit();
    assert.equal((await readMonthly(kv, "acc", "email", lastSecondOfOct)).count, 3);
    assert.equal((await readMonthly(kv, "acc", "email", firstOfNov)).count, 1);
    assert.equal((await readMonthly(kv, "other", "email", firstOfNov)).count, 0);
    await addTotal(kv.atomic(), "log", "s1", 2).commit();
    await addTotal(kv.atomic(), "log", "s1").commit();
    assert.equal(await readTotal(kv, "log", "s1"), 3);
  } finally {
    kv.close();
  }
});

Deno.test("a window is stored packed: 120 entries in under 500 bytes, times exact", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t0 = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 130; i++) {
      const w = await readWindow(kv, "test", "packed", t0 + i * 400, 60_000);
      await appendWindow(kv.atomic(), w, t0 + i * 400, 60_000, 120).commit();
    }
    const raw = (await kv.get(keys.window("test", "packed"))).value;
    assert.ok(raw instanceof Uint8Array && raw.length <= 500, "raw bytes, 4 per entry");
    const w = await readWindow(kv, "test", "packed", t0 + 129 * 400, 60_000);
    assert.deepEqual(w.times, Array.from({ length: 120 }, (_, i) => t0 + (i + 10) * 400));
    assert.equal(w.total, null, "no running total unless asked for");
  } finally {
    kv.close();
  }
});

Deno.test("a window with a running total keeps counting past its kept entries", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t0 = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 7; i++) {
      const w = await readWindow(kv, "test", "totals", t0 + i * 30_000, 60_000);
      await appendWindow(kv.atomic(), w, t0 + i * 30_000, 60_000, 3, (w.total ?? 0) + 1).commit();
    }
    const w = await readWindow(kv, "test", "totals", t0 + 6 * 30_000, 60_000);
    assert.equal(w.total, 7);
    assert.deepEqual(w.times, [t0 + 5 * 30_000, t0 + 6 * 30_000]);
  } finally {
    kv.close();
  }
});

Deno.test("windows stored as arrays, and times far apart, read back exactly", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = Date.UTC(2026, 0, 1);
    // The format written before windows were packed.
    await kv.set(keys.window("test", "old"), [now - 70_000, now - 5_000, now - 1]);
    const old = await readWindow(kv, "test", "old", now, 60_000);
    assert.deepEqual(old.times, [now - 5_000, now - 1]);
    assert.equal(old.total, null);
    await appendWindow(kv.atomic(), old, now, 60_000, 10).commit();
    assert.deepEqual((await readWindow(kv, "test", "old", now, 60_000)).times, [
      now - 5_000,
      now - 1,
      now,
    ]);
    // A later stamp 60 days ahead (a clock set back) does not fit 32-bit offsets.
    const far = now + 60 * 86_400_000;
    const times = [now - 1, far, now - 0.5];
    assert.deepEqual(decodeWindow(encodeWindow(times, 42)), { times, total: 42 });
    assert.deepEqual(decodeWindow(encodeWindow([], null)), { times: [], total: null });
    assert.deepEqual(decodeWindow(null), { times: [], total: null });
  } finally {
    kv.close();
  }
});

Deno.test("a window in parts: an exact append checks the generation and its part, and fails after any other append", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = Date.now();
    const read = () => readWindowParts(kv, "gen_test", "site", now, 60_000);
    const append = (w: WindowState, part: number, exact: boolean) => {
      const op = kv.atomic();
      appendWindowPart(op, w, now, 120, { part, exact });
      return op.commit();
    };
    // Non-exact appends to different parts, from the same read, both commit.
    const first = await read();
    assert.ok((await append(first, 3, false)).ok);
    assert.ok((await append(first, 5, false)).ok);
    // An exact append from a read before another part's append fails its check.
    const stale = await read();
    assert.ok(stale.gen, "the generation is read with the parts");
    assert.ok((await append(stale, 7, false)).ok);
    assert.equal((await append(stale, 0, true)).ok, false);
    // From a fresh read it commits, and counts every append.
    const fresh = await read();
    assert.ok((await append(fresh, 0, true)).ok);
    assert.equal((await read()).times.length, 4);
    // Exact: two checks (its part and the generation), not one per part.
    let checks = 0;
    const w = await read();
    const op = kv.atomic();
    const check = op.check.bind(op);
    op.check = (...c: Deno.AtomicCheck[]) => (checks += c.length, check(...c));
    appendWindowPart(op, w, now, 120, { part: 0, exact: true });
    assert.equal(checks, 2);
    assert.ok((await op.commit()).ok);
    // A window read without its generation falls back to checking every part.
    const { gen: _gen, ...noGen } = await read();
    let all = 0;
    const op2 = kv.atomic();
    const check2 = op2.check.bind(op2);
    op2.check = (...c: Deno.AtomicCheck[]) => (all += c.length, check2(...c));
    appendWindowPart(op2, noGen, now, 120, { part: 0, exact: true });
    assert.equal(all, WINDOW_PARTS);
  } finally {
    kv.close();
  }
});

Deno.test("a window read in one part: none before a generation, its own entries only, an inexact append to it alone", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = Date.now();
    const ks = windowPartKeys("one_part", "site");
    const genKey = windowGenKey(ks[0]);
    const readOne = async (part: number) => {
      const [e, g] = await kv.getMany([ks[part], genKey]);
      return windowOfPart(part, e, g, now, 60_000);
    };
    const append = (w: WindowState, part: number, exact = false) => {
      const op = kv.atomic();
      appendWindowPart(op, w, now, 120, { part, exact });
      return op.commit();
    };
    // No generation yet: the window may need its first append to carry an old total.
    assert.equal(await readOne(4), null);
    const whole = await readWindowParts(kv, "one_part", "site", now, 60_000);
    assert.ok(
      (await append({ ...whole, total: 7 }, 0, true)).ok,
      "the first carries the old total",
    );
    // With a generation: the part alone, no total to decide on.
    const one = (await readOne(4))!;
    assert.equal(one.onlyPart, 4);
    assert.deepEqual(one.times, []);
    assert.ok(Number.isNaN(one.total));
    // An exact append, or one to another part, is refused.
    assert.throws(() => appendWindowPart(kv.atomic(), one, now, 120, { part: 4, exact: true }));
    assert.throws(() => appendWindowPart(kv.atomic(), one, now, 120, { part: 5, exact: false }));
    // Its append checks its part only and carries no old total again.
    let checks = 0;
    const op = kv.atomic();
    const check = op.check.bind(op);
    op.check = (...c: Deno.AtomicCheck[]) => (checks += c.length, check(...c));
    const written = appendWindowPart(op, one, now, 120, { part: 4, exact: false });
    assert.equal(checks, 1);
    assert.equal(written.total, 1);
    assert.ok((await op.commit()).ok);
    // A stale one-part read loses to another append to the same part, not to other parts.
    const stale = (await readOne(4))!;
    const other = (await readOne(9))!;
    assert.ok((await append(other, 9)).ok);
    assert.ok((await append((await readOne(4))!, 4)).ok);
    assert.equal((await append(stale, 4)).ok, false);
    // The whole window counts every entry, and the total is the old one plus each append.
    const after = await readWindowParts(kv, "one_part", "site", now, 60_000);
    assert.equal(after.times.length, 4);
    assert.equal(after.total, 7 + 4);
    // An exact append from the whole window after the one-part appends still checks the generation.
    assert.equal((await append(whole, 0, true)).ok, false);
  } finally {
    kv.close();
  }
});
