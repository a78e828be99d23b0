/**
 * The two mails of a submission, as data: the notification to the site owner
 * and the auto-reply to the submitter. Every user value is HTML-escaped in
 * HTML, and header values (subject, sender name) lose control characters, so
 * neither a field nor a confirm.subject can add a header.
 */
import type { Site } from "../sites/schema.ts";
import { escapeHtml, fillHtml } from "../mail/render.ts";
import { clipChars } from "../kernel/text.ts";

/**
 * Room for the listed fields in each part of the notification: the mail
 * engine takes at most 500,000 characters per part, and a submission may
 * carry about 2 MB. Fields past the budget are named but not shown; the stored
 * submission has them all.
 */
export const NOTIFICATION_FIELDS_BUDGET = 400_000;

/** One line for a header: control characters (CR, LF, TAB, ...) become spaces. */
export function headerText(s: string, max = 500): string {
  // deno-lint-ignore no-control-regex
  const one = s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/\s{2,}/g, " ").trim();
  return clipChars(one, max); // code points, as [...one].slice(0, max) counted them
}

/** "first_name" -> "first name" (spec: underscores shown as spaces). */
export function fieldLabel(key: string): string {
  const l = key.replace(/_/g, " ").trim();
  return l === "" ? "(unnamed field)" : l;
}

export type OutgoingMail = {
  to: string[];
  subject: string;
  html: string;
  /** Absent: the mail engine derives it from the HTML. */
  text?: string;
  fromName: string;
  replyTo: string | null;
};

/** Sender name: from_name, then the site's default From name, then the site name. */
export function senderName(fromName: string | null | undefined, site: Site): string {
  for (const n of [fromName, site.default_from_name, site.name]) {
    const h = n ? headerText(n, 120) : "";
    if (h) return h;
  }
  return "Forms";
}

export type NotificationInput = {
  site: Site;
  to: string[];
  fromName: string;
  replyTo: string | null;
  formId: number;
  formName: string | null;
  /** The hosted form's label of each field name (shown instead of the name); absent: names. */
  labels?: ReadonlyMap<string, string> | null;
  fields: Record<string, string>;
  referrer: string | null;
  ip: string | null;
  createdAt: string;
  classification: string;
  spamScore: number;
  /** Sent late, from the spam folder: who released it and when (a subject marker and a first line say so). */
  released?: { at: string; by: string } | null;
  /** The visitor's own subject line (a static form's `_subject`), instead of the form's name. */
  subject?: string;
  /** Files posted with it, each with its signed download link: a section of its own. */
  files?: { name: string; size: number; content_type: string; url: string }[];
};

/** "1.2 MB", "340 KB", "12 bytes". */
function sizeText(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)} MB`;
  if (n >= 1_000) return `${Math.round(n / 1_000)} KB`;
  return `${n} bytes`;
}

/** The files section of a notification, HTML and text; empty strings without files. */
function filesSection(files: NotificationInput["files"]): { html: string; text: string } {
  if (!files || files.length === 0) return { html: "", text: "" };
  let html =
    `<h2 style="font-size:15px;margin:20px 0 8px">Files</h2>\n<ul style="margin:0;padding-left:20px;font-size:14px">`;
  let text = "\n\nFiles (download links work for 7 days):";
  for (const f of files) {
    html += `\n<li><a href="${escapeHtml(f.url)}">${escapeHtml(f.name)}</a> (${
      escapeHtml(f.content_type)
    }, ${sizeText(f.size)})</li>`;
    text += `\n- ${f.name} (${f.content_type}, ${sizeText(f.size)}): ${f.url}`;
  }
  html +=
    `\n</ul>\n<p style="margin:4px 0 0;font-size:12px;color:#6b7280">Download links work for 7 days.</p>\n`;
  return { html, text };
}

/**
 * Which form it came from, for a person: its name, else the caller's number
 * (a WordPress form's id) marked as one, never a bare "Form ID 3069227272".
 */
export function formLine(n: Pick<NotificationInput, "formId" | "formName">): string {
  return n.formName ? `Form: ${n.formName}` : `Form number ${n.formId}`;
}

/** The first line of a notification released from the spam folder. */
export function releasedLine(r: { at: string; by: string }): string {
  return `Released from the spam folder by ${r.by} at ${r.at}: this submission was judged spam ` +
    "and its notification held until now.";
}

const CELL = "padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top;text-align:left";

const EMPTY_HTML = '<span style="color:#9ca3af">(empty)</span>';
const LABEL_TH = `<tr><th style="${CELL};width:30%;color:#374151">`;
const VALUE_TD = `</th><td style="${CELL};white-space:pre-wrap">`;

/**
 * Built in one pass, each row appended to its part once (no row arrays, joins
 * or entry pairs): the bytes are those of the earlier builder
 * (tests/domain/forms/notification_bytes_test.ts pins them).
 */
export function notificationMail(n: NotificationInput): OutgoingMail {
  const title = n.subject
    ? n.subject
    : n.formName
    ? `New submission: ${n.formName}`
    : `New form submission`;
  const subject = headerText(
    `${n.released ? "[Released from spam] " : ""}${title} (${n.site.name})`,
  );
  let htmlRows = "";
  let textRows = "";
  let htmlSize = 0;
  let textSize = 0;
  let hidden = "";
  let hiddenCount = 0;
  const fields = n.fields;
  for (const k in fields) {
    if (!Object.hasOwn(fields, k)) continue;
    const v = fields[k];
    const label = n.labels?.get(k) ?? fieldLabel(k);
    if (hiddenCount > 0) {
      hidden += ", " + label;
      hiddenCount++;
      continue;
    }
    const h = LABEL_TH + escapeHtml(label) + VALUE_TD + (v === "" ? EMPTY_HTML : escapeHtml(v)) +
      "</td></tr>";
    const t = label + ": " + (v === "" ? "(empty)" : v.replace(/\n/g, "\n  "));
    if (
      htmlSize + h.length > NOTIFICATION_FIELDS_BUDGET ||
      textSize + t.length > NOTIFICATION_FIELDS_BUDGET
    ) {
      hidden = label;
      hiddenCount = 1;
      continue;
    }
    htmlRows += htmlSize === 0 ? h : "\n" + h;
    textRows += "\n" + t;
    htmlSize += h.length;
    textSize += t.length;
  }
  const more = hiddenCount
    ? `${hiddenCount} more field(s) not shown for size: ${
      clipChars(hidden, 2000)
    }. The stored submission has them all.`
    : null;
  let meta = `${formLine(n)} · received ${n.createdAt}`;
  if (n.referrer) meta += ` · page ${n.referrer}`;
  if (n.ip) meta += ` · IP ${n.ip}`;
  meta += ` · spam score ${n.spamScore} (${n.classification})`;
  const empty = htmlSize === 0 && !more;
  const files = filesSection(n.files);
  const escapedTitle = escapeHtml(title);
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapedTitle}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:640px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
${
    n.released
      ? `<p style="margin:0 0 12px;padding:8px 12px;background:#fef3c7;border-radius:6px;color:#92400e">${
        escapeHtml(releasedLine(n.released))
      }</p>\n`
      : ""
  }<h1 style="font-size:18px;margin:0 0 4px">${escapedTitle}</h1>
<p style="margin:0 0 16px;color:#6b7280">${escapeHtml(n.site.name)} &middot; ${
    escapeHtml(n.site.domain)
  }</p>
<table style="border-collapse:collapse;width:100%;font-size:14px">
${htmlRows || (empty ? `<tr><td style="${CELL};color:#9ca3af">(no fields)</td></tr>` : "")}
</table>
${more ? `<p style="margin:12px 0 0;color:#b45309">${escapeHtml(more)}</p>` : ""}
${files.html}<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${escapeHtml(meta)}</p>
${
    n.replyTo
      ? `<p style="margin:8px 0 0;font-size:12px;color:#6b7280">Reply to this email to answer ${
        escapeHtml(n.replyTo)
      }.</p>`
      : ""
  }
</div></body></html>`;
  let text = (n.released ? releasedLine(n.released) + "\n\n" : "") + title + "\n" + n.site.name +
    " (" + n.site.domain + ")\n" + textRows;
  if (empty) text += "\n(no fields)";
  if (more) text += "\n\n" + more;
  text += files.text;
  text += "\n\n" + meta;
  if (n.replyTo) text += "\nReply to this email to answer " + n.replyTo + ".";
  return { to: n.to, subject, html, text, fromName: n.fromName, replyTo: n.replyTo };
}

export type AutoReplyInput = {
  site: Site;
  to: string;
  /** First notification address. */
  replyTo: string;
  fromName: string;
  subject: string | null | undefined;
  body: string | null | undefined;
  name: string;
  email: string;
  formName: string | null;
  fields: Record<string, string>;
};

const PLACEHOLDER = /\{(name|email|form_name|site_name|site_domain|field:([^{}]{1,200}))\}/g;

/** The raw value of one {name}/{email}/{form_name}/{site_name}/{site_domain}/{field:KEY} match. */
function placeholderValue(
  which: string,
  key: string | undefined,
  values: Omit<AutoReplyInput, "to" | "replyTo" | "fromName" | "subject" | "body">,
): string {
  if (key !== undefined) return Object.hasOwn(values.fields, key) ? values.fields[key] : "";
  switch (which) {
    case "name":
      return values.name;
    case "email":
      return values.email;
    case "form_name":
      return values.formName ?? "";
    case "site_name":
      return values.site.name;
    default:
      return values.site.domain;
  }
}

/** Fills the placeholders of a plain-text template (a subject) with raw values. */
export function fillPlaceholders(
  template: string,
  values: Omit<AutoReplyInput, "to" | "replyTo" | "fromName" | "subject" | "body">,
): string {
  return template.replace(
    PLACEHOLDER,
    (_m, which: string, key: string | undefined) => placeholderValue(which, key, values),
  );
}

export const DEFAULT_AUTO_REPLY_SUBJECT = "Thanks for contacting {site_name}";
export const DEFAULT_AUTO_REPLY_BODY = "<p>Hi {name},</p>\n" +
  "<p>Thank you for your message. We have received it and will get back to you soon.</p>\n" +
  "<p>{site_name}</p>";

export function autoReplyMail(a: AutoReplyInput): OutgoingMail {
  const subjectTpl = a.subject?.trim() ? a.subject : DEFAULT_AUTO_REPLY_SUBJECT;
  const bodyTpl = a.body?.trim() ? a.body : DEFAULT_AUTO_REPLY_BODY;
  // The subject is a header: values go in raw and the whole line is cleaned.
  const subject = headerText(fillPlaceholders(subjectTpl, a)) ||
    headerText(fillPlaceholders(DEFAULT_AUTO_REPLY_SUBJECT, a));
  // Visitor values are escaped for where they stand; in URL attributes only
  // safe schemes survive (a {field:website} cannot become javascript:).
  const html = fillHtml(bodyTpl, PLACEHOLDER, (m) => placeholderValue(m[1], m[2], a));
  return {
    to: [a.to],
    subject,
    html,
    fromName: a.fromName,
    replyTo: a.replyTo,
  };
}
