import assert from "node:assert/strict";
import { consumeRequest, takeToken } from "../../../domain/sites/request_limit.ts";
import { testConfig } from "../../../domain/kernel/config.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { createLogger } from "../../../domain/kernel/log.ts";
import { GroupCommitKv } from "../../../domain/kernel/kv/group_commit.ts";
import { createCtx } from "../../../domain/kernel/context.ts";

const setting = { per_minute: 60, burst: 3 }; // one token a second, three at once

Deno.test("a fresh bucket is full: burst requests pass at once, the next is refused", () => {
  let state = null;
  const remaining: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { decision, next } = takeToken(setting, state, 1000);
    assert.equal(decision.allowed, true);
    remaining.push(decision.remaining);
    state = next;
  }
  assert.deepEqual(remaining, [2, 1, 0]);
  const refused = takeToken(setting, state, 1000).decision;
  assert.equal(refused.allowed, false);
  assert.equal(refused.remaining, 0);
  assert.equal(refused.limit, 3);
  assert.equal(refused.retryAfterSeconds, 1);
  assert.equal(refused.resetSeconds, 3);
});

Deno.test("tokens come back at per_minute a minute, never above burst", () => {
  const empty = { tokens: 0, at: 0 };
  assert.equal(takeToken(setting, empty, 999).decision.allowed, false);
  assert.equal(takeToken(setting, empty, 1000).decision.allowed, true);
  const later = takeToken(setting, empty, 3_600_000).decision;
  assert.equal(later.remaining, 2); // capped at burst 3, one taken
});

Deno.test("Retry-After rounds up to whole seconds and is at least 1", () => {
  const slow = { per_minute: 1, burst: 1 };
  const d = takeToken(slow, { tokens: 0, at: 0 }, 0).decision;
  assert.equal(d.retryAfterSeconds, 60);
  const almost = takeToken(slow, { tokens: 0.999, at: 0 }, 0).decision;
  assert.equal(almost.retryAfterSeconds, 1);
});

Deno.test("two processes sharing one store cannot overdraw one bucket together", async () => {
  const raw = await Deno.openKv(":memory:");
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  // Two wrappers of one store: each has its own batching, like two service processes.
  const ctxs = [0, 1].map(() =>
    createCtx(testConfig(), new GroupCommitKv(raw), {
      clock,
      log: createLogger("silent"),
      useQueue: false,
    })
  );
  try {
    const limit = { per_minute: 1, burst: 10 };
    const all = await Promise.all(
      ctxs.flatMap((ctx) => Array.from({ length: 30 }, () => consumeRequest(ctx, "key-1", limit))),
    );
    assert.equal(all.filter((d) => d.allowed).length, 10);
    assert.equal(all.filter((d) => !d.allowed).length, 50);
  } finally {
    raw.close();
  }
});
