/**
 * Inbound SMTP: messages accepted and forwarded per second (Postfix's
 * smtp-source against the inbound listener of main.ts; every message posted to
 * an inbound domain's URL and answered 250 only after the receiver's 2xx),
 * next to the raw SMTP ceilings of the same run: the same smtp-source against
 * Postfix's smtp-sink (the machine) and against a bare smtp-server that keeps
 * nothing (the library the listener is built on). Goal: 300/s or more.
 *
 *   deno run -A bench/inbound.ts [--messages 3000] [--sessions 16] [--size 2048] [--kv file|memory]
 *
 * Needs smtp-source and smtp-sink (apt-get install postfix); without them it
 * says so and stops. Prints a table and writes bench/results/inbound-<time>.json.
 */
import { parseArgs } from "node:util";
import { spawnDeno } from "./lib/spawn.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    messages: {
      type: "string",
      default: String(600 * Number(Deno.env.get("BENCH_SECONDS") ?? "5")),
    },
    // The listener allows 20 connections per client address.
    sessions: { type: "string", default: "16" },
    size: { type: "string", default: "2048" },
    kv: { type: "string", default: "file" },
  },
});
const MESSAGES = Number(values.messages);
const SESSIONS = Number(values.sessions);
const SIZE = Number(values.size);
const root = new URL("..", import.meta.url).pathname;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const p = (l.addr as Deno.NetAddr).port;
  l.close();
  return p;
}

async function has(cmd: string): Promise<boolean> {
  return await new Deno.Command("sh", { args: ["-c", `command -v ${cmd}`], stdout: "null" })
    .output().then((o) => o.success);
}

async function waitForPort(port: number) {
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

/** smtp-source: `messages` messages over `sessions` connections; messages per second. */
async function source(port: number, messages: number, to: string): Promise<number> {
  const t0 = performance.now();
  const out = await new Deno.Command("smtp-source", {
    args: [
      "-d",
      "-s",
      String(SESSIONS),
      "-m",
      String(messages),
      "-l",
      String(SIZE),
      "-f",
      "sender@bench.example",
      "-t",
      to,
      `127.0.0.1:${port}`,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  const seconds = (performance.now() - t0) / 1000;
  if (!out.success) throw new Error(`smtp-source: ${new TextDecoder().decode(out.stderr)}`);
  return messages / seconds;
}

if (!(await has("smtp-source")) || !(await has("smtp-sink"))) {
  console.log("inbound: skipped (needs smtp-source and smtp-sink: apt-get install postfix)");
  Deno.exit(0);
}

// The inbound domain's receiver: answers 204 to every post, counts them.
let posted = 0;
const receiver = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
  await req.arrayBuffer();
  posted++;
  return new Response(null, { status: 204 });
});

const dir = await Deno.makeTempDir({ prefix: "svc-bench-inbound-" });
const httpPort = freePort();
const smtpPort = freePort();
const token = "bench-admin-token-0123456789abcdef";
const svc = await spawnDeno(`${root}main.ts`, {
  ready: /Service ready on port (\d+)/,
  env: {
    PATH: Deno.env.get("PATH") ?? "",
    HOME: Deno.env.get("HOME") ?? dir,
    SVC_PORT: String(httpPort),
    SVC_HOST: "127.0.0.1",
    SVC_KV_PATH: values.kv === "memory" ? ":memory:" : `${dir}/svc.kv`,
    SVC_DATA_DIR: dir,
    SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(3))),
    SVC_ADMIN_TOKEN: token,
    SVC_SMTP_INBOUND_PORT: String(smtpPort),
    SVC_SMTP_SUBMISSION_PORT: "0",
    SVC_RELAY_FROM: "relay@bench.example",
    SVC_ALLOW_PRIVATE_TARGETS: "true",
    SVC_LOG_LEVEL: "error",
  },
});
const sinkPort = freePort();
const sink = new Deno.Command("smtp-sink", {
  args: [...(Deno.uid?.() === 0 ? ["-u", "nobody"] : []), `127.0.0.1:${sinkPort}`, "1024"],
  stdout: "null",
  stderr: "null",
}).spawn();
const bare = await spawnDeno(`${root}bench/lib/bare_smtp_server.ts`, { ready: /port (\d+)/ });
try {
  const r = await fetch(`http://127.0.0.1:${httpPort}/admin/api/v1/inbound-domains`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      domain: "in.bench.example",
      url: `http://127.0.0.1:${receiver.addr.port}/inbound`,
    }),
  });
  if (r.status !== 201) throw new Error(`inbound domain: ${r.status} ${await r.text()}`);
  await waitForPort(smtpPort);
  await waitForPort(sinkPort);

  // Warm-up, then the measured run. smtp-source varies nothing but the
  // Message-ID, so every message is a new delivery.
  await source(smtpPort, Math.min(500, MESSAGES), "rcpt@in.bench.example");
  const before = posted;
  const inbound = await source(smtpPort, MESSAGES, "rcpt@in.bench.example");
  const forwarded = posted - before;
  const machine = await source(sinkPort, MESSAGES, "rcpt@sink.example");
  const library = await source(Number(bare.match[1]), MESSAGES, "rcpt@bare.example");

  const loadavg = Deno.loadavg();
  const result = {
    at: new Date().toISOString(),
    messages: MESSAGES,
    sessions: SESSIONS,
    message_bytes: SIZE,
    kv: values.kv,
    accepted_and_forwarded_per_s: Math.round(inbound),
    forwarded,
    goal_per_s: 300,
    ceiling_smtp_sink_per_s: Math.round(machine),
    ceiling_smtp_server_per_s: Math.round(library),
    cpus: navigator.hardwareConcurrency,
    loadavg,
  };
  console.log(`
inbound SMTP (smtp-source -d -s${SESSIONS}, ${MESSAGES} messages of ${SIZE} bytes):
  accepted and forwarded  ${result.accepted_and_forwarded_per_s}/s (${forwarded} posted to the receiver; goal 300/s); KV ${values.kv}
raw SMTP ceilings, same smtp-source, same run:
  Postfix smtp-sink       ${result.ceiling_smtp_sink_per_s}/s
  bare smtp-server        ${result.ceiling_smtp_server_per_s}/s
machine: ${result.cpus} CPUs, load average ${loadavg.map((x) => x.toFixed(2)).join(" ")}`);
  if (forwarded !== MESSAGES) {
    console.error(`inbound: ${MESSAGES - forwarded} messages were accepted but not posted`);
  }
  await Deno.mkdir(`${root}bench/results`, { recursive: true });
  await Deno.writeTextFile(
    `${root}bench/results/inbound-${result.at.replace(/[:.]/g, "-")}.json`,
    JSON.stringify(result, null, 2) + "\n",
  );
} finally {
  await svc.stop();
  await bare.stop();
  sink.kill("SIGTERM");
  await sink.status;
  await receiver.shutdown();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
