/**
 * Open and click tracking of the HTML part (per site: `site.tracking.opens`,
 * `site.tracking.clicks`; default on). The text part is never tracked.
 *
 * - Opens: a 1x1 GIF at `{base}/t/o/<log id>.<mac>`, at the end of the body
 *   (before `</body>`). In HTML that already shows images it is an `<img>` the
 *   way reputable senders write it (1x1, `alt=""`, no border). In HTML without
 *   any image it is the background of a 1x1 table cell instead: receivers'
 *   filters score short mail whose only image is a tracking image as spam
 *   (SpamAssassin's HTML_IMAGE_ONLY_* rules fire on any `<img>` beside less than
 *   3,200 bytes of text, up to 2.2 points), and the first image must not be
 *   ours. Clients that load no background images (Outlook for Windows) then
 *   report no open; that is the price of inbox placement.
 * - Clicks: every http(s) link becomes `{base}/t/c/<log id>.<mac>?u=<url>`, where
 *   the MAC covers the log id and that exact URL; so only links that were in the
 *   message redirect (no open redirect). Unsubscribe links are left alone.
 *
 * Tags and attributes are read with htmlparser2's tokenizer (domain/kernel/html.ts):
 * only the value of the first real `href` attribute of `<a>` and `<area>` is
 * replaced (never text that merely looks like one inside another attribute, a
 * comment or a script), so the rest of the markup reaches the recipient byte for
 * byte. The URL tracked is the link as a browser reads it (character references
 * decoded, parsed with the WHATWG URL parser) and must be one that a redirect
 * can carry (`redirectTarget`); any other link is left as it was.
 */
import { applyEdits, type Edit, escapeHtml, scanHtml } from "../kernel/html.ts";
import { clickMac, openMac } from "./tokens.ts";

export function openPixelUrl(base: string, encKey: Uint8Array, logId: string): string {
  return `${base}/t/o/${logId}.${openMac(encKey, logId)}`;
}

export function clickUrl(base: string, encKey: Uint8Array, logId: string, url: string): string {
  return `${base}/t/c/${logId}.${clickMac(encKey, logId, url)}?u=${encodeURIComponent(url)}`;
}

// Printable ASCII only: what a Location header can carry as it is.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/**
 * The URL a click on `raw` leads to, normalized, or null when it is not an
 * absolute http(s) URL that a Location header can carry. The WHATWG parser
 * (what browsers use) drops tabs and line breaks and percent-encodes the rest,
 * so its `href` is what a browser would have opened.
 */
export function redirectTarget(raw: string): string | null {
  if (!raw || raw.length > 16_000) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  return HEADER_SAFE.test(u.href) ? u.href : null;
}

export type TrackingOptions = {
  base: string;
  encKey: Uint8Array;
  logId: string;
  opens: boolean;
  clicks: boolean;
  /** Links starting with this are not rewritten (the unsubscribe page). */
  skipPrefix: string;
};

export function trackHtml(html: string, opts: TrackingOptions): string {
  const edits: Edit[] = [];
  let bodyClose = -1;
  let htmlClose = -1;
  let hasImage = false;
  scanHtml(html, {
    wants: (name) =>
      (opts.opens && !hasImage && name === "img") ||
      (opts.clicks && (name === "a" || name === "area")),
    tag(tag) {
      if (tag.name === "img") {
        hasImage = true;
        return;
      }
      const href = tag.attrs.find((a) => a.name === "href");
      if (!href || href.quote === null) return;
      const raw = href.value.trim();
      if (raw.startsWith(opts.skipPrefix)) return;
      const url = redirectTarget(raw);
      if (!url || url.startsWith(opts.skipPrefix)) return;
      // The whole value with its quotes: an unquoted value gets quoted.
      const q = href.quote.length;
      edits.push({
        start: href.valueStart - q,
        end: href.valueEnd + q,
        text: `"${escapeHtml(clickUrl(opts.base, opts.encKey, opts.logId, url))}"`,
      });
    },
    closeTag(name, start) {
      if (name === "body") bodyClose = start;
      else if (name === "html") htmlClose = start;
    },
  });

  if (opts.opens) {
    const url = openPixelUrl(opts.base, opts.encKey, opts.logId);
    const pixel = hasImage ? openImage(url) : openBackground(url);
    const at = bodyClose >= 0 ? bodyClose : htmlClose >= 0 ? htmlClose : html.length;
    edits.push({ start: at, end: at, text: pixel });
  }
  return applyEdits(html, edits);
}

/** The open pixel as an image: 1x1, empty alt text, no border, nothing around it. */
function openImage(url: string): string {
  return `<img src="${escapeHtml(url)}" width="1" height="1" alt="" ` +
    `style="display:block;width:1px;height:1px;border:0">`;
}

/** The open pixel as the background of a 1x1 table cell (HTML with no image of its own). */
function openBackground(url: string): string {
  // A URL inside CSS url('...'): quotes, parentheses and backslashes percent-encoded.
  const css = url.replace(
    /['"()\\\s]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).padStart(2, "0"),
  );
  return `<table role="presentation" width="1" cellpadding="0" cellspacing="0" border="0" ` +
    `style="border-collapse:collapse"><tr><td width="1" height="1" background="${
      escapeHtml(url)
    }" style="width:1px;height:1px;font-size:1px;line-height:1px;background-image:url('${
      escapeHtml(css)
    }')">&#8203;</td></tr></table>`;
}
