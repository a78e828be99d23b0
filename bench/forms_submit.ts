/**
 * POST /forms/submit under load: 64 concurrent clients (BENCH_CONCURRENCY) send
 * legitimate submissions for BENCH_SECONDS (default 10). The service runs as its
 * own process (main.ts) on a KV file, with the SMTP relay pointed at an SMTP sink
 * and one webhook (all events) per site pointed at an HTTP receiver, both in a
 * third process. Every answer must be {ok: true, id, email_sent: true}: the
 * notification was accepted by the SMTP sink before the answer. Printed beside
 * the ceilings of the same run (bare HTTP, raw KV commits) and the machine's
 * load average, since other work may share these cores.
 *
 * A second row runs the same without webhooks, to show what event delivery costs.
 * Each row also prints the service's CPU per request by thread (main JavaScript
 * thread, KV's SQLite thread, delivery worker), measured inside the run.
 *
 *   deno run -A bench/forms_submit.ts            # 64 sites, one per client
 *   BENCH_SITES=1 deno run -A bench/forms_submit.ts   # every client on one site
 *   BENCH_ROWS=nowebhooks|webhooks (default both), BENCH_CEILINGS=0 (skip them),
 *   BENCH_PROF=1 (V8 CPU profiles of the service in bench/results/prof/)
 */
import { printTable, type Result } from "./lib/stats.ts";
import { type LoadRequest, runLoad } from "./lib/run_load.ts";
import { spawnDeno } from "./lib/spawn.ts";
import { httpCeiling, kvCeiling } from "./ceilings.ts";
import { formatPerOperation, perOperation, threadSeconds } from "./lib/threads.ts";

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 10);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64);
const siteCount = Number(Deno.env.get("BENCH_SITES") ?? concurrency);
const here = new URL(".", import.meta.url).pathname;
const ADMIN = "bench-admin-token-0123456789abcdef";
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

function loadavg(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "?";
  }
}

async function formsRun(webhooks: boolean): Promise<Result[]> {
  const sinks = await spawnDeno(`${here}lib/forms_sinks.ts`, { ready: /smtp (\d+) http (\d+)/ });
  const dir = await Deno.makeTempDir();
  const dead = "http://127.0.0.1:9/siteverify";
  const svc = await spawnDeno(`${here}../main.ts`, {
    ready: /Service ready on port (\d+)/,
    denoFlags: Deno.env.get("BENCH_PROF") === "1"
      ? ["--cpu-prof", `--cpu-prof-dir=${here}results/prof`]
      : [],
    env: {
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: `${dir}/svc.kv`,
      SVC_ADMIN_TOKEN: ADMIN,
      SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(9))),
      SVC_SMTP_URL: `smtp://127.0.0.1:${sinks.match[1]}`,
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
      SVC_ALLOW_PRIVATE_TARGETS: "true",
      SVC_LOG_LEVEL: "error",
      SVC_TURNSTILE_VERIFY_URL: dead,
      SVC_HCAPTCHA_VERIFY_URL: dead,
      SVC_RECAPTCHA_VERIFY_URL: dead,
    },
  });
  const base = `http://127.0.0.1:${svc.match[1]}`;
  const hooksUrl = `http://127.0.0.1:${sinks.match[2]}`;
  try {
    const admin = async (path: string, body: unknown) => {
      const r = await fetch(`${base}/admin/api/v1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const j = await r.json();
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
      return j;
    };
    const account = await admin("/accounts", { name: "Bench", monthly_form_limit: null });
    const sites: { id: string; key: string; domain: string }[] = [];
    for (let i = 0; i < siteCount; i++) {
      const domain = `bench-site-${i}.example.com`;
      const site = await admin("/sites", {
        account_id: account.id,
        name: `Bench site ${i}`,
        domain,
        default_notify_email: `owner${i}@example.com`,
      });
      const key = await admin(`/sites/${site.id}/api-keys`, {});
      if (webhooks) {
        await admin(`/sites/${site.id}/webhooks`, { url: `${hooksUrl}/hook`, events: ["all"] });
      }
      sites.push({ id: site.id, key: key.api_key, domain });
    }
    // Distinct IPs and messages: at most 3 uses of one IP a minute even at
    // 2,000 requests/s, and no cross-site duplicate marker.
    const requests: LoadRequest[] = [];
    for (let i = 0; i < 40_000; i++) {
      const s = sites[i % sites.length];
      requests.push({
        method: "POST",
        path: "/api/v1/forms/submit",
        headers: { "content-type": "application/json", "x-service-api-key": s.key },
        body: JSON.stringify({
          form_id: 1 + (i % 5),
          form_name: "Contact",
          fields: {
            name: "Maria Gonzalez",
            email: `maria.gonzalez${i}@example.org`,
            phone: "+1 512 555 0143",
            message:
              `Hello, I would like a quote for order number ${i}: two oak tables and six chairs, delivered next month. Thank you!`,
          },
          visitor: {
            ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            user_agent: UA,
            referrer: `https://${s.domain}/contact`,
          },
        }),
      });
    }
    const before = await (await fetch(`${hooksUrl}/stats`)).json();
    // CPU by thread over the middle of the measured window.
    const sampled = (async () => {
      await new Promise((r) => setTimeout(r, 2500));
      const t0 = performance.now();
      const before = await threadSeconds(svc.child.pid);
      await new Promise((r) => setTimeout(r, Math.max(1, seconds - 1) * 1000));
      return { before, after: await threadSeconds(svc.child.pid), ms: performance.now() - t0 };
    })();
    const result = await runLoad({
      name: `forms/submit (${siteCount} site${siteCount === 1 ? "" : "s"}${
        webhooks ? ", webhooks" : ", no webhooks"
      })`,
      baseUrl: base,
      requests,
      concurrency,
      seconds,
      warmupSeconds: 2,
      note: webhooks
        ? "notification to SMTP sink + 2 webhook posts (form.submitted, email.sent)"
        : "notification to SMTP sink only",
    });
    const cpu = await sampled;
    const perRequest = perOperation(cpu.before, cpu.after, result.rate * cpu.ms / 1000);
    // Let webhook deliveries catch up, then count what the peers received.
    await new Promise((r) => setTimeout(r, 3000));
    const after = await (await fetch(`${hooksUrl}/stats`)).json();
    const statuses = JSON.stringify(result.statuses);
    // Check the stored outcome of the newest submissions of every site.
    let checked = 0;
    let sent = 0;
    for (const site of sites) {
      const r = await fetch(`${base}/admin/api/v1/sites/${site.id}/submissions?limit=200`, {
        headers: { authorization: `Bearer ${ADMIN}` },
      });
      for (const item of (await r.json()).items as { email_sent: boolean | null }[]) {
        checked++;
        if (item.email_sent === true) sent++;
      }
    }
    console.log(
      `forms/submit${
        webhooks ? "" : " (no webhooks)"
      }: answers ${statuses}; SMTP sink received ${after.smtp} mails ` +
        `(${after.smtp - before.smtp} during and after the measured window), ` +
        `webhook receiver ${after.webhooks} posts; email_sent true on ${sent} of the ${checked} ` +
        `newest stored submissions; CPU ms per request by thread: ${
          formatPerOperation(perRequest)
        }` +
        (result.sample.length ? `; sample failures: ${result.sample.join(" | ")}` : ""),
    );
    return [result];
  } finally {
    await svc.stop();
    await sinks.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  const load0 = loadavg();
  const rows: Result[] = [];
  const which = Deno.env.get("BENCH_ROWS") ?? "both";
  if (Deno.env.get("BENCH_CEILINGS") !== "0") {
    rows.push(await httpCeiling(concurrency, Math.min(seconds, 5)));
    rows.push(await kvCeiling(concurrency, Math.min(seconds, 5)));
    rows.push(await kvCeiling(concurrency, Math.min(seconds, 5), true));
  }
  if (which !== "nowebhooks") rows.push(...await formsRun(true));
  if (which !== "webhooks" && Deno.env.get("BENCH_NO_WEBHOOK_ROW") !== "1") {
    rows.push(...await formsRun(false));
  }
  printTable(
    `forms/submit (${concurrency} concurrent, ${seconds} s; load average before ${load0}, after ${loadavg()}; ${navigator.hardwareConcurrency} cores)`,
    rows,
  );
}
