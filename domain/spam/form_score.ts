/**
 * The spam score of a form submission: 0 to 100, the sum of the points of the
 * rules that fire (capped at 100). Under 30 legitimate, 30 to 59 suspicious,
 * 60 or more spam. The score is a pure function of the submission and the one
 * fact read from storage (`duplicateElsewhere`), so the same submission in the
 * same situation always scores the same. Each rule and its points is listed in
 * the README ("Spam score"); tests/domain/spam/dataset.json measures them.
 */
import { ANY_PHRASE, PHRASE_PATTERNS, SHORTENER_HOSTS, SUSPICIOUS_TLDS } from "./phrases.ts";
import { isDisposableAddress } from "./disposable.ts";
import { isBotStyleName } from "./names.ts";
import { fold, isGibberishWord, isScriptMixed, linkHost, words, writtenLinks } from "./text.ts";

export type Classification = "legitimate" | "suspicious" | "spam";

export type SpamInput = {
  fields: Record<string, string>;
  /** The visitor object as sent; null when the caller sent none (then UA/referrer rules are off). */
  visitor: { user_agent?: string | null; referrer?: string | null } | null;
  /** The submitter's address as found by the Reply-To rule, or null. */
  submitterEmail: string | null;
  /** The site's registered domain (links to it and its subdomains are not counted). */
  siteDomain: string;
  /** The same content came from another site within the last minutes. */
  duplicateElsewhere: boolean;
};

export type SpamReason = { rule: string; points: number };

export type SpamResult = {
  score: number;
  classification: Classification;
  reasons: SpamReason[];
};

export const SUSPICIOUS_FROM = 30;
export const SPAM_FROM = 60;

export function classify(score: number): Classification {
  return score >= SPAM_FROM ? "spam" : score >= SUSPICIOUS_FROM ? "suspicious" : "legitimate";
}

/** Points of every rule (the README's table follows this list). */
export const POINTS = {
  honeypot: 60,
  links_1: 10,
  links_2: 20,
  links_3_4: 30,
  links_5_plus: 45,
  link_density: 15,
  suspicious_tld: 15,
  url_shortener: 20,
  link_in_name: 25,
  markup_links: 20,
  code_injection: 40,
  spam_phrase_first: 20,
  spam_phrase_more: 10,
  spam_phrases_max: 50,
  disposable_email: 25,
  email_name_mismatch: 8,
  bot_style_name: 25,
  long_name: 20,
  gibberish_one_field: 30,
  gibberish_more_fields: 45,
  script_mixing: 35,
  repeated_value_2: 10,
  repeated_value_3: 20,
  shouting: 5,
  empty: 15,
  user_agent_missing: 15,
  user_agent_bot: 25,
  user_agent_outdated: 10,
  referrer_missing: 10,
  referrer_foreign: 5,
  duplicate_elsewhere: 35,
} as const;

// Field names of honeypots: hidden inputs a person never fills.
// Also "hp" as a bracketed or separated part (wpforms[hp], form_hp_2), the
// contact_me_by_fax_only convention, and confirm / check / verify copies of
// fax, URL and website fields (a person confirms an email, not a fax number).
export const HONEYPOT_NAME =
  /^_?gotcha$|honey[\s_-]?pot|^hp[_-]|[_-]hp$|^ak_hp|^bot[_-]?field$|leave[_-]?(?:this[_-]?)?(?:field[_-]?)?(?:blank|empty)|do[_-]?not[_-]?fill|^fax[_-]?only$|^url[_-]?confirm$|[[_-]hp(?:\]|[_-]\d*$|$)|contact[_-]?me[_-]?by[_-]?fax|(?:fax|url|website|homepage)(?:[_-]?(?:number|address))?[_-]?(?:confirm|check|verify)$/i;
// Fields that name a person.
const NAME_FIELD =
  /^(?:your[-_ ]?)?(?:full[-_ ]?)?name$|^(?:first|last|given|family|sur)[-_ ]?name$|^(?:parent|contact)[-_ ]?name$|^nombre$/i;
// Fields meant to hold a web address (one URL there is expected).
const URL_FIELD = /url|website|web[-_ ]?site|homepage|^site$|^web$|link|portfolio/i;
// Short identity fields where one random-looking word gives a bot away.
const SHORT_FIELD =
  /name|subject|company|organi[sz]ation|city|country|title|topic|position|^(?:your[-_ ]?)?(?:phone|tel)$|^nombre$/i;
const EMAIL_FIELD = /e-?mail/i;
// Role addresses, which say nothing about a person's name.
const ROLE_LOCAL =
  /^(?:info|contact|hello|hi|office|admin|sales|mail|support|team|me|enquiries|inquiries|post|reception|booking|bookings|orders|accounts|hr|jobs|careers|service|help)$/;
export const BOT_UA =
  /curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|okhttp|^java\/|apache-httpclient|libwww|perl|scrapy|sqlmap|nikto|axios\/|node-fetch|undici|postman|insomnia|headlesschrome|phantomjs|selenium|puppeteer|playwright|bot\/|spider|crawler|\+https?:\/\//i;
// Markup that makes a link, and code that probes for injection.
const MARKUP_LINK = /\[url[=\]]|\[link[=\]]|<a\s[^<>]*href/i; // [^<>]: linear on "<a <a <a ..."
const INJECTION =
  /<script|<iframe|\bon(?:error|load|mouseover)\s*=|javascript:|\bunion\s+(?:all\s+)?select\b|\bdrop\s+table\b|'\s*or\s*'?1'?\s*=\s*'?1|\.\.\/\.\.\/|\$\{jndi:/i;

function linkPoints(n: number): number {
  if (n >= 5) return POINTS.links_5_plus;
  if (n >= 3) return POINTS.links_3_4;
  if (n === 2) return POINTS.links_2;
  if (n === 1) return POINTS.links_1;
  return 0;
}

function hostWithin(host: string, domain: string): boolean {
  const d = domain.toLowerCase();
  return host === d || host.endsWith(`.${d}`);
}

/** Major version of Chrome or Firefox in a UA (null for other browsers). */
function browserMajor(ua: string): number | null {
  const m = /(?:Chrome|Firefox|CriOS|FxiOS)\/(\d+)/.exec(ua);
  return m ? Number(m[1]) : null;
}

/** Whether a name and an address's local part share anything recognisable. */
export function emailMatchesName(name: string, address: string): boolean {
  const local = fold(address.slice(0, address.lastIndexOf("@")));
  const letters = local.replace(/[^a-z]/g, "");
  if (ROLE_LOCAL.test(letters) || letters.length < 3) return true;
  const parts = local.split(/[^a-z]+/).filter((p) => p.length >= 2);
  const tokens = fold(name).split(/[^a-z]+/).filter((t) => t.length >= 2);
  if (tokens.length === 0) return true; // a non-Latin name cannot be compared
  const initials = tokens.map((t) => t[0]).join("");
  if (initials.length >= 2 && letters.startsWith(initials)) return true;
  for (const t of tokens) {
    if (t.length >= 3 && letters.includes(t)) return true;
    for (const p of parts) {
      const n = Math.min(3, t.length, p.length);
      if (n >= 3 && p.startsWith(t.slice(0, n))) return true;
      if (p.length >= 3 && t.includes(p)) return true;
    }
  }
  return false;
}

/** Letters and capitals of a text, in UTF-16 code units (an ASCII text without a regex). */
function letterCounts(text: string): { letters: number; upper: number } {
  let letters = 0, upper = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) {
      return {
        letters: text.replace(/[^\p{L}]/gu, "").length,
        upper: text.replace(/[^\p{Lu}]/gu, "").length,
      };
    }
    if (c >= 0x41 && c <= 0x5a) {
      letters++;
      upper++;
    } else if (c >= 0x61 && c <= 0x7a) letters++;
  }
  return { letters, upper };
}

export function scoreSubmission(input: SpamInput): SpamResult {
  const reasons: SpamReason[] = [];
  const add = (rule: string, points: number) => {
    if (points > 0) reasons.push({ rule, points });
  };
  // The filled fields as two lists read by index (keys[i], vals[i]): the passes
  // below destructured [k, v] pairs before, an iterator object each time.
  const keys: string[] = [];
  const vals: string[] = [];
  for (const k in input.fields) {
    if (!Object.hasOwn(input.fields, k)) continue;
    const v = input.fields[k];
    if (v.trim() === "") continue;
    keys.push(k);
    vals.push(v);
  }
  const filledCount = keys.length;
  // Several rules look at the words of the same value: split each once.
  const split = new Map<string, string[]>();
  const wordsOf = (v: string) => {
    let ws = split.get(v);
    if (!ws) split.set(v, ws = words(v));
    return ws;
  };
  const all = vals.join("\n");

  // Honeypots.
  if (keys.some((k) => HONEYPOT_NAME.test(k))) add("honeypot", POINTS.honeypot);

  // Links to other sites. One URL alone in a website field is expected, and
  // links to the site's own domain are a visitor pointing at a page.
  const links: string[] = [];
  let textWords = 0;
  for (let i = 0; i < filledCount; i++) {
    const k = keys[i], v = vals[i];
    const found = writtenLinks(v);
    const onlyUrl = found.length === 1 && found[0].trim() === v.trim() && URL_FIELD.test(k);
    if (!onlyUrl) {
      links.push(...found.filter((l) => !hostWithin(linkHost(l) ?? "", input.siteDomain)));
    }
    textWords += wordsOf(v).length;
  }
  const hosts = [...new Set(links.map(linkHost).filter((h): h is string => h !== null))];
  add(`links (${links.length})`, linkPoints(links.length));
  if (links.length >= 2 && textWords / links.length < 15) add("link_density", POINTS.link_density);
  if (hosts.some((h) => SUSPICIOUS_TLDS.has(h.slice(h.lastIndexOf(".") + 1)))) {
    add("suspicious_tld", POINTS.suspicious_tld);
  }
  if (hosts.some((h) => SHORTENER_HOSTS.has(h))) add("url_shortener", POINTS.url_shortener);
  if (keys.some((k, i) => NAME_FIELD.test(k) && writtenLinks(vals[i]).length > 0)) {
    add("link_in_name", POINTS.link_in_name);
  }
  if (MARKUP_LINK.test(all)) add("markup_links", POINTS.markup_links);
  if (INJECTION.test(all)) add("code_injection", POINTS.code_injection);

  // Known spam phrases: the first one, then each further distinct one.
  const flat = all.replace(/\s+/g, " ");
  const hits = ANY_PHRASE.test(flat)
    ? PHRASE_PATTERNS.filter((p) => p.re.test(flat)).map((p) => p.phrase)
    : [];
  if (hits.length) {
    add(
      `spam_phrases (${hits.join(", ")})`,
      Math.min(
        POINTS.spam_phrases_max,
        POINTS.spam_phrase_first + (hits.length - 1) * POINTS.spam_phrase_more,
      ),
    );
  }

  // The submitter: address and name.
  if (input.submitterEmail && isDisposableAddress(input.submitterEmail)) {
    add("disposable_email", POINTS.disposable_email);
  }
  const names: string[] = [];
  for (let i = 0; i < filledCount; i++) if (NAME_FIELD.test(keys[i])) names.push(vals[i].trim());
  const name = names.join(" ");
  if (input.submitterEmail && name && !emailMatchesName(name, input.submitterEmail)) {
    add("email_name_mismatch", POINTS.email_name_mismatch);
  }
  if (names.some(isBotStyleName)) add("bot_style_name", POINTS.bot_style_name);
  if (names.some((n) => n.length > 50 || wordsOf(n).length >= 8)) {
    add("long_name", POINTS.long_name);
  }

  // Random-looking text: in a short identity field one such word is enough; in
  // longer text at least two words and a fifth of them.
  let gibberishFields = 0;
  let mixed = false;
  for (let i = 0; i < filledCount; i++) {
    const k = keys[i];
    if (EMAIL_FIELD.test(k)) continue;
    const ws = wordsOf(vals[i]);
    let bad = 0;
    for (const w of ws) {
      if (isScriptMixed(w)) mixed = true;
      if (isGibberishWord(w)) bad++;
    }
    if (SHORT_FIELD.test(k) ? bad >= 1 : bad >= 2 && bad / ws.length >= 0.2) gibberishFields++;
  }
  if (gibberishFields >= 2) add("gibberish (2+ fields)", POINTS.gibberish_more_fields);
  else if (gibberishFields === 1) add("gibberish", POINTS.gibberish_one_field);
  if (mixed) add("script_mixing", POINTS.script_mixing);

  // One value pasted into several fields.
  const counts = new Map<string, number>();
  for (let i = 0; i < filledCount; i++) {
    const k = keys[i];
    const t = vals[i].trim().toLowerCase();
    if (t.length >= 4 && !EMAIL_FIELD.test(k)) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  if (most >= 3) add("repeated_value (3+ fields)", POINTS.repeated_value_3);
  else if (most === 2) add("repeated_value", POINTS.repeated_value_2);

  // Shouting: mostly capitals in what the visitor typed (addresses left out).
  const typed = vals.filter((_, i) => !EMAIL_FIELD.test(keys[i])).join(" ");
  const { letters, upper } = letterCounts(typed);
  if (letters >= 20 && upper / letters >= 0.7) {
    add("shouting", POINTS.shouting);
  }
  if (filledCount === 0) add("empty", POINTS.empty);

  // The visitor, when the caller passed one.
  if (input.visitor) {
    const ua = input.visitor.user_agent?.trim() ?? "";
    const major = browserMajor(ua);
    if (!ua) add("user_agent_missing", POINTS.user_agent_missing);
    else if (BOT_UA.test(ua) || ua.length < 25) add("user_agent_bot", POINTS.user_agent_bot);
    else if (major !== null && major < 100) add("user_agent_outdated", POINTS.user_agent_outdated);
    const ref = input.visitor.referrer?.trim() ?? "";
    if (!ref) add("referrer_missing", POINTS.referrer_missing);
    else {
      const host = linkHost(ref);
      if (host && !hostWithin(host, input.siteDomain)) {
        add("referrer_foreign", POINTS.referrer_foreign);
      }
    }
  }

  if (input.duplicateElsewhere) add("duplicate_elsewhere", POINTS.duplicate_elsewhere);

  const score = Math.min(100, reasons.reduce((s, r) => s + r.points, 0));
  return { score, classification: classify(score), reasons };
}
