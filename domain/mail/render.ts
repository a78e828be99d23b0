/**
 * Body rendering: `{{variable}}` substitution and the conversions between the
 * HTML and text parts. HTML to text uses html-to-text (a maintained parser,
 * not regexes); text to HTML escapes every character that HTML gives meaning to.
 */
import { compile } from "html-to-text";
import {
  applyEdits,
  type Edit,
  escapeHtml,
  scanHtml,
  type ScannedAttr,
  tooManyTags,
} from "../kernel/html.ts";

export { escapeHtml };

export type TemplateData = Record<string, string | number | boolean>;

const VAR_RE = /\{\{\s*([A-Za-z0-9_.-]{1,64})\s*\}\}/g;

const valueOf = (data: TemplateData, name: string): string | undefined =>
  Object.hasOwn(data, name) ? String(data[name]) : undefined;

/** The variable names a template uses, each once, in order of first use. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(VAR_RE)].map((m) => m[1]))];
}

/**
 * Replaces `{{name}}` with `data[name]` (numbers and booleans as written);
 * missing variables become empty. `html`: the values are escaped for where they
 * stand in the markup, and URLs they help build are checked (`fillHtmlVariables`).
 */
export function fillVariables(template: string, data: TemplateData, html: boolean): string {
  if (html) return fillHtmlVariables(template, data);
  return template.replace(VAR_RE, (_m, name: string) => valueOf(data, name) ?? "");
}

/** Every character but ASCII letters and digits as a numeric character reference. */
function escapeStrict(s: string): string {
  return s.replace(/[^A-Za-z0-9]/gu, (c) => `&#${c.codePointAt(0)};`);
}

type Slot = "text" | "quoted" | "unquoted" | "name";

/**
 * Template variables in the HTML part. Template data may come from anyone (a
 * form visitor, an enrolled address), so a value must not add markup or turn a
 * link into script:
 *
 * 1. Each `{{name}}` is placed by reading the template with an HTML tokenizer
 *    (domain/kernel/html.ts): in text and quoted attribute values the value is
 *    HTML-escaped; in an unquoted attribute value every character but letters
 *    and digits becomes a character reference (so spaces and `=` cannot start
 *    another attribute); in a tag or attribute name it is left out.
 * 2. The result is read again, and every URL attribute (`URL_ATTRS`) whose value
 *    holds data is checked as a browser reads it (references decoded, control
 *    characters and spaces stripped): only http, https, mailto and tel links (and
 *    relative ones) stay; for images and other sources http, https, cid and
 *    relative ones. Other links become `#`, other sources are removed. An
 *    attribute whose name holds data is removed, a tag whose name holds data
 *    becomes text (these two only when the template's markup is odd enough to
 *    read differently once filled).
 *
 * The template's own markup is not filtered: its author is the site owner,
 * who can send any HTML anyway.
 */
export function fillHtmlVariables(template: string, data: TemplateData): string {
  return fillHtml(template, VAR_RE, (m) => valueOf(data, m[1]));
}

/**
 * `fillHtmlVariables` for any placeholder syntax: `pattern` (global) finds the
 * placeholders, `value` gives each one's raw (unescaped) text or undefined.
 * Other HTML templates filled with untrusted values (the forms auto-reply's
 * `{field:...}`) can use it as it is.
 */
export function fillHtml(
  template: string,
  pattern: RegExp,
  value: (m: RegExpExecArray) => string | undefined,
): string {
  const found = [...template.matchAll(pattern)] as RegExpExecArray[];
  if (!found.length) return template;

  // 1. Where each placeholder stands: the template with each one masked as
  // letters (one token, whatever surrounds it), read once.
  let masked = "";
  let pos = 0;
  for (const m of found) {
    masked += template.slice(pos, m.index) + "x".repeat(m[0].length);
    pos = m.index + m[0].length;
  }
  masked += template.slice(pos);
  const slots: Slot[] = found.map(() => "text");
  let k = 0;
  const inTag = (start: number, end: number, attrs: ScannedAttr[]) => {
    while (k < found.length && found[k].index < start) k++;
    for (; k < found.length && found[k].index < end; k++) {
      const at = found[k].index;
      const a = attrs.find((a) => a.valueStart >= 0 && at >= a.valueStart && at < a.valueEnd);
      slots[k] = !a ? "name" : a.quote ? "quoted" : "unquoted";
    }
  };
  scanHtml(masked, {
    tag: (t) => inTag(t.start, t.end, t.attrs),
    closeTag: (_name, start, end) => inTag(start, end, []),
  });

  // 2. The filled HTML, and where data landed in it.
  let out = "";
  const landed: [number, number][] = [];
  pos = 0;
  found.forEach((m, i) => {
    out += template.slice(pos, m.index);
    pos = m.index + m[0].length;
    const v = value(m);
    if (!v || slots[i] === "name") return;
    const s = slots[i] === "unquoted" ? escapeStrict(v) : escapeHtml(v);
    landed.push([out.length, out.length + s.length]);
    out += s;
  });
  out += template.slice(pos);
  return landed.length ? checkDataInAttributes(out, landed) : out;
}

/** URL attributes: links (unsafe ones become `#`) and sources (unsafe ones are removed). */
const URL_ATTRS: Record<string, "link" | "source"> = {
  href: "link",
  "xlink:href": "link",
  action: "link",
  formaction: "link",
  cite: "link",
  longdesc: "link",
  data: "link",
  codebase: "link",
  usemap: "link",
  profile: "link",
  manifest: "link",
  src: "source",
  srcset: "source",
  imagesrcset: "source",
  background: "source",
  poster: "source",
  lowsrc: "source",
  dynsrc: "source",
  icon: "source",
};

const SAFE_SCHEMES = {
  link: new Set(["", "http", "https", "mailto", "tel"]),
  source: new Set(["", "http", "https", "cid"]),
};

/**
 * The scheme of a URL attribute's value as a browser reads it (lower case), ""
 * for a relative URL. The WHATWG URL parser strips leading and trailing C0
 * controls and spaces and drops tabs and line breaks anywhere, so `java\tscript:`
 * is `javascript:`; whatever comes before the first `:` that precedes any `/`,
 * `?` or `#` is taken as the scheme, even with characters no scheme may have
 * (so that nothing odd passes as relative).
 */
export function urlScheme(value: string): string {
  // deno-lint-ignore no-control-regex
  const v = value.replace(/^[\x00-\x20]+/, "").replace(/[\t\n\r]/g, "");
  const m = /^([^/?#]*?):/.exec(v);
  return m ? m[1].toLowerCase() : "";
}

/**
 * Whether a value of a URL attribute of this kind may stay. `list`: a srcset,
 * where every word (URLs and their descriptors alike, which is stricter than a
 * browser's reading) must pass.
 */
export function isSafeUrl(value: string, kind: "link" | "source", list = false): boolean {
  const urls = list ? value.split(/[\s,]+/) : [value];
  return urls.every((u) => SAFE_SCHEMES[kind].has(urlScheme(u)));
}

function checkDataInAttributes(html: string, landed: [number, number][]): string {
  const edits: Edit[] = [];
  let k = 0;
  // Spans are asked for in document order, so one pointer over `landed` does.
  const holdsData = (start: number, end: number) => {
    while (k < landed.length && landed[k][1] <= start) k++;
    return k < landed.length && landed[k][0] < end;
  };
  scanHtml(html, {
    tag(t) {
      if (holdsData(t.start + 1, t.start + 1 + t.name.length)) {
        edits.push({ start: t.start, end: t.start + 1, text: "&lt;" });
        return;
      }
      for (const a of t.attrs) {
        if (holdsData(a.start, a.nameEnd)) {
          edits.push({ start: a.start, end: a.end, text: "" });
          continue;
        }
        if (a.valueStart < 0 || !holdsData(a.valueStart, a.valueEnd)) continue;
        let kind = URL_ATTRS[a.name];
        let value = a.value;
        if (!kind && t.name === "meta" && a.name === "content") {
          // <meta http-equiv="refresh" content="0; url=...">
          const m = /\burl\s*=\s*['"]?([^'"]*)/i.exec(value);
          if (!m) continue;
          kind = "link";
          value = m[1];
        }
        if (!kind || isSafeUrl(value, kind, a.name.endsWith("srcset"))) continue;
        if (kind === "link" && a.name !== "content") {
          edits.push({ start: a.valueStart, end: a.valueEnd, text: "#" });
        } else {
          edits.push({ start: a.start, end: a.end, text: "" });
        }
      }
    },
  });
  return applyEdits(html, edits);
}

/** Whether a body uses `{{name}}`. */
export function usesVariable(template: string, name: string): boolean {
  for (const m of template.matchAll(VAR_RE)) if (m[1] === name) return true;
  return false;
}

/** A subject line from a template: variables filled, line breaks flattened. */
export function fillSubject(template: string, data: TemplateData): string {
  return fillVariables(template, data, false).replace(/[\r\n\t]+/g, " ").trim();
}

// Compiled once: html-to-text's convert() compiles its selectors on every call
// (about 0.4 ms, against 0.03 ms for the conversion itself).
const convertHtml = compile({
  wordwrap: 78,
  // Bounded work on hostile markup (50,000 unclosed tags nest 50,000 deep).
  limits: { maxDepth: 100, maxChildNodes: 10_000, ellipsis: "" },
  selectors: [
    { selector: "img", format: "skip" },
    // Links as "text (url)", the way people write them in plain text.
    {
      selector: "a",
      options: { hideLinkHrefIfSameAsText: true, linkBrackets: ["(", ")"] },
    },
    // Tables as columns: cells apart, one row a line (an order's items stay legible).
    {
      selector: "table",
      format: "dataTable",
      options: { uppercaseHeaderCells: false, maxColumnWidth: 50, colSpacing: 3, rowSpacing: 0 },
    },
    // Headings as written, not shouted in capitals.
    ...(["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({
      selector,
      options: { uppercase: false },
    }))),
  ],
});

/** The text part for an HTML-only email. */
export function htmlToText(html: string): string {
  if (tooManyTags(html)) {
    return html.replace(/<[^>]*>/g, " ").replace(/[ \t]+/g, " ").replace(/\n\s*\n+/g, "\n\n")
      .trim();
  }
  return convertHtml(html);
}

// An http(s) URL in running text; trailing punctuation is the sentence's, not the URL's.
const TEXT_URL = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?'")\]]/gi;

/** Text escaped for HTML, with its http(s) URLs as links. */
export function linkifyText(text: string): string {
  let out = "";
  let at = 0;
  for (const m of text.matchAll(TEXT_URL)) {
    const url = escapeHtml(m[0]);
    out += escapeHtml(text.slice(at, m.index)) + `<a href="${url}">${url}</a>`;
    at = m.index! + m[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

/**
 * The HTML part for a text-only email: escaped, paragraphs and line breaks
 * kept, URLs as links.
 */
export function textToHtml(text: string): string {
  const paras = text.replace(/\r\n?/g, "\n").split(/\n{2,}/).map((p) =>
    `<p>${linkifyText(p).replace(/\n/g, "<br>\n")}</p>`
  );
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head>` +
    `<body style="font-family:sans-serif;line-height:1.5">\n${paras.join("\n")}\n</body></html>`;
}
