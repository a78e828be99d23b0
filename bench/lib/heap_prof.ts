/**
 * BENCH_HEAP_PROF=1: a sampled heap profile of the service's HTTP thread over
 * each row's measured window, through V8's inspector (Deno has no --heap-prof).
 * Every allocation counts, also the objects already collected (the inspector's
 * `includeObjectsCollectedBy*GC`), so a row's total over its operations is what
 * one request allocates. The profile goes to bench/results/prof/heap/ (Chrome's
 * DevTools opens it; `deno task bench:prof <file> --per <ops>` sums it).
 */

const ports = new Map<number, number>();

/** Notes the inspector port of a service process (its `--inspect=` flag). */
export function registerInspector(pid: number, port: number): void {
  ports.set(pid, port);
}

export type HeapNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
};

type Session = {
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): void;
};

async function connect(port: number): Promise<Session> {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((ok, fail) => {
    ws.onopen = ok;
    ws.onerror = fail;
  });
  let next = 1;
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.id !== undefined) waiting.get(m.id)?.(m);
  };
  return {
    call(method, params = {}) {
      const id = next++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise((ok, fail) => {
        waiting.set(id, (m) => {
          waiting.delete(id);
          if (m.error) fail(new Error(`${method}: ${JSON.stringify(m.error)}`));
          else ok(m.result as Record<string, unknown>);
        });
      });
    },
    close: () => ws.close(),
  };
}

/**
 * Starts sampling on the process's HTTP thread (when it has an inspector);
 * the returned function stops it and writes the profile as `name`.
 */
export async function startHeapSampling(
  pid: number | undefined,
): Promise<((name: string, operations: number) => Promise<void>) | null> {
  const port = pid === undefined ? undefined : ports.get(pid);
  if (port === undefined) return null;
  const s = await connect(port);
  await s.call("HeapProfiler.enable");
  await s.call("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async (name, operations) => {
    const { profile } = await s.call("HeapProfiler.stopSampling") as {
      profile: { head: HeapNode };
    };
    s.close();
    const dir = new URL("../results/prof/heap/", import.meta.url).pathname;
    await Deno.mkdir(dir, { recursive: true });
    const file = `${dir}${name.replace(/[^a-z0-9]+/gi, "_")}.heapprofile`;
    await Deno.writeTextFile(file, JSON.stringify(profile));
    console.error(`\n${name}: heap profile ${file}`);
    for (const line of heapTop(profile.head, operations, 25)) console.error(line);
  };
}

function frameName(n: HeapNode): string {
  const cf = n.callFrame;
  const short = cf.url.replace(/^.*\/(node_modules|npm\/registry\.npmjs\.org)\//, "")
    .replace(/^file:\/\/.*?\/(domain|routes|workers|bench)\//, "$1/")
    .replace(/^ext:/, "");
  return `${cf.functionName || "(anonymous)"} ${short}:${cf.lineNumber + 1}`;
}

/**
 * Allocation by function in KB per operation, largest first, the total first:
 * "self" counts what a function allocates itself, with the built-ins it calls
 * (frames without a script: `next`, `add`, `(V8 API)`) folded into it;
 * "with callees" everything allocated under its frame (once per stack).
 */
export function heapTop(head: HeapNode, operations: number, top: number): string[] {
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapNode, owner: string, stack: Set<string>): number => {
    const name = frameName(n);
    const mine = n.callFrame.url ? name : owner;
    self.set(mine, (self.get(mine) ?? 0) + n.selfSize);
    total += n.selfSize;
    const fresh = !stack.has(name);
    if (fresh) stack.add(name);
    let sum = n.selfSize;
    for (const c of n.children) sum += walk(c, mine, stack);
    if (fresh) {
      stack.delete(name);
      incl.set(name, (incl.get(name) ?? 0) + sum);
    }
    return sum;
  };
  walk(head, "(root)", new Set());
  const kb = (b: number) => (b / 1024 / Math.max(1, operations)).toFixed(1).padStart(7);
  const list = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `  ${kb(v)}  ${k}`);
  return [
    `  ${kb(total)} KB per operation in all (${operations} operations)`,
    "  self (with the built-ins it calls):",
    ...list(self),
    "  with callees:",
    ...list(incl),
  ];
}
