/**
 * Everything a send needs to decide checks 10 to 14, read in as few KV round
 * trips as possible (getMany of up to 10 keys): the site's send window, log
 * total and routing (webhooks, mail domain), the account and its monthly
 * usage, and the suppression and unsubscribe entries of the `to` addresses. Same results as readWindow,
 * readTotal, getAccount, readMonthly and recipientBlocks, one round trip for a
 * single recipient instead of five.
 */
import { keys } from "./keys.ts";
import type { WindowState } from "./counters.ts";
import type { Account } from "./accounts.ts";
import { utcMonth } from "../clock.ts";
import { routingOf, type SiteRouting } from "./site_routing.ts";

export type SendState = {
  /** The site's webhooks and mail domain. */
  routing: SiteRouting;
  window: WindowState;
  logTotal: number;
  account: Account | null;
  usage: { key: Deno.KvKey; count: number; versionstamp: string | null } | null;
  blocks: Map<string, "suppressed" | "unsubscribed">;
};

export async function readSendState(
  kv: Deno.Kv,
  opts: {
    siteId: string;
    accountId: string | null;
    windowName: string;
    totalName: string;
    now: number;
    windowMs: number;
    /** Lowercase, distinct. */
    emails: string[];
  },
): Promise<SendState> {
  const windowKey = keys.window(opts.windowName, opts.siteId);
  const usageKey = opts.accountId ? keys.usage(opts.accountId, "email", utcMonth(opts.now)) : null;
  const fixed: Deno.KvKey[] = [
    windowKey,
    keys.total(opts.totalName, opts.siteId),
    keys.siteRouting(opts.siteId),
  ];
  if (opts.accountId) fixed.push(keys.account(opts.accountId), usageKey!);
  const all = [...fixed];
  for (const e of opts.emails) all.push(keys.suppression(e), keys.unsubscribe(opts.siteId, e));
  const batches: Promise<Deno.KvEntryMaybe<unknown>[]>[] = [];
  for (let i = 0; i < all.length; i += 10) batches.push(kv.getMany(all.slice(i, i + 10)));
  const got = (await Promise.all(batches)).flat();

  const w = got[0] as Deno.KvEntryMaybe<number[]>;
  const times = (w.value ?? []).filter((t) => t > opts.now - opts.windowMs && t <= opts.now);
  const total = got[1].value as Deno.KvU64 | null;
  const routing = await routingOf(
    kv,
    opts.siteId,
    got[2] as Deno.KvEntryMaybe<SiteRouting>,
  );
  const account = opts.accountId ? (got[3].value as Account | null) : null;
  const u = opts.accountId ? (got[4] as Deno.KvEntryMaybe<Deno.KvU64>) : null;
  const blocks = new Map<string, "suppressed" | "unsubscribed">();
  opts.emails.forEach((e, i) => {
    const sup = got[fixed.length + 2 * i];
    const unsub = got[fixed.length + 2 * i + 1];
    // Suppression wins over unsubscribe when both apply (as recipientBlocks).
    if (sup.value !== null) blocks.set(e, "suppressed");
    else if (unsub.value !== null) blocks.set(e, "unsubscribed");
  });
  return {
    routing,
    window: { key: windowKey, versionstamp: w.versionstamp, times },
    logTotal: total ? Number(total.value) : 0,
    account,
    usage: u
      ? { key: usageKey!, count: u.value ? Number(u.value.value) : 0, versionstamp: u.versionstamp }
      : null,
    blocks,
  };
}
