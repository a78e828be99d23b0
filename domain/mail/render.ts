/**
 * Body rendering: `{{variable}}` substitution and the conversions between the
 * HTML and text parts. HTML to text uses html-to-text (a maintained parser,
 * not regexes); text to HTML escapes every character that HTML gives meaning to.
 */
import { convert } from "html-to-text";

export type TemplateData = Record<string, string | number | boolean>;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const VAR_RE = /\{\{\s*([A-Za-z0-9_.-]{1,64})\s*\}\}/g;

/**
 * Replaces `{{name}}` with `data[name]` (numbers and booleans as written);
 * missing variables become empty. `html` escapes the values.
 */
export function fillVariables(template: string, data: TemplateData, html: boolean): string {
  return template.replace(VAR_RE, (_m, name: string) => {
    const v = Object.hasOwn(data, name) ? data[name] : undefined;
    if (v === undefined) return "";
    const s = String(v);
    return html ? escapeHtml(s) : s;
  });
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

/** The text part for an HTML-only email. */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}

/** The HTML part for a text-only email: escaped, paragraphs and line breaks kept. */
export function textToHtml(text: string): string {
  const paras = text.replace(/\r\n?/g, "\n").split(/\n{2,}/).map((p) =>
    `<p>${escapeHtml(p).replace(/\n/g, "<br>\n")}</p>`
  );
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head>` +
    `<body style="font-family:sans-serif;line-height:1.5">\n${paras.join("\n")}\n</body></html>`;
}
