/**
 * The fault tests' harness: the real service (`deno run -A main.ts`) as a child
 * process on a KV file, with its stderr (the JSON log) kept; kill -9, SIGTERM
 * and restart; a paced load on the write endpoints; and the report file that
 * tests/fault/run.ts sums into the final line.
 */
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const TOKEN = "fault-test-admin-token-0123456789-abcdef";
const KEY_B64 = btoa(String.fromCharCode(...new Uint8Array(32).fill(11)));

export type Svc = {
  child: Deno.ChildProcess;
  base: string;
  /** Log lines (stderr) so far. */
  log: string[];
  admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** Calls /api/v1/<path> with the key; never throws on an HTTP status. */
  api(path: string, key: string, body: unknown, signal?: AbortSignal): Promise<Answer>;
  kill9(): Promise<void>;
  /** SIGTERM; resolves with the exit status and how long the exit took (ms). */
  term(): Promise<{ code: number; ms: number }>;
};

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

export function serviceEnv(kvPath: string, extra: Record<string, string> = {}) {
  return {
    SVC_KV_PATH: kvPath,
    SVC_PORT: "0",
    SVC_HOST: "127.0.0.1",
    SVC_ADMIN_TOKEN: TOKEN,
    SVC_ENCRYPTION_KEY: KEY_B64,
    SVC_ALLOW_PRIVATE_TARGETS: "true",
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
    SVC_LOG_LEVEL: "warn",
    ...extra,
  };
}

export async function startService(
  kvPath: string,
  extra: Record<string, string> = {},
): Promise<Svc> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: serviceEnv(kvPath, extra),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const log: string[] = [];
  (async () => {
    let rest = "";
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop()!;
      log.push(...lines);
    }
    if (rest) log.push(rest);
  })().catch(() => {});
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  const deadline = Date.now() + 60_000;
  while (!/Service ready on port (\d+)/.test(out)) {
    const { value, done } = await reader.read();
    if (done || Date.now() > deadline) {
      throw new Error(`service did not start: ${out}\n${log.join("\n")}`);
    }
    out += value;
  }
  (async () => {
    while (!(await reader.read()).done) { /* drain */ }
  })().catch(() => {});
  const base = `http://127.0.0.1:${/Service ready on port (\d+)/.exec(out)![1]}`;
  const svc: Svc = {
    child,
    base,
    log,
    async admin(method, path, body) {
      const res = await fetch(`${base}/admin/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (res.status >= 300) {
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      }
      return json;
    },
    async api(path, key, body, signal) {
      const res = await fetch(`${base}/api/v1/${path}`, {
        method: "POST",
        headers: { "x-service-api-key": key, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal,
      });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text);
      } catch { /* not JSON */ }
      return { status: res.status, body: json, headers: res.headers };
    },
    async kill9() {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
      await child.status;
    },
    async term() {
      const t0 = Date.now();
      child.kill("SIGTERM");
      const s = await child.status;
      return { code: s.code, ms: Date.now() - t0 };
    },
  };
  return svc;
}

/** An account with one site (own webhook to `hookUrl`) and its API key. */
export async function seedSite(
  svc: Svc,
  name: string,
  hookUrl: string | null,
  accountId?: string,
): Promise<{ accountId: string; siteId: string; key: string }> {
  const acc = accountId ?? (await svc.admin("POST", "/accounts", { name })).id as string;
  const site = await svc.admin("POST", "/sites", {
    account_id: acc,
    name,
    domain: `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}.example.com`,
    default_notify_email: `owner-${name.toLowerCase()}@example.com`,
  });
  const { api_key } = await svc.admin("POST", `/sites/${site.id}/api-keys`);
  if (hookUrl) {
    await svc.admin("POST", `/sites/${site.id}/webhooks`, { url: hookUrl, events: ["all"] });
  }
  return { accountId: acc, siteId: site.id as string, key: api_key as string };
}

export const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const NAMES = ["Maria Gonzalez", "Tom Becker", "Aiko Tanaka", "Lena Fischer", "Omar Haddad"];
const ASKS = [
  "could you send me a quote for two oak tables",
  "is the shop open on Saturday morning",
  "I would like to book a table for four next Friday",
  "do you deliver to the next town",
  "can I change the colour of my order",
];

/** A legitimate contact-form body carrying `token` in its message. */
export function formBody(token: string, n: number, domain: string) {
  return {
    form_id: 7,
    form_name: "Contact",
    fields: {
      name: NAMES[n % NAMES.length],
      email: `visitor${n}@example.org`,
      message: `Hello, ${ASKS[n % ASKS.length]}? Reference ${token}. Thanks!`,
    },
    visitor: { user_agent: BROWSER_UA, referrer: `https://${domain}/contact` },
  };
}

/** Appends one scenario's counts to the report that run.ts sums. */
export async function report(counts: {
  scenario: string;
  acknowledged?: number;
  found?: number;
  duplicates?: number;
  doctorFindings?: number;
  checked: string[];
}): Promise<void> {
  for (const line of counts.checked) console.log(`fault[${counts.scenario}]: ${line}`);
  const path = Deno.env.get("FAULT_REPORT");
  if (!path) return;
  await Deno.writeTextFile(path, JSON.stringify(counts) + "\n", { append: true });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
