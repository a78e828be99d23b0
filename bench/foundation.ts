/**
 * Foundation endpoints under load: the service runs as its own process
 * (main.ts, KV file in a temp folder), the load generator in another.
 *   BENCH_SECONDS (default 5), BENCH_CONCURRENCY (default 64)
 */
import { printTable, type Result } from "./lib/stats.ts";
import { type LoadRequest, runLoad } from "./lib/run_load.ts";
import { spawnDeno } from "./lib/spawn.ts";

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64);
const TOKEN = "bench-admin-token-0123456789abcdef";

async function admin(base: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${base}/admin/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = await r.json();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

async function site(base: string, n: number) {
  const a = await admin(base, "POST", "/accounts", { name: `Bench ${n}` });
  const s = await admin(base, "POST", "/sites", {
    account_id: a.id,
    name: `Bench ${n}`,
    domain: `bench${n}.example.com`,
  });
  const k = await admin(base, "POST", `/sites/${s.id}/api-keys`);
  return { accountId: a.id as string, siteId: s.id as string, key: k.api_key as string };
}

if (import.meta.main) {
  const dir = await Deno.makeTempDir();
  const svc = await spawnDeno(new URL("../main.ts", import.meta.url).pathname, {
    env: {
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: `${dir}/svc.kv`,
      SVC_ADMIN_TOKEN: TOKEN,
      SVC_LOG_LEVEL: "error",
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
    },
    ready: /Service ready on port (\d+)/,
  });
  const base = `http://127.0.0.1:${svc.match[1]}`;
  try {
    const plain = await site(base, 1);
    const limited = await site(base, 2);
    await admin(base, "PATCH", `/sites/${limited.siteId}`, {
      request_limit: { per_minute: 1_000_000, burst: 100_000 },
    });
    await admin(base, "POST", `/accounts/${plain.accountId}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [{ name: "email", label: "Email", type: "email", required: true }],
    });
    for (let i = 0; i < 100; i++) {
      await admin(base, "POST", "/ip-blocks", {
        ip: `10.1.0.${i}`,
        reason: "rate_limit",
        site_id: plain.siteId,
      });
    }
    const key = (k: string) => ({ "x-service-api-key": k });
    const scenarios: [string, LoadRequest, string][] = [
      ["GET sites/captcha", {
        method: "GET",
        path: "/api/v1/sites/captcha",
        headers: key(plain.key),
      }, "auth: 2 KV reads"],
      [
        "GET sites/captcha, request limit on",
        { method: "GET", path: "/api/v1/sites/captcha", headers: key(limited.key) },
        "+ bucket read and checked write, one key",
      ],
      ["GET forms/render/contact", {
        method: "GET",
        path: "/api/v1/forms/render/contact",
        headers: key(plain.key),
      }, ""],
      ["GET blocks/status", {
        method: "GET",
        path: "/api/v1/blocks/status",
        headers: key(plain.key),
      }, "100 active IP blocks"],
      [
        "POST sites/verify",
        {
          method: "POST",
          path: "/api/v1/sites/verify",
          headers: { ...key(plain.key), "content-type": "application/json" },
          body: JSON.stringify({ site_url: "https://bench1.example.com/" }),
        },
        "site read-modify-write, one site",
      ],
    ];
    const rows: Result[] = [];
    for (const [name, req, note] of scenarios) {
      const r = await runLoad({ name, baseUrl: base, requests: [req], concurrency, seconds, note });
      const bad = Object.entries(r.statuses).filter(([s]) => s !== "200");
      rows.push({ ...r, errors: r.errors + bad.reduce((n, [, c]) => n + c, 0) });
    }
    printTable(`Foundation endpoints (${concurrency} concurrent, ${seconds} s each)`, rows);
  } finally {
    await svc.stop();
    await Deno.remove(dir, { recursive: true });
  }
}
