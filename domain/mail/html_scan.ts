/**
 * The tags and attributes of an HTML document with their exact positions, for
 * edits that must touch only real attribute values (link tracking, URL checks
 * of template data) and leave every other byte as it was.
 *
 * htmlparser2's Tokenizer does the reading (comments, CDATA, the raw text of
 * script, style, title, textarea and xmp, entity decoding in attributes); this
 * file only records where each attribute's value starts and ends. The Tokenizer
 * keeps no element stack, so its cost is linear in the input whatever the
 * nesting (htmlparser2's Parser shifts an array per open element).
 */
import { QuoteType, Tokenizer } from "htmlparser2";

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
