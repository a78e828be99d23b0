/**
 * Presence (domain/kernel/presence.ts): an instance is alone only while its
 * last round, started under FRESH_MS ago, listed no one else; a second
 * instance, a gap between rounds or a failed round moves the epoch; a crashed
 * instance counts until its record lapses; a writer waits until its record
 * has been visible for JOIN_WAIT_MS. Clocks are injected (monotonic and wall).
 */
import assert from "node:assert/strict";
import {
  FRESH_MS,
  JOIN_WAIT_MS,
  Presence,
  presenceApplies,
  type PresenceClocks,
  RECORD_TTL_MS,
} from "../../../domain/kernel/presence.ts";

function clocks(): PresenceClocks & { advance(ms: number): void } {
  let mono = 1_000;
  let wall = Date.UTC(2026, 0, 1);
  return { mono: () => mono, wall: () => wall, advance: (ms) => (mono += ms, wall += ms) };
}

function member(kv: Deno.Kv, id: string, c: PresenceClocks) {
  return new Presence(kv, id, { clocks: c });
}

Deno.test("an instance that never joined is never alone", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const p = member(kv, "a", clocks());
    await p.round();
    assert.equal(p.alone(), false);
  } finally {
    kv.close();
  }
});

Deno.test("alone only within FRESH_MS of the start of its last round", async () => {
  const kv = await Deno.openKv(":memory:");
  const c = clocks();
  const a = member(kv, "a", c);
  try {
    await a.join({ timers: false, wait: false });
    assert.equal(a.alone(), true);
    c.advance(FRESH_MS - 1);
    assert.equal(a.alone(), true);
    c.advance(1);
    assert.equal(a.alone(), false, "a blocked loop (no round) ends the cache at request time");
  } finally {
    await a.leave();
    kv.close();
  }
});

Deno.test("a second instance ends the first's cache and moves its epoch", async () => {
  const kv = await Deno.openKv(":memory:");
  const c = clocks();
  const a = member(kv, "a", c);
  const b = member(kv, "b", c);
  try {
    await a.join({ timers: false, wait: false });
    c.advance(100);
    await a.round();
    const before = a.epoch;
    assert.equal(a.alone(), true);
    await b.join({ timers: false, wait: false });
    assert.equal(b.alone(), false, "the newcomer sees the first");
    c.advance(100);
    await a.round();
    assert.equal(a.alone(), false);
    assert.ok(a.epoch > before);
    // Every round that lists the other moves the epoch again.
    const seen = a.epoch;
    c.advance(100);
    await a.round();
    assert.ok(a.epoch > seen);
    // b leaves cleanly: a is alone again after its next round.
    await b.leave();
    c.advance(100);
    await a.round();
    assert.equal(a.alone(), true);
  } finally {
    await a.leave();
    await b.leave();
    kv.close();
  }
});

Deno.test("a crashed instance counts until its record lapses", async () => {
  const kv = await Deno.openKv(":memory:");
  const c = clocks();
  const a = member(kv, "a", c);
  const crashed = member(kv, "b", c);
  try {
    await a.join({ timers: false, wait: false });
    await crashed.join({ timers: false, wait: false }); // then never renews, never leaves
    for (let t = 0; t < RECORD_TTL_MS; t += 200) {
      c.advance(200);
      await a.round();
      if (t + 200 < RECORD_TTL_MS) assert.equal(a.alone(), false, `at ${t + 200} ms`);
    }
    assert.equal(a.alone(), true, "the lapsed record no longer counts");
  } finally {
    await a.leave();
    kv.close();
  }
});

Deno.test("a gap between rounds (a blocked event loop) moves the epoch", async () => {
  const kv = await Deno.openKv(":memory:");
  const c = clocks();
  const a = member(kv, "a", c);
  try {
    await a.join({ timers: false, wait: false });
    c.advance(200);
    await a.round();
    const e = a.epoch;
    c.advance(200);
    await a.round();
    assert.equal(a.epoch, e, "rounds on time keep the epoch");
    c.advance(FRESH_MS + 1);
    await a.round();
    assert.ok(a.epoch > e, "entries read before the gap no longer count");
    assert.equal(a.alone(), true);
  } finally {
    await a.leave();
    kv.close();
  }
});

Deno.test("a failed round ends the cache", async () => {
  const kv = await Deno.openKv(":memory:");
  const c = clocks();
  const a = new Presence(kv, "a", { clocks: c, onError: () => {} });
  try {
    await a.join({ timers: false, wait: false });
    assert.equal(a.alone(), true);
    const e = a.epoch;
    kv.close();
    await a.round();
    assert.equal(a.alone(), false);
    assert.ok(a.epoch > e);
  } finally {
    await a.leave();
  }
});

Deno.test("join and a write wait until the record has been visible JOIN_WAIT_MS", async () => {
  const kv = await Deno.openKv(":memory:");
  const a = new Presence(kv, "a");
  try {
    const t0 = performance.now();
    await a.join();
    const joinedAfter = performance.now() - t0;
    assert.ok(joinedAfter >= JOIN_WAIT_MS, `joined after ${joinedAfter} ms`);
    assert.equal(a.alone(), true);
    // In steady state a write does not wait; it moves the epoch.
    const e = a.epoch;
    const t1 = performance.now();
    await a.beforeAuthWrite();
    assert.ok(performance.now() - t1 < 100);
    assert.ok(a.epoch > e);
  } finally {
    await a.leave();
    kv.close();
  }
});

Deno.test("presence applies on a local KV file only, not over KV Connect", () => {
  assert.equal(presenceApplies("/var/lib/svc/svc.kv"), true);
  assert.equal(presenceApplies(":memory:"), true);
  assert.equal(presenceApplies("https://api.deno.com/databases/x/connect"), false);
  assert.equal(presenceApplies("platform"), false);
});
