/**
 * Long file: corpus data written for this project (texts and the lists that fill
 * them), kept whole so that a kind's wordings stay together.
 * The mail corpus: every handwritten mail text filled a few times with a
 * sender brand, recipient, links (click-tracked for newsletters, look-alike
 * hosts for phishing) and a layout. Deterministic and labelled.
 */
import type { EmailMessage } from "../../domain/spam/model/mail_features.ts";
import { CITIES, fill, type Lang, langOf, person, Rng, SITES } from "./common.ts";
import { MAIL_HAM, type MailKind } from "./mail_legit.ts";
import { type Brand, type Layout, render } from "./mail_render.ts";
import { EXTRA_MAIL_TEXTS } from "./mail_extra_wordings.ts";
import { EXTRA_MAIL_TEXTS_2 } from "./mail_everyday_and_imitations.ts";
import { LIST_TEXTS } from "./mail_plain_text.ts";
import { MORE_MAIL_TEXTS } from "./mail_more_wordings.ts";
import { MAIL_SPAM } from "./mail_spam.ts";
import {
  MAIL_SPAM_TWENTY_YEARS,
  MAIL_SPAM_TWENTY_YEARS_MORE,
  MAIL_TWENTY_YEARS,
  MAIL_TWENTY_YEARS_HARD,
} from "./mail_twenty_years.ts";
import { MAIL_FRESH_KINDS } from "./mail_fresh_kinds.ts";
import { MAIL_LEGIT_SPAM_VOCABULARY } from "./mail_legit_spam_vocabulary.ts";
import { MAIL_COMPOSED } from "./mail_composed.ts";
import { MAIL_LEGIT_LANGUAGES } from "./mail_legit_languages.ts";
import { MAIL_NAMED_GOODS } from "./mail_named_goods.ts";
import { MAIL_NEWSLETTERS, MAIL_SPAM_NEWSLETTER_LIKE } from "./mail_newsletters.ts";

/**
 * The HTML of around 2000 (font tags, bgcolor) for legitimate bulk
 * mail as for spam, and a desktop mail program's HTML for people's mail as
 * for the scams written like a letter: before, only spam had <font> tags.
 */
const OLD_HTML = new Set([
  "newsletter_company",
  "newsletter_editorial",
  "retail_promotion",
  "event_webinar",
  "community_announcement",
  "travel_booking",
  "loans_mortgage",
  "pharma",
  "replica_goods",
  "money_scheme",
  "casino",
  "stock_pump",
  "adult_dating",
  "lottery_winner",
  "seo_webdesign_spam",
  "foreign_spam",
  "crypto_investment",
]);
const OUTLOOK = new Set([
  "personal_email",
  "work_email",
  "short_note",
  "support_ticket",
  "advance_fee",
  "bec_wire_fraud",
  "extortion",
  "money_scheme",
]);

export const MAIL_KINDS: MailKind[] = [...MAIL_HAM, ...MAIL_SPAM].map((k) => ({
  ...k,
  layouts: [
    ...k.layouts,
    ...(OLD_HTML.has(k.kind) ? ["old_html" as const] : []),
    ...(OUTLOOK.has(k.kind) ? ["outlook" as const] : []),
  ],
  texts: [
    ...k.texts,
    ...(MORE_MAIL_TEXTS[k.kind] ?? []),
    ...(LIST_TEXTS[k.kind] ?? []),
    ...(EXTRA_MAIL_TEXTS[k.kind] ?? []),
    ...(EXTRA_MAIL_TEXTS_2[k.kind] ?? []),
    ...(MAIL_TWENTY_YEARS[k.kind] ?? []),
    ...(MAIL_SPAM_TWENTY_YEARS[k.kind] ?? []),
    ...(MAIL_TWENTY_YEARS_HARD[k.kind] ?? []),
    ...(MAIL_SPAM_TWENTY_YEARS_MORE[k.kind] ?? []),
    // The mail probes, appended after they were scored (so earlier families keep their split).
    ...(MAIL_FRESH_KINDS[k.kind] ?? []),
    ...(MAIL_LEGIT_SPAM_VOCABULARY[k.kind] ?? []),
    ...(MAIL_COMPOSED[k.kind] ?? []),
    ...(MAIL_LEGIT_LANGUAGES[k.kind] ?? []),
    ...(MAIL_NAMED_GOODS[k.kind] ?? []),
    // Legitimate commercial mail with marketing's marks, by composition.
    ...(MAIL_NEWSLETTERS[k.kind] ?? []),
    ...(MAIL_SPAM_NEWSLETTER_LIKE[k.kind] ?? []),
  ],
}));

export type MailItem = {
  id: string;
  family: string;
  kind: string;
  label: "spam" | "legitimate";
  lang: Lang;
  input: EmailMessage;
};

function token(rng: Rng, n: number): string {
  const a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return Array.from({ length: n }, () => a[rng.int(a.length)]).join("");
}
function hex(rng: Rng, n: number): string {
  return Array.from({ length: n }, () => "0123456789abcdef"[rng.int(16)]).join("");
}

const PAGES = [
  "blog/2024/whats-new",
  "products/new-arrivals",
  "help/article/1042",
  "account/orders",
  "sale",
  "stories/bakery",
  "careers",
  "events/summer",
  "p/weekly-digest-41",
  "en-gb/collections/autumn",
];

/** A click-tracked link to `target` in the style of one mail service. */
function tracked(rng: Rng, style: number, domain: string, target: string): string {
  const t = token(rng, rng.range(40, 120));
  switch (style) {
    case 0:
      return `https://click.${domain}/ls/click?upn=${t}`;
    case 1:
      return `https://${domain.split(".")[0]}.us${rng.range(2, 21)}.list-manage.com/track/click?u=${
        hex(rng, 25)
      }&id=${hex(rng, 10)}&e=${hex(rng, 10)}`;
    case 2:
      return `https://u${rng.range(1000000, 9999999)}.ct.sendgrid.net/ls/click?upn=${t}`;
    case 3:
      return `https://links.${domain}/s/c/${t}`;
    case 4:
      return `https://email.${domain}/c/${t}`;
    case 5:
      return `${target}${
        target.includes("?") ? "&" : "?"
      }utm_source=newsletter&utm_medium=email&utm_campaign=${
        rng.pick(["may24", "weekly", "autumn_sale", "digest_41", "onboarding"])
      }`;
    case 6:
      return `https://trk.klclick.com/ls/click?upn=${t}`;
    case 7:
      return `https://${rng.range(100000, 999999)}.hubspotlinks.com/Ctc/${token(rng, 4)}+113/${t}`;
    case 8:
      return `https://mandrillapp.com/track/click/${
        rng.range(10000000, 99999999)
      }/${domain}?p=${t}`;
    case 9:
      return `https://substack.com/redirect/${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${
        hex(rng, 12)
      }?j=${t}`;
    default:
      return `https://r.${domain}/tr/cl/${t}`;
  }
}

const PHISH_WORDS = [
  "secure",
  "verify",
  "login",
  "account",
  "support",
  "update",
  "online",
  "auth",
  "help",
  "service",
  "alert",
  "id",
  "billing",
  "confirm",
];
const PHISH_TLDS = [
  "com",
  "net",
  "info",
  "xyz",
  "top",
  "online",
  "site",
  "app",
  "live",
  "co",
  "support",
  "cc",
  "icu",
  "ru",
  "click",
];
const FREE_HOSTS = [
  "web.app",
  "firebaseapp.com",
  "pages.dev",
  "workers.dev",
  "weebly.com",
  "wixsite.com",
  "000webhostapp.com",
  "netlify.app",
  "vercel.app",
  "glitch.me",
  "r2.dev",
  "ngrok-free.app",
];
const SPAM_WORDS = [
  "bestpills-online",
  "luxury-replicas",
  "fastcash-now",
  "hotsingles4u",
  "cryptoprofit-ai",
  "megaspins",
  "stockalert-pro",
  "inkdeals",
  "freegift-claim",
  "rewardzone",
  "health-secret",
  "cheap-meds24",
  "win-big-today",
  "loan-approved",
  "datingnow",
  "profitbot",
];

function phishUrl(rng: Rng, brand: Brand | null): string {
  const b = (brand?.domain ?? "account.com").split(".")[0].replace(/[^a-z0-9]/g, "");
  const w = rng.pick(PHISH_WORDS);
  const r = rng.int(10);
  const path = rng.pick([
    "/login",
    "/signin/verify",
    "/secure/update.php",
    "/account/confirm",
    "/",
    "/auth?session=" + hex(rng, 16),
    "/index.html",
    "/wp-admin/verify/",
  ]);
  switch (r) {
    case 0:
      return `https://${b}-${w}.${rng.pick(PHISH_TLDS)}${path}`;
    case 1:
      return `https://${w}-${b}.com.${token(rng, 6).toLowerCase().replace(/[^a-z]/g, "x")}.${
        rng.pick(["ru", "cn", "top", "xyz"])
      }${path}`;
    case 2:
      return `https://${b}-${w}-${rng.range(10, 99)}.${rng.pick(FREE_HOSTS)}${path}`;
    case 3:
      return `https://${
        rng.pick([
          "greenvalleyfarm",
          "mariaspizza",
          "thelittleshop",
          "smithplumbing",
          "bestautoparts",
        ])
      }.${rng.pick(["com", "com.br", "co.za", "in"])}/wp-includes/${b}/index.php`;
    case 4:
      return `http://${rng.range(23, 212)}.${rng.range(1, 254)}.${rng.range(1, 254)}.${
        rng.range(1, 254)
      }/${b}/${w}.html`;
    case 5:
      return `https://${rng.pick(["bit.ly", "t.ly", "cutt.ly", "rebrand.ly", "is.gd"])}/${
        token(rng, 7)
      }`;
    case 6:
      return `https://${
        b.replace(/o/g, "0").replace(/l/g, "1").replace(/i/g, "1")
      }-${w}.com${path}`;
    case 7:
      return `https://docs.google.com/forms/d/e/1FAIpQL${token(rng, 40)}/viewform`;
    case 8:
      return `https://${w}.${b}.${rng.pick(["com-", "co-", "net-"])}${
        rng.pick(["id", "sec", "info"])
      }${rng.range(10, 999)}.${rng.pick(PHISH_TLDS)}${path}`;
    default:
      return `https://${b}${rng.pick(["support", "secure", "online", "help"])}.${
        rng.pick(PHISH_TLDS)
      }${path}`;
  }
}

function spamUrl(rng: Rng): string {
  const r = rng.int(8);
  const w = rng.pick(SPAM_WORDS);
  if (r === 0) {
    return `http://${rng.range(23, 212)}.${rng.range(1, 254)}.${rng.range(1, 254)}.${
      rng.range(1, 254)
    }/${w}/?id=${rng.range(1000, 9999)}`;
  }
  if (r === 1) {
    return `https://${rng.pick(["bit.ly", "tinyurl.com", "cutt.ly", "goo.gl"])}/${token(rng, 7)}`;
  }
  if (r === 2) return `https://${w}.${rng.pick(FREE_HOSTS)}/`;
  return `${rng.chance(0.7) ? "https" : "http"}://${rng.chance(0.3) ? "www." : ""}${w}.${
    rng.pick(["com", "net", "biz", "info", "xyz", "top", "ru", "online", "shop", "click", "cn"])
  }/${
    rng.pick([
      "",
      "index.php?ref=" + rng.range(100, 999),
      "offer/" + rng.range(10, 99),
      "go",
      "c/" + token(rng, 10),
    ])
  }`;
}

export function buildMailItem(kind: MailKind, index: number, variant: number): MailItem {
  const { lang, text } = langOf(kind.texts[index]);
  const id = `${kind.kind}/${index}/${variant}`;
  const rng = new Rng(`mail:${id}`);
  const spam = kind.label === "spam";
  const brand = kind.brands ? rng.pick(kind.brands) : null;
  const domain = brand?.domain ??
    rng.pick(["example.org", "mailbox.org", "company.com", "posteo.de"]);
  const p = person(rng, lang);
  const other = person(rng, lang);
  const other2 = person(rng, lang);
  const style = rng.int(11);
  const trackAll = !spam && kind.bulk && rng.chance(0.85);
  const page = () => `https://www.${domain}/${rng.pick(PAGES)}`;
  const slots: Record<string, () => string> = {
    brand: () => brand?.name ?? "",
    domain: () => domain,
    first: () => p.first,
    last: () => p.last,
    email: () => p.email,
    order: () => `${rng.range(100, 999)}-${rng.range(1000000, 9999999)}`,
    amount: () =>
      rng.pick([
        "$24.99",
        "$129.00",
        "£48.50",
        "€79,90",
        "$9.99",
        "$1,240.00",
        "€15.00",
        "$312.45",
      ]),
    small_amount: () => rng.pick(["$1.99", "£2.99", "€1.45", "$3.00"]),
    date: () =>
      rng.pick(["12 March", "May 4", "Tuesday", "21.06.2024", "October 3, 2024", "yesterday"]),
    date2: () =>
      rng.pick(["14 March", "June 9", "Friday", "28.06.2024", "October 12", "next Monday"]),
    code: () => String(rng.range(100000, 999999)),
    code3: () => String(rng.range(100, 999)),
    product: () =>
      rng.pick([
        "Merino crew jumper",
        "The Midnight Library (paperback)",
        "Trail running shoes",
        "Ceramic pour-over set",
        "Wool blanket",
        "USB-C hub",
      ]),
    city: () => rng.pick(CITIES[lang] ?? CITIES.en),
    track: () =>
      `${rng.pick(["1Z", "JD", "RR", "00"])}${rng.range(100000000, 999999999)}${
        rng.pick(["GB", "DE", "US", ""])
      }`,
    carrier: () => rng.pick(["UPS", "DHL", "Royal Mail", "DPD", "FedEx"]),
    last4: () => String(rng.range(1000, 9999)),
    ip: () =>
      `${rng.range(11, 200)}.${rng.range(0, 255)}.${rng.range(0, 255)}.${rng.range(1, 254)}`,
    device: () =>
      rng.pick([
        "Chrome on Windows",
        "Safari on iPhone",
        "Firefox on Linux",
        "Edge on Windows 11",
        "the app on Android",
      ]),
    sender: () => other.full,
    sender2: () => other2.full,
    sender_email: () => other.email,
    list_name: () =>
      rng.pick(["users", "dev", "announce", "help", "general", "tools-discuss", "linux-users"]),
    month: () => rng.pick(["January", "March", "June", "September", "November"]),
    merchant: () =>
      rng.pick(["Tesco", "Walmart", "Best Buy", "Uber", "Shell", "Apple.com/bill", "Steam Games"]),
    memo: () => rng.pick(["rent", "pizza", "concert tickets", "thanks!"]),
    event: () =>
      rng.pick([
        "Scaling Postgres (webinar)",
        "Spring Craft Fair",
        "Product Design Meetup",
        "Jazz in the Park",
      ]),
    hotel: () => rng.pick(["Hotel Marina", "The Old Mill B&B", "Parkview Apartments"]),
    pnr: () => token(rng, 6).toUpperCase().replace(/[^A-Z]/g, "X"),
    topic: () =>
      rng.pick([
        "The four-day week experiment",
        "Why the price of cocoa tripled",
        "A new map of the ocean floor",
        "What the heatwave means for farmers",
      ]),
    issue: () => String(rng.range(12, 240)),
    hex: () => hex(rng, 32),
    po: () => `${rng.range(10000, 99999)}`,
    free_email: () =>
      `${p.first.toLowerCase().replace(/[^a-z]/g, "")}${rng.range(10, 99)}@${
        rng.pick(["gmail.com", "outlook.com", "yahoo.com"])
      }`,
    pw: () => rng.pick(["sunshine2019", "Bailey123", "qwerty!2", "mike1984"]),
    site: () => rng.pick(SITES).domain,
  };
  const resolve = (target: string): string => {
    switch (target) {
      case "home":
        return trackAll
          ? tracked(rng, style, domain, `https://www.${domain}/`)
          : `https://www.${domain}/`;
      case "page":
        return trackAll ? tracked(rng, style, domain, page()) : page();
      case "account":
        return `https://${rng.pick(["www.", "account.", "my.", ""])}${domain}/${
          rng.pick(["account", "settings/security", "signin", "billing"])
        }`;
      case "order":
        return `https://www.${domain}/orders/${rng.range(100000, 999999)}`;
      case "reset":
        return `https://${rng.pick(["", "accounts.", "auth."])}${domain}/reset-password?token=${
          token(rng, 40)
        }`;
      case "verify":
        return `https://${rng.pick(["", "accounts.", "app."])}${domain}/verify-email?token=${
          token(rng, 40)
        }`;
      case "tracking":
        return `https://www.${domain}/track?tracknum=${rng.range(100000000, 999999999)}`;
      case "unsub":
        return spam
          ? `http://${rng.pick(SPAM_WORDS)}.${rng.pick(["com", "net", "info"])}/remove.php?e=${
            hex(rng, 12)
          }`
          : `https://${domain}/unsubscribe?e=${hex(rng, 24)}`;
      case "zoom":
        return `https://us0${rng.range(2, 6)}web.zoom.us/j/${
          rng.range(1000000000, 9999999999)
        }?pwd=${token(rng, 20)}`;
      case "calendar":
        return `https://calendar.google.com/calendar/event?action=TEMPLATE&tmeid=${token(rng, 30)}`;
      case "share":
        return rng.pick([
          `https://photos.app.goo.gl/${token(rng, 17)}`,
          `https://www.dropbox.com/sh/${token(rng, 15)}?dl=0`,
          `https://drive.google.com/drive/folders/${token(rng, 28)}`,
        ]);
      case "list":
        return `https://lists.${
          rng.pick([
            "debian.org",
            "freedesktop.org",
            "apache.org",
            "python.org",
            "example-project.org",
          ])
        }/mailman/listinfo/${rng.pick(["dev", "users", "announce"])}`;
      case "phish":
        return phishUrl(rng, brand);
      case "attach":
        return `${rng.chance(0.5) ? "https" : "http"}://${
          rng.pick([
            ...FREE_HOSTS.map((h) => token(rng, 8).toLowerCase() + "." + h),
            "cdn.discordapp.com/attachments/" + rng.range(100000, 999999),
            "onedrive.live.com/download?cid=" + hex(rng, 16),
            "transfer.sh/" + token(rng, 6),
            rng.pick(SPAM_WORDS) + ".top/files",
          ])
        }/${rng.pick(["invoice", "doc", "scan", "document"])}_${rng.range(1000, 9999)}.${
          rng.pick(["zip", "html", "exe", "iso", "js", "pdf.exe"])
        }`;
      case "spam_img":
        return `${spamUrl(rng).replace(/\/[^/]*$/, "")}/images/${rng.range(1, 99)}.jpg`;
      case "phish_img":
        return rng.chance(0.5)
          ? `https://www.${domain}/static/logo.png`
          : `${phishUrl(rng, brand).replace(/\/[^/]*$/, "")}/logo.png`;
      default:
        return spamUrl(rng);
    }
  };
  const [subjectRaw, ...bodyParts] = text.split("\n---\n");
  const subject = fill(subjectRaw, rng, slots);
  let body = fill(bodyParts.join("\n---\n"), rng, slots);
  // Phishing text sometimes shows the brand's real address as the link text.
  if (kind.kind.startsWith("phishing") && rng.chance(0.3)) {
    body += `\n\n<<https://www.${domain}/${
      rng.pick(["signin", "account/verify", "security"])
    }|phish>>`;
  }
  const layout: Layout = rng.pick(kind.layouts);
  const withText = layout === "plain"
    ? true
    : layout === "outlook"
    ? rng.chance(0.7)
    : layout === "old_html"
    ? rng.chance(0.4)
    : layout === "transactional" || layout === "newsletter"
    ? rng.chance(0.8)
    : layout === "simple"
    ? rng.chance(0.6)
    : rng.chance(0.35);
  const unsubscribe = spam
    ? (layout === "spam_html" && rng.chance(0.5) ? resolve("unsub") : undefined)
    : kind.bulk
    ? (trackAll && rng.chance(0.5)
      ? tracked(rng, style, domain, `https://${domain}/unsubscribe`)
      : resolve("unsub"))
    : (layout === "transactional" && rng.chance(0.3)
      ? `https://${domain}/settings/notifications`
      : undefined);
  const pixel = !spam && (kind.bulk || layout === "transactional") && rng.chance(0.6)
    ? (style === 1
      ? `https://${domain.split(".")[0]}.us${rng.range(2, 21)}.list-manage.com/track/open.php?u=${
        hex(rng, 25)
      }`
      : `https://${rng.pick(["email.", "click.", "t."])}${domain}/o/${token(rng, 40)}.gif`)
    : spam && rng.chance(0.25)
    ? `${spamUrl(rng).replace(/\/[^/]*$/, "")}/open.gif?id=${hex(rng, 8)}`
    : undefined;
  const r = render(subject, body, layout, rng, resolve, brand, { unsubscribe, pixel, withText });
  // A plain newsletter footer when there is no HTML part.
  let textOut = r.text;
  if (textOut !== null && kind.bulk && !spam && !r.html) {
    textOut += `\n\nUnsubscribe: ${unsubscribe}`;
  }
  return {
    id,
    family: `${kind.kind}/${index}`,
    kind: kind.kind,
    label: kind.label,
    lang,
    input: { subject: r.subject, text: textOut, html: r.html },
  };
}

export function buildMailCorpus(kinds: MailKind[] = MAIL_KINDS): MailItem[] {
  const items: MailItem[] = [];
  for (const k of kinds) {
    for (let i = 0; i < k.texts.length; i++) {
      for (let v = 0; v < (k.variants ?? 3); v++) items.push(buildMailItem(k, i, v));
    }
  }
  return items;
}
