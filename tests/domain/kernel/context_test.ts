import assert from "node:assert/strict";
import { createCtx, openCtx } from "../../../domain/kernel/context.ts";
import { testConfig } from "../../../domain/kernel/config.ts";
import { BoundedCache, WindowSet } from "../../../domain/kernel/cache.ts";
import { backoffMs, RACE_BACKOFF } from "../../../domain/kernel/backoff.ts";
import type { MailServices } from "../../../domain/mail/services.ts";
import {
  eagerMail,
  lazyMail,
  lazyMailServices,
  mailOf,
} from "../../../domain/mail/lazy_services.ts";
import type { OutgoingMessage } from "../../../domain/mail/transport.ts";
import type { ClassifierInput } from "../../../domain/spam/classifier.ts";

Deno.test("two contexts share no lock table, cache or failed-login ledger", async () => {
  const a = createCtx(testConfig(), await Deno.openKv(":memory:"));
  const b = createCtx(testConfig(), await Deno.openKv(":memory:"));
  try {
    assert.notEqual(a.locks, b.locks);
    assert.notEqual(a.caches.apiKeys, b.caches.apiKeys);
    assert.notEqual(a.caches.dkim, b.caches.dkim);
    assert.notEqual(a.caches.abuseCleaned, b.caches.abuseCleaned);
    assert.notEqual(a.authFailures.api, b.authFailures.api);
    // A lock held in one context does not make the other wait.
    let release!: () => void;
    const held = a.locks.run("site:1", () => new Promise<void>((r) => (release = r)));
    assert.equal(await b.locks.run("site:1", (waited) => Promise.resolve(waited)), false);
    const next = a.locks.run("site:1", (waited) => Promise.resolve(waited));
    assert.equal(await Promise.race([next, "queued"]), "queued");
    release();
    await held;
    assert.equal(await next, true);
  } finally {
    await a.close();
    await b.close();
  }
});

Deno.test("close() closes the mail services and the KV handle, once", async () => {
  let closed = 0;
  const kv = await Deno.openKv(":memory:");
  const ctx = createCtx(testConfig(), kv, { mail: lazyMail });
  const made = mailOf(ctx);
  ctx.mail = { ...made, close: () => Promise.resolve(void closed++) } satisfies MailServices;
  await Promise.all([ctx.close(), ctx.close()]);
  await ctx.close();
  assert.equal(closed, 1);
  await assert.rejects(() => kv.get(["x"]));
  await made.close();
});

Deno.test("a bounded cache starts over when a new key would pass its size", () => {
  const c = new BoundedCache<number>(2);
  c.set("a", 1);
  c.set("b", 2);
  c.set("a", 3); // an existing key: no eviction
  assert.deepEqual([c.get("a"), c.get("b"), c.size], [3, 2, 2]);
  c.set("c", 4);
  assert.deepEqual([c.get("a"), c.get("b"), c.get("c"), c.size], [undefined, undefined, 4, 1]);
});

Deno.test("a window set forgets its keys when the window moves", () => {
  const s = new WindowSet(10);
  s.add(5, "x");
  assert.equal(s.has(5, "x"), true);
  assert.equal(s.has(6, "x"), false);
  assert.equal(s.has(5, "x"), false, "an earlier window is not brought back");
});

Deno.test("backoff: jittered linear pauses for races, doubling delays up to a cap", () => {
  for (let i = 1; i <= 20; i++) {
    const ms = backoffMs(i, RACE_BACKOFF);
    assert.ok(ms >= 0 && ms <= Math.min(2 * i, 20), `${i}: ${ms}`);
  }
  const job = { stepMs: 1000, maxMs: 600_000, growth: "exponential", jitter: false } as const;
  assert.deepEqual([1, 2, 3, 10, 11].map((i) => backoffMs(i, job)), [
    1000,
    2000,
    4000,
    512_000,
    600_000,
  ]);
});

Deno.test("lazy mail services load on the first send, once, and close only what loaded", async () => {
  let loads = 0;
  let closed = 0;
  const sent: string[] = [];
  const real: MailServices = {
    transport: {
      kind: "smtp",
      send: (m) => {
        sent.push(`relay ${m.recipients[0]}`);
        return Promise.resolve({ response: "250", accepted: m.recipients, rejected: [] });
      },
      close: () => Promise.resolve(),
    },
    sandbox: {
      kind: "outbox",
      send: (m) => {
        sent.push(`outbox ${m.recipients[0]}`);
        return Promise.resolve({ response: "250", accepted: m.recipients, rejected: [] });
      },
      close: () => Promise.resolve(),
    },
    classifier: {
      engine: "test",
      classify: () => Promise.resolve({ engine: "test", spam: false, score: 0, detail: "" }),
    },
    close: () => Promise.resolve(void closed++),
  };
  const lazy = lazyMailServices(() => Promise.resolve(void loads++).then(() => real), true);
  assert.equal(lazy.loaded(), false);
  await lazy.close();
  assert.deepEqual([loads, closed], [0, 0], "closing before any use loads nothing");
  const msg = (to: string) => ({ recipients: [to] }) as unknown as OutgoingMessage;
  await Promise.all([lazy.transport.send(msg("a@x.test")), lazy.sandbox.send(msg("b@x.test"))]);
  assert.equal((await lazy.classifier.classify({} as ClassifierInput)).engine, "test");
  assert.deepEqual([loads, lazy.loaded(), sent.sort()], [1, true, [
    "outbox b@x.test",
    "relay a@x.test",
  ]]);
  assert.deepEqual([lazy.transport.kind, lazy.sandbox.kind], ["smtp", "outbox"]);
  await lazy.close();
  assert.equal(closed, 1);
});

Deno.test("openCtx makes the mail services at once; with lazyMail on first use", async () => {
  const config = testConfig({ SVC_KV_PATH: ":memory:" });
  const eager = await openCtx(config, { mail: eagerMail });
  const lazy = await openCtx(config, { mail: lazyMail });
  try {
    assert.equal("loaded" in eager.mail, false, "the services themselves");
    assert.equal((lazy.mail as ReturnType<typeof lazyMailServices>).loaded(), false);
  } finally {
    await eager.close();
    await lazy.close();
  }
});

Deno.test("a context made without mail services says so when mail is asked of it", async () => {
  const ctx = createCtx(testConfig(), await Deno.openKv(":memory:"));
  try {
    assert.throws(() => mailOf(ctx), /without mail services/);
  } finally {
    await ctx.close();
  }
});

Deno.test("createCtx wires the mail services its caller picks", async () => {
  const lazy = createCtx(testConfig(), await Deno.openKv(":memory:"), { mail: lazyMail });
  try {
    assert.equal(mailOf(lazy).transport.kind, "outbox");
  } finally {
    await lazy.close();
  }
});
