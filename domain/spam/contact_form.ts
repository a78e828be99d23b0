/**
 * Contact-form notifications (spec rule 2 of POST /mail/send): mail whose
 * source_plugin names a known form plugin, or whose subject reads like a form
 * notification, gets an extra spam check aimed at what bots type into contact
 * forms (SEO pitches, link drops, BBCode, opt-out lines). At a confidence of 0.9
 * or more the notification is held: not sent, logged as flagged, answered sent.
 */
export const HOLD_CONFIDENCE = 0.9;

/** source_plugin values (lowercase) of form plugins whose mail is a form notification. */
export const FORM_PLUGINS = new Set([
  "contact-form-7",
  "contact-form",
  "wpforms",
  "wpforms-lite",
  "gravityforms",
  "gravity-forms",
  "ninja-forms",
  "ninjaforms",
  "formidable",
  "formidable-forms",
  "elementor",
  "elementor-pro",
  "fluentform",
  "fluent-forms",
  "forminator",
  "everest-forms",
  "happyforms",
  "caldera-forms",
  "weforms",
  "jetpack-forms",
  "kadence-forms",
  "ws-form",
  "form",
]);

const SUBJECT_RE = [
  /\bnew (?:contact )?form (?:submission|entry|message)\b/i,
  /\bcontact form\b/i,
  /\bnew (?:message|submission|enquiry|inquiry|entry) (?:from|via|on)\b/i,
  /\bform submission\b/i,
];

export function isContactFormNotification(sourcePlugin: string | undefined, subject: string) {
  if (sourcePlugin && FORM_PLUGINS.has(sourcePlugin.trim().toLowerCase())) return true;
  return SUBJECT_RE.some((r) => r.test(subject));
}

type Rule = { name: string; p: number; test: (s: string, urls: number) => boolean };

const RULES: Rule[] = [
  {
    name: "seo_pitch",
    p: 0.55,
    test: (s) =>
      /\b(?:seo|backlinks?|guest posts?|domain authority|first page of google|rank(?:ing)? (?:your|on|higher)|website traffic|organic traffic)\b/i
        .test(s),
  },
  {
    name: "marketing_pitch",
    p: 0.35,
    test: (s) =>
      /\b(?:increase your sales|grow your business|business (?:loan|funding)|web design services|lead generation|we can help you|affordable price)\b/i
        .test(s),
  },
  {
    name: "spam_goods",
    p: 0.75,
    test: (s) =>
      /\b(?:viagra|cialis|casino|free spins|porn|xxx|hot singles|crypto(?:currency)? (?:investment|profit)|bitcoin (?:investment|profit)|forex)\b/i
        .test(s),
  },
  { name: "many_links", p: 0.5, test: (_s, urls) => urls >= 3 },
  { name: "link", p: 0.15, test: (_s, urls) => urls >= 1 && urls < 3 },
  { name: "bbcode", p: 0.6, test: (s) => /\[url=|\[\/url\]|\[link=/i.test(s) },
  {
    name: "opt_out_line",
    p: 0.45,
    test: (s) => /\b(?:to opt[- ]out|unsubscribe|reply (?:with )?["']?stop|remove me)\b/i.test(s),
  },
  {
    name: "generic_greeting",
    p: 0.25,
    test: (s) => /\b(?:dear (?:sir|madam|website owner|business owner)|hello dear)\b/i.test(s),
  },
  {
    name: "foreign_script",
    p: 0.45,
    test: (s) => {
      const letters = s.match(/\p{L}/gu)?.length ?? 0;
      const cyr = s.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
      return letters > 20 && cyr / letters > 0.2;
    },
  },
];

const URL_RE = /https?:\/\/[^\s"'<>]+|www\.[^\s"'<>]+/gi;

/** Confidence 0..1 that a form notification is spam (noisy-OR of the rules that fired). */
export function contactFormSpam(subject: string, body: string): {
  confidence: number;
  detail: string | null;
} {
  const s = `${subject}\n${body}`;
  const urls = new Set(s.match(URL_RE) ?? []).size;
  let keep = 1;
  const fired: string[] = [];
  for (const r of RULES) {
    if (r.test(s, urls)) {
      keep *= 1 - r.p;
      fired.push(r.name);
    }
  }
  const confidence = Math.round((1 - keep) * 1000) / 1000;
  return { confidence, detail: fired.length ? fired.join(", ").slice(0, 200) : null };
}
