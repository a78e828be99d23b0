/**
 * The service and its peers as the bench runs them: main.ts as its own process
 * on a KV file (as `deno task start` runs it), Postfix's smtp-sink as the relay
 * (bench/smtp_sink.ts when Postfix is missing), and the operator API calls that
 * set up sites, keys, webhooks and forms.
 */
import { spawnDeno, type Spawned } from "./spawn.ts";
import { childPids } from "./threads.ts";
import { registerInspector } from "./heap_prof.ts";

const START_TASK = (JSON.parse(
  Deno.readTextFileSync(new URL("../../deno.json", import.meta.url)),
).tasks.start as string).split(/\s+/);

/**
 * The V8 flags of `deno task start`, read from deno.json (the heap's growth, docs/performance.md);
 * BENCH_V8_FLAGS=--a,--b=1 runs the service with those instead (trying GC settings).
 */
export const START_V8_FLAGS: string[] = Deno.env.get("BENCH_V8_FLAGS")
  ? [`--v8-flags=${Deno.env.get("BENCH_V8_FLAGS")}`]
  : START_TASK.filter((a) => a.startsWith("--v8-flags="));

/** The environment `deno task start` sets before `deno` (glibc's malloc arenas, docs/performance.md). */
export const START_ENV: Record<string, string> = Object.fromEntries(
  START_TASK.slice(0, START_TASK.indexOf("deno")).map((a) => a.split("=", 2)),
);

export const ADMIN_TOKEN = "bench-admin-token-0123456789abcdef";
const root = new URL("../..", import.meta.url).pathname;

export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const p = (l.addr as Deno.NetAddr).port;
  l.close();
  return p;
}

export async function has(cmd: string): Promise<boolean> {
  return await new Deno.Command("sh", { args: ["-c", `command -v ${cmd}`], stdout: "null" })
    .output().then((o) => o.success);
}

export async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nothing listens on ${port}`);
}

/** Resident set of a process and its children in MB (Linux /proc), NaN elsewhere. */
export function rssMb(pid: number): number {
  try {
    const m = Deno.readTextFileSync(`/proc/${pid}/status`).match(/VmRSS:\s+(\d+) kB/);
    if (!m) return NaN;
    return Math.round(Number(m[1]) / 1024) +
      childPids(pid).reduce((sum, c) => sum + (rssMb(c) || 0), 0);
  } catch {
    return NaN;
  }
}

export type Sink = { port: number; kind: string; stop(): Promise<void> };

/** An SMTP sink that accepts every message: Postfix's smtp-sink, else bench/smtp_sink.ts. */
export async function startSmtpSink(): Promise<Sink> {
  const port = freePort();
  if (await has("smtp-sink")) {
    const child = new Deno.Command("smtp-sink", {
      args: [...(Deno.uid?.() === 0 ? ["-u", "nobody"] : []), `127.0.0.1:${port}`, "1024"],
      stdout: "null",
      stderr: "null",
    }).spawn();
    await waitForPort(port);
    return {
      port,
      kind: "postfix smtp-sink",
      async stop() {
        child.kill("SIGTERM");
        await child.status;
      },
    };
  }
  const s = await spawnDeno(`${root}bench/smtp_sink.ts`, { ready: /PORT (\d+)/, args: ["0"] });
  return { port: Number(s.match[1]), kind: "bench/smtp_sink.ts", stop: s.stop };
}

export type Service = {
  base: string;
  pid: number;
  kvPath: string;
  spawned: Spawned;
  admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
};

/**
 * main.ts on a KV file in a temporary folder (or `kvPath`, kept afterwards).
 * BENCH_PROF=1 writes V8 CPU profiles of every thread to bench/results/prof/;
 * BENCH_HEAP_PROF=1 opens its inspector for heap profiles (bench/lib/heap_prof.ts).
 */
export async function startService(opts: {
  smtpPort?: number;
  env?: Record<string, string>;
  kvPath?: string;
  label?: string;
}): Promise<Service> {
  const dir = await Deno.makeTempDir({ prefix: "svc-bench-" });
  const kvPath = opts.kvPath ?? `${dir}/svc.kv`;
  const prof = Deno.env.get("BENCH_PROF") === "1";
  const inspect = Deno.env.get("BENCH_HEAP_PROF") === "1" ? freePort() : 0;
  const dead = "http://127.0.0.1:9/siteverify";
  const spawned = await spawnDeno(`${root}main.ts`, {
    ready: /Service ready on port (\d+)/,
    denoFlags: [
      // As `deno task start` runs it (deno.json).
      ...START_V8_FLAGS,
      ...(prof
        ? ["--cpu-prof", `--cpu-prof-dir=${root}bench/results/prof/${opts.label ?? "service"}`]
        : []),
      ...(inspect ? [`--inspect=127.0.0.1:${inspect}`] : []),
    ],
    timeoutMs: 120_000,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? dir,
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: kvPath,
      SVC_DATA_DIR: dir,
      SVC_ADMIN_TOKEN: ADMIN_TOKEN,
      SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(9))),
      ...(opts.smtpPort ? { SVC_SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}` } : {}),
      SVC_SMTP_POOL_SIZE: "64",
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
      SVC_RELAY_FROM: "relay@bench.example",
      SVC_ALLOW_PRIVATE_TARGETS: "true",
      SVC_LOG_LEVEL: "error",
      SVC_TURNSTILE_VERIFY_URL: dead,
      SVC_HCAPTCHA_VERIFY_URL: dead,
      SVC_RECAPTCHA_VERIFY_URL: dead,
      ...START_ENV,
      ...opts.env,
    },
  });
  const base = `http://127.0.0.1:${spawned.match[1]}`;
  if (inspect) registerInspector(spawned.child.pid, inspect);
  return {
    base,
    pid: spawned.child.pid,
    kvPath,
    spawned,
    async admin(method, path, body) {
      const r = await fetch(`${base}/admin/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const j = await r.json();
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(j)}`);
      return j;
    },
    async stop() {
      await spawned.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

export type BenchSite = { id: string; key: string; domain: string; accountId: string };

/**
 * `n` sites (20 per account, no monthly form limit), each with an API key and
 * `webhooks` webhooks (all events) posting to `hookUrl`; made 20 at a time.
 */
export async function seedSites(
  svc: Service,
  n: number,
  opts: { webhooks?: number; hookUrl?: string; prefix?: string } = {},
): Promise<BenchSite[]> {
  const out: BenchSite[] = [];
  const prefix = opts.prefix ?? "bench";
  for (let i = 0; i < n; i += 20) {
    const account = await svc.admin("POST", "/accounts", {
      name: `Bench ${i / 20}`,
      monthly_form_limit: null,
    });
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, n - i) }, async (_, j) => {
        const domain = `${prefix}-site-${i + j}.example.com`;
        const site = await svc.admin("POST", "/sites", {
          account_id: account.id,
          name: `Bench site ${i + j}`,
          domain,
          default_notify_email: `owner${i + j}@example.com`,
        });
        const key = await svc.admin("POST", `/sites/${site.id}/api-keys`, {});
        for (let w = 0; w < (opts.webhooks ?? 0); w++) {
          await svc.admin("POST", `/sites/${site.id}/webhooks`, {
            url: `${opts.hookUrl}/hook/${w}`,
            events: ["all"],
          });
        }
        return {
          id: site.id as string,
          key: key.api_key as string,
          domain,
          accountId: account.id as string,
        };
      }),
    );
    out.push(...batch);
  }
  return out;
}
