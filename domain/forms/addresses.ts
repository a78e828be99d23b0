/**
 * Who gets what (spec: POST /forms/submit, notify_emails, notify_email, rule 3):
 * the notification addresses, the submitter's address (Reply-To of the
 * notification, recipient of the auto-reply) and the submitter's name.
 */
import { isEmail, normalizeEmail } from "../validation.ts";
import type { Site } from "../store/sites.ts";

export const MAX_NOTIFY = 3;

/**
 * notify_emails with invalid and repeated addresses dropped (compared
 * case-insensitively), the first 3 valid kept; else notify_email when valid;
 * else the site's default. Empty when none applies (no_notify_email_configured).
 */
export function notificationAddresses(
  notifyEmails: string[] | null | undefined,
  notifyEmail: string | null | undefined,
  site: Pick<Site, "default_notify_email">,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of notifyEmails ?? []) {
    const a = raw.trim();
    if (!isEmail(a)) continue;
    const k = normalizeEmail(a);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(a);
    if (out.length === MAX_NOTIFY) break;
  }
  if (out.length) return out;
  const single = notifyEmail?.trim();
  if (single && isEmail(single)) return [single];
  const def = site.default_notify_email?.trim();
  return def && isEmail(def) ? [def] : [];
}

/** Field names that hold the submitter's address, in the spec's order. */
const EMAIL_FIELDS = ["email", "e_mail", "your-email", "your_email", "mail"];

/**
 * The submitter's address: the first named address field (case-insensitive
 * name) whose value is an address, else the first value that is one. Values are
 * trimmed; a value with anything around the address does not count.
 */
export function submitterAddress(fields: Record<string, string>): string | null {
  const entries = Object.entries(fields);
  for (const name of EMAIL_FIELDS) {
    for (const [k, v] of entries) {
      if (k.toLowerCase() === name && isEmail(v.trim())) return v.trim();
    }
  }
  for (const [, v] of entries) if (isEmail(v.trim())) return v.trim();
  return null;
}

/** The submitter's name for {name}: a name field, or first and last name joined. */
export function submitterName(fields: Record<string, string>): string {
  const get = (re: RegExp) =>
    Object.entries(fields).find(([k, v]) => re.test(k) && v.trim() !== "")?.[1].trim() ?? "";
  const full = get(/^(?:your[-_ ]?)?(?:full[-_ ]?)?name$/i);
  if (full) return full;
  return [get(/^(?:first|given)[-_ ]?name$/i), get(/^(?:last|family|sur)[-_ ]?name$/i)]
    .filter(Boolean).join(" ");
}
