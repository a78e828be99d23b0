/**
 * Load runs that print figures (not tests): `deno task bench`. Each scenario
 * hits the real app over loopback HTTP with a number of concurrent clients for
 * a few seconds and prints requests per second and latency percentiles.
 * Capabilities add their scenarios to SCENARIOS.
 *
 *   BENCH_SECONDS (default 3), BENCH_CONCURRENCY (default 32)
 */
import { seedSite, startTestService, type TestService } from "../tests/helpers/service.ts";

type Prepared = { method: string; path: string; headers: Record<string, string>; body?: string };
type Scenario = { name: string; prepare(svc: TestService): Promise<Prepared> };

const SCENARIOS: Scenario[] = [
  // foundation
  {
    name: "GET /api/v1/sites/captcha (auth only)",
    async prepare(svc) {
      const s = await seedSite(svc);
      return {
        method: "GET",
        path: "/api/v1/sites/captcha",
        headers: { "x-service-api-key": s.key },
      };
    },
  },
  {
    name: "GET /api/v1/sites/captcha with the request limit on (bucket read+write)",
    async prepare(svc) {
      const s = await seedSite(svc);
      await svc.admin("PATCH", `/sites/${s.siteId}`, {
        request_limit: { per_minute: 100_000_000 / 100, burst: 100_000 },
      });
      return {
        method: "GET",
        path: "/api/v1/sites/captcha",
        headers: { "x-service-api-key": s.key },
      };
    },
  },
  {
    name: "GET /api/v1/forms/render/{slug}",
    async prepare(svc) {
      const s = await seedSite(svc);
      await svc.admin("POST", `/accounts/${s.accountId}/forms`, {
        name: "Contact",
        slug: "contact",
        fields: [{ name: "email", label: "Email", type: "email", required: true }],
      });
      return {
        method: "GET",
        path: "/api/v1/forms/render/contact",
        headers: { "x-service-api-key": s.key },
      };
    },
  },
  {
    name: "GET /api/v1/blocks/status with 100 active blocks",
    async prepare(svc) {
      const s = await seedSite(svc);
      for (let i = 0; i < 100; i++) {
        await svc.admin("POST", "/ip-blocks", {
          ip: `10.1.0.${i}`,
          reason: "rate_limit",
          site_id: s.siteId,
        });
      }
      return {
        method: "GET",
        path: "/api/v1/blocks/status",
        headers: { "x-service-api-key": s.key },
      };
    },
  },
  {
    name: "POST /api/v1/sites/verify (site write)",
    async prepare(svc) {
      const s = await seedSite(svc);
      return {
        method: "POST",
        path: "/api/v1/sites/verify",
        headers: { "x-service-api-key": s.key, "content-type": "application/json" },
        body: JSON.stringify({ site_url: `https://${s.domain}/` }),
      };
    },
  },
  // webhooks

  // mail

  // forms

  // sequences
];

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 3);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 32);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

async function runScenario(s: Scenario) {
  const svc = await startTestService({ runJobs: false, logLevel: "error" });
  try {
    const req = await s.prepare(svc);
    const base = await svc.listen();
    const client = Deno.createHttpClient({ poolMaxIdlePerHost: concurrency });
    const lat: number[] = [];
    const statuses = new Map<number, number>();
    const until = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const r = await fetch(base + req.path, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          client,
        });
        await r.arrayBuffer();
        lat.push(performance.now() - t);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (performance.now() - started) / 1000;
    client.close();
    lat.sort((a, b) => a - b);
    console.log(
      `${s.name}\n  ${(lat.length / elapsed).toFixed(0)} req/s, p50 ${
        pct(lat, 0.5).toFixed(2)
      } ms, ` +
        `p99 ${pct(lat, 0.99).toFixed(2)} ms, statuses ${
          JSON.stringify(Object.fromEntries(statuses))
        }`,
    );
  } finally {
    await svc.close();
  }
}

if (import.meta.main) {
  console.log(`${seconds}s per scenario, ${concurrency} concurrent clients, in-memory KV\n`);
  const only = Deno.args[0];
  for (const s of SCENARIOS) if (!only || s.name.includes(only)) await runScenario(s);
}
