/**
 * Long file: the one HTML module, every reading of HTML the service does in
 * one place, so that a newcomer (or a fix for hostile markup) finds them together.
 *
 * - `scanHtml`: the tags and attributes of a document with their exact
 *   positions, for edits that must touch only real attribute values (link
 *   tracking, URL checks of template data) and leave every other byte as it
 *   was. htmlparser2's Tokenizer does the reading (comments, CDATA, the raw
 *   text of script, style, title, textarea and xmp, entity decoding in
 *   attributes); this module only records where each attribute's value starts
 *   and ends. The Tokenizer keeps no element stack, so its cost is linear in
 *   the input whatever the nesting (htmlparser2's Parser shifts an array per
 *   open element).
 * - `htmlFacts`: visible text, links with their visible text, and a few facts
 *   of layout (images, tracking pixels, tables, hidden text, forms, scripts)
 *   for the mail model. One regex walks the tags, no DOM, linear. The model's
 *   weights were trained on exactly this reading, so it stays as it is.
 * - `anchorLinks`: links and their text as a parser with an element stack reads
 *   them (the phishing signals), guarded by `tooManyTags`.
 * - `escapeHtml` and `applyEdits` for writing HTML back.
 */
import { Parser, QuoteType, Tokenizer } from "htmlparser2";
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Every character HTML gives meaning to, escaped. Here rather than in render.ts
 * so that the delivery worker (tracking.ts) does not load html-to-text for it.
 */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export type ScannedAttr = {
  /** Lower-cased name as written (`xlink:href` stays `xlink:href`). */
  name: string;
  /** Index of the name's first character. */
  start: number;
  /** Index after the name. */
  nameEnd: number;
  /** Index after the attribute (after the closing quote, if any). */
  end: number;
  /**
   * The raw value's span, quotes excluded; both -1 when the attribute has no
   * value (`<input disabled>`).
   */
  valueStart: number;
  valueEnd: number;
  /** `"`, `'`, "" (unquoted) or null (no value). */
  quote: '"' | "'" | "" | null;
  /** The value with character references decoded, as a browser reads it. */
  value: string;
  /** False for a repeated name in the same tag (browsers use the first one only). */
  first: boolean;
};

export type ScannedTag = {
  /** Lower-cased tag name. */
  name: string;
  /** Index of `<`. */
  start: number;
  /** Index after `>`. */
  end: number;
  attrs: ScannedAttr[];
};

export type ScanHandlers = {
  /** Which start tags to report (default all); the others cost no attribute bookkeeping. */
  wants?(name: string): boolean;
  /** Each start tag, once its `>` is read (a tag cut off by the end of input is not reported). */
  tag?(tag: ScannedTag): void;
  /** Each end tag: its lower-cased name, the index of its `</` and the index after its `>`. */
  closeTag?(name: string, start: number, end: number): void;
};

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;

/** Reads `html` once and reports its start and end tags, in document order. */
export function scanHtml(html: string, on: ScanHandlers): void {
  let tag: ScannedTag | null = null;
  let attr: { name: string; start: number; nameEnd: number; value: string } | null = null;
  let seen: Set<string> | null = null;

  const endTag = (endIndex: number) => {
    if (tag) {
      tag.end = endIndex + 1;
      on.tag?.(tag);
    }
    tag = null;
    seen = null;
  };

  const tokenizer = new Tokenizer({ decodeEntities: true }, {
    onopentagname(start, end) {
      const name = html.slice(start, end).toLowerCase();
      tag = !on.wants || on.wants(name) ? { name, start: start - 1, end: -1, attrs: [] } : null;
      seen = null;
    },
    onattribname(start, end) {
      attr = tag
        ? { name: html.slice(start, end).toLowerCase(), start, nameEnd: end, value: "" }
        : null;
    },
    onattribdata(start, end) {
      if (attr) attr.value += html.slice(start, end);
    },
    onattribentity(cp) {
      if (attr) attr.value += String.fromCodePoint(cp);
    },
    onattribend(quote, endIndex) {
      if (!tag || !attr) return;
      let valueStart = -1;
      let valueEnd = -1;
      let q: ScannedAttr["quote"] = null;
      let end = attr.nameEnd;
      if (quote !== QuoteType.NoValue) {
        // The value starts after `=` and any spaces around it, and after its quote.
        let i = attr.nameEnd;
        while (i < html.length && html.charCodeAt(i) !== 61) i++;
        i++;
        while (i < html.length && isSpace(html.charCodeAt(i))) i++;
        if (quote === QuoteType.Unquoted) {
          q = "";
          valueStart = i;
          valueEnd = endIndex;
        } else {
          q = quote === QuoteType.Double ? '"' : "'";
          valueStart = i + 1;
          valueEnd = endIndex - 1;
        }
        end = endIndex;
      }
      seen ??= new Set();
      const first = !seen.has(attr.name);
      seen.add(attr.name);
      tag.attrs.push({
        name: attr.name,
        start: attr.start,
        nameEnd: attr.nameEnd,
        end,
        valueStart,
        valueEnd,
        quote: q,
        value: attr.value,
        first,
      });
      attr = null;
    },
    onopentagend: endTag,
    onselfclosingtag: endTag,
    onclosetag(start, end) {
      if (!on.closeTag) return;
      // `</` is right before the name, or before spaces htmlparser2 skips there; the
      // tokenizer skips to the next `>` (or the end of the input) after the name.
      const gt = html.indexOf(">", end);
      on.closeTag(
        html.slice(start, end).toLowerCase(),
        html.lastIndexOf("</", start),
        gt < 0 ? html.length : gt + 1,
      );
    },
    ontext() {},
    ontextentity() {},
    oncomment() {},
    oncdata() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {},
  });
  tokenizer.write(html);
  tokenizer.end();
}

/** One replacement of `html.slice(start, end)`. */
export type Edit = { start: number; end: number; text: string };

/** Applies non-overlapping edits (in any order) to `html`. */
export function applyEdits(html: string, edits: Edit[]): string {
  if (!edits.length) return html;
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let pos = 0;
  for (const e of edits) {
    out += html.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + html.slice(pos);
}

/**
 * Markup with more tags than any real email. htmlparser2's Parser (under
 * html-to-text and the classifier) keeps its open-element stack with unshift, so
 * deeply nested unclosed tags cost quadratic time; such HTML is handled by the
 * linear fallbacks instead (tags stripped for text, no link analysis). Tracking
 * and template variables use the Tokenizer alone (scanHtml above), which is linear.
 */
export const MAX_PARSED_TAGS = 20_000;

export function tooManyTags(html: string): boolean {
  let n = 0;
  for (let i = html.indexOf("<"); i !== -1; i = html.indexOf("<", i + 1)) {
    if (++n > MAX_PARSED_TAGS) return true;
  }
  return false;
}

/** A link and its visible text. */
export type HtmlLink = { href: string; label: string };
export type HtmlFacts = {
  text: string;
  links: HtmlLink[];
  images: number;
  pixels: number;
  tables: number;
  hidden: number;
  forms: number;
  scripts: number;
  fonts: number;
  tags: number;
  dataUris: number;
};

// An unclosed tag or comment runs to the end of the input (as in a browser):
// a failed match would otherwise rescan the rest of the input from every "<".
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)(?:>|$)|<!--[\s\S]*?(?:-->|$)/g;
const ATTR_RE = (name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i");
const HREF = ATTR_RE("href");
const STYLE = ATTR_RE("style");
const WIDTH = ATTR_RE("width");
const HEIGHT = ATTR_RE("height");
const SRC = ATTR_RE("src");

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  zwnj: "\u200c",
  shy: "\u00ad",
  copy: "©",
  reg: "®",
  euro: "€",
  pound: "£",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (m, e: string) => {
    if (e[0] === "#") {
      const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp < 0x110000 ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

function attr(re: RegExp, attrs: string): string | null {
  const m = re.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "") : null;
}

const BLOCK = new Set([
  "p",
  "div",
  "br",
  "tr",
  "td",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "table",
  "section",
]);
const SKIP = new Set(["script", "style", "head", "title"]);

export const MAX_HTML = 200_000;

export function htmlFacts(input: string): HtmlFacts {
  const html = input.length > MAX_HTML ? input.slice(0, MAX_HTML) : input;
  const f: HtmlFacts = {
    text: "",
    links: [],
    images: 0,
    pixels: 0,
    tables: 0,
    hidden: 0,
    forms: 0,
    scripts: 0,
    fonts: 0,
    tags: 0,
    dataUris: 0,
  };
  const text: string[] = [];
  let skip = 0;
  let link: HtmlLink | null = null;
  let last = 0;
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(html); m; m = TAG_RE.exec(html)) {
    if (skip === 0 && m.index > last) {
      const t = decodeEntities(html.slice(last, m.index));
      text.push(t);
      if (link && link.label.length < 200) link.label += t;
    }
    last = TAG_RE.lastIndex;
    if (!m[2]) continue; // comment
    f.tags++;
    const close = m[1] === "/";
    const tag = m[2].toLowerCase();
    const attrs = m[3] ?? "";
    if (SKIP.has(tag)) {
      if (tag === "script" && !close) f.scripts++;
      skip = close ? Math.max(0, skip - 1) : skip + 1;
      continue;
    }
    if (BLOCK.has(tag)) text.push("\n");
    if (close) {
      if (tag === "a" && link) {
        link.label = link.label.replace(/\s+/g, " ").trim();
        if (f.links.length < 200) f.links.push(link);
        link = null;
      }
      continue;
    }
    switch (tag) {
      case "a": {
        const href = attr(HREF, attrs);
        if (href !== null) link = { href: decodeEntities(href.trim()), label: "" };
        break;
      }
      case "img": {
        f.images++;
        const w = attr(WIDTH, attrs);
        const h = attr(HEIGHT, attrs);
        if ((w !== null && Number.parseInt(w) <= 2) || (h !== null && Number.parseInt(h) <= 2)) {
          f.pixels++;
        }
        if ((attr(SRC, attrs) ?? "").startsWith("data:")) f.dataUris++;
        const alt = /\balt\s*=\s*"([^"]*)"/i.exec(attrs);
        if (alt && link) link.label += alt[1];
        break;
      }
      case "table":
        f.tables++;
        break;
      case "form":
      case "input":
        f.forms++;
        break;
      case "font":
        f.fonts++;
        break;
    }
    const style = attr(STYLE, attrs);
    if (
      style &&
      /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*[01]px|max-height\s*:\s*0/i.test(
        style,
      )
    ) {
      f.hidden++;
    }
  }
  if (skip === 0 && last < html.length) text.push(decodeEntities(html.slice(last)));
  f.text = text.join("").replace(/[ \t\r\f\v\u00a0]+/g, " ").replace(/\n\s*\n+/g, "\n").trim();
  return f;
}

/**
 * The links of an HTML body with their visible text, as htmlparser2's Parser
 * reads them (an unclosed link ends where its parent or the document ends):
 * the phishing signals' reading. Call only when `tooManyTags` is false.
 */
export function anchorLinks(html: string, max: number): HtmlLink[] {
  const links: HtmlLink[] = [];
  let open: HtmlLink | null = null;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name !== "a" || links.length >= max) return;
      if (open) links.push({ href: open.href, label: open.label.trim() });
      open = { href: (attribs.href ?? "").trim(), label: "" };
    },
    ontext(t) {
      if (open && open.label.length < 300) open.label += t;
    },
    onclosetag(name) {
      if (name !== "a" || !open) return;
      links.push({ href: open.href, label: open.label.trim() });
      open = null;
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.end(html);
  return links.slice(0, max);
}
