/**
 * The site's send window and the account's monthly email quota: what a send
 * reserves before the SMTP hand-off, and the log record of an attempt that
 * ends without sending.
 *
 * Every outcome from check 11 on is one email log record, committed in one
 * atomic op with the site's send window (the 120-in-60-s limit, which also
 * keeps the site's log total) and its event. A send reserves its "sending"
 * record, window slot and quota unit *before* the hand-off, versionstamp-
 * checked, so concurrent sends cannot slip past the limits; in-process sends of
 * one site (and account) take turns (kernel/locks.ts). A rate_limited answer
 * writes nothing (logging it would keep a busy site limited forever).
 *
 * The window as this process last read or appended to it is kept in memory
 * (ctx.caches.sendWindows, kernel/kv/window_memory.ts): a send reads its
 * generation instead of its 16 parts, and reads them only when the generation
 * shows an append made elsewhere.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { addressId } from "../kernel/crypto.ts";
import { ConflictError } from "../kernel/errors.ts";
import { backoff, RACE_BACKOFF } from "../kernel/backoff.ts";
import {
  addMonthly,
  appendWindowPart,
  type MonthlyUsage,
  readMonthly,
  readWindowGen,
  readWindowParts,
  WINDOW_PARTS,
  type WindowPart,
  type WindowState,
} from "../kernel/kv/counters.ts";
import {
  forgetWindow,
  knownAfterAppend,
  knownWindowOf,
  latestWindow,
  recallWindow,
  rememberWindow,
  windowFromKnown,
} from "../kernel/kv/window_memory.ts";
import type { EntryTree } from "../kernel/kv/kv.ts";
import { prepareEvent } from "../webhooks/events.ts";
import type { WebhookRoute } from "../sites/routing.ts";
import type { Site } from "../sites/schema.ts";
import type { Account } from "../accounts/accounts.ts";
import {
  type SendState,
  type SendStateKeys,
  sendStateKeys,
  sendStateOf,
  type SendStateQuery,
  withTotal,
} from "./send_state_store.ts";
import { type EmailLogRecord, putEmailLog } from "./email_log_store.ts";
import { fail, type SendOutcome } from "./outcome.ts";

/** Spec: 120 or more log entries for the site in the last 60 seconds. */
export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;
const WINDOW = "site_email_log";
/** The name of the site's send window (counters.ts), for deleting a site's counters. */
export const LOG_WINDOW = WINDOW;
/** Running totals (addTotal/readTotal names). */
export const TOTALS = {
  /** Log entries of a site: kept by the send window now (siteLogTotal); summed before. */
  log: "site_email_log",
  sent: "site_emails_sent",
  opens: "site_email_opens",
  clicks: "site_email_clicks",
  messageOpens: "message_opens",
  messageClicks: "message_clicks",
} as const;

export type LogWindow = WindowState & { total: number };

/**
 * The site's send window as it is now, with the site's log total: from
 * memory when the window's generation (one key) shows no append since, else
 * read whole.
 */
export async function readLogWindow(ctx: Ctx, siteId: string): Promise<LogWindow> {
  const now = ctx.clock.now();
  const cache = ctx.caches.sendWindows;
  const planned = recallWindow(cache, siteId);
  let w: WindowState | null = null;
  if (planned) {
    const gen = await readWindowGen(ctx.kv, WINDOW, siteId);
    w = windowFromKnown([planned, latestWindow(cache, siteId)], gen, now, RATE_WINDOW_MS);
  }
  if (!w) {
    w = await readWindowParts(ctx.kv, WINDOW, siteId, now, RATE_WINDOW_MS);
    rememberWindow(cache, siteId, knownWindowOf(w), planned ? "missed" : "read");
  }
  return await withTotal(ctx.kv, siteId, TOTALS.log, w);
}

/**
 * For a send-state query (`known`): the site's send window as this process
 * knows it when the read comes back, or undefined to read it whole.
 */
export function knownLogWindow(ctx: Ctx, siteId: string): SendStateQuery["known"] {
  const cache = ctx.caches.sendWindows;
  const planned = recallWindow(cache, siteId);
  return planned && { planned, latest: () => latestWindow(cache, siteId) };
}

/** Keeps the window a send state read whole (nothing new when it came from memory). */
export function noteSendState(ctx: Ctx, state: SendState): void {
  const how = state.windowSource;
  if (how !== "read" && how !== "missed") return;
  rememberWindow(ctx.caches.sendWindows, state.query.siteId, knownWindowOf(state.window), how);
}

/** Keeps the window as this process's committed exact entry left it. */
function noteAppend(
  ctx: Ctx,
  siteId: string,
  w: LogWindow,
  written: WindowPart,
  versionstamp: string,
): void {
  const known = knownAfterAppend(w, 0, written, versionstamp);
  rememberWindow(ctx.caches.sendWindows, siteId, known, "appended");
}

/**
 * Adds one log entry to the site's window inside `op`: its slot, and the
 * site's log total that the window keeps (TOTALS.log is that total as summed
 * before windows kept it). The window is kept in parts (counters.ts): an entry
 * given a `part` is one no limit decides (a form notification) and checks only
 * that part, so a burst on one site does not take turns; any other entry goes
 * to part 0 and checks every part, so the 120-in-60-s limit stays exact.
 */
export function appendLogEntry(
  op: Deno.AtomicOperation,
  w: LogWindow,
  now: number,
  part?: number,
  chained = false,
): WindowPart {
  // The first entry of a window with an old separate total takes part 0,
  // exact: two such entries on different parts would both carry that total.
  const first = carriesOldTotal(w);
  const exact = part === undefined || first;
  if (exact && chained) throw new Error("an exact window entry cannot be chained");
  return appendWindowPart(op, w, now, RATE_LIMIT, { part: exact ? 0 : part, exact, chained });
}

/** Whether the next entry would carry the site's log total from before windows kept it. */
export function carriesOldTotal(w: LogWindow): boolean {
  // A window read in one part has a generation: that total was carried (counters.ts windowOfPart).
  if (w.onlyPart !== undefined) return false;
  return !w.parts || (w.total > 0 && w.parts.every((p) => p.total === null));
}

/** Email log entries of a site ever (email-stats `logged`). */
export async function siteLogTotal(ctx: Ctx, siteId: string): Promise<number> {
  return (await readLogWindow(ctx, siteId)).total;
}

/** The send-state query of a send (what a given or prefetched state must have been read with). */
export function sendStateQuery(
  site: Pick<Site, "id" | "account_id">,
  emails: string[],
  now: number,
  /** The service's key, for the addresses' keyed hashes (suppressions, unsubscribes). */
  hk: Uint8Array,
  opts: {
    quota: boolean;
    marks?: boolean;
    part?: number;
    known?: SendStateQuery["known"];
  },
): SendStateQuery {
  return {
    siteId: site.id,
    accountId: opts.quota ? site.account_id : null,
    windowName: WINDOW,
    totalName: TOTALS.log,
    now,
    windowMs: RATE_WINDOW_MS,
    emails,
    ids: Object.fromEntries(emails.map((e) => [e, addressId(hk, e)])),
    ...(opts.marks && { marks: { accountId: site.account_id } }),
    ...(opts.part !== undefined && { part: opts.part }),
    ...(opts.known && opts.part === undefined && { known: opts.known }),
  };
}

export type { SendState, SendStateKeys, SendStateQuery };

/**
 * For a caller that reads a send's state in its own getMany (forms/submit,
 * with the submission's reads): the keys to read for `q`, then the state
 * from what was read.
 */
export function sendStateReadKeys(q: SendStateQuery): SendStateKeys {
  return sendStateKeys(q);
}

export function sendStateFrom(
  ctx: Pick<Ctx, "kv">,
  q: SendStateQuery,
  got: EntryTree<SendStateKeys>,
): Promise<SendState> {
  return sendStateOf(ctx.kv, q, got);
}

/**
 * What a form notification's send reads, for the submission's own getMany:
 * the send state of its recipients (lowercase, distinct) with the send window
 * read in one part. The notification appends to one part of the window and no
 * limit decides it, so only that part is read (counters.ts windowOfPart);
 * part 0 is the sends'.
 */
export function notificationStateRead(
  site: Pick<Site, "id" | "account_id">,
  notifyTo: string[],
  now: number,
  hk: Uint8Array,
): { query: SendStateQuery; keys: SendStateKeys } {
  const emails = [...new Set(notifyTo.map((a) => a.toLowerCase()))];
  const part = 1 + Math.floor(Math.random() * (WINDOW_PARTS - 1));
  const query = sendStateQuery(site, emails, now, hk, { quota: false, part });
  return { query, keys: sendStateKeys(query) };
}

/** The event of an attempt that ends without sending. */
export type EndEvent = {
  type: "email.rejected" | "email.held" | "email.suppressed";
  data: Record<string, unknown>;
};

/**
 * Commits a log record that ends the attempt without sending (flagged, held,
 * rejected, suppressed) together with its window slot, the site's log total
 * and its event. Retries when a concurrent send moved the window.
 */
export async function logOutcome(
  ctx: Ctx,
  a: {
    site: Site;
    record: EmailLogRecord;
    window: LogWindow;
    change: Partial<EmailLogRecord>;
    event: EndEvent;
    hooks: readonly WebhookRoute[];
  },
): Promise<void> {
  const ev = await prepareEvent(ctx, a.site.id, a.event.type, a.event.data, a.hooks, {
    test: a.site.sandbox,
  });
  const final = { ...a.record, ...a.change, updated_at: isoTime(ctx.clock.now()) };
  await ctx.locks.run(`site:${a.site.id}`, async (waited) => {
    // A window read in one part cannot take this exact entry: read it whole.
    let w = waited || a.window.onlyPart !== undefined
      ? await readLogWindow(ctx, a.site.id)
      : a.window;
    for (let attempt = 0;; attempt++) {
      const now = ctx.clock.now();
      const op = ctx.kv.atomic();
      putEmailLog(op, final);
      const written = appendLogEntry(op, w, now);
      ev.apply(op);
      const res = await op.commit();
      if (res.ok) return noteAppend(ctx, a.site.id, w, written, res.versionstamp);
      // Twice: read the window whole (memory may hold a part that changed unseen).
      if (attempt > 0) forgetWindow(ctx.caches.sendWindows, a.site.id);
      // Only another process can have moved the window: back off and read again.
      if (attempt >= 50) throw new ConflictError("email log window");
      await backoff(attempt + 1, RACE_BACKOFF);
      w = await readLogWindow(ctx, a.site.id);
    }
  });
}

/** What a send reserves, as its checks left it. */
export type Reservation = {
  site: Site;
  /** The "sending" record. */
  record: EmailLogRecord;
  /** The window the checks read. */
  window: LogWindow;
  /** Whether the send is refused at the window's limit (a send that waited re-checks it). */
  rateLimit: boolean;
  /** The account whose email quota the send counts, or null. */
  account: Account | null;
  /** That account's usage as the checks read it (null: no limit to check). */
  usage: MonthlyUsage | null;
  /** For the over_quota log record's event. */
  event: { to: string; subject: string };
  hooks: readonly WebhookRoute[];
};

/**
 * Takes the log record, window slot and quota unit; null when taken, else the
 * outcome of a send that lost the last slot or quota unit to a concurrent one
 * (an over_quota attempt is logged, a rate_limited one is not).
 */
export async function reserveSend(ctx: Ctx, r: Reservation): Promise<SendOutcome | null> {
  const reserved = await reserve(ctx, r);
  if (reserved.ok) return null;
  if (reserved.code === "rate_limited") return fail(200, "rate_limited");
  await logOutcome(ctx, {
    site: r.site,
    record: r.record,
    window: await readLogWindow(ctx, r.site.id),
    change: { status: "rejected", reason: "over_quota" },
    event: { type: "email.rejected", data: { ...r.event, reason: "over_quota" } },
    hooks: r.hooks,
  });
  return fail(200, "over_quota", { log_id: r.record.id });
}

/**
 * Adds the reservation to the caller's `op` instead (sends that count no
 * quota only): the "sending" record and the window slot, guarded by the
 * window's versionstamp.
 */
export function addReservation(
  ctx: Ctx,
  op: Deno.AtomicOperation,
  record: EmailLogRecord,
  window: LogWindow,
  part?: number,
  chained = false,
): WindowPart {
  putEmailLog(op, record);
  return appendLogEntry(op, window, ctx.clock.now(), part, chained);
}

type ReserveResult = { ok: true } | { ok: false; code: "rate_limited" | "over_quota" };

/**
 * Writes the "sending" record with its window slot and quota unit. On a lost
 * race the window and usage are read again and the limits re-checked, so the
 * 120th concurrent send passes and the 121st is refused.
 */
async function reserve(ctx: Ctx, r: Reservation): Promise<ReserveResult> {
  const { site, account } = r;
  const limit = account?.monthly_email_limit ?? null;
  const lockAccount = account && limit !== null ? `account:${account.id}` : null;
  const attemptAll = async (waited: boolean): Promise<ReserveResult> => {
    let w = r.window;
    let u = r.usage;
    for (let attempt = 0;; attempt++) {
      if (waited || attempt > 0 || w.onlyPart !== undefined) {
        // Someone went first (here or in another process): decide on fresh state.
        [w, u] = await Promise.all([
          readLogWindow(ctx, site.id),
          account && limit !== null
            ? readMonthly(ctx.kv, account.id, "email", ctx.clock.now())
            : Promise.resolve(null),
        ]);
        if (r.rateLimit && w.times.length >= RATE_LIMIT) {
          return { ok: false, code: "rate_limited" };
        }
        if (u && limit !== null && u.count >= limit) return { ok: false, code: "over_quota" };
      }
      const now = ctx.clock.now();
      const op = ctx.kv.atomic();
      putEmailLog(op, r.record);
      const written = appendLogEntry(op, w, now);
      if (account) {
        if (u) op.check({ key: u.key, versionstamp: u.versionstamp });
        addMonthly(op, account.id, "email", now);
      }
      const res = await op.commit();
      if (res.ok) {
        noteAppend(ctx, site.id, w, written, res.versionstamp);
        return { ok: true };
      }
      // Twice: read the window whole (memory may hold a part that changed unseen).
      if (attempt > 0) forgetWindow(ctx.caches.sendWindows, site.id);
      if (attempt >= 50) throw new ConflictError("email send reservation");
      await backoff(attempt + 1, RACE_BACKOFF);
    }
  };
  // Account before site, always in this order (no lock cycles).
  return lockAccount
    ? await ctx.locks.run(
      lockAccount,
      (a) => ctx.locks.run(`site:${site.id}`, (b) => attemptAll(a || b)),
    )
    : await ctx.locks.run(`site:${site.id}`, attemptAll);
}
