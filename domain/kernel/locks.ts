/**
 * In-process keyed mutex. Writers of one hot record (a site's send window, an
 * account's quota, a site or form being edited) take turns within this
 * process, so that concurrent requests queue instead of failing each other's
 * versionstamp checks over and over. It is only an optimisation: the checks
 * still guard against other threads and processes.
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
