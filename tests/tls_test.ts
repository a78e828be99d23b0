/**
 * HTTPS end to end: main.ts's start() with SVC_TLS_CERT/SVC_TLS_KEY serves the
 * API over TLS, and SVC_HTTP_REDIRECT_PORT answers plain HTTP with a redirect.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../domain/kernel/config.ts";
import { redirectToHttps, type Running, start } from "../main.ts";
import { makeTestCert, type TestCert } from "./helpers/tls.ts";

async function withTlsService(
  fn: (running: Running, client: Deno.HttpClient, cert: TestCert, token: string) => Promise<void>,
  env: Record<string, string> = {},
) {
  const cert = await makeTestCert();
  const config = await loadConfig({
    SVC_PORT: "0",
    SVC_HOST: "127.0.0.1",
    SVC_KV_PATH: ":memory:",
    // The SMTP listeners stay off: tests run side by side and 2525 is one port.
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
    SVC_DATA_DIR: cert.dir,
    SVC_TLS_CERT: cert.certFile,
    SVC_TLS_KEY: cert.keyFile,
    SVC_HTTP_REDIRECT_PORT: "0",
    SVC_LOG_LEVEL: "error",
    ...env,
  });
  const running = await start(config);
  const client = Deno.createHttpClient({ caCerts: [cert.cert] });
  try {
    await fn(running, client, cert, config.adminToken);
  } finally {
    client.close();
    await running.shutdown();
    await Deno.remove(cert.dir, { recursive: true });
  }
}

Deno.test("with a certificate the API is served over HTTPS", async () => {
  await withTlsService(async (running, client, _cert, token) => {
    const base = `https://127.0.0.1:${running.port}`;
    const health = await fetch(`${base}/healthz`, { client });
    assert.equal(health.status, 200);
    assert.equal((await health.json()).ok, true);
    // A keyed endpoint and the operator API answer over the same TLS listener.
    const api = await fetch(`${base}/api/v1/sites/captcha`, { client });
    assert.equal(api.status, 401);
    assert.deepEqual(await api.json(), { error: "missing_api_key" });
    const acct = await fetch(`${base}/admin/api/v1/accounts`, {
      client,
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Over TLS" }),
    });
    assert.equal(acct.status, 201);
    await acct.body?.cancel();
  });
});

Deno.test("the TLS port does not speak plain HTTP, and an untrusted client refuses it", async () => {
  await withTlsService(async (running) => {
    await assert.rejects(async () => {
      const r = await fetch(`http://127.0.0.1:${running.port}/healthz`);
      await r.body?.cancel();
    });
    await assert.rejects(async () => {
      const r = await fetch(`https://127.0.0.1:${running.port}/healthz`);
      await r.body?.cancel();
    });
  });
});

Deno.test("plain HTTP on the redirect port answers 301 (GET) or 308 (POST) to https", async () => {
  await withTlsService(async (running, client) => {
    assert.ok(running.redirectPort);
    const plain = `http://127.0.0.1:${running.redirectPort}`;
    const get = await fetch(`${plain}/api/v1/sites/captcha?x=1&y=%20`, { redirect: "manual" });
    assert.equal(get.status, 301);
    assert.equal(
      get.headers.get("location"),
      `https://127.0.0.1:${running.port}/api/v1/sites/captcha?x=1&y=%20`,
    );
    await get.body?.cancel();
    const post = await fetch(`${plain}/api/v1/blocks/lift`, {
      method: "POST",
      body: "{}",
      redirect: "manual",
    });
    assert.equal(post.status, 308);
    assert.equal(
      post.headers.get("location"),
      `https://127.0.0.1:${running.port}/api/v1/blocks/lift`,
    );
    await post.body?.cancel();
    // Following the redirect reaches the API over TLS.
    const followed = await fetch(`${plain}/healthz`, { client });
    assert.equal(followed.status, 200);
    assert.ok(followed.url.startsWith("https://"));
    await followed.body?.cancel();
  });
});

Deno.test("with an https SVC_BASE_URL the redirect goes to that host, whatever the Host header", () => {
  const h = redirectToHttps(8443, "https://forms.example.com");
  const r = h(new Request("http://evil.example.org:8080/api/v1/x?q=1"));
  assert.equal(r.headers.get("location"), "https://forms.example.com/api/v1/x?q=1");
  const withPort = redirectToHttps(8443, "https://forms.example.com:9443/");
  assert.equal(
    withPort(new Request("http://h/healthz", { method: "PUT" })).headers.get("location"),
    "https://forms.example.com:9443/healthz",
  );
  const local = redirectToHttps(443, "http://localhost:8080");
  assert.equal(
    local(new Request("http://svc.internal:80/a")).headers.get("location"),
    "https://svc.internal/a",
  );
});
