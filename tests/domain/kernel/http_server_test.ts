/**
 * The listener on its own (domain/kernel/net/http_server.ts), with a small handler:
 * that this Deno has what it needs, the remote address and body deadline it
 * passes, and the Deno.serve fallback. The limits themselves are tested through
 * the service in tests/net_limits_test.ts.
 */
import assert from "node:assert/strict";
import { listen } from "../../../domain/kernel/net/http_server.ts";
import { type ConnInfo, forwardedClient } from "../../../domain/kernel/net/client.ts";
import { parseIpRanges } from "../../../domain/kernel/ip.ts";
import { BodyTimeoutError, readBounded } from "../../../domain/kernel/net/bounded_body.ts";
import { createLogger, type Logger } from "../../../domain/kernel/log.ts";

const quiet = createLogger("silent");

function start(extra: { withoutGuard?: boolean; log?: Logger } = {}) {
  const seen: ConnInfo[] = [];
  const server = listen({
    hostname: "127.0.0.1",
    port: 0,
    headerTimeoutMs: 5000,
    bodyTimeoutMs: 300,
    maxConnsPerIp: 8,
    log: quiet,
    ...extra,
  }, async (req, info) => {
    seen.push(info);
    try {
      const body = await readBounded(req.body, 1000, info.bodyDeadline);
      return new Response(`read ${body?.length}`);
    } catch (e) {
      return new Response(String(e instanceof BodyTimeoutError), { status: 408 });
    }
  });
  return { server, seen, base: `http://127.0.0.1:${server.addr.port}` };
}

/** A body that sends one chunk and then nothing for `ms`. */
function stalledBody(ms: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(c) {
      c.enqueue(new TextEncoder().encode("{"));
      await new Promise((r) => setTimeout(r, ms));
      c.close();
    },
  });
}

Deno.test("this Deno lets the listener guard connections (serveHttpOnConnection is there)", async () => {
  const { server } = start();
  try {
    assert.equal(server.guarded, true, `Deno ${Deno.version.deno}: header timeout and cap are off`);
  } finally {
    await server.shutdown();
  }
});

Deno.test("each request carries the TCP peer and a body deadline", async () => {
  const { server, seen, base } = start();
  try {
    const r = await fetch(`${base}/x`, { method: "POST", body: "hello" });
    assert.equal(await r.text(), "read 5");
    assert.equal(seen[0].remoteAddr.hostname, "127.0.0.1");
    const left = seen[0].bodyDeadline! - Date.now();
    assert.ok(left > 0 && left <= 300, `deadline ${left} ms ahead`);
  } finally {
    await server.shutdown();
  }
});

Deno.test("without the guard (older or newer Deno) it warns, serves, and bodies still time out", async () => {
  const warned: string[] = [];
  const log: Logger = { ...quiet, warn: (m) => warned.push(m) };
  const { server, base } = start({ withoutGuard: true, log });
  try {
    assert.equal(server.guarded, false);
    assert.match(warned.join("\n"), /SVC_HEADER_TIMEOUT_MS and SVC_MAX_CONNS_PER_IP do not apply/);
    assert.equal(await (await fetch(`${base}/`, { method: "POST", body: "ok" })).text(), "read 2");
    const slow = await fetch(`${base}/`, { method: "POST", body: stalledBody(1500) });
    assert.equal(slow.status, 408);
    assert.equal(await slow.text(), "true");
  } finally {
    await server.shutdown();
  }
});

Deno.test("readBounded: a deadline that passes mid-body throws BodyTimeoutError; one that holds reads all", async () => {
  await assert.rejects(
    () => readBounded(stalledBody(500), 1000, Date.now() + 100),
    BodyTimeoutError,
  );
  const bytes = await readBounded(stalledBody(10), 1000, Date.now() + 2000);
  assert.equal(bytes?.length, 1);
  // No deadline: as before.
  assert.equal((await readBounded(stalledBody(10), 1000))?.length, 1);
});

Deno.test("forwardedClient reads X-Forwarded-For from the right, only from trusted peers", () => {
  const r = parseIpRanges("10.0.0.0/8, 2001:db8::/32, 192.0.2.7");
  assert.ok(r.ok);
  const t = r.ranges;
  assert.equal(forwardedClient("10.1.2.3", "198.51.100.1", t), "198.51.100.1");
  assert.equal(
    forwardedClient("10.1.2.3", "203.0.113.9, 198.51.100.1, 10.9.9.9", t),
    "198.51.100.1",
  );
  assert.equal(
    forwardedClient("192.0.2.7", "198.51.100.3, 2001:db8::1 ,10.0.0.1", t),
    "198.51.100.3",
  );
  assert.equal(forwardedClient("10.1.2.3", "10.0.0.5, 10.0.0.6", t), "10.0.0.5"); // all trusted: leftmost
  assert.equal(forwardedClient("10.1.2.3", "junk, 198.51.100.1", t), "198.51.100.1");
  assert.equal(forwardedClient("10.1.2.3", "198.51.100.1, junk", t), "10.1.2.3"); // garbage: the proxy
  assert.equal(forwardedClient("198.51.100.50", "192.0.2.1", t), "198.51.100.50"); // untrusted peer
  assert.equal(forwardedClient("::ffff:10.1.2.3", "198.51.100.1", t), "198.51.100.1");
  assert.equal(forwardedClient("10.1.2.3", null, t), "10.1.2.3");
  assert.equal(forwardedClient("10.1.2.3", "198.51.100.1", []), "10.1.2.3");
  const bad = parseIpRanges("10.0.0.0/8, example.com");
  assert.deepEqual(bad, { ok: false, bad: "example.com" });
  assert.deepEqual(parseIpRanges(""), { ok: true, ranges: [] });
});
