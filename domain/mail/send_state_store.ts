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
 *
 * A query may carry the window as this process knows it (`known`,
 * kernel/kv/window_memory.ts): its generation is then read instead of its 16
 * parts, and the window is read whole in a second round trip only when the
 * generation shows an append that memory missed.
 */
import { keys } from "../kernel/kv/keys.ts";
import { type EntryTree, readMany } from "../kernel/kv/kv.ts";
import {
  type MonthlyUsage,
  readTotal,
  readWindowParts,
  usageOf,
  windowGenKey,
  windowOfPart,
  windowOfParts,
  windowPartKeys,
  type WindowState,
} from "../kernel/kv/counters.ts";
import { type KnownWindow, windowFromKnown } from "../kernel/kv/window_memory.ts";
import type { Account } from "../accounts/accounts.ts";
import { utcMonth } from "../kernel/clock.ts";
import { routingFromEntry, type SiteRouting } from "../sites/routing.ts";
import { type MailMarksKeys, mailMarksKeys, mailMarksOf } from "../spam/memory.ts";
import { type MailMarksState, NO_MARKS } from "../spam/mail_marks.ts";

export type SendState = {
  /** What was read. */
  query: SendStateQuery;
  /** The site's webhooks and mail domain. */
  routing: SiteRouting;
  /** The site's send window; its `total` is the site's log total. */
  window: WindowState & { total: number };
  /**
   * How the window was had: "memory" (the query's `known`, its generation
   * unchanged), "read" (whole, with the other keys or on its own), "missed"
   * (read whole after memory failed), "part" (one part, the query's `part`).
   */
  windowSource: "memory" | "read" | "missed" | "part";
  /** NaN when the window was read in one part (the query's `part`). */
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
  /** Each address's keyed hash (addressId), which suppressions and unsubscribes are keyed by. */
  ids: Record<string, string>;
  /**
   * Read the send window in this part alone (with its generation): for a send
   * that no limit decides and that appends to this part (a form
   * notification). The state's window is then one part (counters.ts
   * windowOfPart: no count, no total), or the whole window when it has no
   * generation yet (read again whole: its first append may carry an old total).
   */
  part?: number;
  /**
   * The marks that checks 11 and 12 read (spam/mail_marks_store.ts): the
   * service-wide list and, for a site of an account, the account's (two keys).
   */
  marks?: { accountId: string | null };
  /**
   * The window as this process knows it (not with `part`): only its
   * generation is read, and the parts come from here while it shows no
   * append since (kernel/kv/window_memory.ts): from `planned` (memory when
   * the read was planned) or `latest` (memory when it came back: a
   * concurrent send of this process may have moved it on meanwhile).
   */
  known?: { planned: KnownWindow; latest: () => KnownWindow | undefined };
};

/** The keys of a send state, by name (`recipients` by address). */
export type SendStateKeys = {
  /**
   * The send window's generation (counters.ts windowGenKey), read first:
   * past ten keys the getMany batches are separate snapshots, read in order,
   * so no part is read before it (counters.ts readWindowParts).
   */
  windowGen: Deno.KvKey;
  /**
   * The send window's parts (counters.ts, WINDOW_PARTS), by part number (the
   * query's `part` alone; none with `known`).
   */
  window: Record<string, Deno.KvKey>;
  routing: Deno.KvKey;
  /** Only when the quota is checked (the query names an account). */
  account?: Deno.KvKey;
  usage?: Deno.KvKey;
  recipients: Record<string, { suppression: Deno.KvKey; unsubscribe: Deno.KvKey }>;
  marks?: MailMarksKeys;
};

/** The keys to read for `q` (readMany them, then `sendStateOf`). */
export function sendStateKeys(q: SendStateQuery): SendStateKeys {
  const all = windowPartKeys(q.windowName, q.siteId);
  return {
    windowGen: windowGenKey(all[0]),
    window: q.part !== undefined ? { [q.part]: all[q.part] } : q.known ? {} : all,
    routing: keys.siteRouting(q.siteId),
    ...(q.accountId && {
      account: keys.account(q.accountId),
      usage: keys.usage(q.accountId, "email", utcMonth(q.now)),
    }),
    recipients: Object.fromEntries(
      q.emails.map((e) => [e, {
        suppression: keys.suppression(q.ids[e]),
        unsubscribe: keys.unsubscribe(q.siteId, q.ids[e]),
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

/**
 * Whether state read for `q` serves these checks: not a window read in one
 * part (`part`) when a limit or the classifier counts the window.
 */
export function servesChecks(
  q: SendStateQuery,
  checks: { rateLimit: boolean; classifier: boolean },
): boolean {
  return q.part === undefined || !(checks.rateLimit || checks.classifier);
}

/** The state from the entries of `sendStateKeys(q)`. */
export async function sendStateOf(
  kv: Deno.Kv,
  q: SendStateQuery,
  got: EntryTree<SendStateKeys>,
): Promise<SendState> {
  const one = q.part === undefined
    ? null
    : windowOfPart(q.part, got.window[q.part], got.windowGen, q.now, q.windowMs);
  let source: SendState["windowSource"] = one ? "part" : "read";
  const readWhole = async () => {
    const k = q.part === undefined ? q.known : undefined;
    let w = k ? windowFromKnown([k.planned, k.latest()], got.windowGen, q.now, q.windowMs) : null;
    if (w) source = "memory";
    else if (q.known) source = "missed";
    w ??= q.part === undefined && !q.known
      ? windowOfParts(got.window, q.now, q.windowMs, got.windowGen)
      : await readWindowParts(kv, q.windowName, q.siteId, q.now, q.windowMs);
    // Only entries up to now decide (a racing writer's later stamp waits for the next read).
    w.times = w.times.filter((t) => t <= q.now);
    return await withTotal(kv, q.siteId, q.totalName, w);
  };
  const [window, routing] = await Promise.all([
    // One part: no count nor total to decide on (its total is NaN).
    one ? { ...one, total: NaN } : readWhole(),
    routingFromEntry(kv, q.siteId, got.routing as Deno.KvEntryMaybe<SiteRouting>),
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
    windowSource: source,
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
