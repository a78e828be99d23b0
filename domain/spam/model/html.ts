/**
 * A small, linear HTML scanner for the mail model: visible text, links with
 * their visible text, and a few facts of layout (images, tracking pixels,
 * tables, hidden text, forms, scripts). No DOM is built; one regex walks the
 * tags, so hostile input costs time proportional to its length.
 */

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

export function scanHtml(input: string): HtmlFacts {
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
