/**
 * Small helpers around Deno KV commits and listings. Every write in the store
 * goes through `commit`, which turns a failed check into a ConflictError instead
 * of letting a caller forget to look at `.ok`.
 */
import { ConflictError } from "../errors.ts";
import { withLock } from "../locks.ts";
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
 * same key has finished (domain/locks.ts). Read-modify-writers of one hot
 * record (a site under concurrent calls) then queue up instead of failing each
 * other's versionstamp checks; the checks still guard against other processes.
 */
export function serializeOnKey<T>(
  _kv: Deno.Kv,
  key: Deno.KvKey,
  fn: () => Promise<T>,
): Promise<T> {
  const id = JSON.stringify(key, (_k, v) => typeof v === "bigint" ? `${v}n` : v);
  return withLock(`kv:${id}`, () => fn());
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
): Promise<T[]> {
  const ids: string[] = [];
  for await (const e of kv.list<string>({ prefix }, options)) ids.push(e.value);
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
