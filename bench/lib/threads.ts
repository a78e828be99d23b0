/**
 * CPU seconds so far of each thread of a process, by thread name (Linux /proc):
 * "main" is the JavaScript thread that serves HTTP and runs the request path,
 * "sw-0" Deno KV's SQLite thread, "worker-N" Web Workers (mail delivery), "V8
 * helpers" V8's own threads (GC, compiler). Empty where /proc is missing.
 * The threads of child processes (the extra HTTP processes of
 * SVC_HTTP_PROCESSES) count too, named with the prefix "p2 ", "p3 " and so on.
 */
export async function threadSeconds(
  pid: number,
  out = new Map<string, number>(),
  prefix = "",
): Promise<Map<string, number>> {
  await ownThreads(pid, out, prefix);
  let n = 1;
  for (const child of childPids(pid)) await threadSeconds(child, out, `p${++n} `);
  return out;
}

/** Direct children of a process (Linux /proc), empty elsewhere. */
export function childPids(pid: number): number[] {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/task/${pid}/children`).trim().split(/\s+/)
      .filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function ownThreads(pid: number, out: Map<string, number>, prefix: string) {
  try {
    for await (const t of Deno.readDir(`/proc/${pid}/task`)) {
      try {
        const stat = await Deno.readTextFile(`/proc/${pid}/task/${t.name}/stat`);
        const name = t.name === String(pid)
          ? "main"
          : stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).replace(
            /^V8 .*/,
            "V8 helpers",
          );
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const key = prefix + name;
        out.set(key, (out.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
      } catch { /* thread ended */ }
    }
  } catch { /* not Linux */ }
}

/** Milliseconds of CPU per operation by thread between two snapshots (tiny ones left out). */
export function perOperation(
  before: Map<string, number>,
  after: Map<string, number>,
  operations: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, t] of after) {
    const ms = (t - (before.get(name) ?? 0)) * 1000 / Math.max(1, operations);
    if (ms >= 0.005) out[name] = +ms.toFixed(3);
  }
  return out;
}

export function formatPerOperation(per: Record<string, number>): string {
  return Object.entries(per).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ");
}
