/**
 * POST /mail/send throughput and latency against an SMTP sink, next to the raw
 * SMTP ceiling of the same sink in the same run.
 *
 *   deno run -A bench/mail_send.ts [--seconds 10] [--clients 64] [--pool 64] [--sites 400]
 *     [--kv file|memory] [--prof]   (BENCH_SECONDS / BENCH_CONCURRENCY set the defaults)
 *
 * - Sink: Postfix's smtp-sink when installed (`apt-get install postfix`), else
 *   bench/smtp_sink.ts.
 * - Service: main.ts as its own process (KV in a temporary SQLite file, the
 *   SMTP pool pointed at the sink), as `deno task start` runs it.
 * - Load: `--clients` concurrent HTTP clients, each sending one email at a
 *   time, spread over `--sites` sites (the 120-per-minute site limit applies).
 * - Ceiling: a minimal raw SMTP client pipelining MAIL, RCPT and DATA (and the
 *   next message's commands with the previous message's final dot) over 16
 *   connections to the same sink; plus smtp-source when installed.
 * Prints a table and writes bench/results/mail_send-<time>.json.
 */
import { parseArgs } from "node:util";
import { formatPerOperation, perOperation, threadSeconds } from "./lib/threads.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    seconds: { type: "string", default: Deno.env.get("BENCH_SECONDS") ?? "10" },
    clients: { type: "string", default: Deno.env.get("BENCH_CONCURRENCY") ?? "64" },
    pool: { type: "string", default: "64" },
    sites: { type: "string", default: "400" },
    warmup: { type: "string", default: "2" },
    kv: { type: "string", default: "file" },
    prof: { type: "boolean", default: false },
  },
});
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const POOL = Number(values.pool);
const SITES = Number(values.sites);
const WARMUP = Number(values.warmup);
const root = new URL("..", import.meta.url).pathname;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const p = (l.addr as Deno.NetAddr).port;
  l.close();
  return p;
}

async function waitForLine(stream: ReadableStream<Uint8Array>, re: RegExp, ms = 60_000) {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
    const m = re.exec(out);
    if (m) {
      // Keep draining so the child never blocks on a full pipe.
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })().catch(() => {});
      return m;
    }
  }
  throw new Error(`did not see ${re} in: ${out.slice(-500)}`);
}

// --- the sink -------------------------------------------------------------------

async function startSink(): Promise<{ port: number; kind: string; stop(): Promise<void> }> {
  const hasPostfix = await new Deno.Command("sh", { args: ["-c", "command -v smtp-sink"] })
    .output().then((o) => o.success);
  const port = freePort();
  if (hasPostfix) {
    const asRoot = Deno.uid?.() === 0;
    const child = new Deno.Command("smtp-sink", {
      args: [...(asRoot ? ["-u", "nobody"] : []), `127.0.0.1:${port}`, "1024"],
      stdout: "null",
      stderr: "null",
    }).spawn();
    for (let i = 0; i < 100; i++) {
      try {
        (await Deno.connect({ hostname: "127.0.0.1", port })).close();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return {
      port,
      kind: "postfix smtp-sink",
      async stop() {
        child.kill("SIGTERM");
        await child.status;
      },
    };
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${root}bench/smtp_sink.ts`, String(port)],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  await waitForLine(child.stdout, /PORT (\d+)/);
  return {
    port,
    kind: "bench/smtp_sink.ts (Deno)",
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

// --- the raw SMTP ceiling ----------------------------------------------------------

const enc = new TextEncoder();
const dec = new TextDecoder();

async function rawClient(port: number, until: number, message: string): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const buf = new Uint8Array(64 * 1024);
  let pending = "";
  /** Reads until `n` final reply lines arrived. */
  const replies = async (n: number) => {
    let got = 0;
    while (got < n) {
      const idx = pending.indexOf("\r\n");
      if (idx >= 0) {
        const line = pending.slice(0, idx);
        pending = pending.slice(idx + 2);
        if (/^\d{3} /.test(line)) got++;
        if (/^[45]/.test(line)) throw new Error(`sink said ${line}`);
        continue;
      }
      const r = await conn.read(buf);
      if (r === null) throw new Error("sink closed");
      pending += dec.decode(buf.subarray(0, r));
    }
  };
  await replies(1);
  await conn.write(enc.encode("EHLO bench\r\n"));
  await replies(1);
  const cmds = "MAIL FROM:<bench@example.com>\r\nRCPT TO:<sink@example.com>\r\nDATA\r\n";
  await conn.write(enc.encode(cmds));
  await replies(3);
  let sent = 0;
  const body = enc.encode(`${message}\r\n.\r\n${cmds}`);
  while (Date.now() < until) {
    await conn.write(body);
    await replies(4); // 250 for the message, then 250, 250, 354 for the next
    sent++;
  }
  conn.close();
  return sent;
}

async function rawCeiling(port: number, seconds: number, message: string) {
  const until = Date.now() + seconds * 1000;
  const counts = await Promise.all(
    Array.from({ length: 16 }, () => rawClient(port, until, message)),
  );
  return counts.reduce((a, b) => a + b, 0) / seconds;
}

async function smtpSourceRate(port: number): Promise<number | null> {
  const has = await new Deno.Command("sh", { args: ["-c", "command -v smtp-source"] }).output()
    .then((o) => o.success);
  if (!has) return null;
  const n = 20_000;
  const t0 = performance.now();
  const out = await new Deno.Command("smtp-source", {
    args: ["-d", "-s", "16", "-m", String(n), "-l", "1500", `127.0.0.1:${port}`],
    stdout: "null",
    stderr: "null",
  }).output();
  if (!out.success) return null;
  return n / ((performance.now() - t0) / 1000);
}

// --- the service ------------------------------------------------------------------------

async function startService(smtpPort: number) {
  const dir = await Deno.makeTempDir({ prefix: "svc-bench-" });
  const port = freePort();
  const token = "bench-admin-token-0123456789abcdef";
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      ...(values.prof ? ["--cpu-prof", `--cpu-prof-dir=${root}bench/results/prof`] : []),
      `${root}main.ts`,
    ],
    cwd: root,
    env: {
      SVC_PORT: String(port),
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: values.kv === "memory" ? ":memory:" : `${dir}/svc.kv`,
      SVC_DATA_DIR: dir,
      SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(3))),
      SVC_ADMIN_TOKEN: token,
      SVC_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SVC_SMTP_POOL_SIZE: String(POOL),
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
      SVC_RELAY_FROM: "relay@bench.example",
      SVC_LOG_LEVEL: "error",
    },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  await waitForLine(child.stdout, /Service ready on port (\d+)/);
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    token,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

async function seed(base: string, token: string, n: number): Promise<string[]> {
  const admin = async (path: string, body?: unknown) => {
    const r = await fetch(`${base}/admin/api/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return await r.json();
  };
  const keys: string[] = [];
  const accounts: string[] = [];
  for (let i = 0; i < Math.ceil(n / 20); i++) {
    accounts.push((await admin("/accounts", { name: `bench ${i}` })).id);
  }
  for (let i = 0; i < n; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, n - i) }, async (_, j) => {
        const site = await admin("/sites", {
          account_id: accounts[Math.floor((i + j) / 20)],
          name: `Bench site ${i + j}`,
          domain: `bench${i + j}.example.com`,
        });
        return (await admin(`/sites/${site.id}/api-keys`)).api_key as string;
      }),
    );
    keys.push(...batch);
  }
  return keys;
}

// --- the load ---------------------------------------------------------------------------------

type Run = { ok: number; other: Record<string, number>; latencies: number[]; seconds: number };

async function load(base: string, keys: string[], seconds: number, offset: number): Promise<Run> {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const other: Record<string, number> = {};
  let ok = 0;
  let next = offset;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < until) {
      const i = next++;
      const key = keys[i % keys.length];
      const body = JSON.stringify({
        to: `user${i}@example.com`,
        subject: `Your order #${i} has shipped`,
        html: `<html><body><p>Hello, your order <b>#${i}</b> is on its way.</p>` +
          `<p><a href="https://shop.example.com/orders/${i}">Track it</a></p></body></html>`,
      });
      const t0 = performance.now();
      const r = await fetch(`${base}/api/v1/mail/send`, {
        method: "POST",
        headers: { "x-service-api-key": key, "content-type": "application/json" },
        body,
      });
      const j = await r.json();
      const dt = performance.now() - t0;
      if (j.sent === true) {
        ok++;
        latencies.push(dt);
      } else {
        const k = `${r.status} ${j.reason}${j.reason === "send_failed" ? ` (${j.error})` : ""}`;
        other[k] = (other[k] ?? 0) + 1;
      }
    }
  }));
  return { ok, other, latencies, seconds: (performance.now() - started) / 1000 };
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Busy and total CPU ticks of the whole machine so far (Linux /proc/stat). */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  try {
    const f = (await Deno.readTextFile("/proc/stat")).split("\n")[0].trim().split(/\s+/).slice(1)
      .map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3] - f[4], total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** User + system CPU seconds of a process so far (Linux /proc). */
async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 (1-based), i.e. 11 and 12 after the name.
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

// --- main ------------------------------------------------------------------------------------------

const sink = await startSink();
const svc = await startService(sink.port);
try {
  console.log(
    `sink: ${sink.kind} on port ${sink.port}; pool ${POOL}; ${CLIENTS} clients; ${SITES} sites`,
  );
  const keys = await seed(svc.base, svc.token, SITES);
  await load(svc.base, keys, WARMUP, 0);
  const m0 = await machineTicks();
  const cpu0 = await cpuSeconds(svc.pid);
  const threads0 = await threadSeconds(svc.pid);
  const self0 = await cpuSeconds(Deno.pid);
  const run = await load(svc.base, keys, SECONDS, 1_000_000);
  const serviceCpu = (await cpuSeconds(svc.pid)) - cpu0;
  const threads1 = await threadSeconds(svc.pid);
  const perThread = perOperation(threads0, threads1, run.ok);
  const clientCpu = (await cpuSeconds(Deno.pid)) - self0;
  const m1 = await machineTicks();
  const machineBusy = (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total);
  const lat = run.latencies.sort((a, b) => a - b);
  const rate = run.ok / run.seconds;

  const sample = "From: bench@example.com\r\nTo: sink@example.com\r\nSubject: raw\r\n\r\n" +
    "x".repeat(1400);
  const raw = await rawCeiling(sink.port, Math.min(5, SECONDS), sample);
  const source = await smtpSourceRate(sink.port);

  const loadavg = Deno.loadavg();
  const result = {
    at: new Date().toISOString(),
    sink: sink.kind,
    clients: CLIENTS,
    pool: POOL,
    sites: SITES,
    seconds: +run.seconds.toFixed(2),
    accepted: run.ok,
    accepted_per_s: Math.round(rate),
    p50_ms: +pct(lat, 50).toFixed(1),
    p99_ms: +pct(lat, 99).toFixed(1),
    max_ms: +(lat.at(-1) ?? NaN).toFixed(1),
    not_sent: run.other,
    service_cpu_ms_per_send: +(serviceCpu * 1000 / Math.max(1, run.ok)).toFixed(3),
    service_cpu_share: +(serviceCpu / run.seconds).toFixed(2),
    thread_cpu_ms_per_send: perThread,
    client_cpu_share: +(clientCpu / run.seconds).toFixed(2),
    machine_busy: +machineBusy.toFixed(2),
    kv: values.kv,
    raw_smtp_ceiling_per_s: Math.round(raw),
    smtp_source_per_s: source === null ? null : Math.round(source),
    cpus: navigator.hardwareConcurrency,
    loadavg,
  };
  console.log(`
mail/send (${CLIENTS} concurrent clients, ${run.seconds.toFixed(1)} s):
  accepted sends      ${run.ok} (${result.accepted_per_s}/s)
  latency p50 / p99   ${result.p50_ms} ms / ${result.p99_ms} ms (max ${result.max_ms} ms)
  not sent            ${JSON.stringify(run.other)}
  service CPU         ${result.service_cpu_ms_per_send} ms per send (${result.service_cpu_share} cores busy; client ${result.client_cpu_share}); KV ${values.kv}
  by thread           ${formatPerOperation(perThread)} (ms per send)
raw SMTP ceiling, same sink:
  pipelining client   ${result.raw_smtp_ceiling_per_s}/s (16 connections)
  smtp-source -d -s16 ${result.smtp_source_per_s ?? "not installed"}${source === null ? "" : "/s"}
machine: ${result.cpus} CPUs, ${Math.round(machineBusy * 100)}% busy during the run, load average ${
    loadavg.map((x) => x.toFixed(2)).join(" ")
  }`);
  await Deno.mkdir(`${root}bench/results`, { recursive: true });
  await Deno.writeTextFile(
    `${root}bench/results/mail_send-${result.at.replace(/[:.]/g, "-")}.json`,
    JSON.stringify(result, null, 2) + "\n",
  );
} finally {
  await svc.stop();
  await sink.stop();
}
