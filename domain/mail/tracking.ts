/**
 * Open and click tracking of the HTML part (per site: `site.tracking.opens`,
 * `site.tracking.clicks`; default on). The text part is never tracked.
 *
 * - Opens: a 1x1 GIF at `{base}/t/o/<log id>.<mac>` before `</body>`.
 * - Clicks: every http(s) link becomes `{base}/t/c/<log id>.<mac>?u=<url>`, where
 *   the MAC covers the log id and that exact URL; so only links that were in the
 *   message redirect (no open redirect). Unsubscribe links are left alone.
 *
 * Tags are found with htmlparser2 (comments, scripts and CDATA are skipped
 * correctly); only the href value inside each found tag is rewritten, so the
 * rest of the markup reaches the recipient byte for byte.
 */
import { Parser } from "htmlparser2";
import { escapeHtml, tooManyTags } from "./render.ts";
import { clickMac, openMac } from "./tokens.ts";

export function openPixelUrl(base: string, encKey: Uint8Array, logId: string): string {
  return `${base}/t/o/${logId}.${openMac(encKey, logId)}`;
}

export function clickUrl(base: string, encKey: Uint8Array, logId: string, url: string): string {
  return `${base}/t/c/${logId}.${clickMac(encKey, logId, url)}?u=${encodeURIComponent(url)}`;
}

const HREF_RE = /(\shref\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+)/i;

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
  const edits: { start: number; end: number; text: string }[] = [];
  let bodyClose = -1;
  // Hostile markup (see tooManyTags) is not parsed: no click rewriting.
  const rewrite = opts.clicks && !tooManyTags(html);
  const parser: Parser = new Parser({
    onopentag(name, attribs) {
      if (name !== "a" && name !== "area") return;
      const href = attribs.href?.trim();
      if (!href || !/^https?:\/\//i.test(href) || href.startsWith(opts.skipPrefix)) return;
      const start = parser.startIndex;
      const end = parser.endIndex + 1;
      const tag = html.slice(start, end);
      const m = HREF_RE.exec(tag);
      if (!m) return;
      const replaced = tag.slice(0, m.index) + m[1] +
        `"${escapeHtml(clickUrl(opts.base, opts.encKey, opts.logId, href))}"` +
        tag.slice(m.index + m[0].length);
      edits.push({ start, end, text: replaced });
    },
    onclosetag(name) {
      if (name === "body") bodyClose = parser.startIndex;
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  if (rewrite) parser.end(html);
  else bodyClose = html.toLowerCase().lastIndexOf("</body");

  if (opts.opens) {
    const pixel = `<img src="${
      escapeHtml(openPixelUrl(opts.base, opts.encKey, opts.logId))
    }" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    const at = bodyClose >= 0 && html.slice(bodyClose, bodyClose + 2) === "</"
      ? bodyClose
      : html.length;
    edits.push({ start: at, end: at, text: pixel });
  }
  edits.sort((a, b) => a.start - b.start);
  let out = "";
  let pos = 0;
  for (const e of edits) {
    out += html.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + html.slice(pos);
}
