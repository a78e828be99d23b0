/**
 * Features of free text shared by the form and the mail model: words, word
 * bigrams, character 3- to 5-grams (which let the model judge a language it has
 * few examples of by its pieces rather than calling it foreign), writing
 * systems against the site's, spintax, template markers, capitals, and links.
 */
import { FNV_PRIME, nsSeed } from "./hashing.ts";
import {
  countBucket,
  countHomoglyphWords,
  countSpintax,
  countTemplateMarkers,
  type FoundLink,
  isAscii,
  lengthBucket,
  normalize,
  type Script,
  SCRIPTS,
  scriptStats,
  wordsOf,
} from "../text.ts";
import {
  BRANDS,
  hasTrackingPrefix,
  hostInfo,
  isEspTracker,
  isFreeHosting,
  isMessenger,
  isShortener,
} from "./domains.ts";
import { DotSink, type FeatureSink, G_BIGRAM, G_CHAR, G_FIELD, G_META, G_WORD } from "./vector.ts";

/** Namespaces: seed and the prefix shown when a score is explained. */
const NS_NAMES = {
  word: "w:",
  bigram: "b:",
  char: "c:",
  meta: "",
  subject: "s:",
  name: "n:",
  fieldKey: "k:",
  linkWord: "lw:",
  label: "lt:",
} as const;
export const NS = Object.fromEntries(
  Object.entries(NS_NAMES).map(([k, v]) => [k, nsSeed(v || "meta")]),
) as Record<keyof typeof NS_NAMES, number>;
const PREFIX_BY_SEED = new Map<number, string>(
  Object.entries(NS_NAMES).map(([k, v]) => [NS[k as keyof typeof NS_NAMES], v]),
);
export function prefixOf(seed: number): string {
  return PREFIX_BY_SEED.get(seed) ?? "?:";
}

export const MAX_CHARS = 2500;
export const MAX_BODY = 3000;
export const MAX_WORDS = 500;
export const MAX_LINKS = 60;

/** A fact; `tail` (and `tail2`) complete its name without a string being built. */
export function meta(sink: FeatureSink, name: string, tail = "", tail2 = ""): void {
  sink.str(G_META, NS.meta, name, tail, tail2);
}

/** Words and bigrams into `wordGroup`/`bigramGroup` (body) or the field group (subject, name). */
export function emitWords(sink: FeatureSink, words: string[], seed: number, bigrams: boolean) {
  const group = seed === NS.word ? G_WORD : G_FIELD;
  for (const w of words) sink.str(group, seed, w);
  if (!bigrams) return;
  for (let i = 1; i < words.length; i++) {
    sink.str(G_BIGRAM, NS.bigram, words[i - 1], " ", words[i]);
  }
}

const IS_ALNUM = /[\p{L}\p{N}]/u;
/** Code points of the text being cut into n-grams (one buffer: scoring is synchronous). */
const CPS = new Int32Array(MAX_CHARS + 1);

/**
 * Character 3-, 4- and 5-grams over letters and digits, other characters as one space.
 * With `collapseRuns`, a letter repeated more than three times counts three
 * times: every occurrence is worth 1/sqrt(n) of its group, so one n-gram
 * repeated thousands of times ("tttt…") would otherwise weigh sqrt(n) times its
 * weight, and a junk body could be refused for one bucket's weight.
 */
export function emitCharGrams(sink: FeatureSink, text: string, collapseRuns = false) {
  const cps = CPS;
  let n = 0;
  cps[n++] = 32;
  let last = 32;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp < 0x80) {
      const lower = cp | 0x20;
      if (cp >= 0x30 && cp <= 0x39) cp = 0x30;
      else if (!(lower >= 0x61 && lower <= 0x7a)) cp = 32;
    } else {
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
        const lo = text.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
          i++;
        }
      }
      if (!isAlnumCodePoint(cp)) cp = 32;
    }
    if (cp === 32 && last === 32) continue;
    if (collapseRuns) {
      run = cp === last ? run + 1 : 1;
      if (run > 3 && cp !== 32 && cp !== 0x30) continue;
    }
    cps[n++] = cp;
    last = cp;
    if (n >= MAX_CHARS) break;
  }
  if (last !== 32) cps[n++] = 32;
  if (sink instanceof DotSink) return sink.charGrams(cps, n, NS.char);
  // FNV-1a steps (hashing.ts fnvStep), written out: this loop is the hottest of scoring.
  const seed = NS.char;
  for (let i = 0; i + 3 <= n; i++) {
    let h = Math.imul(seed ^ cps[i], FNV_PRIME) >>> 0;
    h = Math.imul(h ^ cps[i + 1], FNV_PRIME) >>> 0;
    h = Math.imul(h ^ cps[i + 2], FNV_PRIME) >>> 0;
    sink.raw(G_CHAR, h);
    if (i + 3 >= n) break;
    h = Math.imul(h ^ cps[i + 3], FNV_PRIME) >>> 0;
    sink.raw(G_CHAR, h);
    if (i + 4 >= n) continue;
    h = Math.imul(h ^ cps[i + 4], FNV_PRIME) >>> 0;
    sink.raw(G_CHAR, h);
  }
}

/** Whether a non-ASCII code point is a letter or a digit (the BMP's answers are kept). */
const ALNUM_BMP = new Uint8Array(0x10000); // 0 not yet known, 1 yes, 2 no
function isAlnumCodePoint(cp: number): boolean {
  if (cp > 0xffff) return IS_ALNUM.test(String.fromCodePoint(cp));
  let k = ALNUM_BMP[cp];
  if (k === 0) ALNUM_BMP[cp] = k = IS_ALNUM.test(String.fromCharCode(cp)) ? 1 : 2;
  return k === 1;
}

/** Upper-case letters (\p{Lu}) of a text outside ASCII, counted without a match array. */
const UPPER_BMP = new Uint8Array(0x10000); // 0 not yet known, 1 yes, 2 no
const IS_UPPER = /\p{Lu}/u;
export function nonAsciiUpper(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        if (IS_UPPER.test(text.slice(i, i + 2))) n++;
        i++;
        continue;
      }
    }
    let k = UPPER_BMP[c];
    if (k === 0) UPPER_BMP[c] = k = IS_UPPER.test(String.fromCharCode(c)) ? 1 : 2;
    if (k === 1) n++;
  }
  return n;
}

export type TextContext = {
  /** The script the site is expected to be written in, when known. */
  siteScript: Script | null;
  /** Mail: letters repeated more than three times count three times (emitCharGrams). */
  collapseRuns?: boolean;
};

/** Measures of a whole text: length, capitals, punctuation, writing systems, templates. */
export function emitTextFacts(
  sink: FeatureSink,
  raw: string,
  words: number,
  ctx: TextContext,
  fullLength = raw.length,
) {
  meta(sink, "len:", lengthBucket(fullLength));
  meta(sink, "words:", countBucket(words));
  const st = scriptStats(raw);
  const ascii = isAscii(raw);
  // Characters counted in one pass (upper-case letters: ASCII ones; a text
  // with others is counted by the Unicode property below).
  let asciiUpper = 0, excl = 0, q = 0, lines = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) asciiUpper++;
    else if (c === 0x21) excl++;
    else if (c === 0x3f || c === 0xff1f || c === 0x61f) q++;
    else if (c === 0x0a) lines++;
  }
  if (st.letters >= 12) {
    const upper = ascii ? asciiUpper : asciiUpper + nonAsciiUpper(raw);
    const r = upper / st.letters;
    if (r >= 0.7) meta(sink, "caps:most");
    else if (r >= 0.3) meta(sink, "caps:many");
  }
  if (excl) meta(sink, "excl:", countBucket(excl));
  meta(sink, "question:", q === 0 ? "0" : q === 1 ? "1" : "2+");
  // No ASCII character is a pictograph.
  const emoji = ascii ? 0 : (raw.match(/\p{Extended_Pictographic}/gu) ?? []).length;
  if (emoji) meta(sink, "emoji:", countBucket(emoji));
  const money = (raw.match(/[$€£¥₽₹]|\b(?:usd|eur|gbp)\b/gi) ?? []).length;
  if (money) meta(sink, "money:", countBucket(money));
  if (/\d\s?%/.test(raw)) meta(sink, "percent");
  meta(sink, "lines:", countBucket(lines));
  const spin = countSpintax(raw);
  if (spin) meta(sink, "spintax:", countBucket(spin));
  const tmpl = countTemplateMarkers(raw);
  if (tmpl) meta(sink, "template_marker:", countBucket(tmpl));
  const homo = countHomoglyphWords(raw);
  if (homo) meta(sink, "homoglyph:", countBucket(homo));
  if (/[\u200b-\u200d\u2060\ufeff\u00ad]/.test(raw)) meta(sink, "invisible_chars");
  if (st.dominant) {
    meta(sink, "script:", st.dominant);
    for (let i = 0; i < SCRIPTS.length; i++) {
      if (SCRIPTS[i] !== st.dominant && st.counts[i] >= 3 && st.counts[i] / st.letters >= 0.1) {
        meta(sink, "script_also:", SCRIPTS[i]);
      }
    }
    if (ctx.siteScript === null) meta(sink, "site_script:unknown");
    else if (
      ctx.siteScript === st.dominant ||
      (ctx.siteScript === "kana" && st.dominant === "han")
    ) meta(sink, "site_script:same");
    else meta(sink, "site_script:other");
  }
}

/** Body text: words, bigrams, character n-grams and the text facts. Returns the word count. */
export function emitBody(sink: FeatureSink, raw: string, ctx: TextContext): number {
  // The first few thousand characters hold the evidence; the rest only costs time.
  const capped = raw.length > MAX_BODY ? raw.slice(0, MAX_BODY) : raw;
  const norm = normalize(capped);
  const words = wordsOf(norm, MAX_WORDS);
  emitWords(sink, words, NS.word, true);
  emitCharGrams(sink, norm, ctx.collapseRuns);
  emitTextFacts(sink, capped, words.length, ctx, raw.length);
  return words.length;
}

export type LinkContext = {
  /** Registered domain of the site (links to it are the visitor pointing at a page). */
  siteDomain: string | null;
  /** Registered domains that are the sender's own (mail: the brand of a newsletter). */
  ownDomains?: ReadonlySet<string>;
};

/** Facts of links: how many, to how many sites, and what kind of hosts. */
export function emitLinks(
  sink: FeatureSink,
  links: FoundLink[],
  ctx: LinkContext,
  prefix = "link",
): { foreign: number; domains: Set<string> } {
  const domains = new Set<string>();
  let foreign = 0;
  for (const l of links) {
    const h = hostInfo(l.host);
    if (!h.isIp && !h.known) continue; // "file.txt", "e.g": not a host
    if (ctx.siteDomain && h.domain === ctx.siteDomain) {
      meta(sink, prefix, ":own_site");
      // A page of the site (a customer pointing at a product) or its front page
      // (a pitch naming the site). Only forms pass siteDomain.
      const path = l.raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/^[^/?#]*/, "");
      meta(sink, prefix, /^\/*(?:[?#]|$)/.test(path) ? ":own_site:front" : ":own_site:page");
      continue;
    }
    foreign++;
    domains.add(h.domain);
    if (h.isIp) meta(sink, prefix, ":ip_literal");
    if (isShortener(h.domain, h.host)) meta(sink, prefix, ":shortener");
    if (isMessenger(h.domain, h.host)) meta(sink, prefix, ":messenger");
    if (isFreeHosting(h.domain, h.host)) meta(sink, prefix, ":free_hosting");
    if (isEspTracker(h.domain, h.host)) meta(sink, prefix, ":esp");
    else if (hasTrackingPrefix(h.host)) meta(sink, prefix, ":tracking_host");
    if (h.host.includes("xn--")) meta(sink, prefix, ":punycode");
    if (!l.scheme) meta(sink, prefix, ":bare");
    if (/^https?:\/\/[^/\s]*@/i.test(l.raw)) meta(sink, prefix, ":userinfo");
    if (/\.(?:exe|scr|zip|rar|7z|js|vbs|iso|img|apk|msi|html?|php)(?:[?#]|$)/i.test(l.raw)) {
      meta(sink, prefix, ":file");
    }
    if (h.suffix) meta(sink, prefix, ":tld:", h.suffix);
    if (h.host.split(".").length - h.domain.split(".").length >= 2) {
      meta(sink, prefix, ":deep_subdomain");
    }
    // Words of the domain name ("best-seo-tools" gives best, seo, tools).
    for (const w of h.label.split(/[-_.]+/)) {
      if (w.length >= 3 && w.length <= 20) sink.str(G_FIELD, NS.linkWord, w.replace(/\d/g, "0"));
    }
    if (brandInForeignHost(h.host, h.label)) meta(sink, prefix, ":brand_in_foreign_host");
  }
  meta(sink, prefix, ":count:", countBucket(foreign));
  if (domains.size) meta(sink, prefix, ":domains:", countBucket(domains.size));
  return { foreign, domains };
}

/** A host that names a brand ("paypal-secure.com", "apple.id-verify.net") without being the brand's. */
export function brandInForeignHost(host: string, label: string): boolean {
  let tokens: string[] | null = null;
  for (const b of BRANDS) {
    if (label === b) return false;
    // A token equal to the brand or starting with it is in the host as a substring.
    if (!host.includes(b)) continue;
    tokens ??= host.split(/[-.]/);
    if (tokens.some((t) => t === b || (b.length >= 5 && t.startsWith(b)))) return true;
  }
  return false;
}
