/**
 * Features of an email: subject and body words, bigrams and character
 * n-grams, the layout of the HTML part, and its links judged by what they
 * show against where they go. Click tracking (an ESP's host, or the sender's
 * own click.brand.com) and unsubscribe links are facts of ordinary newsletters;
 * a link whose text names a bank or a brand and goes to an unrelated host is
 * not. The sender's address is not used: mail/send always sends from the
 * site's own domain.
 */
import { BRANDS, hasTrackingPrefix, hostInfo, isEspTracker } from "./domains.ts";
import { htmlFacts } from "../../kernel/html.ts";
import {
  countBucket,
  findLinks,
  type FoundLink,
  lengthBucket,
  normalize,
  wordsOf,
} from "../text.ts";
import { emitBody, emitLinks, emitWords, MAX_BODY, meta, NS } from "./text_features.ts";
import {
  endsOf,
  headAndTail,
  htmlHeadAndTail,
  LINKS_HEAD,
  LINKS_TAIL,
  textView,
  WORDS_TAIL,
} from "../mail_bounds.ts";
import { type FeatureSink, G_FIELD } from "./vector.ts";

export type EmailMessage = {
  subject: string;
  text?: string | null;
  html?: string | null;
};

const UNSUBSCRIBE =
  /unsubscri|abmelden|abbestellen|désinscri|desinscri|désabonn|darse de baja|darte de baja|cancelar (?:la )?suscripci|anular (?:la )?subscri|opt[- ]?out|manage (?:your )?(?:email )?(?:preferences|subscription)|e-?mail preferences|отписаться|退订|取消订阅|配信停止|wypisz|afmelden|disiscriviti/i;
const DOMAIN_IN_LABEL = /(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/:?#]|\s|$)/i;

/** The short brands ("ups") count as whole words only: their patterns, by BRANDS' index. */
const SHORT_BRAND_WORDS = BRANDS.map((b) => (b.length < 4 ? new RegExp(`\\b${b}\\b`) : null));

function hostOfHref(href: string): string | null {
  const m = /^https?:\/\/(?:[^/@\s]*@)?([^/:?#\s]+)/i.exec(href);
  return m ? m[1].toLowerCase() : null;
}

function sharesWord(a: string, b: string): boolean {
  const wa = a.split(/[-.]/).filter((w) => w.length >= 3);
  return wa.some((w) => b.includes(w));
}

/**
 * Every signal below reads a bounded head and tail of the text and of the
 * HTML (mail_bounds.ts: the cost of one message does not grow with its size;
 * tests/domain/spam/model_robustness_test.ts feeds 1 MB bodies); the model's
 * words read the first MAX_BODY characters of that.
 */
export function mailFeatures(sink: FeatureSink, e: EmailMessage): void {
  const subject = (e.subject ?? "").slice(0, 500);
  // Bounded before anything reads them (trim included: 1 MB of spaces is a body too).
  const htmlView = typeof e.html === "string" ? htmlHeadAndTail(e.html) : "";
  const html = htmlView.trim() ? htmlView : null;
  const facts = html ? htmlFacts(html) : null;
  const textPart = typeof e.text === "string" ? textView(e.text) : "";
  const body = textPart.trim() ? textPart : textView(facts?.text ?? "");

  // Subject.
  const sw = wordsOf(normalize(subject), 40);
  emitWords(sink, sw, NS.subject, false);
  meta(sink, "subject_len:", lengthBucket(subject.length));
  // No features for a subject in capitals, with '!' or with a price or a
  // percentage: retail mail's style, not spam intent (opted-in newsletters
  // carry them as often as spam does).
  if (/^(?:re|aw|fwd?|wg|tr|rv)\s*:/i.test(subject)) meta(sink, "subject:reply");
  if (/\p{Extended_Pictographic}/u.test(subject)) meta(sink, "subject:emoji");
  if (!subject.trim()) meta(sink, "subject:empty");

  // Body words: subject and body together.
  // The words read the body's start and its last WORDS_TAIL characters: a pitch
  // after pages of innocent padding is read as surely as one before it.
  const wordsHead = Math.max(0, MAX_BODY - WORDS_TAIL - subject.length - 2);
  emitBody(sink, subject + "\n" + headAndTail(body, wordsHead, WORDS_TAIL), {
    siteScript: null,
    collapseRuns: true,
  });

  // Signs of correspondence: quoted lines of an earlier message, a signature
  // delimiter, a mailing list's footer, a forwarded header.
  const quoted = (body.match(/^>/gm) ?? []).length;
  if (quoted) meta(sink, "quoted_lines:", countBucket(quoted));
  if (
    /^On .{5,80} wrote:$|^Am .{5,80} schrieb|^Le .{5,80} a écrit|^El .{5,80} escribió/m.test(body)
  ) {
    meta(sink, "reply_header");
  }
  if (/^-- ?$/m.test(body)) meta(sink, "signature_delimiter");
  if (
    /mailman\/listinfo|^_{20,}$|mailing list|list-unsubscribe|\bunsubscribe from this (?:list|group)/im
      .test(body)
  ) {
    meta(sink, "list_footer");
  }
  // (Five hyphens in a row first: the anchored search tries every line of the body.)
  if (
    body.includes("-----") &&
    /^-{5,} ?(?:Forwarded message|Original Message) ?-{5,}/im.test(body)
  ) meta(sink, "forwarded");
  emitStructure(sink, body);

  // Layout.
  if (!facts) meta(sink, "html:none");
  else {
    meta(sink, textPart.trim() ? "html:with_text" : "html:only");
    // Coarse facts only: the exact table and tag structure says more about a template than about spam.
    meta(sink, "html_images:", facts.images === 0 ? "none" : facts.images <= 3 ? "few" : "many");
    if (facts.pixels) meta(sink, "html:pixel");
    if (facts.hidden) meta(sink, "html:hidden");
    if (facts.forms) meta(sink, "html:form");
    if (facts.scripts) meta(sink, "html:script");
    if (facts.fonts) meta(sink, "html:font_tags");
    if (facts.dataUris) meta(sink, "html:data_uri");
    if (facts.images > 0 && facts.text.length < 200) meta(sink, "html:image_mostly");
    emitHtmlVocabulary(sink, html!);
  }

  // Links: anchors of the HTML part and URLs written in the text.
  const found: FoundLink[] = [];
  const seen = new Set<string>();
  let unsubscribe = false;
  let mailto = 0;
  for (const l of endsOf(facts?.links ?? [], LINKS_HEAD, LINKS_TAIL)) {
    if (/^mailto:/i.test(l.href)) {
      mailto++;
      if (!unsubscribe && (UNSUBSCRIBE.test(l.label) || UNSUBSCRIBE.test(l.href))) {
        unsubscribe = true;
      }
      continue;
    }
    const host = hostOfHref(l.href);
    if (!host) continue;
    if (!seen.has(l.href)) {
      seen.add(l.href);
      found.push({ raw: l.href, host, scheme: true });
    }
    if (!unsubscribe && (UNSUBSCRIBE.test(l.label) || UNSUBSCRIBE.test(l.href))) unsubscribe = true;
    const hi = hostInfo(host);
    const tracked = isEspTracker(hi.domain, host) || hasTrackingPrefix(host);
    const lw = wordsOf(normalize(l.label), 8);
    for (const w of lw) sink.str(G_FIELD, NS.label, w);
    const shown = DOMAIN_IN_LABEL.exec(l.label);
    if (shown) {
      const si = hostInfo(shown[1]);
      if (si.known) {
        if (si.domain === hi.domain) meta(sink, "label_domain:same");
        else if (tracked && (isEspTracker(hi.domain, host) || sharesWord(si.label, hi.host))) {
          meta(sink, "label_domain:tracked");
        } else if (tracked) meta(sink, "label_domain:tracked_other");
        else meta(sink, "label_domain:other");
      }
    }
    const labelLower = l.label.toLowerCase();
    for (let bi = 0; bi < BRANDS.length; bi++) {
      const b = BRANDS[bi];
      // The substring first: the word test of a short brand runs only where it occurs.
      if (!labelLower.includes(b)) continue;
      if (b.length < 4 && !SHORT_BRAND_WORDS[bi]!.test(labelLower)) continue;
      if (hi.label === b || hi.label.startsWith(b + ".")) meta(sink, "label_brand:same");
      else if (isEspTracker(hi.domain, host)) meta(sink, "label_brand:esp");
      else meta(sink, "label_brand:elsewhere");
      break;
    }
  }
  for (const l of findLinks(body, 60)) {
    if (seen.has(l.raw)) continue;
    seen.add(l.raw);
    found.push(l);
  }
  if (mailto) meta(sink, "link:mailto");
  if (unsubscribe) meta(sink, "unsubscribe:link");
  else if (UNSUBSCRIBE.test(body)) meta(sink, "unsubscribe:text");
  const { domains } = emitLinks(sink, endsOf(found, LINKS_HEAD, LINKS_TAIL), { siteDomain: null });
  emitBrandConsistency(sink, subject + "\n" + body, domains, found);
  const tracked =
    found.filter((l) =>
      /[?&](?:utm_|mc_|_hs|trk|cid=|uid=)|\/(?:ls\/click|track\/click|c\/|e\/|wf\/click)/i.test(
        l.raw,
      )
    ).length;
  if (tracked) meta(sink, "link:tracked_", tracked >= 3 ? "many" : "some");
}

const HTML_TAG = /<([a-zA-Z][a-zA-Z0-9]{0,15})\b([^>]*)(?:>|$)/g;
const CSS_PROPERTY = /(?:^|[;{\s"'])([a-z-]{3,30})\s*:/gi;
const STYLE_ATTR = /\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/**
 * The HTML's vocabulary, each name once: the tags it uses and the style
 * properties of its inline styles (a template's habits: <font> and <center>
 * of mass mailers, a table newsletter's widths and paddings). Names, not
 * counts or values: how a sender builds mail lasts longer than its wording.
 */
function emitHtmlVocabulary(sink: FeatureSink, html: string): void {
  const tags = new Set<string>();
  const props = new Set<string>();
  HTML_TAG.lastIndex = 0;
  for (let m = HTML_TAG.exec(html); m; m = HTML_TAG.exec(html)) {
    if (tags.size < 60) tags.add(m[1].toLowerCase());
    // "style=" takes six characters: shorter attributes have none.
    if (m[2].length < 6) continue;
    const style = STYLE_ATTR.exec(m[2]);
    if (!style) continue;
    const css = style[1] ?? style[2] ?? "";
    CSS_PROPERTY.lastIndex = 0;
    for (let p = CSS_PROPERTY.exec(css); p && props.size < 60; p = CSS_PROPERTY.exec(css)) {
      props.add(p[1].toLowerCase());
    }
  }
  for (const t of tags) meta(sink, "html_tag:", t);
  for (const p of props) meta(sink, "css:", p);
}

/** Brands named in mail text, as words; short or common-word brands are left out. */
const TEXT_BRANDS: [string, string][] = [
  ["paypal", "paypal"],
  ["microsoft|office ?365|outlook|onedrive|sharepoint", "microsoft"],
  ["netflix", "netflix"],
  ["amazon", "amazon"],
  ["dhl", "dhl"],
  ["fedex", "fedex"],
  ["usps", "usps"],
  ["royal mail", "royalmail"],
  ["docusign", "docusign"],
  ["dropbox", "dropbox"],
  ["coinbase", "coinbase"],
  ["binance", "binance"],
  ["metamask", "metamask"],
  ["wells fargo", "wellsfargo"],
  ["bank of america", "bankofamerica"],
  ["hsbc", "hsbc"],
  ["barclays", "barclays"],
  ["santander", "santander"],
  ["sparkasse", "sparkasse"],
  ["apple id|icloud", "apple"],
  ["linkedin", "linkedin"],
  ["facebook|instagram|whatsapp", "facebook"],
  ["spotify", "spotify"],
  ["ebay", "ebay"],
  ["adobe", "adobe"],
  ["netflix", "netflix"],
];
/**
 * All of them in one pass: an alternative per brand, one capture group each
 * (no brand's words overlap another's, so the matches are the same as one
 * search per brand, at a 26th of the cost).
 */
const TEXT_BRAND_RE = new RegExp(
  `\\b(?:${TEXT_BRANDS.map(([re]) => `(${re})`).join("|")})\\b`,
  "gi",
);

/**
 * The text without its URLs and mail addresses, word by word. (A regular
 * expression `\S+@\S+` here backtracked over the rest of a word from each of
 * its characters: quadratic on a long word, a minute of CPU for 500,000
 * characters.)
 */
export function textWithoutAddresses(text: string): string {
  const out: string[] = [];
  for (const w of text.split(/\s+/)) {
    const a = w.indexOf("@", 1);
    if (a > 0 && a < w.length - 1) continue; // an address (or anything with "@" inside)
    // A URL needs "://" or "www.": a word with neither ":" nor "." has none.
    if (w.indexOf(".") < 0 && w.indexOf(":") < 0) {
      out.push(w);
      continue;
    }
    const at = w.search(/\bhttps?:\/\/\S|\bwww\.\S/i);
    out.push(at < 0 ? w : w.slice(0, at));
  }
  return out.join(" ");
}

/**
 * Whether the brand a message names is the one its links go to. Real service
 * mail from PayPal links to paypal.com; a lure that names PayPal links elsewhere.
 */
function emitBrandConsistency(
  sink: FeatureSink,
  text: string,
  domains: Set<string>,
  links: FoundLink[],
) {
  if (domains.size === 1) meta(sink, "links:one_site");
  else if (domains.size > 1) {
    const labels = new Set([...domains].map((d) => d.split(".")[0]));
    if (labels.size === 1) meta(sink, "links:one_name");
  }
  // Does the text name the sites it links to ("GitHub" and github.com)? ESP trackers aside.
  // (The text is compacted only when there is a linked site to look for.)
  const compact = domains.size
    ? textWithoutAddresses(text).toLowerCase().replace(/[^a-z0-9]/g, "")
    : "";
  let own = 0, other = 0;
  for (const d of domains) {
    const h = hostInfo(d);
    if (isEspTracker(h.domain, h.host) || h.isIp) continue;
    const label = h.label.replace(/[^a-z0-9]/g, "");
    if (label.length >= 3 && compact.includes(label)) own++;
    else other++;
  }
  if (own + other > 0) {
    meta(sink, "linked_site_named:", other === 0 ? "all" : own === 0 ? "none" : "some");
  }
  if (!links.length) return;
  const named: string[] = [];
  TEXT_BRAND_RE.lastIndex = 0;
  for (let m = TEXT_BRAND_RE.exec(text); m; m = TEXT_BRAND_RE.exec(text)) {
    const i = m.findIndex((g, k) => k > 0 && g !== undefined) - 1;
    if (!named.includes(TEXT_BRANDS[i][1])) named.push(TEXT_BRANDS[i][1]);
  }
  if (!named.length) return;
  const labels = [...domains].map((d) => hostInfo(d).label.replace(/[^a-z0-9]/g, ""));
  const linked = named.some((b) => labels.some((l) => l === b || l === b + "mail"));
  meta(sink, linked ? "brand_text:linked" : "brand_text:not_linked");
}

/** "Reply with REMOVE", "to be removed reply STOP", "responda con BAJA": mass mail's opt-out by reply. */
const REMOVE_BY_REPLY =
  /\b(?:reply|respond|send (?:an? )?(?:e-?mail|message)|antworten sie|responda|répondez|rispondi)\b[^\n]{0,60}?\b(?:remove|removed|stop|entfernen|baja|stop|cancella)\b|\bto be (?:removed|taken off|excluded)\b/i;
/** Mass mail's claims of being allowed ("this is not spam", "Bill S.1618", "one-time mailing"). */
const NOT_SPAM_CLAIM =
  /\bthis is not (?:spam|an? unsolicited)|\bS\.? ?1618\b|\bone[- ]time (?:mailing|e-?mail)\b|\bin compliance (?:with|of)\b[^\n]{0,40}\b(?:bill|law|regulations?|act)\b|\bcannot be considered spam\b|\bstrongly (?:against|oppose)\b[^\n]{0,20}\b(?:spam|unsolicited)/i;
/** A list's footer, list-manager style (Mailman, ezmlm, Yahoo Groups, SourceForge, majordomo). */
const LIST_FOOTER =
  /mailman\/listinfo|yahoogroups\.com|yahoo! groups|-unsubscribe@|-request@|-help@|\bsf\.net email is sponsored|\bmailing list\b|\blist (?:maintainer|moderator|archives?)\b/i;
/** A line that quotes an earlier message's author: "On ..., X wrote:", ">>>>> X said:", "--- In list, X wrote:". */
const ATTRIBUTION =
  /(?:\bwrote|\bsaid|schrieb(?: am [^:]{0,40})?|escribió|a écrit|scrisse|napisał|написал)\s*:\s*$/i;

/**
 * The shape of the body as a whole, line by line (linear): how much of it is
 * quoted from an earlier message, code or patch lines, an attribution line,
 * a list footer, against mass mail's marks: opt-out by reply and claims of
 * not being spam.
 */
function emitStructure(sink: FeatureSink, body: string): void {
  let lines = 0, quoted = 0, code = 0, attribution = 0;
  for (const raw of body.split("\n", 4000)) {
    const line = raw.trimEnd();
    if (!line.trim()) continue;
    lines++;
    const c = line[0];
    if (c === ">" || line.startsWith("| ")) quoted++;
    else if (
      /^(?:[+-](?![+-]{2,}\s*$)[^+-]|@@ |diff |Index: |===|\s{4,}\S.*[;{}]$|\t\S)/.test(line)
    ) code++;
    // An attribution ends in ":" (the line is trimmed, and ATTRIBUTION allows only spaces after it).
    if (line.length < 200 && line.endsWith(":") && ATTRIBUTION.test(line)) attribution++;
  }
  if (lines >= 3) {
    const q = quoted / lines;
    meta(sink, "quoted_share:", q === 0 ? "none" : q < 0.2 ? "some" : q < 0.5 ? "much" : "most");
    if (code >= 2) meta(sink, "code_lines:", code / lines < 0.2 ? "some" : "much");
  }
  if (attribution) meta(sink, "attribution_line");
  if (LIST_FOOTER.test(body.slice(-1500))) meta(sink, "list_footer:tail");
  if (REMOVE_BY_REPLY.test(body)) meta(sink, "mass:remove_by_reply");
  if (NOT_SPAM_CLAIM.test(body)) meta(sink, "mass:not_spam_claim");
  // No features for the share of capitals, '!' or currency signs
  // in the body. They encode marketing style, which legitimate retail mail
  // shares with spam, not spam intent.
}
