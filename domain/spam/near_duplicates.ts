/**
 * The text of a submission that near-duplicate detection compares: the values
 * of its fields except addresses, phones and names (which change from one copy
 * of a campaign to the next), in field-name order, with the receiving site's
 * own domain put as one placeholder word; and its MinHash band keys.
 *
 * Campaigns put each recipient's domain in their copy ("a video audit of
 * bakery.example"): left in, those words make every copy differ in a few word
 * pairs, and whether two copies still share 4 of 8 bands becomes a matter of
 * chance. Ordinary messages lose nothing by it: a visitor naming the site they
 * write to says nothing about the message.
 */
import { getDomain, getDomainWithoutSuffix } from "tldts";
import { bandKeys, minhash, type Signature } from "./model/minhash.ts";

const SKIP_FIELD = /e-?mail|phone|tel|name|nombre|ip$|^_|token|captcha/i;
const SITE_WORD = "thesite";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The site's host, and for a registrable domain its name without the public
 * suffix ("bakery" of www.bakery.co.uk); a subdomain's parent ("example" of
 * shop.example.com) names somebody else.
 */
function siteNames(siteDomain: string): string[] {
  const host = siteDomain.trim().toLowerCase().replace(/^www\./, "");
  if (!host) return [];
  const names = [host];
  const label = getDomain(host) === host ? getDomainWithoutSuffix(host) : null;
  // A short name ("ab") would also stand for ordinary words.
  if (label && label !== host && label.length >= 4) names.push(label);
  return names;
}

/** The original matcher: what `withoutSite` computes, compiled per site (about 1 ms each). */
function withoutSiteByRegExp(text: string, names: string[]): string {
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}.-])(?:https?://)?(?:www\\.)?(?:${
      names.map(escapeRegExp).join("|")
    })(?![\\p{L}\\p{N}-])`,
    "giu",
  );
  return text.replace(re, SITE_WORD);
}

// The two edges of a site name, at a position (sticky, zero-width): the same
// assertions, flags included, as the per-site pattern above.
const FREE_BEFORE = /(?<![\p{L}\p{N}.-])/iuy;
const FREE_AFTER = /(?![\p{L}\p{N}-])/iuy;
const NOT_ASCII = /[^ -~]/;

/**
 * The text as a case-insensitive Unicode pattern sees ASCII: A-Z lowercased,
 * and the two other characters whose simple case folding is ASCII (U+017F long
 * s, U+212A Kelvin sign) as "s" and "k". One UTF-16 unit each, so indices stay.
 */
function foldAscii(text: string): string {
  return text.replace(
    /[A-Z\u017f\u212a]/g,
    (c) => c === "\u017f" ? "s" : c === "\u212a" ? "k" : String.fromCharCode(c.charCodeAt(0) | 32),
  );
}

/**
 * Where the per-site pattern would match at `s` (the end of its match), or -1:
 * its alternatives in the order the engine tries them (the optional scheme,
 * then "www.", greedy; then each name in order, then the edge after).
 */
function matchAt(text: string, folded: string, names: string[], s: number): number {
  FREE_BEFORE.lastIndex = s;
  if (!FREE_BEFORE.test(text)) return -1;
  const schemes = folded.startsWith("https://", s)
    ? [8, 0]
    : folded.startsWith("http://", s)
    ? [7, 0]
    : [0];
  for (const scheme of schemes) {
    const wwws = folded.startsWith("www.", s + scheme) ? [4, 0] : [0];
    for (const www of wwws) {
      const at = s + scheme + www;
      for (const name of names) {
        if (!folded.startsWith(name, at)) continue;
        FREE_AFTER.lastIndex = at + name.length;
        if (FREE_AFTER.test(text)) return at + name.length;
      }
    }
  }
  return -1;
}

/**
 * The text with the site's names as one word. Compiling a pattern per site
 * cost about 1 ms per submission once there were more sites than V8 keeps
 * compiled, so printable-ASCII names (domains as sites store them) are found with
 * `indexOf` on the folded text and each place is checked with the pattern's
 * own steps; anything else goes through the pattern.
 */
function withoutSite(text: string, siteDomain: string | undefined): string {
  if (!siteDomain) return text;
  const names = siteNames(siteDomain);
  if (names.length === 0) return text;
  if (names.some((n) => NOT_ASCII.test(n))) return withoutSiteByRegExp(text, names);
  const folded = foldAscii(text);
  // Every match holds a name: its possible starts are the name's place, less a
  // scheme and "www." before it.
  const starts: number[] = [];
  for (const name of names) {
    for (let i = folded.indexOf(name); i >= 0; i = folded.indexOf(name, i + 1)) {
      for (const lead of [0, 4, 7, 8, 11, 12]) if (i - lead >= 0) starts.push(i - lead);
    }
  }
  if (starts.length === 0) return text;
  starts.sort((a, b) => a - b);
  let out = "";
  let pos = 0;
  for (const s of starts) {
    if (s < pos) continue;
    const end = matchAt(text, folded, names, s);
    if (end < 0) continue;
    out += text.slice(pos, s) + SITE_WORD;
    pos = end;
  }
  return pos === 0 ? text : out + text.slice(pos);
}

/** For tests: the per-site pattern the fast path must agree with. */
export function withoutSiteReference(text: string, siteDomain: string): string {
  const names = siteNames(siteDomain);
  return names.length === 0 ? text : withoutSiteByRegExp(text, names);
}

/** For tests: the fast path (what `comparableText` uses). */
export { withoutSite };

export function comparableText(fields: Record<string, string>, siteDomain?: string): string {
  const text = Object.keys(fields).sort()
    .filter((k) => !SKIP_FIELD.test(k))
    .map((k) => String(fields[k] ?? ""))
    .filter((v) => v.trim() !== "")
    .join("\n");
  return withoutSite(text, siteDomain);
}

export function signatureOf(fields: Record<string, string>, siteDomain?: string): Signature | null {
  return minhash(comparableText(fields, siteDomain));
}

/**
 * The eight band keys of a submission's text, or none when it is too short.
 * `siteDomain`: the receiving site's domain, put as one word (see above).
 */
export function nearDuplicateBands(fields: Record<string, string>, siteDomain?: string): string[] {
  const sig = signatureOf(fields, siteDomain);
  return sig ? bandKeys(sig) : [];
}
