/**
 * The service as a subprocess of `deno task start`'s command, on a fixed port
 * and KV file so that it can be stopped and started again with its data.
 */
// deno-lint-ignore no-explicit-any
type Any = any;

export type Service = {
  base: string;
  port: number;
  /** The SMTP submission port (SVC_SMTP_SUBMISSION_PORT), the same after a restart. */
  smtpPort: number;
  token: string;
  admin: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Any }>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Sends a signal to the service process (SIGSTOP freezes it, SIGCONT thaws it). */
  signal: (sig: Deno.Signal) => void;
  /** What the service wrote to stdout and stderr. */
  logs: () => string;
};

/** A free loopback port (bound, then released). */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export async function startService(dir: string): Promise<Service> {
  const tasks = JSON.parse(await Deno.readTextFile("deno.json")).tasks as Record<string, string>;
  // The start task's environment (MALLOC_ARENA_MAX), then `deno` and its arguments.
  const words = tasks.start.split(/\s+/);
  const at = words.indexOf("deno");
  const taskEnv = Object.fromEntries(words.slice(0, at).map((w) => w.split("=", 2)));
  const args = words.slice(at + 1);
  const port = freePort();
  const smtpPort = freePort();
  const token = "wp-e2e-admin-token-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789";
  let child: Deno.ChildProcess | null = null;
  let logs = "";

  const start = async () => {
    const proc = new Deno.Command(Deno.execPath(), {
      args,
      clearEnv: true,
      env: {
        ...taskEnv,
        PATH: Deno.env.get("PATH") ?? "",
        HOME: Deno.env.get("HOME") ?? dir,
        DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
        SVC_PORT: String(port),
        SVC_HOST: "127.0.0.1",
        SVC_BASE_URL: `http://127.0.0.1:${port}`,
        SVC_KV_PATH: `${dir}/svc.kv`,
        SVC_ADMIN_TOKEN: token,
        SVC_SMTP_INBOUND_PORT: "0",
        SVC_SMTP_SUBMISSION_PORT: String(smtpPort),
        SVC_LOG_LEVEL: "error",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    child = proc;
    const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    const deadline = Date.now() + 60_000;
    while (!/Service ready on port (\d+)/.test(out)) {
      if (Date.now() > deadline) throw new Error(`the service did not start: ${out}`);
      const { value, done } = await reader.read();
      if (done) {
        const err = await new Response(proc.stderr).text();
        throw new Error(`the service exited: ${out}\n${err}`);
      }
      out += value;
    }
    // Keep reading both pipes: a closed or full pipe would stop or kill the
    // service at its next log line, and the text explains a failure.
    (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: "", done: true }));
        if (done) break;
        logs += value;
      }
    })();
    proc.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (chunk) => void (logs += chunk) }),
    ).catch(() => {});
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    child = null;
    try {
      proc.kill("SIGTERM");
    } catch { /* already gone */ }
    await proc.status;
  };

  const base = `http://127.0.0.1:${port}`;
  const admin = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}/admin/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    let parsed: Any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: r.status, body: parsed };
  };

  await start();
  const signal = (sig: Deno.Signal) => {
    if (!child) throw new Error("the service is not running");
    child.kill(sig);
  };
  return { base, port, smtpPort, token, admin, stop, start, signal, logs: () => logs };
}
