/**
 * Telling the owner about a webhook that fails every delivery: a check every
 * 15 minutes (workers/webhook_health.ts) follows each webhook's failing
 * streak (failing_store.ts). When every delivery has failed for 24 hours, the
 * account's users (or, without users, the site's default notification
 * address) get one email; not again until a delivery succeeds and a new streak
 * lasts 24 hours. Pausing stays the owner's decision: the webhook keeps going.
 *
 * Nothing is written on the delivery path: the check reads the webhook's
 * counters and latest status (kept by every attempt anyway) and, when a streak
 * starts, its delivery log back to the last success. The claim (`notified_at`,
 * versionstamp-checked) is committed before the mail, so one email per streak.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { escapeHtml } from "../mail/render.ts";
import { sendMail } from "../mail/send.ts";
import { readSite } from "../sites/sites.ts";
import { userAddressesOfAccount } from "../dashboard/users.ts";
import { allWebhooks, listDeliveriesOfWebhook, type Webhook, webhookStats } from "./store.ts";
import { type FailingStreak, getFailingStreak, putFailingStreak } from "./failing_store.ts";

/** How long every delivery must have failed before the owner is told. */
export const FAILING_NOTICE_MS = 24 * 60 * 60 * 1000;
/** Deliveries read back to find where a streak began (older ones: the oldest read). */
const STREAK_SCAN = 200;

/** Checks every webhook once; returns how many owners were told. */
export async function checkFailingWebhooks(ctx: Ctx): Promise<number> {
  let told = 0;
  for await (const w of allWebhooks(ctx.kv)) {
    try {
      if (await checkWebhook(ctx, w)) told++;
    } catch (e) {
      ctx.log.error("webhook health check failed", { webhook: w.id, error: e });
    }
  }
  return told;
}

const succeeded = (status: number | null) => status !== null && status >= 200 && status < 300;

async function checkWebhook(ctx: Ctx, w: Webhook): Promise<boolean> {
  const [stats, read] = await Promise.all([
    webhookStats(ctx.kv, w.id),
    getFailingStreak(ctx.kv, w),
  ]);
  const failing = stats.last_attempt_at !== null && !succeeded(stats.last_status);
  if (!failing) {
    if (read.value) await putFailingStreak(ctx.kv, w, read, null);
    return false;
  }
  let streak = read.value;
  let entry = read;
  if (!streak || streak.success_count !== stats.success_count) {
    streak = {
      success_count: stats.success_count,
      since: await streakStart(ctx, w) ?? stats.last_attempt_at!,
      notified_at: null,
    };
    if (!(await putFailingStreak(ctx.kv, w, read, streak))) return false;
    entry = await getFailingStreak(ctx.kv, w);
  }
  const now = ctx.clock.now();
  if (streak.notified_at !== null || now - Date.parse(streak.since) < FAILING_NOTICE_MS) {
    return false;
  }
  if (!(await putFailingStreak(ctx.kv, w, entry, { ...streak, notified_at: isoTime(now) }))) {
    return false;
  }
  await tellOwners(ctx, w, streak);
  return true;
}

/** The oldest failed delivery after the newest success (among the latest read). */
async function streakStart(ctx: Ctx, w: Webhook): Promise<string | null> {
  const list = await listDeliveriesOfWebhook(ctx.kv, w.id, STREAK_SCAN);
  let since: string | null = null;
  for (const d of list) {
    if (d.state === "succeeded") break;
    if (d.state === "dropped" || d.attempts.length > 0) since = d.created_at;
  }
  return since;
}

/** The streak the webhook's page shows: the current one, once its owners were told. */
export async function failingNotice(ctx: Ctx, w: Webhook): Promise<FailingStreak | null> {
  const [stats, read] = await Promise.all([
    webhookStats(ctx.kv, w.id),
    getFailingStreak(ctx.kv, w),
  ]);
  const s = read.value;
  return s?.notified_at && s.success_count === stats.success_count &&
      !succeeded(stats.last_status)
    ? s
    : null;
}

async function tellOwners(ctx: Ctx, w: Webhook, streak: FailingStreak): Promise<void> {
  const site = await readSite(ctx, w.site_id);
  if (!site) return;
  const users = site.account_id ? await userAddressesOfAccount(ctx, site.account_id) : [];
  const to = users.length > 0
    ? [...new Set(users)]
    : site.default_notify_email
    ? [site.default_notify_email]
    : [];
  const base = ctx.config.SVC_BASE_URL.replace(/\/+$/, "");
  const page = `${base}/dashboard/sites/${site.id}/webhooks/${w.id}`;
  const lines = [
    `Every delivery to the webhook ${w.url} of your site ${site.name} (${site.domain}) ` +
    `has failed since ${streak.since}.`,
    "",
    "Events that could not be delivered after three attempts were dropped. The webhook is " +
    "still active: pause it on its page if you want, or fix the receiver.",
    "",
    `Once the receiver answers again, deliver the dropped events once more with ` +
    `"Recover dropped deliveries" on ${page}.`,
  ];
  const text = lines.join("\n");
  const html = `<!doctype html><html><body>${
    lines.map((l) => l === "" ? "" : `<p>${escapeHtml(l)}</p>`).join("\n")
  }</body></html>`;
  // The site name may hold anything: no line breaks in the subject.
  const subject = `Webhook failing for 24 hours on ${site.name}`.replace(/[\r\n\0]+/g, " ")
    .slice(0, 200);
  for (const address of to) {
    try {
      const out = await sendMail(ctx, site, { to: [address], subject, html, text }, {
        source: "service",
        operational: true,
      });
      if (!out.ok) {
        ctx.log.warn("webhook failing notice not sent", { webhook: w.id, reason: out.reason });
      }
    } catch (e) {
      ctx.log.error("webhook failing notice failed", { webhook: w.id, error: e });
    }
  }
}
