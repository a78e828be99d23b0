/**
 * The notification built in one pass gives the same bytes as the function it
 * replaced (kept below as it was, with its row arrays and joins), for fixed
 * submissions and generated ones: empty and hidden fields, the size budget,
 * escaping, optional referrer, IP and reply-to.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  fieldLabel,
  headerText,
  NOTIFICATION_FIELDS_BUDGET,
  type NotificationInput,
  notificationMail,
  type OutgoingMail,
} from "../../../domain/forms/mail_content.ts";
import { escapeHtml } from "../../../domain/mail/render.ts";
import { clipChars } from "../../../domain/kernel/text.ts";
import type { Site } from "../../../domain/sites/store.ts";

// The notification before phase 6 (domain/forms/mail_content.ts at caeecca), with the form
// line and the hosted form's labels as they are now.
const CELL = "padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top;text-align:left";

function notificationMailBefore(n: NotificationInput): OutgoingMail {
  const title = n.formName ? `New submission: ${n.formName}` : `New form submission`;
  const subject = headerText(`${title} (${n.site.name})`);
  const htmlRows: string[] = [];
  const textRows: string[] = [];
  let htmlSize = 0;
  let textSize = 0;
  const hidden: string[] = [];
  // A hosted form's labels stand for its field names.
  const fieldLabelOf = (k: string) => n.labels?.get(k) ?? fieldLabel(k);
  for (const [k, v] of Object.entries(n.fields)) {
    const h =
      `<tr><th style="${CELL};width:30%;color:#374151">${escapeHtml(fieldLabelOf(k))}</th>` +
      `<td style="${CELL};white-space:pre-wrap">${
        v === "" ? '<span style="color:#9ca3af">(empty)</span>' : escapeHtml(v)
      }</td></tr>`;
    const t = `${fieldLabelOf(k)}: ${v === "" ? "(empty)" : v.replace(/\n/g, "\n  ")}`;
    if (
      hidden.length || htmlSize + h.length > NOTIFICATION_FIELDS_BUDGET ||
      textSize + t.length > NOTIFICATION_FIELDS_BUDGET
    ) {
      hidden.push(fieldLabelOf(k));
      continue;
    }
    htmlRows.push(h);
    textRows.push(t);
    htmlSize += h.length;
    textSize += t.length;
  }
  const more = hidden.length
    ? `${hidden.length} more field(s) not shown for size: ${
      clipChars(hidden.join(", "), 2000)
    }. The stored submission has them all.`
    : null;
  const meta = [
    // Named forms by name, others by their number (no bare "Form ID 3069227272").
    n.formName ? `Form: ${n.formName}` : `Form number ${n.formId}`,
    `received ${n.createdAt}`,
    n.referrer ? `page ${n.referrer}` : null,
    n.ip ? `IP ${n.ip}` : null,
    `spam score ${n.spamScore} (${n.classification})`,
  ].filter((x): x is string => x !== null);
  const empty = htmlRows.length === 0 && !more;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:640px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
<h1 style="font-size:18px;margin:0 0 4px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px;color:#6b7280">${escapeHtml(n.site.name)} &middot; ${
    escapeHtml(n.site.domain)
  }</p>
<table style="border-collapse:collapse;width:100%;font-size:14px">
${
    htmlRows.join("\n") ||
    (empty ? `<tr><td style="${CELL};color:#9ca3af">(no fields)</td></tr>` : "")
  }
</table>
${more ? `<p style="margin:12px 0 0;color:#b45309">${escapeHtml(more)}</p>` : ""}
<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${escapeHtml(meta.join(" · "))}</p>
${
    n.replyTo
      ? `<p style="margin:8px 0 0;font-size:12px;color:#6b7280">Reply to this email to answer ${
        escapeHtml(n.replyTo)
      }.</p>`
      : ""
  }
</div></body></html>`;
  const text = [
    title,
    `${n.site.name} (${n.site.domain})`,
    "",
    ...textRows,
    ...(empty ? ["(no fields)"] : []),
    ...(more ? ["", more] : []),
    "",
    meta.join(" · "),
    ...(n.replyTo ? [`Reply to this email to answer ${n.replyTo}.`] : []),
  ].join("\n");
  return { to: n.to, subject, html, text, fromName: n.fromName, replyTo: n.replyTo };
}

const site = (name: string, domain: string) =>
  ({ id: "s1", name, domain, default_from_name: null }) as unknown as Site;

const base: NotificationInput = {
  site: site("Luna <Bakery> & Co", "lunabakery.com"),
  to: ["owner@example.com"],
  fromName: "Luna Bakery",
  replyTo: "ann@example.org",
  formId: 4,
  formName: "Order <b>",
  fields: { first_name: "Ann", "a<b": "x & y\nsecond line", note: "", _: "z" },
  referrer: "https://lunabakery.com/contact?a=1&b=<2>",
  ip: "203.0.113.9",
  createdAt: "2026-11-24T16:00:00.000Z",
  classification: "legit",
  spamScore: 0.12,
};

Deno.test("notification: same bytes as before for fixed submissions", () => {
  const big = "x".repeat(150_000);
  const cases: NotificationInput[] = [
    base,
    { ...base, fields: {} },
    { ...base, formName: null, referrer: null, ip: null, replyTo: null },
    { ...base, fields: { a: "", b: "" } },
    // A hosted form's labels, one field without a label, a name like an Object key.
    {
      ...base,
      fields: { email: "a@b.example", topic: "Sales", constructor: "c", extra: "" },
      labels: new Map([["email", "Your <email>"], ["topic", "Topic"]]),
    },
    // The budget: the third field is hidden, and every field after it.
    { ...base, fields: { a: big, b: big, c: big, d: "small", e_f: "" } },
    // Only hidden fields (the first is over the budget alone).
    { ...base, fields: { huge: "y".repeat(NOTIFICATION_FIELDS_BUDGET + 1), next: "n" } },
    // The text part's budget reached before the HTML's (newlines indent in text).
    { ...base, fields: { a: "\n".repeat(199_000), b: "\n".repeat(199_000), c: "c" } },
    // Many hidden names: the list is clipped.
    {
      ...base,
      fields: Object.fromEntries([
        ["first", "z".repeat(NOTIFICATION_FIELDS_BUDGET)],
        ...Array.from({ length: 400 }, (_, i) => [`field_number_${i}`, "v"]),
      ]),
    },
  ];
  for (const n of cases) assert.deepEqual(notificationMail(n), notificationMailBefore(n));
});

Deno.test("notification: same bytes as before for any fields and settings", () => {
  const text = fc.string({ unit: "grapheme", maxLength: 40 });
  fc.assert(
    fc.property(
      fc.dictionary(text, fc.oneof(text, fc.constant(""), fc.constant("a\nb"))),
      fc.option(text),
      fc.option(text),
      fc.option(text),
      fc.option(text),
      text,
      (fields, formName, referrer, ip, replyTo, siteName) => {
        const n: NotificationInput = {
          ...base,
          site: site(siteName, "example.com"),
          fields,
          formName,
          referrer,
          ip,
          replyTo,
        };
        assert.deepEqual(notificationMail(n), notificationMailBefore(n));
      },
    ),
    { numRuns: 500 },
  );
});
