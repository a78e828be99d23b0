/**
 * The scenarios of `deno task bench`, each returning rows of the one table
 * (bench/lib/row.ts). The service runs as main.ts in its own process on a KV
 * file, the load generator in another, the SMTP relay is Postfix's smtp-sink.
 */
import { type LoadRequest } from "./lib/run_load.ts";
import { spawnDeno } from "./lib/spawn.ts";
import { cpuRow, measuredLoad, type Row } from "./lib/row.ts";
import { threadSeconds } from "./lib/threads.ts";
import { type BenchSite, has, rssMb, type Service, waitForPort } from "./lib/service.ts";
import { kvCeiling } from "./ceilings.ts";
import { submissionBody } from "./lib/messages.ts";

const here = new URL(".", import.meta.url).pathname;

export type Load = { concurrency: number; seconds: number };

// --- ceilings ----------------------------------------------------------------------------------

async function bareHttp(file: string, name: string, load: Load): Promise<Row> {
  const server = await spawnDeno(`${here}lib/${file}`, { ready: /port (\d+)/ });
  try {
    return await measuredLoad({
      scenario: name,
      pid: server.child.pid,
      baseUrl: `http://127.0.0.1:${server.match[1]}`,
      requests: [{ method: "GET", path: "/" }],
      ...load,
      note: "ceiling, same load generator",
    });
  } finally {
    await server.stop();
  }
}

/** smtp-source (16 sessions, 1,500-byte messages) against the sink: messages per second. */
export async function smtpSource(
  port: number,
  messages: number,
  opts: { size?: number; to?: string } = {},
): Promise<number> {
  const t0 = performance.now();
  const out = await new Deno.Command("smtp-source", {
    args: [
      "-d",
      "-s",
      "16",
      "-m",
      String(messages),
      "-l",
      String(opts.size ?? 1500),
      "-f",
      "sender@bench.example",
      "-t",
      opts.to ?? "rcpt@sink.example",
      `127.0.0.1:${port}`,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`smtp-source: ${new TextDecoder().decode(out.stderr)}`);
  return messages / ((performance.now() - t0) / 1000);
}

export async function ceilings(load: Load, sinkPort: number): Promise<Row[]> {
  const rows = [
    await bareHttp("bare_server.ts", "ceiling: bare Deno.serve", load),
    await bareHttp("bare_hono.ts", "ceiling: bare Hono JSON", load),
  ];
  for (const grouped of [false, true]) {
    const k = await kvCeiling(load.concurrency, Math.min(load.seconds, 5), grouped);
    rows.push({
      scenario: grouped ? "ceiling: KV commits via group commit" : "ceiling: raw KV commits",
      unit: "commits/s",
      rate: k.rate,
      p50_ms: k.p50_ms,
      p99_ms: k.p99_ms,
      errors: k.errors,
      note: k.note,
    });
  }
  if (await has("smtp-source")) {
    rows.push({
      scenario: "ceiling: raw SMTP to smtp-sink",
      unit: "msg/s",
      rate: await smtpSource(sinkPort, 600 * load.seconds),
      errors: 0,
      note: "smtp-source, 16 sessions, 1,500 bytes",
    });
  }
  return rows;
}

// --- HTTP scenarios ------------------------------------------------------------------------

let counter = 0;
/** Distinct submissions: each its own visitor IP (the per-IP limit stays honest) and message. */
export function submissions(sites: BenchSite[], n: number): LoadRequest[] {
  const out: LoadRequest[] = [];
  for (let k = 0; k < n; k++) {
    const i = counter++;
    const s = sites[i % sites.length];
    out.push({
      method: "POST",
      path: "/api/v1/forms/submit",
      headers: { "content-type": "application/json", "x-service-api-key": s.key },
      body: JSON.stringify(submissionBody(i, s.domain)),
    });
  }
  return out;
}

export function sends(sites: BenchSite[], n: number): LoadRequest[] {
  const out: LoadRequest[] = [];
  for (let k = 0; k < n; k++) {
    const i = counter++;
    out.push({
      method: "POST",
      path: "/api/v1/mail/send",
      headers: {
        "content-type": "application/json",
        "x-service-api-key": sites[i % sites.length].key,
      },
      body: JSON.stringify({
        to: `user${i}@example.com`,
        subject: `Your order #${i} has shipped`,
        html: `<html><body><p>Hello, your order <b>#${i}</b> is on its way.</p>` +
          `<p><a href="https://shop.example.com/orders/${i}">Track it</a></p></body></html>`,
      }),
    });
  }
  return out;
}

/**
 * Requests enough for the run at up to 2,500/s, so no body repeats; at most
 * 150,000 (a longer run, bench:steady, repeats them after that).
 */
export function enough(load: Load): number {
  return Math.min(150_000, Math.max(5_000, Math.ceil((load.seconds + 3) * 2_500)));
}

const settle = () => new Promise((r) => setTimeout(r, 2_000));

export async function formsSubmit(
  svc: Service,
  sites: BenchSite[],
  load: Load,
  label: string,
): Promise<Row> {
  await settle();
  return await measuredLoad({
    scenario: label,
    pid: svc.pid,
    baseUrl: svc.base,
    requests: submissions(sites, enough(load)),
    ...load,
    warmupSeconds: 2,
    expect: "email_sent",
    note: "every answer ok with email_sent true (notification accepted by smtp-sink)",
  });
}

export async function mailSend(svc: Service, sites: BenchSite[], load: Load): Promise<Row> {
  await settle();
  return await measuredLoad({
    scenario: `mail/send (${sites.length} sites)`,
    pid: svc.pid,
    baseUrl: svc.base,
    requests: sends(sites, enough(load)),
    ...load,
    warmupSeconds: 2,
    expect: "sent",
    note: "relay to smtp-sink; every answer sent true",
  });
}

export async function blocksStatus(svc: Service, site: BenchSite, load: Load): Promise<Row> {
  await settle();
  return await measuredLoad({
    scenario: "GET blocks/status",
    pid: svc.pid,
    baseUrl: svc.base,
    requests: [{
      method: "GET",
      path: "/api/v1/blocks/status",
      headers: { "x-service-api-key": site.key },
    }],
    ...load,
    note: "the site's active blocks (seeded runs: 10,000 that ended)",
  });
}

export async function render(svc: Service, site: BenchSite, load: Load): Promise<Row> {
  // A seeded KV file kept from an earlier run has the form already (409).
  await svc.admin("POST", `/accounts/${site.accountId}/forms`, {
    name: "Contact",
    slug: "contact",
    fields: [
      { name: "name", label: "Name", type: "text", required: true },
      { name: "email", label: "Email", type: "email", required: true },
      { name: "message", label: "Message", type: "textarea", required: true },
    ],
  }).catch((e) => {
    if (!String(e).includes(": 409 ")) throw e;
  });
  await settle();
  return await measuredLoad({
    scenario: "GET forms/render/{slug}",
    pid: svc.pid,
    baseUrl: svc.base,
    requests: [{
      method: "GET",
      path: "/api/v1/forms/render/contact",
      headers: { "x-service-api-key": site.key },
    }],
    ...load,
    note: "hosted form, 200 with the body (no If-None-Match)",
  });
}

/**
 * Webhook fan-out: forms/submit on sites with `webhooks` webhooks each (all
 * events: form.submitted and email.sent, so 2 x webhooks deliveries per
 * submission); the rate is deliveries received by the HTTP receiver per
 * second, CPU per delivery (the submissions' own share included).
 */
export async function fanOut(
  svc: Service,
  sites: BenchSite[],
  hookStats: string,
  load: Load,
  perSite: number,
): Promise<Row> {
  await settle();
  const count = async () => (await (await fetch(hookStats)).json()).webhooks as number;
  const rssStart = rssMb(svc.pid);
  const warm = 2;
  const window = (async () => {
    await new Promise((r) => setTimeout(r, (warm + 0.6) * 1000));
    const t0 = performance.now();
    const c0 = await count();
    const th0 = await threadSeconds(svc.pid);
    await new Promise((r) => setTimeout(r, (load.seconds - 0.6) * 1000));
    const c1 = await count();
    const th1 = await threadSeconds(svc.pid);
    return { delivered: c1 - c0, seconds: (performance.now() - t0) / 1000, th0, th1 };
  })();
  const subs = await measuredLoad({
    scenario: "fan-out driver",
    baseUrl: svc.base,
    requests: submissions(sites, enough(load)),
    concurrency: Math.min(16, load.concurrency),
    seconds: load.seconds,
    warmupSeconds: warm,
    expect: "email_sent",
  });
  const w = await window;
  return {
    scenario: `webhook fan-out (${sites.length} sites x ${perSite} webhooks)`,
    unit: "deliveries/s",
    rate: w.delivered / w.seconds,
    errors: subs.errors,
    ...cpuRow(w.th0, w.th1, w.delivered),
    rss_start_mb: rssStart,
    rss_end_mb: rssMb(svc.pid),
    note: `driven by forms/submit at ${Math.round(subs.rate)}/s (16 clients), ` +
      "2 events per submission; CPU per delivery includes the submissions",
    statuses: subs.statuses,
    sample: subs.sample,
  };
}

/** Inbound SMTP: smtp-source to an inbound domain, each message posted to its receiver. */
export async function inbound(
  svc: Service,
  smtpPort: number,
  receiverUrl: string,
  load: Load,
): Promise<Row | null> {
  if (!(await has("smtp-source"))) return null;
  await svc.admin("POST", "/inbound-domains", {
    domain: "in.bench.example",
    url: `${receiverUrl}/inbound`,
  });
  await waitForPort(smtpPort);
  const to = "rcpt@in.bench.example";
  await smtpSource(smtpPort, 300, { size: 2048, to });
  const messages = 300 * load.seconds;
  const rssStart = rssMb(svc.pid);
  const th0 = await threadSeconds(svc.pid);
  const rate = await smtpSource(smtpPort, messages, { size: 2048, to });
  const th1 = await threadSeconds(svc.pid);
  return {
    scenario: "inbound SMTP, accepted and forwarded",
    unit: "msg/s",
    rate,
    errors: 0,
    ...cpuRow(th0, th1, messages),
    rss_start_mb: rssStart,
    rss_end_mb: rssMb(svc.pid),
    note: `smtp-source, 16 sessions, ${messages} messages of 2 KB, 250 after the receiver's 2xx`,
  };
}
