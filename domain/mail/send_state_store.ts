/**
 * Everything a send needs to decide checks 10 to 14, read in as few KV round
 * trips as possible (getMany of up to 10 keys): the site's send window (which
 * also keeps the site's log total) and routing (webhooks, mail domain), the
 * account and its monthly usage, and the suppression and unsubscribe entries
 * of the `to` addresses. Same results as readWindow, readTotal, getAccount,
 * readMonthly and recipientBlocks, one round trip for a single recipient.
 *
 * A caller that reads other keys too (forms/submit) puts `sendStateKeys` into
 * its own getMany and builds the state with `sendStateOf`.
 */
import { keys } from "../kernel/kv/keys.ts";
import { getManyBatched } from "../kernel/kv/kv.ts";
import {
  type MonthlyUsage,
  readTotal,
  usageOf,
  windowOf,
  type WindowState,
} from "../kernel/kv/counters.ts";
import type { Account } from "../accounts/store.ts";
import { utcMonth } from "../kernel/clock.ts";
import { routingOf, type SiteRouting } from "../sites/routing_store.ts";

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
};

/** The keys to read, in the order `sendStateOf` expects them. */
export function sendStateKeys(q: SendStateQuery): Deno.KvKey[] {
  const all: Deno.KvKey[] = [keys.window(q.windowName, q.siteId), keys.siteRouting(q.siteId)];
  if (q.accountId) {
    all.push(keys.account(q.accountId), keys.usage(q.accountId, "email", utcMonth(q.now)));
  }
  for (const e of q.emails) all.push(keys.suppression(e), keys.unsubscribe(q.siteId, e));
  return all;
}

/**
 * The window with its running total: a window written before it kept one (or
 * never written) takes the separate total, once.
 */
export async function withTotal(
  kv: Deno.Kv,
  siteId: string,
  totalName: string,
  w: WindowState,
): Promise<WindowState & { total: number }> {
  return { ...w, total: w.total ?? (await readTotal(kv, totalName, siteId)) };
}

/** The state from the entries of `sendStateKeys(q)`, in that order. */
export async function sendStateOf(
  kv: Deno.Kv,
  q: SendStateQuery,
  got: Deno.KvEntryMaybe<unknown>[],
): Promise<SendState> {
  const w = windowOf(got[0], q.now, q.windowMs);
  // Only entries up to now decide (a racing writer's later stamp waits for the next read).
  w.times = w.times.filter((t) => t <= q.now);
  const [window, routing] = await Promise.all([
    withTotal(kv, q.siteId, q.totalName, w),
    routingOf(kv, q.siteId, got[1] as Deno.KvEntryMaybe<SiteRouting>),
  ]);
  const fixed = q.accountId ? 4 : 2;
  const account = q.accountId ? (got[2].value as Account | null) : null;
  const u = q.accountId ? got[3] : null;
  const blocks = new Map<string, "suppressed" | "unsubscribed">();
  q.emails.forEach((e, i) => {
    const sup = got[fixed + 2 * i];
    const unsub = got[fixed + 2 * i + 1];
    // Suppression wins over unsubscribe when both apply (as recipientBlocks).
    if (sup.value !== null) blocks.set(e, "suppressed");
    else if (unsub.value !== null) blocks.set(e, "unsubscribed");
  });
  return {
    query: q,
    routing,
    window,
    logTotal: window.total,
    account,
    usage: u ? usageOf(u) : null,
    blocks,
  };
}

export async function readSendState(kv: Deno.Kv, q: SendStateQuery): Promise<SendState> {
  return await sendStateOf(kv, q, await getManyBatched(kv, sendStateKeys(q)));
}
