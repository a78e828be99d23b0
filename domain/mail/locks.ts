/**
 * In-process keyed mutex. Sends to one site (and, with a monthly limit, one
 * account) take turns at their versionstamp-checked reservation, so that
 * concurrent requests in this process queue instead of failing each other's
 * checks over and over; the checks still guard against other processes.
 */
const tails = new Map<string, Promise<void>>();

/** Runs `fn` when every earlier holder of `key` is done; `waited` tells whether it had to wait. */
export async function withLock<T>(key: string, fn: (waited: boolean) => Promise<T>): Promise<T> {
  const prev = tails.get(key);
  let release!: () => void;
  const mine = new Promise<void>((r) => release = r);
  const tail = prev ? prev.then(() => mine) : mine;
  tails.set(key, tail);
  if (prev) await prev;
  try {
    return await fn(prev !== undefined);
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}
