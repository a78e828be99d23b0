/**
 * Everything a send needs to decide checks 10 to 14, read in as few KV round
 * trips as possible (getMany of up to 10 keys): the site's send window (which
 * also keeps the site's log total) and routing (webhooks, mail domain), the
 * account and its monthly usage, and the suppression and unsubscribe entries
 * of the `to` addresses. Same results as readWindow, readTotal, getAccount,
 * readMonthly and recipientBlocks, one round trip for a single recipient.
 *
 * A caller that reads other keys too (the key check, forms/submit) puts
 * `sendStateKeys` into its own readMany and builds the state with `sendStateOf`.
 */
import { keys } from "../kernel/kv/keys.ts";
import { type EntryTree, readMany } from "../kernel/kv/kv.ts";
import {
  type MonthlyUsage,
  readTotal,
  usageOf,
  windowGenKey,
  windowOfParts,
  windowPartKeys,
  type WindowState,
} from "../kernel/kv/counters.ts";
import type { Account } from "../accounts/store.ts";
import { utcMonth } from "../kernel/clock.ts";
import { routingOf, type SiteRouting } from "../sites/routing_store.ts";
import { type MailMarksKeys, mailMarksKeys, mailMarksOf } from "../spam/mail_marks_store.ts";
import { type MailMarksState, NO_MARKS } from "../spam/mail_marks.ts";

export type SendState = {
  /** What was read. */
  query: SendStateQuery;
  /** The site's webhooks and mail domain. */
  routing: SiteRouting;
  /** The site's send window; its `total` is the site's log total. */
  window: WindowState & { total: number };
  logTotal: number;
  account: Account | null;
  usage: MonthlyUsage | null;
  blocks: Map<string, "suppressed" | "unsubscribed">;
  /** The account's marks on its mail and the service-wide list (none unless the query asked). */
  marks: MailMarksState;
};

export type SendStateQuery = {
  siteId: string;
  accountId: string | null;
  windowName: string;
  /** Running total of the log entries (kept beside the window for the operator's stats). */
  totalName: string;
  now: number;
  windowMs: number;
  /** Lowercase, distinct. */
  emails: string[];
  /**
   * The marks that checks 11 and 12 read (spam/mail_marks_store.ts): the
   * service-wide list and, for a site of an account, the account's (two keys).
   */
  marks?: { accountId: string | null };
};

/** The keys of a send state, by name (`recipients` by address). */
export type SendStateKeys = {
  /** The send window's parts (counters.ts, WINDOW_PARTS), by part number. */
  window: Record<string, Deno.KvKey>;
  /** The send window's generation (counters.ts windowGenKey). */
  windowGen: Deno.KvKey;
  routing: Deno.KvKey;
  /** Only when the quota is checked (the query names an account). */
  account?: Deno.KvKey;
  usage?: Deno.KvKey;
  recipients: Record<string, { suppression: Deno.KvKey; unsubscribe: Deno.KvKey }>;
  marks?: MailMarksKeys;
};

/** The keys to read for `q` (readMany them, then `sendStateOf`). */
export function sendStateKeys(q: SendStateQuery): SendStateKeys {
  const window = windowPartKeys(q.windowName, q.siteId);
  return {
    window,
    windowGen: windowGenKey(window[0]),
    routing: keys.siteRouting(q.siteId),
    ...(q.accountId && {
      account: keys.account(q.accountId),
      usage: keys.usage(q.accountId, "email", utcMonth(q.now)),
    }),
    recipients: Object.fromEntries(
      q.emails.map((e) => [e, {
        suppression: keys.suppression(e),
        unsubscribe: keys.unsubscribe(q.siteId, e),
      }]),
    ),
    ...(q.marks && { marks: mailMarksKeys(q.marks.accountId) }),
  };
}

/**
 * The window with its running total: a window written before it kept one (or
 * never written) takes the separate total, once (the first append of a window
 * in parts carries it on: counters.ts appendWindowPart).
 */
export async function withTotal(
  kv: Deno.Kv,
  siteId: string,
  totalName: string,
  w: WindowState,
): Promise<WindowState & { total: number }> {
  return { ...w, total: w.total ?? (await readTotal(kv, totalName, siteId)) };
}

/** The state from the entries of `sendStateKeys(q)`. */
export async function sendStateOf(
  kv: Deno.Kv,
  q: SendStateQuery,
  got: EntryTree<SendStateKeys>,
): Promise<SendState> {
  const w = windowOfParts(got.window, q.now, q.windowMs, got.windowGen);
  // Only entries up to now decide (a racing writer's later stamp waits for the next read).
  w.times = w.times.filter((t) => t <= q.now);
  const [window, routing] = await Promise.all([
    withTotal(kv, q.siteId, q.totalName, w),
    routingOf(kv, q.siteId, got.routing as Deno.KvEntryMaybe<SiteRouting>),
  ]);
  const blocks = new Map<string, "suppressed" | "unsubscribed">();
  for (const e of q.emails) {
    const r = got.recipients[e];
    // Suppression wins over unsubscribe when both apply (as recipientBlocks).
    if (r.suppression.value !== null) blocks.set(e, "suppressed");
    else if (r.unsubscribe.value !== null) blocks.set(e, "unsubscribed");
  }
  return {
    query: q,
    routing,
    window,
    logTotal: window.total,
    account: (got.account?.value ?? null) as Account | null,
    usage: got.usage ? usageOf(got.usage) : null,
    blocks,
    marks: got.marks ? mailMarksOf(got.marks, q.now) : NO_MARKS,
  };
}

export async function readSendState(kv: Deno.Kv, q: SendStateQuery): Promise<SendState> {
  return await sendStateOf(kv, q, await readMany(kv, sendStateKeys(q)));
}
