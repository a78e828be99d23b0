/**
 * What the public mail pages do: one-click and page unsubscribes, open pixels
 * and click redirects. Tokens are checked before anything is read; a bad or
 * forged token changes nothing.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { isUuid } from "../kernel/ids.ts";
import { emitEvent, prepareEvent } from "../webhooks/events.ts";
import type { Site } from "../sites/schema.ts";
import { readSite } from "../sites/sites.ts";
import { addUnsubscribe } from "../suppressions/suppressions.ts";
import { addDaily, addTotal } from "../kernel/kv/counters.ts";
import { commit } from "../kernel/kv/kv.ts";
import { type EmailLogRecord, getEmailLog } from "./email_log_store.ts";
import { checkMac, clickMac, openMac, readUnsubscribeToken } from "./tokens.ts";
import { redirectTarget } from "./tracking.ts";
import { TOTALS } from "./send.ts";

export type UnsubscribeTarget =
  | { ok: true; site: Site; email: string }
  | { ok: false; status: 400 | 404 };

/** Reads an unsubscribe token: 400 when malformed or forged, 404 when the site is gone. */
export async function unsubscribeTarget(ctx: Ctx, token: string): Promise<UnsubscribeTarget> {
  const t = readUnsubscribeToken(ctx.config.encryptionKey, token);
  if (!t) return { ok: false, status: 400 };
  const site = isUuid(t.siteId) ? await readSite(ctx, t.siteId) : null;
  if (!site) return { ok: false, status: 404 };
  return { ok: true, site, email: t.email };
}

/**
 * Unsubscribes the token's address from its site. The first time emits
 * email.unsubscribed with the source; repeats change nothing.
 */
export async function unsubscribe(
  ctx: Ctx,
  token: string,
  source: "one_click" | "page",
): Promise<UnsubscribeTarget & { first?: boolean }> {
  const target = await unsubscribeTarget(ctx, token);
  if (!target.ok) return target;
  const first = await addUnsubscribe(ctx, {
    site_id: target.site.id,
    email: target.email,
    source,
    created_at: isoTime(ctx.clock.now()),
  });
  if (first) {
    await emitEvent(ctx, target.site.id, "email.unsubscribed", { to: target.email, source });
  }
  return { ...target, first };
}

function splitToken(token: string): { logId: string; mac: string } | null {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/.exec(token);
  return m && isUuid(m[1]) ? { logId: m[1], mac: m[2] } : null;
}

async function engage(ctx: Ctx, rec: EmailLogRecord, kind: "open" | "click") {
  const ev = await prepareEvent(
    ctx,
    rec.site_id,
    kind === "open" ? "email.opened" : "email.clicked",
    {
      message_id: rec.message_id,
      to: rec.to_first,
      subject: rec.subject,
    },
    undefined,
    // Opening or clicking a sandbox message is a test event too (the sandbox's contract).
    { test: rec.test === true },
  );
  const op = ctx.kv.atomic();
  // A click also counts as an open in statistics (spec), without an opened event.
  addTotal(op, TOTALS.opens, rec.site_id);
  addTotal(op, TOTALS.messageOpens, rec.id);
  // The usage chart counts each kind once: a click is a click there, not an open too.
  addDaily(op, rec.site_id, kind === "open" ? "opened" : "clicked", ctx.clock.now());
  if (kind === "click") {
    addTotal(op, TOTALS.clicks, rec.site_id);
    addTotal(op, TOTALS.messageClicks, rec.id);
  }
  await commit(ev.apply(op), `email ${kind}`);
}

/** An open pixel load: true when the token was valid (event emitted). */
export async function recordOpen(ctx: Ctx, token: string): Promise<boolean> {
  const t = splitToken(token);
  if (!t || !checkMac(openMac(ctx.config.encryptionKey, t.logId), t.mac)) return false;
  const rec = await getEmailLog(ctx.kv, t.logId);
  if (!rec || !rec.message_id) return false;
  await engage(ctx, rec, "open");
  return true;
}

/**
 * A tracked click: the URL to redirect to, or null when the token does not
 * sign this URL for this message (never redirects anywhere else) or the URL is
 * not one a redirect can carry (see `redirectTarget`). Both are decided before
 * anything is recorded, so a refused click emits nothing.
 */
export async function recordClick(ctx: Ctx, token: string, url: string): Promise<string | null> {
  const t = splitToken(token);
  const target = t && redirectTarget(url);
  if (!t || !target) return null;
  if (!checkMac(clickMac(ctx.config.encryptionKey, t.logId, url), t.mac)) return null;
  // The MAC proves the link was in the message: redirect even if its log record is gone.
  const rec = await getEmailLog(ctx.kv, t.logId);
  if (rec?.message_id) await engage(ctx, rec, "click");
  return target;
}
