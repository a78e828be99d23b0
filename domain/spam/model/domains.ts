/**
 * What a domain is: free mail, disposable, a link shortener, a messenger
 * hand-off, free web hosting, a mail service provider's click tracker. Registered
 * domains come from the public suffix list (npm `tldts`), so `mail.example.co.uk`
 * and `example.co.uk` are one site.
 */
import { parse } from "tldts";
import { isListedDisposable } from "../disposable.ts";

/** Registered domain ("example.co.uk"), or the hostname itself for an IP or an unknown suffix. */
export type HostInfo = {
  host: string;
  domain: string;
  suffix: string;
  /** The registered domain without its suffix ("example"). */
  label: string;
  isIp: boolean;
  /** The suffix is on the ICANN list (".txt" or ".local" are not). */
  known: boolean;
};

const hostCache = new Map<string, HostInfo>();

export function hostInfo(hostname: string): HostInfo {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const cached = hostCache.get(host);
  if (cached) return cached;
  const p = parse(host);
  const info: HostInfo = {
    host,
    domain: p.domain ?? host,
    suffix: p.publicSuffix ?? "",
    label: p.domainWithoutSuffix ?? "",
    isIp: p.isIp === true,
    known: p.isIcann === true,
  };
  if (hostCache.size > 5000) hostCache.clear();
  hostCache.set(host, info);
  return info;
}

const FREE_MAIL = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "tutanota.com",
  "tuta.io",
  "fastmail.com",
  "hey.com",
  "zoho.com",
  "mail.com",
  "email.com",
  "usa.net",
  "gmx.com",
  "gmx.net",
  "gmx.de",
  "gmx.at",
  "gmx.ch",
  "web.de",
  "t-online.de",
  "freenet.de",
  "mail.ru",
  "bk.ru",
  "inbox.ru",
  "list.ru",
  "yandex.ru",
  "yandex.com",
  "ya.ru",
  "rambler.ru",
  "ukr.net",
  "qq.com",
  "163.com",
  "126.com",
  "sina.com",
  "sohu.com",
  "yeah.net",
  "foxmail.com",
  "naver.com",
  "daum.net",
  "hanmail.net",
  "libero.it",
  "virgilio.it",
  "tiscali.it",
  "alice.it",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "wanadoo.fr",
  "sfr.fr",
  "o2.pl",
  "wp.pl",
  "onet.pl",
  "interia.pl",
  "seznam.cz",
  "btinternet.com",
  "sky.com",
  "virginmedia.com",
  "talktalk.net",
  "comcast.net",
  "verizon.net",
  "att.net",
  "sbcglobal.net",
  "bellsouth.net",
  "cox.net",
  "charter.net",
  "earthlink.net",
  "rocketmail.com",
  "ymail.com",
  "rediffmail.com",
  "docomo.ne.jp",
  "ezweb.ne.jp",
  "softbank.ne.jp",
  "uol.com.br",
  "bol.com.br",
  "terra.com.br",
  "abv.bg",
  "bigpond.com",
  "shaw.ca",
  "rogers.com",
  "sympatico.ca",
  "telus.net",
  "xtra.co.nz",
  "optusnet.com.au",
  "telenet.be",
  "skynet.be",
  "ziggo.nl",
  "kpnmail.nl",
  "bluewin.ch",
  "hotmail.co.uk",
  "yahoo.co.uk",
  "yahoo.co.jp",
]);

/** Families spread over many country suffixes (yahoo.fr, hotmail.es, outlook.de, ...). */
const FREE_MAIL_LABELS = new Set(["yahoo", "hotmail", "outlook", "live", "gmx", "aol"]);

export type SenderKind = "free" | "disposable" | "edu_gov" | "business" | "invalid";

/** Listed as disposable, or a subdomain of a listed domain (the one list, `../disposable.ts`). */
export function isDisposableDomain(domain: string): boolean {
  return isListedDisposable(domain.toLowerCase());
}

export function senderKind(domain: string): SenderKind {
  const info = hostInfo(domain);
  if (!info.known || info.isIp) return "invalid";
  if (FREE_MAIL.has(info.domain) || FREE_MAIL.has(info.host)) return "free";
  if (FREE_MAIL_LABELS.has(info.label)) return "free";
  if (isDisposableDomain(info.host)) return "disposable";
  if (/(?:^|\.)(?:edu|gov|ac|mil|gouv|gob|govt|k12)(?:\.|$)/.test(info.suffix)) return "edu_gov";
  return "business";
}

const SHORTENERS = new Set([
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "tinyurl.is",
  "goo.gl",
  "t.co",
  "ow.ly",
  "is.gd",
  "v.gd",
  "cutt.ly",
  "rb.gy",
  "shorturl.at",
  "tiny.cc",
  "buff.ly",
  "rebrand.ly",
  "t.ly",
  "bl.ink",
  "s.id",
  "clck.ru",
  "u.to",
  "qps.ru",
  "surl.li",
  "shorte.st",
  "adf.ly",
  "lnkd.in",
  "urlz.fr",
  "x.gd",
  "short.gy",
  "shorturl.asia",
  "dub.sh",
  "linktr.ee",
  "tr.ee",
  "url.cn",
  "dwz.cn",
  "suo.im",
]);

const MESSENGERS = new Set([
  "t.me",
  "telegram.me",
  "wa.me",
  "whatsapp.com",
  "line.me",
  "m.me",
  "signal.me",
  "discord.gg",
  "wechat.com",
  "viber.com",
  "skype.com",
]);

/** Places anyone can publish a page in a minute: where phishing kits and spam landers live. */
const FREE_HOSTING = new Set([
  "firebaseapp.com",
  "web.app",
  "weebly.com",
  "wixsite.com",
  "000webhostapp.com",
  "ngrok.io",
  "ngrok-free.app",
  "herokuapp.com",
  "pages.dev",
  "workers.dev",
  "r2.dev",
  "blogspot.com",
  "sites.google.com",
  "forms.gle",
  "glitch.me",
  "netlify.app",
  "vercel.app",
  "github.io",
  "repl.co",
  "webflow.io",
  "godaddysites.com",
  "square.site",
  "mystrikingly.com",
  "yolasite.com",
  "jimdosite.com",
  "tilda.ws",
  "typeform.com",
  "jotform.com",
  "ipfs.io",
  "dweb.link",
  "azurewebsites.net",
  "windows.net",
  "amazonaws.com",
  "storage.googleapis.com",
  "appspot.com",
  "sharepoint.com",
  "notion.site",
  "canva.site",
]);

/** Domains of mail service providers whose hosts rewrite links for click tracking. */
const ESP_DOMAINS = new Set([
  "list-manage.com",
  "mailchi.mp",
  "sendgrid.net",
  "sendgrid.com",
  "mailgun.org",
  "mailgun.net",
  "mandrillapp.com",
  "mcsv.net",
  "rs6.net",
  "constantcontact.com",
  "hubspotlinks.com",
  "hs-sites.com",
  "hubspotemail.net",
  "klclick.com",
  "klclick1.com",
  "klaviyomail.com",
  "sparkpostmail.com",
  "convertkit-mail.com",
  "ck.page",
  "substack.com",
  "beehiiv.com",
  "mlsend.com",
  "mailerlite.com",
  "sendinblue.com",
  "brevo.com",
  "sibforms.com",
  "r.mailjet.com",
  "mjt.lu",
  "awstrack.me",
  "amazonses.com",
  "exct.net",
  "exacttarget.com",
  "sfmc-content.com",
  "emltrk.com",
  "cmail19.com",
  "cmail20.com",
  "createsend.com",
  "createsend1.com",
  "campaign-archive.com",
  "icptrack.com",
  "ctrk.klclick.com",
  "postmarkapp.com",
  "pstmrk.it",
  "customeriomail.com",
  "intercom-mail.com",
  "intercom-clicks.com",
  "linkedin.com",
  "e.linkedin.com",
  "email.mg",
  "bnc.lt",
  "app.link",
]);

/** First labels of a brand's own tracking hosts: click.brand.com, links.brand.com, ... */
const TRACKING_PREFIX =
  /^(?:click|clicks|links?|lnk|email|e|em|emails|mail|mailer|news|newsletter|t|tr|track|trk|go|r|redirect|url\d*|ablink|ct|cl|sl|u\d+|elink|info|mkt|marketing|comms|engage)\./;

export function isShortener(domain: string, host: string): boolean {
  return SHORTENERS.has(host) || SHORTENERS.has(domain);
}
export function isMessenger(domain: string, host: string): boolean {
  return MESSENGERS.has(host) || MESSENGERS.has(domain) || host === "api.whatsapp.com";
}
export function isFreeHosting(domain: string, host: string): boolean {
  if (FREE_HOSTING.has(domain) || FREE_HOSTING.has(host)) return true;
  for (const d of ["sites.google.com", "docs.google.com", "storage.googleapis.com"]) {
    if (host === d) return true;
  }
  return false;
}
export function isEspTracker(domain: string, host: string): boolean {
  return ESP_DOMAINS.has(domain) || ESP_DOMAINS.has(host);
}
export function hasTrackingPrefix(host: string): boolean {
  return TRACKING_PREFIX.test(host);
}

/** Brands that phishing imitates most; a link naming one and going elsewhere is a classic lure. */
export const BRANDS = [
  "paypal",
  "apple",
  "icloud",
  "microsoft",
  "office",
  "outlook",
  "onedrive",
  "sharepoint",
  "netflix",
  "amazon",
  "google",
  "gmail",
  "facebook",
  "instagram",
  "whatsapp",
  "meta",
  "dhl",
  "fedex",
  "ups",
  "usps",
  "royalmail",
  "dpd",
  "wellsfargo",
  "chase",
  "citi",
  "hsbc",
  "barclays",
  "santander",
  "bankofamerica",
  "coinbase",
  "binance",
  "metamask",
  "docusign",
  "dropbox",
  "adobe",
  "linkedin",
  "ebay",
  "spotify",
  "steam",
  "irs",
  "hmrc",
  "sparkasse",
  "postbank",
  "ing",
  "revolut",
  "wise",
  "stripe",
  "shopify",
  "godaddy",
  "namecheap",
];
