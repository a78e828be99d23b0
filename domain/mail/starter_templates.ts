/**
 * Starter templates every site can use by slug (after the account's own
 * templates, which win on the same slug). Variables: those listed per template,
 * plus `site_name`, `site_domain` and `unsubscribe_url`, which the service fills.
 */
export type StarterTemplate = {
  slug: string;
  name: string;
  subject: string;
  html: string;
  text: string;
  /** Variables the template expects from `data`. */
  variables: string[];
};

function layout(body: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;line-height:1.5">
${body}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#71717a;text-align:center">{{site_name}} &middot; {{site_domain}}</p>
</body></html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${href}" style="background:#2563eb;color:#ffffff;` +
  `padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${label}</a></p>`;

export const STARTER_TEMPLATES: StarterTemplate[] = [
  {
    slug: "welcome",
    name: "Welcome",
    subject: "Welcome to {{site_name}}",
    variables: ["name", "action_url"],
    html: layout(
      `<h1 style="font-size:22px;margin:0 0 16px">Welcome, {{name}}!</h1>
<p>Thanks for joining {{site_name}}. Your account is ready.</p>
${button("{{action_url}}", "Get started")}
<p>If you have questions, just reply to this email.</p>`,
    ),
    text: `Welcome, {{name}}!

Thanks for joining {{site_name}}. Your account is ready.

Get started: {{action_url}}

If you have questions, just reply to this email.
`,
  },
  {
    slug: "password-reset",
    name: "Password reset",
    subject: "Reset your {{site_name}} password",
    variables: ["name", "reset_url", "expires_in"],
    html: layout(
      `<h1 style="font-size:22px;margin:0 0 16px">Reset your password</h1>
<p>Hi {{name}}, we received a request to reset the password of your {{site_name}} account.</p>
${button("{{reset_url}}", "Choose a new password")}
<p>The link expires in {{expires_in}}. If you did not ask for this, you can ignore this email: your password stays the same.</p>`,
    ),
    text: `Reset your password

Hi {{name}}, we received a request to reset the password of your {{site_name}} account.

Choose a new password: {{reset_url}}

The link expires in {{expires_in}}. If you did not ask for this, you can ignore this email: your password stays the same.
`,
  },
  {
    slug: "receipt",
    name: "Receipt",
    subject: "Your receipt {{receipt_number}} from {{site_name}}",
    variables: ["name", "receipt_number", "date", "description", "amount", "currency"],
    html: layout(
      `<h1 style="font-size:22px;margin:0 0 16px">Thank you for your purchase</h1>
<p>Hi {{name}}, here is your receipt.</p>
<table style="width:100%;border-collapse:collapse;margin:16px 0">
<tr><td style="padding:8px 0;color:#71717a">Receipt</td><td style="padding:8px 0;text-align:right">{{receipt_number}}</td></tr>
<tr><td style="padding:8px 0;color:#71717a">Date</td><td style="padding:8px 0;text-align:right">{{date}}</td></tr>
<tr><td style="padding:8px 0;color:#71717a">Item</td><td style="padding:8px 0;text-align:right">{{description}}</td></tr>
<tr><td style="padding:8px 0;border-top:1px solid #e4e4e7;font-weight:bold">Total</td><td style="padding:8px 0;border-top:1px solid #e4e4e7;text-align:right;font-weight:bold">{{amount}} {{currency}}</td></tr>
</table>
<p>Keep this email for your records.</p>`,
    ),
    text: `Thank you for your purchase

Hi {{name}}, here is your receipt.

Receipt: {{receipt_number}}
Date:    {{date}}
Item:    {{description}}
Total:   {{amount}} {{currency}}

Keep this email for your records.
`,
  },
  {
    slug: "notification",
    name: "Notification",
    subject: "{{title}}",
    variables: ["title", "message", "action_url", "action_label"],
    html: layout(
      `<h1 style="font-size:22px;margin:0 0 16px">{{title}}</h1>
<p style="white-space:pre-line">{{message}}</p>
${button("{{action_url}}", "{{action_label}}")}`,
    ),
    text: `{{title}}

{{message}}

{{action_label}}: {{action_url}}
`,
  },
  {
    slug: "email-verification",
    name: "Email verification",
    subject: "Confirm your email address for {{site_name}}",
    variables: ["name", "verify_url", "code"],
    html: layout(
      `<h1 style="font-size:22px;margin:0 0 16px">Confirm your email address</h1>
<p>Hi {{name}}, please confirm that this address belongs to you.</p>
${button("{{verify_url}}", "Confirm email address")}
<p>Or enter this code: <strong style="font-size:18px;letter-spacing:2px">{{code}}</strong></p>`,
    ),
    text: `Confirm your email address

Hi {{name}}, please confirm that this address belongs to you.

Confirm: {{verify_url}}
Or enter this code: {{code}}
`,
  },
];

const BY_SLUG = new Map(STARTER_TEMPLATES.map((t) => [t.slug, t]));

/** A starter template by slug, or by the id form `starter:<slug>`. */
export function starterTemplate(idOrSlug: string): StarterTemplate | null {
  const slug = idOrSlug.startsWith("starter:") ? idOrSlug.slice(8) : idOrSlug;
  return BY_SLUG.get(slug) ?? null;
}
