/** Starts a Deno script as a subprocess and waits for a line matching `ready`. */
export type Spawned = { child: Deno.ChildProcess; match: RegExpMatchArray; stop(): Promise<void> };

type SpawnOpts = {
  env?: Record<string, string>;
  ready: RegExp;
  args?: string[];
  /** Flags for deno itself (before the script), e.g. --cpu-prof. */
  denoFlags?: string[];
  timeoutMs?: number;
};

export function spawnDeno(script: string, opts: SpawnOpts): Promise<Spawned> {
  return spawnProcess(
    Deno.execPath(),
    ["run", "-A", ...(opts.denoFlags ?? []), script, ...(opts.args ?? [])],
    script,
    opts,
  );
}

/** Any program (the Node peer), started and awaited the same way; `label` names it in errors. */
export async function spawnProcess(
  command: string,
  args: string[],
  label: string,
  opts: Pick<SpawnOpts, "env" | "ready" | "timeoutMs"> & { cwd?: string },
): Promise<Spawned> {
  const script = label;
  const child = new Deno.Command(command, {
    args,
    cwd: opts.cwd,
    env: opts.env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  // BENCH_VERBOSE=1 forwards the child's output (diagnostics during a run).
  const verbose = Deno.env.get("BENCH_VERBOSE") === "1";
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${lines.join("\n")}`)),
      opts.timeoutMs ?? 30_000,
    );
    const watch = async (stream: ReadableStream<Uint8Array>) => {
      const dec = new TextDecoder();
      let buf = "";
      for await (const chunk of stream) {
        buf += dec.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (lines.length < 200) lines.push(line);
          if (verbose) console.error(`[${script.split("/").pop()}] ${line}`);
          const m = line.match(opts.ready);
          if (m) {
            clearTimeout(timer);
            resolve(m);
          }
        }
      }
    };
    watch(child.stdout).catch(() => {});
    watch(child.stderr).catch(() => {});
  });
  return {
    child,
    match,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
    },
  };
}
