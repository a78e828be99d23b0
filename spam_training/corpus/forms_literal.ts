/**
 * The literal-forms probe: 248 literal submissions (126 spam, 122 legitimate)
 * written fresh to measure how well the form model generalises, in the form
 * shapes of real plugins (Contact Form 7, WPForms, Gravity Forms, Elementor,
 * custom). Measured first with the weights of the time (`deno run -A
 * spam_training/probes/forms_literal_check.ts`), then folded into the corpus:
 * every row is its own family, so the split keeps held-out rows apart. The
 * family and seed strings (`probe4/<kind>/<n>`, `probe4:<id>`) are data: they
 * decide each row's split and filling, so they stay as they were written.
 */
import type { FormSubmission } from "../../domain/spam/model/form_features.ts";
import { BROWSERS, type Lang, OLD_BROWSERS, Rng } from "./common.ts";
import type { Label, ProbeRow } from "./forms_kinds.ts";
import { PROBE_LEGIT } from "./forms_literal_legit.ts";
import { PROBE_SPAM } from "./forms_literal_spam.ts";

export type ProbeItem = {
  id: string;
  family: string;
  kind: string;
  label: Label;
  lang: Lang;
  ip: string;
  input: FormSubmission & { site: { domain: string; language: string | null } };
};

const SITES: Record<string, string> = {
  en: "oakleafbakery.co.uk",
  de: "baeckerei-lindner.de",
  es: "clinica-dental-sol.es",
  fr: "atelier-rose.fr",
  pl: "kwiaciarnia-bez.pl",
  pt: "padaria-lua.pt",
  ja: "sakura-dental.jp",
  zh: "mingyue-school.cn",
  ru: "remont-doma.ru",
  ar: "alnoor-clinic.ae",
};
const EN_SITES = [
  "oakleafbakery.co.uk",
  "brightsmiledental.com",
  "harbourplumbing.com",
  "greenfieldprimary.org.uk",
  "lakeside-lettings.co.uk",
  "ridgewayautos.com",
];

function langOfRow(kind: string, message: string): Lang {
  const m = /^lang_([a-z]{2})$/.exec(kind);
  if (m) return m[1] as Lang;
  if (/[\u0400-\u04ff]/.test(message)) return "ru";
  if (/[\u4e00-\u9fff]/.test(message) && !/[\u3040-\u30ff]/.test(message)) return "zh";
  if (/[A-ZÄÖÜ]{4,}.*ICH|Danke/.test(message)) return "de";
  if (/ś|ż|ł|ó.*ę/.test(message)) return "pl";
  return "en";
}

function fieldsOf(row: ProbeRow, subject: string): Record<string, string> {
  const [, shape, name, email, message, x = {}] = row;
  if (x.only) return shape === "el" ? { "form_fields[email]": email } : { email };
  let f: Record<string, string>;
  const [first, ...rest] = name.split(" ");
  switch (shape) {
    case "cf7":
      f = {
        "your-name": name,
        "your-email": email,
        "your-subject": subject,
        "your-message": message,
      };
      break;
    case "wpf":
      f = {
        "wpforms[fields][1]": name,
        "wpforms[fields][2]": email,
        "wpforms[fields][3]": message,
      };
      break;
    case "gf":
      f = {
        "input_1.3": first,
        "input_1.6": rest.join(" "),
        "input_2": email,
        "input_3": "",
        "input_4": message,
      };
      break;
    case "el":
      f = {
        "form_fields[name]": name,
        "form_fields[email]": email,
        "form_fields[message]": message,
      };
      break;
    default:
      f = { name, email, phone: "", message };
  }
  if (x.website) f[shape === "el" ? "form_fields[website]" : "website"] = x.website;
  if (x.hp) f[x.hp[0]] = x.hp[1];
  return f;
}

function build(rows: ProbeRow[], label: Label): ProbeItem[] {
  return rows.map((row, n) => {
    const [kind, , , , raw, x = {}] = row;
    const family = `probe4/${kind}/${n}`;
    const id = `${family}/0`;
    const rng = new Rng(`probe4:${id}`);
    const lang = langOfRow(kind, raw);
    const spam = label === "spam";
    const domain = !spam && SITES[lang] && lang !== "en" ? SITES[lang] : rng.pick(EN_SITES);
    const message = raw
      .replaceAll("{site}", `https://${domain}`)
      .replaceAll("{domain}", domain)
      .replaceAll("{domain_alt}", domain.replace(/\.[a-z.]+$/, "") + "-online.com")
      .replaceAll("{biz}", "bakery");
    const row2: ProbeRow = [row[0], row[1], row[2], row[3], message, x];
    const ua = spam && rng.chance(0.15) ? rng.pick(OLD_BROWSERS) : rng.pick(BROWSERS);
    const referrer = rng.chance(spam ? 0.5 : 0.8) ? `https://${domain}/contact/` : null;
    return {
      id,
      family,
      kind,
      label,
      lang,
      ip: x.ip ?? `198.51.${label === "spam" ? 100 : 50}.${n % 250}`,
      input: {
        fields: fieldsOf(row2, x.subject ?? ""),
        form_name: "Contact",
        visitor: { user_agent: ua, referrer },
        site: { domain, language: rng.chance(0.5) ? lang : null },
      },
    };
  });
}

/** The probe, spam rows first, in the order written. */
export function buildLiteralForms(): ProbeItem[] {
  return [...build(PROBE_SPAM, "spam"), ...build(PROBE_LEGIT, "legitimate")];
}
