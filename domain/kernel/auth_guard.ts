/**
 * Failed authentication per client address, one ledger per surface (operator
 * API, /api/v1), so that credentials cannot be guessed at wire speed.
 *
 * - A failure is a credential that was presented and was wrong (a missing one
 *   guesses nothing). Presenting the same wrong credential again is not a new
 *   guess: the last RECENT wrong ones of each address are remembered (as 32-bit
 *   fingerprints, never the text), so a client stuck on a revoked key does not
 *   lock its address out, while each new value tried counts.
 * - The failure that reaches the limit (SVC_AUTH_FAILURE_LIMIT distinct ones
 *   within WINDOW_MS of the first) starts a block of WINDOW_MS: every request from
 *   the address to that surface is answered 429 with Retry-After, valid ones
 *   included, so a guess that happens to be right cannot be told from a wrong one.
 *   Other addresses are not affected; one log line per block.
 * - The client address is the TCP peer (X-Forwarded-For is not trusted), as
 *   `addressKey` (domain/kernel/net/client.ts) gives it: IPv6 counts per /64.
 *
 * In memory, per context (`ctx.authFailures`, made by createCtx): a Map lookup
 * per request, O(1) per failure, at most MAX_TRACKED addresses per surface
 * (about 2 MB); when full, the address whose last failure is oldest is
 * forgotten. Nothing goes to KV: a second process keeps its own ledger, which
 * at most doubles what one address may try.
 */
import type { Clock } from "./clock.ts";
import type { Logger } from "./log.ts";

export const WINDOW_MS = 60_000;
/** Wrong credentials remembered per address (repeats of these are not counted again). */
export const RECENT = 16;
/** Addresses tracked per surface. */
export const MAX_TRACKED = 10_000;

export type Surface = "admin" | "api";

type Entry = {
  /** First counted failure of the current window. */
  since: number;
  count: number;
  /** Fingerprints of the last RECENT wrong credentials, oldest first. */
  recent: number[];
  /** End of the block once the limit was reached; 0 while not blocked. */
  blockedUntil: number;
};

/** FNV-1a over (a bounded prefix of) the credential, and its length. */
function fingerprint(s: string): number {
  let h = 0x811c9dc5;
  const n = Math.min(s.length, 512);
  for (let i = 0; i < n; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h ^ s.length) >>> 0;
}

export class FailureLimiter {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly surface: Surface,
    readonly limit: number,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly maxTracked = MAX_TRACKED,
  ) {}

  /** Addresses currently tracked (for tests and the memory bound). */
  get size(): number {
    return this.#entries.size;
  }

  /** Seconds until `address` may try again; 0 when it is not blocked. */
  retryAfter(address: string): number {
    const e = this.#entries.get(address);
    if (!e || e.blockedUntil === 0) return 0;
    const left = e.blockedUntil - this.clock.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /**
   * Records a wrong `credential` from `address`. Returns the seconds to wait
   * when the address is (now) blocked, 0 otherwise.
   */
  fail(address: string, credential: string): number {
    const now = this.clock.now();
    let e = this.#entries.get(address);
    if (e) {
      this.#entries.delete(address); // re-inserted below: the Map's order is last failure
      const over = e.blockedUntil !== 0 ? e.blockedUntil <= now : now - e.since >= WINDOW_MS;
      if (over) e = undefined;
    }
    if (!e) e = { since: now, count: 0, recent: [], blockedUntil: 0 };
    this.#entries.set(address, e);
    if (this.#entries.size > this.maxTracked) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    if (e.blockedUntil !== 0) return this.retryAfter(address);
    const fp = fingerprint(credential);
    if (e.recent.includes(fp)) return 0;
    e.recent.push(fp);
    if (e.recent.length > RECENT) e.recent.shift();
    if (++e.count < this.limit) return 0;
    e.blockedUntil = now + WINDOW_MS;
    this.log.warn("too many failed authentications: address refused", {
      surface: this.surface,
      ip: address,
      failures: e.count,
      window_s: WINDOW_MS / 1000,
      until: new Date(e.blockedUntil).toISOString(),
    });
    return this.retryAfter(address);
  }
}

/** One ledger per surface. */
export type AuthFailures = Record<Surface, FailureLimiter>;

export function createAuthFailures(limit: number, clock: Clock, log: Logger): AuthFailures {
  return {
    admin: new FailureLimiter("admin", limit, clock, log),
    api: new FailureLimiter("api", limit, clock, log),
  };
}

/** The ledger of one surface of the app built on `ctx`. */
export function failureLimiter(
  ctx: { authFailures: AuthFailures },
  surface: Surface,
): FailureLimiter {
  return ctx.authFailures[surface];
}
