/**
 * Group commit for Deno KV: atomic operations from concurrent requests that
 * arrive while a commit is in flight are combined into the next single commit.
 * On a KV file every commit is a synced SQLite transaction, so this divides
 * the sync cost by the batch size; each caller still gets its answer only once
 * its own mutations are durable.
 *
 * Checks keep their meaning: a batch commits only if every check in it holds.
 * When one fails, the batch is retried one operation at a time so that each
 * caller learns about its own check. Two operations that check the same key
 * never share a batch (the second would pass a check the first invalidates).
 */
import { ConflictError } from "../errors.ts";

export type BatchItem = {
  /** Keys this operation checks (batches never hold two items checking the same key). */
  checks: Deno.KvKey[];
  /** Adds the operation's checks and mutations to `op`. */
  apply(op: Deno.AtomicOperation): void;
};

type Queued = BatchItem & { done: (ok: boolean) => void; fail: (e: unknown) => void };

/** Largest batch: keeps a commit well under 1,000 mutations and 800 KiB. */
const MAX_ITEMS = 16;

export class CommitBatcher {
  #queue: Queued[] = [];
  #running = false;

  constructor(readonly kv: Deno.Kv) {}

  /** Commits `item` (possibly together with others); false when one of its checks failed. */
  commit(item: BatchItem): Promise<boolean> {
    return new Promise((done, fail) => {
      this.#queue.push({ ...item, done, fail });
      if (!this.#running) {
        this.#running = true;
        // Let the requests of this turn of the event loop join the first batch.
        queueMicrotask(() => this.#drain());
      }
    });
  }

  async #drain() {
    while (this.#queue.length) {
      const batch: Queued[] = [];
      const checked = new Set<string>();
      const rest: Queued[] = [];
      for (const q of this.#queue) {
        const ks = q.checks.map((k) => JSON.stringify(k));
        if (batch.length < MAX_ITEMS && !ks.some((k) => checked.has(k))) {
          batch.push(q);
          for (const k of ks) checked.add(k);
        } else rest.push(q);
      }
      this.#queue = rest;
      await this.#commitBatch(batch);
    }
    this.#running = false;
  }

  async #commitBatch(batch: Queued[]) {
    if (batch.length > 1) {
      try {
        const op = this.kv.atomic();
        for (const q of batch) q.apply(op);
        if ((await op.commit()).ok) {
          for (const q of batch) q.done(true);
          return;
        }
      } catch {
        // Too large together (or another KV error): each on its own below.
      }
    }
    await Promise.all(batch.map(async (q) => {
      try {
        const op = this.kv.atomic();
        q.apply(op);
        q.done((await op.commit()).ok);
      } catch (e) {
        q.fail(e);
      }
    }));
  }
}

const batchers = new WeakMap<Deno.Kv, CommitBatcher>();

export function batcherOf(kv: Deno.Kv): CommitBatcher {
  let b = batchers.get(kv);
  if (!b) batchers.set(kv, b = new CommitBatcher(kv));
  return b;
}

/** Commits a check-free item through the batcher; throws if KV refused it. */
export async function commitBatched(kv: Deno.Kv, item: BatchItem, what: string): Promise<void> {
  if (!(await batcherOf(kv).commit(item))) throw new ConflictError(what);
}
