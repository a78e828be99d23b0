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

function withoutSite(text: string, siteDomain: string | undefined): string {
  if (!siteDomain) return text;
  const names = siteNames(siteDomain);
  if (names.length === 0) return text;
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}.-])(?:https?://)?(?:www\\.)?(?:${
      names.map(escapeRegExp).join("|")
    })(?![\\p{L}\\p{N}-])`,
    "giu",
  );
  return text.replace(re, SITE_WORD);
}

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
