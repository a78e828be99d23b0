/**
 * Operator token guessing: wrong tokens are counted per client address; an
 * address over SVC_AUTH_FAILURE_LIMIT gets 429 with Retry-After for every
 * operator call, a right token included, until its block ends.
 */
import assert from "node:assert/strict";
import { startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import type { Logger } from "../../../domain/kernel/log.ts";
import type { Config } from "../../../domain/kernel/config.ts";

const ATTACKER = "203.0.113.66";
const OPERATOR = "198.51.100.10";

async function withService(
  fn: (svc: TestService, clock: ManualClock, warnings: string[]) => Promise<void>,
  config: Partial<Config> = {},
) {
  const clock = new ManualClock(Date.UTC(2026, 7, 1));
  const warnings: string[] = [];
  const log: Logger = {
    debug() {},
    info() {},
    warn: (msg, fields) => warnings.push(`${msg} ${JSON.stringify(fields)}`),
    error() {},
  };
  const svc = await startTestService({ runJobs: false, clock, log, config });
  try {
    await fn(svc, clock, warnings);
  } finally {
    await svc.close();
  }
}

const guess = (svc: TestService, i: number, ip = ATTACKER) =>
  svc.admin("GET", "/accounts", undefined, { ip, token: `guess-${i}-${"x".repeat(30)}` });

Deno.test("wrong operator tokens from one address get 429 with Retry-After, long before the 100th", async () => {
  await withService(async (svc) => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await guess(svc, i)).status);
    const first429 = statuses.indexOf(429);
    assert.equal(first429, 29, "the 30th failure (SVC_AUTH_FAILURE_LIMIT) is refused");
    assert.ok(statuses.slice(0, 29).every((s) => s === 401));
    assert.ok(statuses.slice(29).every((s) => s === 429));
    const r = await guess(svc, 1000);
    assert.equal(r.status, 429);
    assert.equal(r.body.error, "rate_limited");
    assert.equal(typeof r.body.message, "string");
    const wait = Number(r.headers.get("retry-after"));
    assert.ok(wait > 0 && wait <= 60, `Retry-After ${wait}`);
  });
});

Deno.test("a blocked address is refused even with the right token until the window passes; others are served", async () => {
  await withService(async (svc, clock) => {
    for (let i = 0; i < 5; i++) await guess(svc, i);
    // The right token from the blocked address: 429 (else a lucky guess would show).
    const right = await svc.admin("GET", "/accounts", undefined, { ip: ATTACKER });
    assert.equal(right.status, 429);
    // Every operator call from there, not just the one that was guessed on.
    const post = await svc.admin("POST", "/accounts", { name: "x" }, { ip: ATTACKER });
    assert.equal(post.status, 429);
    // The operator elsewhere (and the loopback) is not affected.
    assert.equal((await svc.admin("GET", "/accounts", undefined, { ip: OPERATOR })).status, 200);
    assert.equal((await svc.admin("GET", "/accounts", undefined, { ip: "127.0.0.1" })).status, 200);
    // The public API is another surface: not blocked by operator failures.
    const api = await svc.api("GET", "sites/captcha", { ip: ATTACKER, key: "svc_live_nope" });
    assert.equal(api.status, 401);
    clock.advance(60_000);
    assert.equal((await svc.admin("GET", "/accounts", undefined, { ip: ATTACKER })).status, 200);
  }, { SVC_AUTH_FAILURE_LIMIT: 5 });
});

Deno.test("loopback is limited like any address", async () => {
  await withService(async (svc) => {
    for (let i = 0; i < 3; i++) await guess(svc, i, "127.0.0.1");
    assert.equal((await guess(svc, 99, "127.0.0.1")).status, 429);
    assert.equal((await guess(svc, 99, "::1")).status, 401);
  }, { SVC_AUTH_FAILURE_LIMIT: 3 });
});

Deno.test("one log line per blocked address per window, not one per request", async () => {
  await withService(async (svc, clock, warnings) => {
    for (let i = 0; i < 50; i++) await guess(svc, i);
    for (let i = 0; i < 50; i++) await guess(svc, i, "203.0.113.67");
    const blocked = () => warnings.filter((w) => w.includes("failed authentications"));
    assert.equal(blocked().length, 2);
    assert.match(blocked()[0], /"surface":"admin"/);
    assert.match(blocked()[0], /"ip":"203\.0\.113\.66"/);
    clock.advance(60_000);
    for (let i = 100; i < 150; i++) await guess(svc, i);
    assert.equal(blocked().length, 3, "a new window, a new line");
  }, { SVC_AUTH_FAILURE_LIMIT: 3 });
});

Deno.test("no Authorization header is not a guess; a repeated stale token counts once", async () => {
  await withService(async (svc) => {
    for (let i = 0; i < 20; i++) {
      const r = await svc.app.request("/admin/api/v1/accounts", {}, {
        remoteAddr: { transport: "tcp", hostname: ATTACKER, port: 1 },
      });
      assert.equal(r.status, 401);
      await r.body?.cancel();
    }
    for (let i = 0; i < 20; i++) assert.equal((await guess(svc, 7)).status, 401);
    assert.equal((await svc.admin("GET", "/accounts", undefined, { ip: ATTACKER })).status, 200);
  }, { SVC_AUTH_FAILURE_LIMIT: 3 });
});
