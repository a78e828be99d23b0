/**
 * The email every user of an account gets when one of its sites was disabled
 * automatically (auto_disable.ts): which site, why, and how to lift it
 * (`POST /api/v1/blocks/lift {"kind": "site"}` or the dashboard's Blocks page).
 * Without a silent disabling an owner would only learn of it from a customer.
 *
 * A job committed with the disabling, so a crash after it still sends. One
 * mail per user through the mail engine (source "service": no content checks
 * or quota, and no tracking or List-Unsubscribe, as for form notifications).
 * An account without users gets it at the site's default notification address.
 * A user whose mail fails is logged and not retried: the dashboard shows the
 * block to anyone who signs in, and a retried job would mail the others twice.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { defineJob } from "../kernel/jobs.ts";
import type { Site } from "../sites/schema.ts";
import { readSite } from "../sites/sites.ts";
import { userAddressesOfAccount } from "../dashboard/users.ts";
// The mail itself (./disable_notice_mail.ts) is imported when a notice is due:
// the job worker thread then loads the mail stack only if a site is disabled.
const noticeMail = () => import("./disable_notice_mail.ts");

const NoticePayload = z.object({ site_id: z.string() });

/** Where the notice goes: the account's users, or the site's default notification address. */
async function recipients(ctx: Ctx, site: Site): Promise<string[]> {
  const users = site.account_id ? await userAddressesOfAccount(ctx, site.account_id) : [];
  if (users.length > 0) return [...new Set(users)];
  return site.default_notify_email ? [site.default_notify_email] : [];
}

export const siteDisabledNoticeJob = defineJob(
  "site_disabled_notice",
  NoticePayload,
  async (ctx, run) => {
    const site = await readSite(ctx, run.payload.site_id);
    // Lifted (or deleted) before the job ran: nothing to tell.
    if (!site?.disabled?.automatic) return;
    const to = await recipients(ctx, site);
    if (to.length === 0) {
      ctx.log.warn("site disabled automatically; nobody to tell", { site_id: site.id });
      return;
    }
    const { disableNotice, sendMail } = await noticeMail();
    const notice = disableNotice(ctx, site);
    for (const address of to) {
      try {
        const out = await sendMail(ctx, site, {
          to: [address],
          subject: notice.subject,
          html: notice.html,
          text: notice.text,
        }, { source: "service", operational: true });
        if (!out.ok || out.held) {
          ctx.log.warn("site disabled notice not sent", {
            site_id: site.id,
            reason: out.ok ? "held" : out.reason,
          });
        }
      } catch (e) {
        ctx.log.error("site disabled notice failed", { site_id: site.id, error: e });
      }
    }
  },
);
