import assert from "node:assert/strict";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import type { Logger } from "../../../domain/kernel/log.ts";
import { FailureLimiter, RECENT, WINDOW_MS } from "../../../domain/kernel/auth_guard.ts";
import { addressKey } from "../../../domain/kernel/net/client.ts";

function recorder() {
  const lines: { msg: string; fields?: Record<string, unknown> }[] = [];
  const log: Logger = {
    debug() {},
    info() {},
    warn: (msg, fields) => lines.push({ msg, fields }),
    error() {},
  };
  return { log, lines };
}

Deno.test("the failure that reaches the limit blocks the address for a window; others are unaffected", () => {
  const clock = new ManualClock(0);
  const { log, lines } = recorder();
  const g = new FailureLimiter("admin", 5, clock, log);
  for (let i = 1; i < 5; i++) assert.equal(g.fail("198.51.100.7", `guess-${i}`), 0);
  assert.equal(g.retryAfter("198.51.100.7"), 0);
  clock.advance(10_000);
  assert.equal(g.fail("198.51.100.7", "guess-5"), 60);
  assert.equal(g.retryAfter("198.51.100.7"), 60);
  assert.equal(g.retryAfter("198.51.100.8"), 0);
  // Retry-After counts down, and the block ends a window after it started.
  clock.advance(WINDOW_MS - 1500);
  assert.equal(g.retryAfter("198.51.100.7"), 2);
  clock.advance(1500);
  assert.equal(g.retryAfter("198.51.100.7"), 0);
  // Then a fresh window: one failure is one failure again.
  assert.equal(g.fail("198.51.100.7", "guess-6"), 0);
  // One log line for the block, naming surface and address.
  assert.equal(lines.length, 1);
  assert.equal(lines[0].fields?.surface, "admin");
  assert.equal(lines[0].fields?.ip, "198.51.100.7");
});

Deno.test("failures spread over more than a window never block", () => {
  const clock = new ManualClock(0);
  const g = new FailureLimiter("api", 3, clock, recorder().log);
  for (let i = 0; i < 20; i++) {
    assert.equal(g.fail("198.51.100.7", `k${i}`), 0, `failure ${i}`);
    clock.advance(WINDOW_MS / 2);
  }
});

Deno.test("the same wrong credential again is not another guess", () => {
  const clock = new ManualClock(0);
  const g = new FailureLimiter("api", 3, clock, recorder().log);
  // A client stuck on a revoked key (or a few of them) keeps its address.
  for (let i = 0; i < 500; i++) assert.equal(g.fail("198.51.100.7", `stale-${i % 2}`), 0);
  assert.equal(g.fail("198.51.100.7", "another"), 60);
});

Deno.test("more distinct credentials than are remembered all count", () => {
  const g = new FailureLimiter("api", RECENT + 2, new ManualClock(0), recorder().log);
  let blocked = 0;
  for (let round = 0; round < 2 && !blocked; round++) {
    for (let i = 0; i <= RECENT && !blocked; i++) blocked = g.fail("198.51.100.7", `k${i}`);
  }
  assert.ok(blocked > 0);
});

Deno.test("memory is bounded: the address whose last failure is oldest is forgotten first", () => {
  const clock = new ManualClock(0);
  const g = new FailureLimiter("api", 2, clock, recorder().log, 100);
  g.fail("10.0.0.1", "a");
  g.fail("10.0.0.1", "b"); // blocked
  for (let i = 0; i < 98; i++) g.fail(`10.1.0.${i}`, "x");
  assert.equal(g.size, 99);
  g.fail("10.0.0.2", "x");
  assert.equal(g.size, 100);
  assert.ok(g.retryAfter("10.0.0.1") > 0);
  g.fail("10.0.0.3", "x");
  assert.equal(g.size, 100);
  assert.equal(g.retryAfter("10.0.0.1"), 0, "the oldest entry made room");
  for (let i = 0; i < 10_000; i++) g.fail(`10.2.${i >> 8}.${i & 255}`, "x");
  assert.equal(g.size, 100);
});

Deno.test("addresses count as IPv4 as is and IPv6 per /64; none without an address", () => {
  assert.equal(addressKey("203.0.113.9"), "203.0.113.9");
  assert.equal(addressKey("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
  assert.equal(addressKey("2001:db8:1:2:bbbb::2"), "2001:db8:1:2::/64");
  assert.equal(addressKey("::ffff:203.0.113.9"), "203.0.113.9");
  assert.equal(addressKey(undefined), null);
  assert.equal(addressKey(""), null);
});
