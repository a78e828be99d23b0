/**
 * Who gets what (spec: POST /forms/submit, notify_emails, notify_email, rule 3):
 * the notification addresses, the submitter's address (Reply-To of the
 * notification, recipient of the auto-reply) and the submitter's name.
 *
 * Every address is read by domain/kernel/address.ts (the one address parser) and
 * handed on in its canonical form (ASCII domain). A value that is not an
 * address is simply not used: the owner's notification goes out without it.
 */
import { addressKey, parseAddress } from "../kernel/address.ts";
import type { Site } from "../sites/schema.ts";

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
    const a = canonical(raw);
    const k = a && addressKey(a);
    if (!a || !k || seen.has(k)) continue;
    seen.add(k);
    out.push(a);
    if (out.length === MAX_NOTIFY) break;
  }
  if (out.length) return out;
  const single = notifyEmail ? canonical(notifyEmail) : null;
  if (single) return [single];
  const def = site.default_notify_email ? canonical(site.default_notify_email) : null;
  return def ? [def] : [];
}

/**
 * Who a submission concerns, read once from its body and site and handed on:
 * the notification's addresses (empty: no_notify_email_configured), the
 * submitter's address, the notification's Reply-To, the submitter's name.
 */
export type Parties = {
  notifyTo: string[];
  submitter: string | null;
  replyTo: string | null;
  name: string;
};

export function submissionParties(
  input: {
    notify_emails?: string[] | null;
    notify_email?: string | null;
    fields: Record<string, string>;
    /** An address the page names as the submitter's (`_replyto`); used when it is one. */
    reply_to?: string | null;
  },
  site: Pick<Site, "default_notify_email">,
): Parties {
  const named = input.reply_to ? canonical(input.reply_to) : null;
  const submitter = named ?? submitterAddress(input.fields);
  return {
    notifyTo: notificationAddresses(input.notify_emails, input.notify_email, site),
    submitter,
    replyTo: replyToOf(submitter),
    name: submitterName(input.fields),
  };
}

/** A trimmed value's canonical address, or null when it is not one. */
function canonical(value: string): string | null {
  if (!value.includes("@")) return null; // no address (most fields): no trimmed copy, no parse
  const a = parseAddress(value.trim());
  return a.ok ? a.value.address : null;
}

/** Field names that hold the submitter's address, in the spec's order. */
const EMAIL_FIELDS = ["email", "e_mail", "your-email", "your_email", "mail"];

/**
 * The submitter's address (canonical): the first named address field
 * (case-insensitive name) whose value is an address, else the first value that
 * is one. Values are trimmed; a value with anything around the address does
 * not count.
 */
export function submitterAddress(fields: Record<string, string>): string | null {
  // Names lowercased once and read by index (a submission asks this a few times).
  const keys = Object.keys(fields);
  const lower = keys.map((k) => k.toLowerCase());
  for (const name of EMAIL_FIELDS) {
    for (let i = 0; i < keys.length; i++) {
      if (lower[i] !== name) continue;
      const a = canonical(fields[keys[i]]);
      if (a) return a;
    }
  }
  for (let i = 0; i < keys.length; i++) {
    const a = canonical(fields[keys[i]]);
    if (a) return a;
  }
  return null;
}

/**
 * The notification's Reply-To: the submitter's address when it can be sent
 * without SMTPUTF8. An address with a non-ASCII local part would make the
 * owner's notification depend on the relay offering SMTPUTF8 (transport.ts),
 * so what a visitor types could stop it; such an address is still listed in
 * the notification's fields and still gets the auto-reply.
 */
export function notificationReplyTo(fields: Record<string, string>): string | null {
  return replyToOf(submitterAddress(fields));
}

function replyToOf(a: string | null): string | null {
  if (!a) return null;
  const p = parseAddress(a);
  return p.ok && !p.value.smtpUtf8 ? a : null;
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
