/**
 * Small helpers around Deno KV commits and listings. Every write in the store
 * goes through `commit`, which turns a failed check into a ConflictError instead
 * of letting a caller forget to look at `.ok`.
 */
import { ConflictError } from "../errors.ts";
import type { LockTable } from "../locks.ts";
import { backoff, RACE_BACKOFF } from "../backoff.ts";

export async function commit(
  op: Deno.AtomicOperation,
  what: string,
): Promise<Deno.KvCommitResult> {
  const r = await op.commit();
  if (!r.ok) throw new ConflictError(what);
  return r;
}

/**
 * Runs `fn` again when it lost a versionstamp race. Used for read-modify-write
 * of one record under concurrency (counters, windows, claims).
 */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 25): Promise<T> {
  for (let i = 1;; i++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof ConflictError) || i >= attempts) throw e;
      await backoff(i, RACE_BACKOFF);
    }
  }
}

/**
 * Runs `fn` after every earlier `serializeOnKey` call of this process for the
 * same key has finished (the context's lock table). Read-modify-writers of one hot
 * record (a site under concurrent calls) then queue up instead of failing each
 * other's versionstamp checks; the checks still guard against other processes.
 */
export function serializeOnKey<T>(
  locks: LockTable,
  key: Deno.KvKey,
  fn: () => Promise<T>,
): Promise<T> {
  const id = JSON.stringify(key, (_k, v) => typeof v === "bigint" ? `${v}n` : v);
  return locks.run(`kv:${id}`, () => fn());
}

/** Values of a listing (in key order, or reversed), at most `limit`. */
export async function listValues<T>(
  kv: Deno.Kv,
  selector: Deno.KvListSelector,
  options: Deno.KvListOptions = {},
): Promise<T[]> {
  const out: T[] = [];
  for await (const e of kv.list<T>(selector, options)) out.push(e.value);
  return out;
}

/**
 * Follows an index listing (values are ids) to the records, in index order.
 * Records are fetched 10 at a time (the getMany limit), several batches at once.
 */
export async function listByIndex<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  recordKey: (id: string) => Deno.KvKey,
  options: Deno.KvListOptions = {},
  keep: (record: T) => boolean = () => true,
  /** Only index keys before this one (a cursor for reverse listings). */
  end?: Deno.KvKey,
): Promise<T[]> {
  const ids: string[] = [];
  const selector = end === undefined ? { prefix } : { prefix, end };
  for await (const e of kv.list<string>(selector, options)) ids.push(e.value);
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += 10) batches.push(ids.slice(i, i + 10));
  const out: T[] = [];
  for (let i = 0; i < batches.length; i += 8) {
    const got = await Promise.all(
      batches.slice(i, i + 8).map((b) => kv.getMany<T[]>(b.map(recordKey))),
    );
    for (const g of got.flat()) if (g.value !== null && keep(g.value)) out.push(g.value);
  }
  return out;
}

/** Reads a KvU64 counter as a number (0 when absent). */
export async function readCount(kv: Deno.Kv, key: Deno.KvKey): Promise<number> {
  const r = await kv.get<Deno.KvU64>(key);
  return r.value ? Number(r.value.value) : 0;
}

/** getMany of any number of keys: batches of 10 (the KV limit), read at once. */
export async function getManyBatched(
  kv: Deno.Kv,
  all: Deno.KvKey[],
): Promise<Deno.KvEntryMaybe<unknown>[]> {
  if (all.length <= 10) return all.length ? await kv.getMany(all) : [];
  const batches: Promise<Deno.KvEntryMaybe<unknown>[]>[] = [];
  for (let i = 0; i < all.length; i += 10) batches.push(kv.getMany(all.slice(i, i + 10)));
  return (await Promise.all(batches)).flat();
}

/**
 * Keys to read together, by name; a name may also hold a group of names, so
 * that readers can combine their reads without their names meeting (the key
 * check's `{index, site, prefetch: {...}}`). An absent name reads nothing.
 */
export type KeyTree = { readonly [name: string]: Deno.KvKey | KeyTree | undefined };

/** What `readMany` gives for one name of a KeyTree. */
export type EntryOf<V> = V extends Deno.KvKey ? Deno.KvEntryMaybe<unknown>
  : V extends KeyTree ? EntryTree<V>
  : undefined;

/** The entries of a KeyTree, under the same names. */
export type EntryTree<T extends KeyTree> = { [N in keyof T]: EntryOf<T[N]> };

function flatten(tree: KeyTree, path: string, out: [string, Deno.KvKey][]) {
  for (const [name, v] of Object.entries(tree)) {
    if (v === undefined) continue;
    // Names are joined with NUL, which no name in code holds; recipients'
    // addresses cannot hold it either.
    if (Array.isArray(v)) out.push([path + name, v as Deno.KvKey]);
    else flatten(v as KeyTree, `${path}${name}\0`, out);
  }
}

/** The keys of `tree` in readMany's order (own names in property order, depth first). */
function keysOf(tree: KeyTree, out: Deno.KvKey[]): Deno.KvKey[] {
  // for-in over own names: no [name, value] arrays or joined names per key (this
  // runs for every key of both write paths' reads).
  for (const name in tree) {
    if (!Object.hasOwn(tree, name)) continue;
    const v = tree[name];
    if (v === undefined) continue;
    if (Array.isArray(v)) out.push(v as Deno.KvKey);
    else keysOf(v as KeyTree, out);
  }
  return out;
}

function rebuild(
  tree: KeyTree,
  got: Deno.KvEntryMaybe<unknown>[],
  at: { i: number },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in tree) {
    if (!Object.hasOwn(tree, name)) continue;
    const v = tree[name];
    const entry = v === undefined
      ? undefined
      : Array.isArray(v)
      ? got[at.i++]
      : rebuild(v as KeyTree, got, at);
    // An own property even for "__proto__" (an assignment would set the prototype).
    if (name === "__proto__") {
      Object.defineProperty(out, name, {
        value: entry,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[name] = entry;
  }
  return out;
}

/**
 * Reads every key of `tree` in one getMany (batches of 10 past the KV limit,
 * read at once) and gives the entries back under the same names:
 * `readMany(kv, {window: k1, site: k2})` -> `{window: entry, site: entry}`.
 */
export async function readMany<T extends KeyTree>(kv: Deno.Kv, tree: T): Promise<EntryTree<T>> {
  const got = await getManyBatched(kv, keysOf(tree, []));
  return rebuild(tree, got, { i: 0 }) as EntryTree<T>;
}

/** Whether two KeyTrees name the same keys under the same names. */
export function sameKeys(a: KeyTree, b: KeyTree): boolean {
  if (a === b) return true; // a plan reused as it was made (forms/submit)
  const fa: [string, Deno.KvKey][] = [];
  const fb: [string, Deno.KvKey][] = [];
  flatten(a, "", fa);
  flatten(b, "", fb);
  return fa.length === fb.length && fa.every(([name, key], i) => {
    const [otherName, other] = fb[i];
    return name === otherName && key.length === other.length &&
      key.every((p, j) => p === other[j]);
  });
}

/** Mutations per deleting operation: under KV's 1000, with room for a caller's own. */
const DELETES_PER_OP = 500;

/**
 * Deletes groups of keys; each group (a record with its indexes and blob
 * chunks) goes in one atomic operation, so no record is ever half deleted,
 * several groups per operation.
 */
export async function deleteKeyGroups(
  kv: Deno.Kv,
  groups: Deno.KvKey[][],
  /** Adds what must commit with group `i` (a counter of deletions) to its operation. */
  withEach?: (op: Deno.AtomicOperation, i: number) => void,
): Promise<void> {
  let op = kv.atomic();
  let n = 0;
  for (const [i, g] of groups.entries()) {
    if (n > 0 && n + g.length > DELETES_PER_OP) {
      await commit(op, "delete");
      op = kv.atomic();
      n = 0;
    }
    for (const k of g) op.delete(k);
    withEach?.(op, i);
    n += g.length + 1;
  }
  if (n > 0) await commit(op, "delete");
}

/**
 * One batch of a sweep: lists up to `limit` entries under `prefix`, asks
 * `expand` for the keys each one owns (the entry's own key included) and
 * deletes them. Returns how many entries it took (0: the prefix is empty).
 */
export async function sweepPrefix<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  limit: number,
  expand: (entries: Deno.KvEntry<T>[]) => Promise<Deno.KvKey[][]> | Deno.KvKey[][] = (es) =>
    es.map((e) => [e.key]),
  withEach?: (op: Deno.AtomicOperation, i: number) => void,
): Promise<number> {
  const entries: Deno.KvEntry<T>[] = [];
  for await (const e of kv.list<T>({ prefix }, { limit })) entries.push(e);
  if (entries.length === 0) return 0;
  await deleteKeyGroups(kv, await expand(entries), withEach);
  return entries.length;
}

/** The records an index's entries (values are ids) point at, in their order (null: gone). */
export async function recordsOf<T>(
  kv: Deno.Kv,
  entries: Deno.KvEntry<unknown>[],
  recordKey: (id: string) => Deno.KvKey,
): Promise<(T | null)[]> {
  const got = await getManyBatched(kv, entries.map((e) => recordKey(String(e.value))));
  return got.map((g) => g.value as T | null);
}

/**
 * One batch of deleting what a by-site index points at, oldest first
 * (deletion, retention): up to `limit` entries, and with `before` (ms) only
 * records created before it, the first newer one ending the batch. The
 * index's values are record ids read at `recordKey`, or (null) the records
 * themselves. `keysOf` gives each found record's keys, its index entry among
 * them; an entry whose record is gone takes only itself. Returns the index
 * entries that went (none: nothing left to delete).
 */
export async function sweepIndexOldestFirst<T extends { created_at: string }>(
  kv: Deno.Kv,
  index: Deno.KvKey,
  recordKey: ((id: string) => Deno.KvKey) | null,
  limit: number,
  before: number | undefined,
  keysOf: (
    found: { record: T; entry: Deno.KvEntry<unknown> }[],
  ) => Promise<Deno.KvKey[][]> | Deno.KvKey[][],
  withEach?: (op: Deno.AtomicOperation, i: number, record: T | null) => void,
): Promise<Deno.KvEntry<unknown>[]> {
  const gone: Deno.KvEntry<unknown>[] = [];
  const records: (T | null)[] = [];
  await sweepPrefix<unknown>(kv, index, limit, async (entries) => {
    const recs = recordKey
      ? await recordsOf<T>(kv, entries, recordKey)
      : entries.map((e) => e.value as T);
    for (const [i, r] of recs.entries()) {
      if (before !== undefined && r && Date.parse(r.created_at) >= before) break;
      gone.push(entries[i]);
      records.push(r);
    }
    const found = gone.flatMap((entry, i) => {
      const record = records[i];
      return record ? [{ record, entry }] : [];
    });
    const owned = await keysOf(found);
    let j = 0;
    return gone.map((e, i) => records[i] ? owned[j++] : [e.key]);
  }, withEach && ((op, i) => withEach(op, i, records[i])));
  return gone;
}

/** Every record an index (values are ids) points at, in pages of `page`, oldest first. */
export async function* eachByIndex<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  recordKey: (id: string) => Deno.KvKey,
  page = 200,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const it = kv.list<unknown>({ prefix }, { limit: page, cursor });
    const entries: Deno.KvEntry<unknown>[] = [];
    for await (const e of it) entries.push(e);
    for (const r of await recordsOf<T>(kv, entries, recordKey)) if (r !== null) yield r;
    if (entries.length < page) return;
    cursor = it.cursor;
  }
}
