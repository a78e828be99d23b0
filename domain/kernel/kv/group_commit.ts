/**
 * Group commit for Deno KV.
 *
 * Every KV commit on a local file waits for an fsync, so one process tops out at
 * a few thousand commits a second however many requests wait, while one commit
 * can carry dozens of writes for almost the same cost (measured: ~3,000-4,500
 * commits/s on this disk; with 10 writes per commit, ~35,000 writes/s).
 * `withGroupCommit(kv)` returns a Deno.Kv whose atomic operations are queued and
 * committed together: while one commit is in flight, the operations that arrive
 * are gathered into the next. Each caller still gets its own result, and its
 * writes are durable when its `commit()` resolves, exactly as before.
 *
 * Correctness: an operation joins a batch only if none of its checks is on a
 * key written by an operation already in that batch (otherwise its check would
 * see the pre-batch value and pass when it should fail); it waits for the next
 * batch instead. Whole-batch failure (a check failed) is bisected, so each
 * operation ends with the result it would have had alone, in arrival order.
 * Deno's limits per commit (100 checks, 1000 mutations, 800 KiB) bound a batch;
 * sizes are estimated conservatively. An operation may build on an earlier
 * one's write before that one committed (`dependOn`): it then commits with it,
 * or after it with a check of its versionstamp, and fails when it fails.
 *
 * Long file: one mechanism (the queued operation, the batcher that packs and
 * bisects, and the Deno.Kv wrapper around them) whose parts share private
 * state and invariants; split, each part would only make sense beside the
 * others.
 */
import { type Backoff, backoff } from "../backoff.ts";

type Mutation = Deno.KvMutation;
type EnqueueOptions = {
  delay?: number;
  keysIfUndelivered?: Deno.KvKey[];
  backoffSchedule?: number[];
};
type Result = Deno.KvCommitResult | Deno.KvCommitError;

const MAX_CHECKS = 100;
const MAX_MUTATIONS = 1000;
const MAX_BYTES = 640 * 1024; // under the 800 KiB limit, with room for estimate error
const MAX_OPS = 256;
const MAX_INFLIGHT = 2;
/** Tries of a commit that meets "database is locked" (~1 s in all). */
const LOCKED_RETRIES = 60;
/** Pause between those tries: another process holds the file's write lock briefly. */
const LOCKED_BACKOFF: Backoff = { stepMs: 2, maxMs: 50, growth: "linear", jitter: true };

/** Identity of a key for conflict detection. */
function keyId(key: Deno.KvKey): string {
  let s = "";
  for (const p of key) {
    if (typeof p === "string") s += "s" + p.length + ":" + p;
    else if (typeof p === "number") s += "n" + p + ";";
    else if (typeof p === "bigint") s += "b" + p + ";";
    else if (typeof p === "boolean") s += p ? "T" : "F";
    else s += "u" + Array.from(p as Uint8Array).join(",") + ";";
  }
  return s;
}

/**
 * A 30-bit hash of a key for the conflict test, built without a string (the
 * test runs for every written key of every operation). Two keys with the same
 * hash only look like a conflict: the later operation then waits for the next
 * batch, as it would for a real one; a conflict is never missed. Exported
 * for its test.
 */
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);

export function keyHash(key: Deno.KvKey): number {
  let h = 0x811c9dc5;
  for (const p of key) {
    if (typeof p === "string") {
      h = Math.imul(h ^ 0x73, 0x01000193);
      for (let i = 0; i < p.length; i++) h = Math.imul(h ^ p.charCodeAt(i), 0x01000193);
      h = Math.imul(h ^ p.length, 0x01000193);
    } else if (typeof p === "number") {
      if ((p | 0) === p) h = Math.imul(Math.imul(h ^ 0x6e, 0x01000193) ^ p, 0x01000193);
      else {
        F64[0] = p; // the double's two halves
        h = Math.imul(h ^ 0x66, 0x01000193);
        h = Math.imul(Math.imul(h ^ U32[0], 0x01000193) ^ U32[1], 0x01000193);
      }
    } else if (typeof p === "bigint") {
      h = Math.imul(h ^ 0x62, 0x01000193);
      h = Math.imul(h ^ Number(BigInt.asIntN(32, p)), 0x01000193);
    } else if (typeof p === "boolean") {
      h = Math.imul(h ^ (p ? 0x54 : 0x46), 0x01000193);
    } else {
      const b = p as Uint8Array;
      h = Math.imul(h ^ 0x75, 0x01000193);
      for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 0x01000193);
      h = Math.imul(h ^ b.length, 0x01000193);
    }
  }
  return h & 0x3fffffff; // a small integer: no heap number in the arrays and sets
}

/** A generous upper bound of the serialised size of a value. */
function sizeOf(v: unknown, depth = 0): number {
  if (v === null || v === undefined || typeof v === "boolean") return 2;
  if (typeof v === "number" || typeof v === "bigint") return 10;
  if (typeof v === "string") return v.length * 2 + 8;
  if (v instanceof Uint8Array) return v.byteLength + 8;
  if (v instanceof Deno.KvU64) return 10;
  if (v instanceof Date) return 10;
  if (depth > 64) return 1 << 20;
  if (Array.isArray(v)) {
    let n = 8;
    for (const x of v) n += sizeOf(x, depth + 1);
    return n;
  }
  if (v instanceof Map || v instanceof Set) return 1 << 20; // not used by us; never batch
  if (typeof v === "object") {
    let n = 8;
    const o = v as Record<string, unknown>;
    // for-in over own keys: no [key, value] arrays per property (Object.entries).
    for (const k in o) {
      if (Object.hasOwn(o, k)) n += k.length * 2 + 4 + sizeOf(o[k], depth + 1);
    }
    return n;
  }
  return 1 << 20;
}

function keySize(key: Deno.KvKey): number {
  let n = 4;
  for (const p of key) {
    n += typeof p === "string" ? p.length * 3 + 2 : p instanceof Uint8Array ? p.byteLength + 2 : 10;
  }
  return n;
}

/** What an operation weighs in a batch; carried as it is built, never estimated again. */
type Cost = {
  checks: number;
  mutations: number;
  bytes: number;
  /** keyHash of every written key. */
  writes: number[];
  /** keyHash of every checked key. */
  checked: number[];
};

/** An operation built on another's write of `key` before that one committed (dependOn). */
type Dependency = { on: QueuedAtomic; key: Deno.KvKey };

/** An atomic operation recorded for the committer. */
class QueuedAtomic implements Deno.AtomicOperation {
  readonly checks: Deno.AtomicCheck[] = [];
  readonly mutations: Mutation[] = [];
  readonly enqueues: { value: unknown; options?: EnqueueOptions }[] = [];
  /** Added to by check(), mutate() and enqueue(): each part is sized once, when queued. */
  readonly cost: Cost = { checks: 0, mutations: 0, bytes: 0, writes: [], checked: [] };
  /** Set by dependOn until it is settled (the earlier operation's outcome known). */
  dependency: Dependency | null = null;
  /** Whether commit() was called. */
  submitted = false;
  /** Its result once answered (null: it threw). */
  outcome: Result | null | undefined = undefined;
  constructor(readonly committer: GroupCommitter) {}

  check(...checks: Deno.AtomicCheck[]): this {
    for (const c of checks) {
      this.checks.push(c);
      this.cost.checks++;
      this.cost.bytes += keySize(c.key) + 12;
      this.cost.checked.push(keyHash(c.key));
    }
    return this;
  }
  mutate(...mutations: Mutation[]): this {
    for (const m of mutations) this.#add(m);
    return this;
  }
  // The helpers add their one mutation directly (no rest-argument array).
  #add(m: Mutation): this {
    this.mutations.push(m);
    this.cost.mutations++;
    this.cost.bytes += keySize(m.key) + ("value" in m ? sizeOf(m.value) : 0);
    this.cost.writes.push(keyHash(m.key));
    return this;
  }
  sum(key: Deno.KvKey, n: bigint): this {
    return this.#add({ type: "sum", key, value: new Deno.KvU64(n) });
  }
  min(key: Deno.KvKey, n: bigint): this {
    return this.#add({ type: "min", key, value: new Deno.KvU64(n) });
  }
  max(key: Deno.KvKey, n: bigint): this {
    return this.#add({ type: "max", key, value: new Deno.KvU64(n) });
  }
  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): this {
    return this.#add({ type: "set", key, value, expireIn: options?.expireIn });
  }
  delete(key: Deno.KvKey): this {
    return this.#add({ type: "delete", key });
  }
  enqueue(value: unknown, options?: EnqueueOptions): this {
    this.enqueues.push({ value, options });
    this.cost.mutations++;
    this.cost.bytes += sizeOf(value) + 64;
    return this;
  }
  commit(): Promise<Result> {
    this.submitted = true;
    return this.committer.submit(this);
  }

  /** Copies this operation onto a real one. */
  applyTo(op: Deno.AtomicOperation): void {
    if (this.checks.length) op.check(...this.checks);
    for (const m of this.mutations) {
      // mutate() rejects an undefined expireIn; pass only what was given.
      if (m.type === "set" && m.expireIn === undefined) op.set(m.key, m.value);
      else op.mutate(m);
    }
    for (const e of this.enqueues) op.enqueue(e.value, e.options);
  }
}

type Waiting = { op: QueuedAtomic; resolve: (r: Result) => void; reject: (e: unknown) => void };

class GroupCommitter {
  #queue: Waiting[] = [];
  #inflight = 0;
  /** Counters for diagnostics and the benchmark. */
  readonly stats = {
    commits: 0,
    operations: 0,
    stale: 0,
    splits: 0,
    locked: 0,
    commitMs: 0,
    maxBatch: 0,
    /** Operations answered {ok: false} because the one they built on failed (dependOn). */
    dependentsFailed: 0,
  };
  constructor(private readonly kv: Deno.Kv) {}

  submit(op: QueuedAtomic): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#queue.push({
        op,
        resolve: (r) => {
          op.outcome = r;
          resolve(r);
        },
        reject: (e) => {
          op.outcome = null;
          reject(e);
        },
      });
      this.#pump();
    });
  }

  /**
   * Settles the dependencies (dependOn) of `batch`'s operations before it is
   * committed, in order: an operation whose earlier one failed is answered
   * `{ok: false}` and left out (what it wrote builds on a write that did not
   * happen); one whose earlier one committed checks the key at that commit's
   * versionstamp instead (another process may have written it since); one
   * whose earlier one is in `batch` before it stays (one atomic commit).
   * Returns the operations to commit.
   */
  #settle(batch: Waiting[]): Waiting[] {
    if (!batch.some((w) => w.op.dependency)) return batch;
    const kept: Waiting[] = [];
    const here = new Set<QueuedAtomic>();
    for (const w of batch) {
      const dep = w.op.dependency;
      if (dep && !here.has(dep.on) && !this.#settleOne(w)) continue;
      here.add(w.op);
      kept.push(w);
    }
    return kept;
  }

  /**
   * Settles the dependency of `w`, whose earlier operation is not committed
   * with it: true when it can commit (with a check of the key at the earlier
   * commit's versionstamp), false when it was answered `{ok: false}`.
   */
  #settleOne(w: Waiting): boolean {
    const dep = w.op.dependency!;
    const before = dep.on.outcome;
    w.op.dependency = null;
    if (before && before.ok) {
      w.op.check({ key: dep.key, versionstamp: before.versionstamp });
      return true;
    }
    // Failed, or (never expected) not committed yet: fail safe, the caller retries.
    this.stats.dependentsFailed++;
    w.resolve({ ok: false });
    return false;
  }

  /**
   * Starts batches while fewer than MAX_INFLIGHT are committing. Two in flight
   * let one batch be prepared and sent while the other waits on the disk; KV
   * runs them one after the other, so each batch's checks still see every
   * earlier write.
   */
  #pump(): void {
    while (this.#inflight < MAX_INFLIGHT && this.#queue.length) {
      const batch = this.#takeBatch();
      // Only operations waiting for an earlier one's outcome: its batch's end pumps again.
      if (!batch.length) return;
      this.#inflight++;
      this.#commit(batch).finally(() => {
        this.#inflight--;
        this.#pump();
      });
    }
  }

  /** Takes the longest compatible batch from the front of the queue, in order. */
  #takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const written = new Set<number>();
    let checks = 0, mutations = 0, bytes = 0;
    let closed = false;
    const taken = new Set<QueuedAtomic>();
    for (const w of this.#queue) {
      if (closed) {
        rest.push(w);
        continue;
      }
      const dep = w.op.dependency;
      if (dep && !taken.has(dep.on)) {
        if (dep.on.outcome === undefined) {
          // Built on an operation committing in a batch in flight: waits for
          // its outcome, without holding back the operations behind it.
          rest.push(w);
          continue;
        }
        // Settled now, so that its check takes part in the conflict test below.
        if (!this.#settleOne(w)) continue;
      }
      const c = w.op.cost;
      const fits = batch.length === 0 ||
        (batch.length < MAX_OPS && checks + c.checks <= MAX_CHECKS &&
          mutations + c.mutations <= MAX_MUTATIONS && bytes + c.bytes <= MAX_BYTES);
      if (!fits) {
        closed = true; // keep arrival order: nothing after this one joins either
        rest.push(w);
        continue;
      }
      if (checksWritten(c.checked, written)) {
        // Depends on a write in this batch: must see it, so it waits. Later
        // operations that write what this one checks must wait behind it too.
        closed = true;
        rest.push(w);
        continue;
      }
      batch.push(w);
      taken.add(w.op);
      checks += c.checks;
      mutations += c.mutations;
      bytes += c.bytes;
      for (const k of c.writes) written.add(k);
    }
    this.#queue = rest;
    return batch;
  }

  /**
   * Answers `{ok: false}` at once to operations whose checks already fail, so
   * one lost race does not fail (and split) the whole batch. Versionstamps only
   * move forward, so a check that fails now would fail in the commit too; only
   * this committer writes from this process, so the survivors' checks hold
   * unless another process writes in between (then the batch is split).
   */
  async #dropStale(batch: Waiting[]): Promise<Waiting[]> {
    const wanted = new Map<string, Deno.KvKey>();
    for (const w of batch) for (const c of w.op.checks) wanted.set(keyId(c.key), c.key);
    if (!wanted.size) return batch;
    const ids = [...wanted.keys()];
    const current = new Map<string, string | null>();
    const reads = [];
    for (let i = 0; i < ids.length; i += 10) {
      const part = ids.slice(i, i + 10);
      reads.push(
        this.kv.getMany(part.map((id) => wanted.get(id)!)).then((got) =>
          got.forEach((e, j) => current.set(part[j], e.versionstamp))
        ),
      );
    }
    await Promise.all(reads);
    const keep: Waiting[] = [];
    for (const w of batch) {
      if (w.op.checks.every((c) => current.get(keyId(c.key)) === c.versionstamp)) keep.push(w);
      else {
        this.stats.stale++;
        w.resolve({ ok: false });
      }
    }
    return keep;
  }

  async #commit(all: Waiting[], validated = false): Promise<void> {
    const batch = this.#settle(all);
    if (!batch.length) return;
    if (batch.length === 1) {
      const w = batch[0];
      try {
        w.resolve(
          await this.#timed(() => {
            const op = this.kv.atomic();
            w.op.applyTo(op);
            return op;
          }, 1),
        );
      } catch (e) {
        w.reject(e);
      }
      return;
    }
    let result: Result | null = null;
    try {
      result = await this.#timed(() => {
        const op = this.kv.atomic();
        for (const w of batch) w.op.applyTo(op);
        return op;
      }, batch.length);
    } catch {
      result = null; // over a limit after all, or one bad op: split
    }
    if (result && result.ok) {
      for (const w of batch) w.resolve(result);
      return;
    }
    if (result && !validated) {
      // A check failed: answer the operations whose checks already fail from a
      // read, and commit the rest together again.
      const rest = await this.#dropStale(batch);
      if (rest.length) await this.#commit(rest, true);
      return;
    }
    // Failed again (another process wrote in between) or refused: halve until
    // each operation has its own answer. Halves keep arrival order.
    this.stats.splits++;
    const mid = batch.length >> 1;
    await this.#commit(batch.slice(0, mid), validated);
    await this.#commit(batch.slice(mid), validated);
  }

  /**
   * Commits the batch built by `build`. Another handle on the same file (a job
   * worker, another process) can hold SQLite's write lock for a moment; Deno
   * KV then fails the commit with "database is locked" instead of waiting.
   * Nothing was written, so the batch is rebuilt and tried again.
   */
  async #timed(build: () => Deno.AtomicOperation, n: number): Promise<Result> {
    const t0 = performance.now();
    try {
      for (let attempt = 1;; attempt++) {
        try {
          return await build().commit();
        } catch (e) {
          if (!isLocked(e) || attempt >= LOCKED_RETRIES) throw e;
          this.stats.locked++;
          await backoff(attempt, LOCKED_BACKOFF);
        }
      }
    } finally {
      this.stats.commits++;
      this.stats.operations += n;
      this.stats.maxBatch = Math.max(this.stats.maxBatch, n);
      this.stats.commitMs += performance.now() - t0;
    }
  }
}

/** Whether one of `checked` is in `written` (a loop: no closure per operation). */
function checksWritten(checked: number[], written: Set<number>): boolean {
  for (let i = 0; i < checked.length; i++) if (written.has(checked[i])) return true;
  return false;
}

/** Runs a read again while SQLite reports the database locked (rare for reads). */
async function whenUnlocked<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await read();
    } catch (e) {
      if (!isLocked(e) || attempt >= LOCKED_RETRIES) throw e;
      await backoff(attempt, LOCKED_BACKOFF);
    }
  }
}

/** SQLite's busy error as Deno KV reports it. */
export function isLocked(e: unknown): boolean {
  return e instanceof Error && /database is locked|SQLITE_BUSY/i.test(e.message);
}

/**
 * Makes `op` build on `earlier`'s write of `key` before `earlier` has
 * committed (a writer of one hot value need not wait for the commit before
 * it): `op` must not check `key` itself. It then commits in the same batch
 * as `earlier`, after it and atomically with it, or, when `earlier` committed
 * in a batch before, with a check that `key` is still at that commit's
 * versionstamp; when `earlier` fails, `op` is answered `{ok: false}` without
 * being written, so nothing is committed on a write that did not happen.
 * `earlier` must be committing already (its commit() called). False when
 * either is not an operation of the same group-commit KV (nothing is changed:
 * the caller waits for `earlier` and checks as usual).
 */
export function dependOn(
  op: Deno.AtomicOperation,
  earlier: Deno.AtomicOperation,
  key: Deno.KvKey,
): boolean {
  if (
    !(op instanceof QueuedAtomic) || !(earlier instanceof QueuedAtomic) ||
    op.committer !== earlier.committer || op.submitted || op.dependency
  ) return false;
  if (!earlier.submitted) throw new Error("dependOn: the earlier operation is not committing");
  op.dependency = { on: earlier, key };
  return true;
}

/** Whether `op` is one that dependOn accepts (an operation of a group-commit KV). */
export function canDepend(op: Deno.AtomicOperation): boolean {
  return op instanceof QueuedAtomic;
}

/** A Deno.Kv that commits through a group committer; reads go straight through. */
export class GroupCommitKv implements Deno.Kv {
  readonly #committer: GroupCommitter;
  constructor(readonly inner: Deno.Kv) {
    this.#committer = new GroupCommitter(inner);
  }
  get stats() {
    return this.#committer.stats;
  }
  atomic(): Deno.AtomicOperation {
    return new QueuedAtomic(this.#committer);
  }
  get<T = unknown>(key: Deno.KvKey, options?: { consistency?: Deno.KvConsistencyLevel }) {
    return whenUnlocked(() => this.inner.get<T>(key, options));
  }
  getMany<T extends readonly unknown[]>(
    keys: readonly [...{ [K in keyof T]: Deno.KvKey }],
    options?: { consistency?: Deno.KvConsistencyLevel },
  ) {
    return whenUnlocked(() => this.inner.getMany<T>(keys, options));
  }
  async set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }) {
    const r = await this.atomic().set(key, value, options).commit();
    return r as Deno.KvCommitResult;
  }
  async delete(key: Deno.KvKey): Promise<void> {
    await this.atomic().delete(key).commit();
  }
  list<T = unknown>(selector: Deno.KvListSelector, options?: Deno.KvListOptions) {
    return this.inner.list<T>(selector, options);
  }
  enqueue(value: unknown, options?: EnqueueOptions) {
    return this.inner.enqueue(value, options);
  }
  // deno-lint-ignore no-explicit-any
  listenQueue(handler: (value: any) => Promise<void> | void): Promise<void> {
    return this.inner.listenQueue(handler);
  }
  watch<T extends readonly unknown[]>(
    keys: readonly [...{ [K in keyof T]: Deno.KvKey }],
    options?: { raw?: boolean },
  ) {
    return this.inner.watch<T>(keys, options);
  }
  commitVersionstamp(): symbol {
    return this.inner.commitVersionstamp();
  }
  close(): void {
    this.inner.close();
  }
  [Symbol.dispose](): void {
    this.inner.close();
  }
}

export function withGroupCommit(kv: Deno.Kv): GroupCommitKv {
  return kv instanceof GroupCommitKv ? kv : new GroupCommitKv(kv);
}
