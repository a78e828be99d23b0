/**
 * Features of a form submission. Each field gets a role from its name, or from
 * its value when the name says nothing (Gravity Forms' input_3, WPForms'
 * wpforms[fields][2]): the message text gives words, bigrams and character
 * n-grams; the subject and the name their own words; the address its kind
 * (free, disposable, business); links, the visitor's browser and referrer,
 * and the writing system against the site's give facts.
 */
import { hostInfo, senderKind } from "./domains.ts";
import {
  countBucket,
  findLinks,
  normalize,
  scriptOfLanguage,
  scriptOfSuffix,
  wordsOf,
} from "../text.ts";
import { emitBody, emitLinks, emitWords, meta, NS } from "./text_features.ts";
import { type FeatureSink, G_FIELD } from "./vector.ts";

export type FormSubmission = {
  fields: Record<string, unknown>;
  form_name?: string | null;
  visitor?: { user_agent?: string | null; referrer?: string | null } | null;
  site?: { domain?: string | null; language?: string | null } | null;
};

export type Role = "email" | "name" | "subject" | "message" | "phone" | "url" | "company" | "other";

const EMAIL_VALUE = /^[^\s@<>]{1,64}@[^\s@<>]+\.[^\s@<>]{2,}$/;
const URL_VALUE = /^(?:https?:\/\/|www\.)\S+$/i;
/**
 * A person's name in a field whose name says nothing (WPForms' wpforms[fields][1],
 * Gravity Forms' input_1): two to four capitalised words, or two to four Han or
 * Hangul characters. One capitalised word stays text ("Hello" is a message).
 */
const NAME_VALUE = /^\p{Lu}[\p{L}'’.-]+(?: \p{Lu}[\p{L}'’.-]*){1,3}$/u;
const CJK_NAME_VALUE = /^(?:\p{Script=Han}{2,4}|\p{Script=Hangul}{2,4})$/u;
const PHONE_VALUE = /^[+()\d][\d\s().\/-]{5,22}$/;

/** Roles by field name; English and the languages of common plugins' translations. */
const ROLE_BY_NAME: [Role, RegExp][] = [
  ["email", /e-?mail|correo|courriel|posta|почт|メール|邮箱/i],
  ["phone", /phone|tel(?:efon|éfono|efone)?\b|mobile|cell|handy|whatsapp|телефон|電話|电话/i],
  ["url", /url|website|web[-_ ]?site|homepage|^site$|^web$|portfolio|^link$/i],
  [
    "subject",
    /subject|betreff|asunto|objet|oggetto|assunto|topic|^title$|reason|тема|件名|主题/i,
  ],
  [
    "message",
    /message|msg|comment|enquiry|inquiry|details|description|question|body|^text$|textarea|nachricht|mensaje|mensagem|messaggio|wiadomo|bericht|сообщени|お問い合わせ|内容|留言|notes?$|request|project/i,
  ],
  ["company", /company|organi[sz]ation|business|firma|empresa|societe|société|unternehmen/i],
  [
    "name",
    /name|nombre|^nom$|prenom|prénom|vorname|nachname|imi[eę]|имя|фамил|名前|姓名|\bfirst\b|\blast\b|^input_\d+\.[36]$/i,
  ],
];

export function roleOf(key: string, value: string): Role {
  const k = key.replace(/\[\]$/, "");
  // Indexed: destructuring each pair in a for-of allocates an iterator per entry.
  for (let i = 0; i < ROLE_BY_NAME.length; i++) {
    if (ROLE_BY_NAME[i][1].test(k)) return ROLE_BY_NAME[i][0];
  }
  const v = value.trim();
  if (EMAIL_VALUE.test(v)) return "email";
  if (URL_VALUE.test(v)) return "url";
  if (PHONE_VALUE.test(v) && (v.match(/\d/g) ?? []).length >= 7) return "phone";
  if (NAME_VALUE.test(v) || CJK_NAME_VALUE.test(v)) return "name";
  if (v.length > 60 || v.includes("\n")) return "message";
  return "other";
}

const BOT_UA =
  /curl\/|wget\/|python|aiohttp|httpx|go-http-client|okhttp|^java\/|apache-httpclient|libwww|perl|scrapy|sqlmap|nikto|axios\/|node-fetch|undici|postman|insomnia|headlesschrome|phantomjs|selenium|puppeteer|playwright|bot\b|spider|crawler|\+https?:\/\//i;
const SEARCH_REF = /(?:^|\.)(?:google|bing|duckduckgo|yahoo|yandex|baidu|ecosia|qwant|startpage)\./;
const SOCIAL_REF =
  /(?:^|\.)(?:facebook|instagram|t\.co|twitter|x\.com|linkedin|reddit|pinterest|tiktok|youtube)\./;

function emitVisitor(sink: FeatureSink, s: FormSubmission, siteDomain: string | null) {
  const v = s.visitor;
  if (!v) {
    meta(sink, "visitor:none");
    return;
  }
  const ua = typeof v.user_agent === "string" ? v.user_agent.trim() : "";
  if (!ua) meta(sink, "ua:missing");
  else if (BOT_UA.test(ua)) meta(sink, "ua:bot");
  else if (ua.length < 30 || !/^Mozilla\/5\.0 \(/.test(ua)) meta(sink, "ua:odd");
  else {
    const m = /(?:Chrome|Firefox|CriOS|FxiOS)\/(\d+)/.exec(ua);
    const major = m ? Number(m[1]) : null;
    if (major !== null && major < 100) meta(sink, "ua:old_browser");
    if (/Windows NT [456]\.|Windows NT 5\.1|MSIE|Trident/.test(ua)) meta(sink, "ua:old_os");
    meta(sink, /Mobile|Android|iPhone|iPad/.test(ua) ? "ua:mobile" : "ua:desktop");
  }
  const ref = typeof v.referrer === "string" ? v.referrer.trim() : "";
  if (!ref) meta(sink, "referrer:missing");
  else {
    let host = "";
    try {
      host = new URL(ref).hostname.toLowerCase();
    } catch { /* not a URL */ }
    if (!host) meta(sink, "referrer:invalid");
    else if (siteDomain && hostInfo(host).domain === siteDomain) meta(sink, "referrer:same_site");
    else if (SEARCH_REF.test(host)) meta(sink, "referrer:search");
    else if (SOCIAL_REF.test(host)) meta(sink, "referrer:social");
    else meta(sink, "referrer:other_site");
  }
}

function emitEmail(
  sink: FeatureSink,
  address: string,
  name: string,
  linkDomains: Set<string>,
  siteDomain: string | null,
) {
  const v = address.trim().toLowerCase();
  if (!EMAIL_VALUE.test(v)) {
    meta(sink, "email:invalid");
    return;
  }
  const at = v.lastIndexOf("@");
  const local = v.slice(0, at);
  const domain = v.slice(at + 1);
  const kind = senderKind(domain);
  meta(sink, "email:", kind);
  const info = hostInfo(domain);
  // Only the new generic suffixes say something (.xyz, .online, .agency); .com or .de do not.
  if (/^[a-z]{3,}$/.test(info.suffix) && !/^(?:com|net|org|edu|gov|mil|int)$/.test(info.suffix)) {
    meta(sink, "email_tld:", info.suffix);
  }
  if (siteDomain && info.domain === siteDomain) meta(sink, "email:site_domain");
  if (linkDomains.has(info.domain)) meta(sink, "email:domain_linked");
  const digits = (local.match(/\d/g) ?? []).length;
  if (digits >= 4) meta(sink, "email_local:many_digits");
  else if (digits > 0) meta(sink, "email_local:digits");
  if (
    /^(?:info|contact|hello|hi|office|admin|sales|support|team|marketing|seo|partner(?:ship)?s?|outreach|business|media|press|enquiries|inquiries|hr|jobs|careers|service|noreply|no-reply)$/
      .test(local)
  ) {
    meta(sink, "email_local:role");
  }
  if (local.length > 25) meta(sink, "email_local:long");
  // Whether the address shares something with the name given.
  const letters = local.replace(/[^a-z]/g, "");
  const tokens = normalize(name).normalize("NFD").replace(/\p{M}/gu, "").split(/[^a-z]+/).filter((
    t,
  ) => t.length >= 3);
  if (tokens.length && letters.length >= 3) {
    const match = tokens.some((t) => letters.includes(t.slice(0, Math.min(t.length, 5)))) ||
      (tokens.length >= 2 && letters.startsWith(tokens.map((t) => t[0]).join("")));
    meta(sink, match ? "email_name:match" : "email_name:other");
  }
}

function emitName(sink: FeatureSink, name: string) {
  const n = name.trim();
  const words = wordsOf(normalize(n), 12);
  emitWords(sink, words, NS.name, false);
  meta(sink, "name_words:", countBucket(words.length));
  if (n.length > 40) meta(sink, "name:long");
  if (/\d/.test(n)) meta(sink, "name:digits");
  if (/https?:|www\.|\.[a-z]{2,}\//i.test(n)) meta(sink, "name:link");
  if (n && n === n.toLowerCase() && /\p{Ll}/u.test(n)) meta(sink, "name:lowercase");
  if (n.length >= 4 && n === n.toUpperCase() && /\p{Lu}/u.test(n)) meta(sink, "name:uppercase");
  if (/^\p{Lu}\p{Ll}+\p{Lu}\p{Ll}+$/u.test(n)) meta(sink, "name:camel_glued");
  if (/[A-Z][a-z]+[a-z]{2,}[A-Z]?/.test(n) && /^(?:[A-Z][a-z]+)$/.test(n) && n.length >= 9) {
    meta(sink, "name:one_long_word");
  }
}

/** Extracts the features of a submission into `sink`. */
export function formFeatures(sink: FeatureSink, s: FormSubmission): void {
  const siteInfo = s.site?.domain ? hostInfo(String(s.site.domain)) : null;
  const siteDomain = siteInfo ? siteInfo.domain : null;
  const siteScript = scriptOfLanguage(s.site?.language) ??
    (siteInfo ? scriptOfSuffix(siteInfo.suffix) : null);

  const entries: [string, string, Role][] = [];
  for (const [k, v] of Object.entries(s.fields ?? {})) {
    if (typeof v !== "string") continue;
    const value = v.length > 5000 ? v.slice(0, 5000) : v;
    if (value.trim() === "") continue;
    entries.push([k, value, roleOf(k, value)]);
    if (entries.length >= 40) break;
  }
  meta(sink, "filled_fields:", countBucket(entries.length));
  if (entries.length === 0) {
    meta(sink, "empty");
    emitVisitor(sink, s, siteDomain);
    return;
  }

  const body: string[] = [];
  const names: string[] = [];
  let subject = "";
  let email = "";
  const links = [];
  let urlFieldDomain: string | null = null;
  const seen = new Map<string, number>();
  for (const [k, v, role] of entries) {
    const t = v.trim();
    const key = normalize(k).replace(/\d+/g, "0");
    for (const part of key.split(/[^\p{L}0]+/u)) {
      if (part.length >= 2 && part.length <= 20) sink.str(G_FIELD, NS.fieldKey, part);
    }
    if (t.length >= 4 && role !== "email") {
      seen.set(t.toLowerCase(), (seen.get(t.toLowerCase()) ?? 0) + 1);
    }
    switch (role) {
      case "email":
        if (!email) email = t;
        else body.push(t);
        break;
      case "name":
        names.push(t);
        break;
      case "subject":
        subject = subject ? subject + " " + t : t;
        break;
      case "phone":
        meta(sink, "phone:given");
        if (/[a-z]{3}/i.test(t)) {
          meta(sink, "phone:has_words");
          body.push(t);
        }
        break;
      case "url": {
        const found = findLinks(t, 3);
        if (found.length === 1 && found[0].raw.length >= t.length - 1) {
          const h = hostInfo(found[0].host);
          urlFieldDomain = h.domain;
          meta(sink, "url_field:filled");
          if (siteDomain && h.domain === siteDomain) meta(sink, "url_field:site");
        } else body.push(t);
        break;
      }
      default:
        body.push(t);
    }
  }
  let maxRepeat = 0;
  for (const n of seen.values()) maxRepeat = Math.max(maxRepeat, n);
  if (maxRepeat >= 2) meta(sink, "repeated_value:", maxRepeat >= 3 ? "3+" : "2");

  const text = (subject ? subject + "\n" : "") + body.join("\n");
  for (const l of findLinks(text.length > 6000 ? text.slice(0, 6000) : text, 60)) links.push(l);
  const name = names.join(" ");
  for (const l of findLinks(name, 5)) links.push(l);

  const ctx = { siteScript };
  if (text.trim()) emitBody(sink, text, ctx);
  else meta(sink, "no_text");
  if (subject) emitWords(sink, wordsOf(normalize(subject), 30), NS.subject, false);
  if (name) emitName(sink, name);
  else meta(sink, "name:none");

  const { domains } = emitLinks(sink, links, { siteDomain });
  if (urlFieldDomain) domains.add(urlFieldDomain);
  if (/\[url=|\[link=|\[\/url\]|<a\s[^<>]*href/i.test(text)) meta(sink, "link:markup");
  if (/\[[^\]\n]{2,80}\]\((?:https?:)?\/\//.test(text)) meta(sink, "link:markdown");
  if (
    /<script|<iframe|\bon(?:error|load)\s*=|javascript:|\bunion\s+(?:all\s+)?select\b|'\s*or\s*'?1'?\s*=\s*'?1|\.\.\/\.\.\/|\$\{jndi:/i
      .test(text)
  ) meta(sink, "injection");

  if (email) emitEmail(sink, email, name, domains, siteDomain);
  else meta(sink, "email:none");
  emitVisitor(sink, s, siteDomain);
}
