/**
 * What domain functions need from the outside world, passed explicitly: the
 * KV store, the configuration, the clock, the logger, and every long-lived
 * thing the service keeps in memory (lock table, caches, failed-login ledgers,
 * the egress HTTP client, the mail services with their delivery workers).
 *
 * `createCtx` is the one place a context is made (main.ts, each job worker
 * thread, tests/helpers/service.ts) and `ctx.close()` the one place it ends,
 * so nothing is started on first use and nothing outlives its service.
 *
 * The kernel imports no capability, so the mail services come from the
 * caller (the composition root: main.ts, a worker entry, a test helper),
 * which picks them in domain/mail/lazy_services.ts: made at once, or on first use
 * for a job worker thread that mostly delivers webhooks.
 */
import { type Config, jobsUseQueue } from "./config.ts";
import { type Clock, systemClock } from "./clock.ts";
import { createLogger, type Logger } from "./log.ts";
import { LockTable } from "./locks.ts";
import { Slots } from "./slots.ts";
import { BoundedCache, TtlCache, WindowSet } from "./cache.ts";
import { type AuthFailures, createAuthFailures } from "./auth_guard.ts";
import { createEgressClient, type OutboundOverrides } from "./net/outbound_http.ts";
import { openKv } from "./kv/open.ts";
import { AsyncLocalStorage } from "node:async_hooks";
import { METRIC_HELP, Metrics } from "./metrics.ts";
import { Presence } from "./presence.ts";

/**
 * What is known about the work in progress, wherever it goes (logs, events):
 * an HTTP request's id, or an SMTP session's (each session runs in a scope of
 * its own, so nothing of another request's scope shows on its lines).
 */
export type RequestScope = { request_id?: string; smtp_session?: string };

/** In-memory caches; each holds what one module keeps, named after it. */
export type Caches = {
  /**
   * domain/sites/auth.ts: SHA-256 of a presented API key -> the site it last
   * acted for (a hint; the key is still checked on every request, from `auth`
   * at most). Its value
   * type is that module's, which the kernel does not import.
   */
  apiKeys: BoundedCache<unknown>;
  /**
   * domain/sites/auth.ts: SHA-256 of a presented API key -> its index entry
   * and site, with the presence epoch they were read in; used only while
   * `ctx.presence.alone()` and under the same epoch (presence.ts).
   */
  auth: BoundedCache<unknown>;
  /** domain/mail/message.ts: sending domain id + sealed key -> the DKIM private key (PEM). */
  dkim: BoundedCache<string>;
  /**
   * domain/blocks/auto_disable.ts: tallies (`all <site>`, `abusive <site>`)
   * whose keys of two windows ago a commit of this process deleted in the
   * current window.
   */
  abuseCleaned: WindowSet;
  /**
   * domain/forms/hosted.ts: account id + slug -> a hosted form's rendered
   * answer (body, ETag, updated_at) for RENDER_CACHE_MS; the spec lets render
   * changes take up to a minute. The key check is cached apart (`auth`).
   */
  renders: TtlCache<unknown>;
  /**
   * domain/forms/storing.ts: site id + send-window part -> that part as this
   * process last committed it, for the next submission waiting on that part
   * (saves it a read; a commit elsewhere fails its check and it reads again).
   */
  windowParts: BoundedCache<unknown>;
  /**
   * domain/mail/reservation.ts: site id -> its send window as this process
   * last read or appended to it, checked against the window's generation on
   * every read (kernel/kv/window_memory.ts).
   */
  sendWindows: BoundedCache<unknown>;
  /**
   * domain/spam/store.ts: site, form and field name of a field that a
   * legitimate submission filled, as read from its counts. Counts only grow
   * (they go only with their site), so such a field can never be a learned
   * honeypot: it is neither read nor counted again.
   */
  settledFields: BoundedCache<true>;
  /**
   * domain/spam/memory.ts: the bands that have reports, as this process last
   * read them with their generation (one entry); a submission reads only
   * their reports while the generation it reads is the same.
   */
  reportedBands: BoundedCache<unknown>;
};

/**
 * The mail capability's long-lived services as the kernel sees them: a thing
 * the context closes. domain/mail/lazy_services.ts makes them and reads them back
 * with their type (`mailOf`).
 */
export interface MailSlot {
  close(): Promise<void>;
}

/** What a mail factory gets to make the mail services from. */
export type MailParts = { config: Config; kv: Deno.Kv; clock: Clock; log: Logger };

/** A context's mail services: made from its parts, at once or on first use. */
export type MailFactory = (parts: MailParts) => MailSlot | Promise<MailSlot>;

export type Ctx = {
  kv: Deno.Kv;
  config: Config;
  clock: Clock;
  log: Logger;
  /** Counters and histograms for GET /metrics (metrics.ts); in memory, per thread. */
  metrics: Metrics;
  /**
   * The request in progress (set by routes/app.ts around each request): its
   * id goes into log lines and into the webhook deliveries it causes.
   */
  requestScope: AsyncLocalStorage<RequestScope>;
  /** This context's name among the instances sharing one database (leases.ts). */
  instanceId: string;
  /**
   * The serving instances sharing the database (presence.ts): joined by
   * main.ts before it serves HTTP; until then `alone()` is false.
   */
  presence: Presence;
  /**
   * true: jobs are triggered by KV queue messages (local KV file). false: the
   * due-index sweep alone triggers them (KV Connect, where enqueue is refused).
   */
  useQueue: boolean;
  /**
   * With useQueue: a job due now is triggered by a sum on the wake key, which
   * the job runners of this process watch, instead of a queue message (jobs.ts).
   * false in a process that runs no jobs (an extra HTTP process): its jobs
   * need queue messages to reach the runners of another process.
   */
  wakeJobs: boolean;
  /** Turns of writers of one hot record within this process (locks.ts). */
  locks: LockTable;
  /**
   * Outbound webhook POSTs in flight at once (WEBHOOK_POSTS): a burst of
   * fan-out jobs waits for slots instead of opening hundreds of connections.
   */
  webhookPosts: Slots;
  caches: Caches;
  /** Failed authentication per client address, per surface (auth_guard.ts). */
  authFailures: AuthFailures;
  /** Client through SVC_EGRESS_PROXY for outbound HTTP; undefined when none is set. */
  egressClient?: Deno.HttpClient;
  /** Test-only overrides of outbound HTTP (timeout, DNS server); unset in production. */
  outbound?: OutboundOverrides;
  /** SMTP transport (or outbox) and spam classifier (mail/services.ts), from the caller. */
  mail: MailSlot;
  /** Closes what the context owns (mail services, egress client, KV); once. */
  close(): Promise<void>;
};

export type CtxOptions = {
  /** Default: the system clock; tests pass a ManualClock. */
  clock?: Clock;
  /** Default: a logger at SVC_LOG_LEVEL. */
  log?: Logger;
  /** Default: SVC_JOB_TRIGGER, and whether the KV path has a queue (config.ts jobsUseQueue). */
  useQueue?: boolean;
  /** Default true; false where this process runs no job runner (Ctx.wakeJobs). */
  wakeJobs?: boolean;
  outbound?: OutboundOverrides;
  /**
   * The mail services (domain/mail/lazy_services.ts). createCtx takes only a factory
   * that answers at once (`lazyMail`); openCtx waits for one that loads the
   * mail stack (`eagerMail`: the delivery workers start with the service and a
   * bad mail setting fails the start). Default: none, for a context that
   * sends no mail (`mailOf` then throws).
   */
  mail?: MailFactory;
};

/** The slot of a context made without mail services: closing it is all it does. */
const NO_MAIL: MailSlot = { close: () => Promise.resolve() };

/** Entries per cache: bounds memory; a miss only costs a read or a decryption. */
const API_KEY_CACHE_SIZE = 10_000;
const DKIM_CACHE_SIZE = 1_000;
const ABUSE_CLEANED_SIZE = 100_000;
const RENDER_CACHE_SIZE = 10_000;
const WINDOW_PARTS_CACHE_SIZE = 10_000;
/**
 * Sites whose send window is held: about 4 KB each (3.8 KB measured for a
 * mail-only site's 16 parts), up to about 8 KB with MAX_KNOWN_TIMES entries.
 */
const SEND_WINDOWS_CACHE_SIZE = 1_000;
const SETTLED_FIELDS_CACHE_SIZE = 20_000;
/**
 * Webhook POSTs in flight per context: 64 fan-out jobs of 10 webhooks would
 * otherwise open 640 connections at once, each with its buffers (measured:
 * 12 to 25 MB more resident at the fan-out row's peak, no CPU or rate gained;
 * docs/performance.md "Webhook fan-out"). A POST's 10-s timeout starts in its slot.
 */
export const WEBHOOK_POSTS = 128;
/** How long a rendered form is served from memory: within the spec's minute. */
export const RENDER_CACHE_MS = 30_000;

/**
 * The context of a service on `kv`, which it now owns (`close()` closes it).
 * Starts the mail delivery workers when SMTP is configured with workers.
 */
export function createCtx(
  config: Config,
  kv: Deno.Kv,
  opts: Omit<CtxOptions, "mail"> & { mail?: (parts: MailParts) => MailSlot } = {},
): Ctx {
  const clock = opts.clock ?? systemClock;
  const requestScope = new AsyncLocalStorage<RequestScope>();
  const log = opts.log ?? createLogger(config.SVC_LOG_LEVEL, () => requestScope.getStore());
  const egressClient = createEgressClient(config.SVC_EGRESS_PROXY);
  const mail = opts.mail?.({ config, kv, clock, log }) ?? NO_MAIL;
  let closing: Promise<void> | null = null;
  const instanceId = crypto.randomUUID();
  const ctx: Ctx = {
    kv,
    config,
    clock,
    log,
    instanceId,
    presence: new Presence(kv, instanceId, {
      onError: (error) => log.warn("presence round failed", { error }),
    }),
    metrics: new Metrics(METRIC_HELP),
    requestScope,
    useQueue: opts.useQueue ?? jobsUseQueue(config),
    wakeJobs: opts.wakeJobs ?? true,
    locks: new LockTable(),
    webhookPosts: new Slots(WEBHOOK_POSTS),
    caches: {
      apiKeys: new BoundedCache(API_KEY_CACHE_SIZE),
      auth: new BoundedCache(API_KEY_CACHE_SIZE),
      dkim: new BoundedCache(DKIM_CACHE_SIZE),
      abuseCleaned: new WindowSet(ABUSE_CLEANED_SIZE),
      renders: new TtlCache(RENDER_CACHE_SIZE, RENDER_CACHE_MS),
      windowParts: new BoundedCache(WINDOW_PARTS_CACHE_SIZE),
      sendWindows: new BoundedCache(SEND_WINDOWS_CACHE_SIZE),
      settledFields: new BoundedCache(SETTLED_FIELDS_CACHE_SIZE),
      reportedBands: new BoundedCache(1),
    },
    authFailures: createAuthFailures(config.SVC_AUTH_FAILURE_LIMIT, clock, log),
    egressClient,
    outbound: opts.outbound,
    mail,
    close() {
      closing ??= (async () => {
        try {
          await ctx.presence.leave();
          await ctx.mail.close();
        } finally {
          ctx.egressClient?.close();
          kv.close();
        }
      })();
      return closing;
    },
  };
  return ctx;
}

/**
 * Opens the KV store at SVC_KV_PATH (kv/open.ts) and makes the context on it,
 * with the mail services of `opts.mail`, waited for.
 */
export async function openCtx(config: Config, opts: CtxOptions = {}): Promise<Ctx> {
  const kv = await openKv(config.SVC_KV_PATH);
  let ctx: Ctx;
  try {
    ctx = createCtx(config, kv, { ...opts, mail: undefined });
  } catch (e) {
    kv.close();
    throw e;
  }
  if (opts.mail) {
    try {
      ctx.mail = await opts.mail({ config, kv, clock: ctx.clock, log: ctx.log });
    } catch (e) {
      await ctx.close();
      throw e;
    }
  }
  return ctx;
}
