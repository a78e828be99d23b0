/**
 * The content of the email telling an account's users that a site was
 * disabled automatically (disable_notice.ts), and the mail engine it goes
 * through: loaded on demand so that the job worker starts without the mail stack.
 */
import type { Ctx } from "../kernel/context.ts";
import type { Site } from "../sites/schema.ts";
import { escapeHtml } from "../mail/render.ts";
import { headerText } from "../forms/mail_content.ts";

export { sendMail } from "../mail/send.ts";

/** The notice as subject, text and HTML (every site value escaped in the HTML). */
export function disableNotice(
  ctx: Ctx,
  site: Site,
): { subject: string; text: string; html: string } {
  const base = ctx.config.SVC_BASE_URL.replace(/\/+$/, "");
  const blocksPage = `${base}/dashboard/sites/${site.id}/blocks`;
  const reason = site.disabled?.reason ?? "Disabled automatically for abusive form traffic.";
  const subject = headerText(`Your site ${site.name} was disabled automatically`);
  const lines = [
    `Your site ${site.name} (${site.domain}) was disabled automatically at ${
      site.disabled?.at ?? "an unknown time"
    }.`,
    "",
    `Why: ${reason}`,
    "",
    "While it is disabled, its API key is answered 403 site_disabled: form submissions and mail are refused.",
    "",
    "How to lift it, at once, once the bots are kept out (a captcha on the form helps):",
    `- in the dashboard: ${blocksPage} (Lift)`,
    `- or with the site's API key: POST ${base}/api/v1/blocks/lift with the JSON body {"kind": "site"}`,
  ];
  const text = lines.join("\n");
  const html = `<!doctype html><html><body>${
    lines.map((l) => l === "" ? "" : `<p>${escapeHtml(l)}</p>`).join("\n")
  }</body></html>`;
  return { subject, text, html };
}
