/**
 * The listener's limits over real sockets (main.ts's start(), short timeouts):
 * slow or idle connections are closed after SVC_HEADER_TIMEOUT_MS, a slow body
 * gets 408 after SVC_BODY_TIMEOUT_MS, one address holds at most
 * SVC_MAX_CONNS_PER_IP connections, and failed authentications are counted by
 * the TCP peer's address. A second client address is 127.0.0.2 (Linux routes
 * all of 127/8 to the loopback), bound with node:net's localAddress.
 */
import assert from "node:assert/strict";
import net from "node:net";
import { Buffer } from "node:buffer";
import { loadConfig } from "../domain/kernel/config.ts";
import { type Running, start } from "../main.ts";
import { makeTestCert } from "./helpers/tls.ts";

const TOKEN = "net-limits-test-admin-token-0123456789";
const enc = new TextEncoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withService(
  env: Record<string, string>,
  fn: (running: Running, base: string) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  try {
    const config = await loadConfig({
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: ":memory:",
      // The SMTP listeners stay off: tests run side by side and 2525 is one port.
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
      SVC_DATA_DIR: dir,
      SVC_ADMIN_TOKEN: TOKEN,
      SVC_LOG_LEVEL: "error",
      ...env,
    });
    const running = await start(config);
    try {
      await fn(running, `http://127.0.0.1:${running.port}`);
    } finally {
      await running.shutdown();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Reads until the server closes the connection; the milliseconds that took and what came. */
async function untilClosed(conn: Deno.Conn, limitMs = 8000): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(4096);
  const give = setTimeout(() => conn.close(), limitMs);
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
  } catch {
    // reset by the server, or closed by the limit above
  } finally {
    clearTimeout(give);
  }
  const ms = performance.now() - t0;
  try {
    conn.close();
  } catch { /* closed */ }
  assert.ok(ms < limitMs - 50, "the server did not close the connection");
  return { ms, text: new TextDecoder().decode(Buffer.concat(chunks)) };
}

/** A raw HTTP/1.1 exchange from a chosen local address; resolves with the status. */
function rawRequest(
  port: number,
  localAddress: string,
  request: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: "127.0.0.1", port, localAddress });
    const chunks: Buffer[] = [];
    s.on("connect", () => s.write(request));
    s.on("data", (d: Buffer) => chunks.push(d));
    s.on("error", reject);
    s.on("close", () => {
      const text = Buffer.concat(chunks).toString();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

const get = (path: string, headers = "") =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`;

Deno.test("a connection that sends its headers slowly is closed after SVC_HEADER_TIMEOUT_MS", async () => {
  await withService({ SVC_HEADER_TIMEOUT_MS: "400" }, async (running) => {
    const slow = await Deno.connect({ hostname: "127.0.0.1", port: running.port });
    await slow.write(enc.encode("GET /healthz HTTP/1.1\r\nHost: x\r\n"));
    // One header line every 100 ms: never complete, always sending.
    let trickling = true;
    const trickle = (async () => {
      for (let i = 0; trickling && i < 100; i++) {
        await sleep(100);
        await slow.write(enc.encode(`X-Slow-${i}: y\r\n`)).catch(() => (trickling = false));
      }
    })();
    const { ms, text } = await untilClosed(slow);
    trickling = false;
    await trickle;
    assert.equal(text, "", "no answer to a request that never completed");
    assert.ok(ms >= 300, `closed after ${ms} ms`);
    // A connection that sends nothing at all goes the same way.
    const silent = await Deno.connect({ hostname: "127.0.0.1", port: running.port });
    assert.ok((await untilClosed(silent)).ms >= 300);
    // The service itself goes on answering.
    assert.equal((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status, 200);
  });
});

Deno.test("a kept-alive connection is closed once idle for SVC_HEADER_TIMEOUT_MS, not while it is answered", async () => {
  await withService(
    { SVC_HEADER_TIMEOUT_MS: "400", SVC_BODY_TIMEOUT_MS: "5000" },
    async (running) => {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: running.port });
      // Headers at once, then the body in pieces over about twice the header
      // timeout: the request is in progress, so the connection stays.
      const body = JSON.stringify({ name: "Slow but steady" });
      await c.write(enc.encode(
        `POST /admin/api/v1/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      ));
      for (const part of [body.slice(0, 5), body.slice(5, 10), body.slice(10)]) {
        await sleep(300);
        await c.write(enc.encode(part));
      }
      const buf = new Uint8Array(4096);
      const n = await c.read(buf);
      assert.match(new TextDecoder().decode(buf.slice(0, n ?? 0)), /^HTTP\/1\.1 201/);
      // Now idle: closed after the header timeout.
      const { ms } = await untilClosed(c);
      assert.ok(ms >= 300, `closed after ${ms} ms`);
    },
  );
});

Deno.test("a body that does not arrive within SVC_BODY_TIMEOUT_MS is answered 408 in the route's envelope", async () => {
  await withService({ SVC_BODY_TIMEOUT_MS: "300" }, async (running, base) => {
    const admin = (path: string, body: unknown) =>
      fetch(`${base}/admin/api/v1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const account = await admin("/accounts", { name: "Acme" });
    const site = await admin("/sites", {
      account_id: account.id,
      name: "Example",
      domain: "example.com",
    });
    const key = (await admin(`/sites/${site.id}/api-keys`, {})).api_key;
    const cases: [string, string, Record<string, unknown>][] = [
      ["/admin/api/v1/accounts", `Authorization: Bearer ${TOKEN}\r\n`, {
        error: "request_timeout",
        message: "The request body did not arrive in time.",
      }],
      ["/api/v1/sites/verify", `X-Service-Api-Key: ${key}\r\n`, { error: "request_timeout" }],
      ["/api/v1/mail/send", `X-Service-Api-Key: ${key}\r\n`, {
        ok: false,
        sent: false,
        reason: "request_timeout",
        error: "request_timeout",
      }],
    ];
    for (const [path, auth, expected] of cases) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: running.port });
      await c.write(enc.encode(
        `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\n` +
          `Content-Length: 100\r\n\r\n{"site_url":`,
      ));
      const { ms, text } = await untilClosed(c);
      assert.match(text, /^HTTP\/1\.1 408/, path);
      assert.deepEqual(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)), expected, path);
      assert.ok(ms >= 250, `${path}: answered after ${ms} ms`);
      assert.ok(ms < 3000, `${path}: the connection is closed with the answer, not kept`);
    }
  });
});

Deno.test("one address holds at most SVC_MAX_CONNS_PER_IP connections; other addresses are served", async () => {
  await withService(
    { SVC_MAX_CONNS_PER_IP: "3", SVC_HEADER_TIMEOUT_MS: "5000" },
    async (running) => {
      const port = running.port;
      const held: Deno.Conn[] = [];
      try {
        for (let i = 0; i < 3; i++) held.push(await Deno.connect({ hostname: "127.0.0.1", port }));
        await sleep(100); // accepted
        // The fourth from 127.0.0.1 is closed at once, unanswered.
        const extra = await Deno.connect({ hostname: "127.0.0.1", port });
        await extra.write(enc.encode(get("/healthz"))).catch(() => {});
        const refused = await untilClosed(extra, 3000);
        assert.equal(refused.text, "");
        // 127.0.0.2 is another address: served.
        const other = await rawRequest(port, "127.0.0.2", get("/healthz"));
        assert.equal(other.status, 200);
        // One of the three goes away: 127.0.0.1 may connect again.
        held.pop()!.close();
        await sleep(100);
        const again = await rawRequest(port, "127.0.0.1", get("/healthz"));
        assert.equal(again.status, 200);
      } finally {
        for (const c of held) c.close();
      }
    },
  );
});

Deno.test("wrong operator tokens are counted by the connection's address", async () => {
  await withService({ SVC_AUTH_FAILURE_LIMIT: "3" }, async (running) => {
    const port = running.port;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const auth = `Authorization: Bearer wrong-token-${i}-${"x".repeat(32)}\r\n`;
      statuses.push(
        (await rawRequest(port, "127.0.0.1", get("/admin/api/v1/accounts", auth))).status,
      );
    }
    assert.deepEqual(statuses, [401, 401, 429, 429]);
    const right = `Authorization: Bearer ${TOKEN}\r\n`;
    const blocked = await rawRequest(port, "127.0.0.1", get("/admin/api/v1/accounts", right));
    assert.equal(blocked.status, 429);
    assert.match(blocked.text, /\r\nretry-after: \d+\r\n/i);
    // X-Forwarded-For does not make the same peer someone else.
    const forwarded = await rawRequest(
      port,
      "127.0.0.1",
      get("/admin/api/v1/accounts", `${right}X-Forwarded-For: 198.51.100.1\r\n`),
    );
    assert.equal(forwarded.status, 429);
    const other = await rawRequest(port, "127.0.0.2", get("/admin/api/v1/accounts", right));
    assert.equal(other.status, 200);
  });
});

Deno.test("behind a trusted proxy (SVC_TRUSTED_PROXIES) X-Forwarded-For names the client; the proxy is not capped", async () => {
  await withService(
    { SVC_AUTH_FAILURE_LIMIT: "2", SVC_MAX_CONNS_PER_IP: "2", SVC_TRUSTED_PROXIES: "127.0.0.1" },
    async (running) => {
      const port = running.port;
      const right = `Authorization: Bearer ${TOKEN}\r\n`;
      const wrong = (xff: string, i: number) =>
        get(
          "/admin/api/v1/accounts",
          `Authorization: Bearer nope-${i}-${"x".repeat(32)}\r\nX-Forwarded-For: ${xff}\r\n`,
        );
      // One client behind the proxy guesses wrong: that client is limited, not the proxy.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await rawRequest(port, "127.0.0.1", wrong("198.51.100.1", i))).status);
      }
      assert.deepEqual(statuses, [401, 429, 429]);
      const sameClient = get("/admin/api/v1/accounts", `${right}X-Forwarded-For: 198.51.100.1\r\n`);
      assert.equal((await rawRequest(port, "127.0.0.1", sameClient)).status, 429);
      const otherClient = get(
        "/admin/api/v1/accounts",
        `${right}X-Forwarded-For: 198.51.100.2\r\n`,
      );
      assert.equal((await rawRequest(port, "127.0.0.1", otherClient)).status, 200);
      // What the client itself wrote left of the proxy's entry proves nothing.
      const spoofed = get(
        "/admin/api/v1/accounts",
        `${right}X-Forwarded-For: 203.0.113.9, 198.51.100.1\r\n`,
      );
      assert.equal((await rawRequest(port, "127.0.0.1", spoofed)).status, 429);
      // An untrusted peer's X-Forwarded-For is ignored: 127.0.0.2 is itself.
      const untrusted = get("/admin/api/v1/accounts", `${right}X-Forwarded-For: 198.51.100.1\r\n`);
      assert.equal((await rawRequest(port, "127.0.0.2", untrusted)).status, 200);
      // The proxy holds more connections than SVC_MAX_CONNS_PER_IP (2) and is served on each.
      const held: Deno.Conn[] = [];
      try {
        for (let i = 0; i < 4; i++) held.push(await Deno.connect({ hostname: "127.0.0.1", port }));
        await sleep(100);
        const fifth = await rawRequest(port, "127.0.0.1", get("/healthz"));
        assert.equal(fifth.status, 200);
      } finally {
        for (const c of held) c.close();
      }
    },
  );
});

Deno.test("over TLS, an idle connection is closed after the header timeout and a stalled handshake counts against its address", async () => {
  const cert = await makeTestCert();
  try {
    await withService({
      SVC_TLS_CERT: cert.certFile,
      SVC_TLS_KEY: cert.keyFile,
      SVC_HEADER_TIMEOUT_MS: "400",
      SVC_MAX_CONNS_PER_IP: "2",
    }, async (running) => {
      const port = running.port;
      // Two connections that never start the handshake. Deno cannot close a
      // socket during its handshake, so these stay, but they fill the cap.
      const stalled = [
        await Deno.connect({ hostname: "127.0.0.1", port }),
        await Deno.connect({ hostname: "127.0.0.1", port }),
      ];
      await sleep(100);
      // A third from the same address is not served.
      const client = Deno.createHttpClient({ caCerts: [cert.cert] });
      try {
        await assert.rejects(async () => {
          const r = await fetch(`https://localhost:${port}/healthz`, { client });
          await r.body?.cancel();
        });
      } finally {
        client.close();
      }
      // One stalled client leaves: its slot is free again.
      stalled.pop()!.close();
      await sleep(100);
      // A handshake, then silence: closed after the header timeout.
      const tls = await Deno.connectTls({ hostname: "localhost", port, caCerts: [cert.cert] });
      await tls.handshake();
      assert.ok((await untilClosed(tls)).ms >= 300);
      stalled.pop()!.close();
    });
  } finally {
    await Deno.remove(cert.dir, { recursive: true });
  }
});

Deno.test("a POST answered before its body is read, its client gone at once, leaves the service up", async () => {
  await withService({}, async (_running, base) => {
    const port = Number(new URL(base).port);
    // What a WordPress site with a wrong key does: POST with a body, read the
    // 401, hang up before the server's grace close.
    for (let i = 0; i < 3; i++) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      const body = JSON.stringify({ site_url: "https://example.com" });
      await conn.write(enc.encode(
        "POST /api/v1/sites/verify HTTP/1.1\r\nHost: x\r\nx-service-api-key: svc_live_wrong\r\n" +
          `Content-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`,
      ));
      const buf = new Uint8Array(4096);
      const n = await conn.read(buf);
      assert.match(new TextDecoder().decode(buf.subarray(0, n ?? 0)), /^HTTP\/1\.1 401/);
      conn.close();
    }
    await sleep(600);
    const res = await fetch(`${base}/healthz`);
    assert.equal(res.status, 200);
    await res.body?.cancel();
  });
});
