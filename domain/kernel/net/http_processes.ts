/**
 * Extra HTTP processes (SVC_HTTP_PROCESSES): main.ts starts `n` copies of
 * itself with `--http-only`, each listening on the same port with SO_REUSEPORT
 * (the kernel spreads new connections over the listeners) and opening the same
 * KV file. They answer requests only: jobs, crons and the SMTP listeners stay
 * in the first process, so jobs run once however many processes serve.
 *
 * A child is started with the parent's own Deno flags (read from
 * /proc/self/cmdline: permissions, --cpu-prof and the like), or else with the
 * permissions this process holds. Its stdin is a pipe from the parent: when the
 * parent goes, even killed, the pipe ends and the child shuts down.
 */
import { fileURLToPath } from "node:url";
import type { Logger } from "../log.ts";

/** The line an HTTP process prints on stdout once it listens. */
export const HTTP_PROCESS_READY = /^HTTP process (\d+) ready on port (\d+)/;

export type HttpProcesses = {
  pids: number[];
  stop(): Promise<void>;
};

const MAIN = fileURLToPath(new URL("../../../main.ts", import.meta.url));
const PERMISSIONS = ["net", "read", "write", "env", "sys", "ffi", "run"] as const;

/** `deno` arguments before the script that started this process, when main.ts is that script. */
function ownFlags(): string[] | null {
  try {
    const argv = Deno.readTextFileSync("/proc/self/cmdline").split("\0");
    const at = argv.findIndex((a, i) => i > 1 && (a === MAIN || a.endsWith("main.ts")));
    if (argv[1] !== "run" || at < 0) return null;
    return argv.slice(1, at);
  } catch {
    return null;
  }
}

function grantedFlags(): string[] {
  const flags = ["run", "--unstable-kv", "--unstable-net", "--unstable-cron"];
  for (const name of PERMISSIONS) {
    if (Deno.permissions.querySync({ name }).state === "granted") flags.push(`--allow-${name}`);
  }
  return flags;
}

/**
 * Starts `count` HTTP processes on `port` (already bound with reusePort by this
 * process) and waits until each listens. Their output goes to this process's.
 */
export async function startHttpProcesses(
  count: number,
  port: number,
  log: Logger,
  timeoutMs = 60_000,
): Promise<HttpProcesses> {
  if (Deno.permissions.querySync({ name: "run", command: Deno.execPath() }).state !== "granted") {
    throw new Deno.errors.NotCapable(
      `SVC_HTTP_PROCESSES above 1 starts more deno processes: run with --allow-run ` +
        `(or --allow-run=${Deno.execPath()})`,
    );
  }
  const flags = ownFlags() ?? grantedFlags();
  const children: Deno.ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(async (c) => {
      try {
        c.kill("SIGTERM");
      } catch { /* already gone */ }
      await c.status;
    }));
  };
  try {
    await Promise.all(Array.from({ length: count }, (_, i) => {
      const child = new Deno.Command(Deno.execPath(), {
        args: [...flags, MAIN, "--http-only", String(i + 2)],
        env: { SVC_PORT: String(port) },
        stdin: "piped",
        stdout: "piped",
        stderr: "inherit",
      }).spawn();
      children.push(child);
      return waitReady(child, timeoutMs);
    }));
  } catch (e) {
    await stop();
    throw e;
  }
  log.info("HTTP processes started", { port, pids: children.map((c) => c.pid) });
  return { pids: children.map((c) => c.pid), stop };
}

/** Resolves at the child's ready line; the rest of its stdout is copied to ours. */
function waitReady(child: Deno.ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`HTTP process ${child.pid} did not start in ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.status.then((s) => {
      clearTimeout(timer);
      reject(new Error(`HTTP process ${child.pid} exited with code ${s.code} before it listened`));
    });
    (async () => {
      let buf = "";
      let ready = false;
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
        if (ready) {
          await Deno.stdout.write(new TextEncoder().encode(chunk)).catch(() => 0);
          continue;
        }
        buf += chunk;
        let i;
        while (!ready && (i = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (HTTP_PROCESS_READY.test(line)) {
            ready = true;
            clearTimeout(timer);
            resolve();
          } else console.log(line);
        }
        if (ready && buf) console.log(buf.replace(/\n$/, ""));
      }
    })().catch(() => {});
  });
}

/** In an HTTP process: calls `stop` when the parent's pipe on stdin ends. */
export function stopWithParent(stop: () => void): void {
  (async () => {
    const buf = new Uint8Array(64);
    try {
      while ((await Deno.stdin.read(buf)) !== null) { /* nothing is sent */ }
    } catch { /* closed */ }
    stop();
  })();
}
