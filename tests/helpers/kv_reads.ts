/**
 * Records the reads a KV handle is asked for, to assert how many round trips
 * a request makes: each get, getMany (with the first part of each key) and list;
 * `commitsOf` records the atomic commits the same way.
 */
export type KvRead = { op: "get" | "getMany" | "list"; keys: string[] };

export function recordingKv(kv: Deno.Kv): { kv: Deno.Kv; reads: KvRead[] } {
  const reads: KvRead[] = [];
  const first = (k: Deno.KvKey) => String(k[0]);
  const proxy = new Proxy(kv, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (typeof v !== "function") return v;
      if (prop === "get") {
        return (key: Deno.KvKey, o?: { consistency?: Deno.KvConsistencyLevel }) => {
          reads.push({ op: "get", keys: [first(key)] });
          return target.get(key, o);
        };
      }
      if (prop === "getMany") {
        return (keys: Deno.KvKey[], o?: { consistency?: Deno.KvConsistencyLevel }) => {
          reads.push({ op: "getMany", keys: keys.map(first) });
          return target.getMany(keys, o);
        };
      }
      if (prop === "list") {
        return (s: Deno.KvListSelector, o?: Deno.KvListOptions) => {
          reads.push({ op: "list", keys: [] });
          return target.list(s, o);
        };
      }
      return v.bind(target);
    },
  });
  return { kv: proxy, reads };
}

/** Runs `fn` with `ctx.kv` recorded; gives back what it read. */
export async function readsOf(
  ctx: { kv: Deno.Kv },
  fn: () => Promise<unknown>,
): Promise<KvRead[]> {
  const original = ctx.kv;
  const r = recordingKv(original);
  ctx.kv = r.kv;
  try {
    await fn();
  } finally {
    ctx.kv = original;
  }
  return r.reads;
}

/** One atomic commit: the first part of each checked (`?`) and written key, in order. */
export type KvCommit = { keys: string[] };

/** Runs `fn` with `ctx.kv` recorded; gives back the atomic operations it committed. */
export async function commitsOf(
  ctx: { kv: Deno.Kv },
  fn: () => Promise<unknown>,
): Promise<KvCommit[]> {
  const original = ctx.kv;
  const commits: KvCommit[] = [];
  const recordOp = (op: Deno.AtomicOperation): Deno.AtomicOperation => {
    const keys: string[] = [];
    const proxy: Deno.AtomicOperation = new Proxy(op, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target);
        if (typeof v !== "function") return v;
        return (...args: unknown[]) => {
          if (prop === "check") {
            for (const c of args as Deno.AtomicCheck[]) keys.push("?" + String(c.key[0]));
          } else if (prop === "set" || prop === "delete" || prop === "sum") {
            keys.push(String((args[0] as Deno.KvKey)[0]));
          } else if (prop === "mutate") {
            for (const m of args as Deno.KvMutation[]) keys.push(String(m.key[0]));
          } else if (prop === "commit") {
            commits.push({ keys });
            return v.apply(target, args);
          }
          const r = v.apply(target, args);
          return r === target ? proxy : r;
        };
      },
    });
    return proxy;
  };
  ctx.kv = new Proxy(original, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "atomic") return () => recordOp(target.atomic());
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  try {
    await fn();
  } finally {
    ctx.kv = original;
  }
  return commits;
}
