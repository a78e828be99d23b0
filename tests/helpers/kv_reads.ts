/**
 * Records the reads a KV handle is asked for, to assert how many round trips
 * a request makes: each get, getMany (with the first part of each key) and list.
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
