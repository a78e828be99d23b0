/**
 * Click and open tracking of the HTML part: which attributes are rewritten (the
 * real href of <a> and <area> only, read with an HTML tokenizer), which URLs are
 * tracked (those a redirect can carry), and that everything else stays as it was.
 */
import assert from "node:assert/strict";
import { clickUrl, redirectTarget, trackHtml } from "../../../domain/mail/tracking.ts";
import { scanHtml } from "../../../domain/kernel/html.ts";

const KEY = new Uint8Array(32).fill(9);
const OPTS = {
  base: "https://svc.example",
  encKey: KEY,
  logId: "L",
  opens: false,
  clicks: true,
  skipPrefix: "https://svc.example/u/",
};

/** The tracked form of `url` as written into an attribute. */
const tracked = (url: string) => `"${clickUrl(OPTS.base, KEY, "L", url).replace(/&/g, "&amp;")}"`;

Deno.test("tracking rewrites the real href of a and area, never href-like text inside other attributes", () => {
  const cases: [string, string][] = [
    [
      `<a data-x=" href=https://evil.example/" href="https://real.example/">x</a>`,
      `<a data-x=" href=https://evil.example/" href=${tracked("https://real.example/")}>x</a>`,
    ],
    [
      `<a title='see href="https://evil.example/"' href='https://real.example/'>x</a>`,
      `<a title='see href="https://evil.example/"' href=${tracked("https://real.example/")}>x</a>`,
    ],
    [
      // Unquoted, upper case, spaces around "=": the value gets quotes.
      `<A class=btn HREF = https://real.example/p?a=1 >x</A>`,
      `<A class=btn HREF = ${tracked("https://real.example/p?a=1")} >x</A>`,
    ],
    [
      // A repeated href: browsers follow the first one, so only that one is tracked.
      `<a href="https://first.example/" href="https://second.example/">x</a>`,
      `<a href=${tracked("https://first.example/")} href="https://second.example/">x</a>`,
    ],
    [
      `<a\nhref="https://real.example/"\n>x</a><area shape=rect href="https://b.example/">`,
      `<a\nhref=${tracked("https://real.example/")}\n>x</a><area shape=rect href=${
        tracked("https://b.example/")
      }>`,
    ],
    [
      // Self-closing syntax and a slash before the attribute.
      `<a/href="https://real.example/"/>`,
      `<a/href=${tracked("https://real.example/")}/>`,
    ],
  ];
  for (const [html, want] of cases) assert.equal(trackHtml(html, OPTS), want, html);
});

Deno.test("tracking leaves markup that only looks like a link alone: comments, scripts, styles, text", () => {
  const html = `<!-- <a href="https://c.example/">c</a> -->` +
    `<script>document.write('<a href="https://s.example/">s</a>')</script>` +
    `<style>/* <a href="https://st.example/"> */</style>` +
    `<textarea><a href="https://t.example/"></textarea><title><a href="https://ti.example/"></title>` +
    `<p>text with href="https://p.example/" in it</p><![CDATA[<a href="https://cd.example/">]]>` +
    `<div data-href="https://d.example/" xhref="https://x.example/">d</div>` +
    `<link href="https://l.example/style.css"><base href="https://base.example/">`;
  assert.equal(trackHtml(html, OPTS), html);
});

Deno.test("tracking records the URL a browser would open, and never one a redirect cannot carry", () => {
  const out = (href: string) => trackHtml(`<a href="${href}">x</a>`, OPTS);
  // Character references are decoded, as a browser does, before the URL is read.
  assert.equal(
    out("https&#58;//a.example/?q=1&amp;r=2"),
    `<a href=${tracked("https://a.example/?q=1&r=2")}>x</a>`,
  );
  // A line break (literal or as a reference) is dropped by URL parsing, as in a browser.
  assert.equal(out("https://a.example/x\ny"), `<a href=${tracked("https://a.example/xy")}>x</a>`);
  assert.equal(
    out("https://a.example/x&#10;y"),
    `<a href=${tracked("https://a.example/xy")}>x</a>`,
  );
  assert.equal(out(" HTTPS://B.Example "), `<a href=${tracked("https://b.example/")}>x</a>`);
  // Not absolute http(s) URLs: untouched.
  for (
    const href of [
      "https://exa mple.com/",
      "http://[::1/",
      "https://",
      "javascript:alert(1)",
      "mailto:a@example.com",
      "/relative",
      "#top",
      "",
    ]
  ) {
    assert.equal(out(href), `<a href="${href}">x</a>`, href);
  }
  // The unsubscribe link is never tracked, however it is written.
  assert.equal(out("https://svc.example/u/tok"), `<a href="https://svc.example/u/tok">x</a>`);
  // Every tracked URL makes a valid Location header.
  const u = /\?u=([^"]+)"/.exec(out("https://a.example/x&#13;&#10;Set-Cookie: a=b"))!;
  const target = decodeURIComponent(u[1].replace(/&amp;/g, "&"));
  assert.doesNotThrow(() => new Headers({ location: target }));
  assert.match(target, /^[\x21-\x7e]+$/);
});

Deno.test("redirectTarget: absolute http(s) URLs only, as their normalized href", () => {
  assert.equal(redirectTarget("https://a.example/p?x=1#f"), "https://a.example/p?x=1#f");
  assert.equal(redirectTarget("https://a.example/\nx"), "https://a.example/x");
  assert.equal(redirectTarget("http://a.example/ü b"), "http://a.example/%C3%BC%20b");
  assert.equal(redirectTarget("https://bücher.example/"), "https://xn--bcher-kva.example/");
  for (
    const bad of [
      "",
      "/relative",
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://a.example/",
      "https://exa mple.com/",
      "https://a.example:99999/",
      "https://" + "a".repeat(20_000) + ".example/",
    ]
  ) {
    assert.equal(redirectTarget(bad), null, bad.slice(0, 40));
  }
});

Deno.test("tracking: the open pixel goes before </body> (or </html>, or at the end); hostile nesting stays linear", () => {
  const opts = { ...OPTS, opens: true, clicks: false };
  // No image in the HTML: the pixel is a 1x1 cell's background (no <img> for spam filters).
  const pixel =
    /<table role="presentation"[^>]*><tr><td width="1" height="1" background="https:\/\/svc\.example\/t\/o\/L\.[^"]+" style="[^"]*background-image:url\('https:\/\/svc\.example\/t\/o\/L\.[^']+'\)">&#8203;<\/td><\/tr><\/table>/
      .source;
  assert.match(
    trackHtml("<html><body><p>x</p></body></html>", opts),
    new RegExp(`${pixel}</body></html>$`),
  );
  assert.match(trackHtml("<html><p>x</p></html>", opts), new RegExp(`${pixel}</html>$`));
  assert.match(trackHtml("<p>x</p>", opts), new RegExp(`<p>x</p>${pixel}$`));
  // "</body>" inside a comment or a script is not the body's end.
  assert.match(
    trackHtml("<body><!-- </body> --><script>'</body>'</script></body>", opts),
    new RegExp(`</script>${pixel}</body>$`),
  );

  // HTML with images of its own: the pixel is an image, 1x1 with empty alt text.
  assert.match(
    trackHtml(`<body><img src="https://x.example/logo.png" alt="Logo"><p>x</p></body>`, opts),
    /<p>x<\/p><img src="https:\/\/svc\.example\/t\/o\/L\.[^"]+" width="1" height="1" alt="" style="[^"]+"><\/body>$/,
  );

  const hostile = "<span>".repeat(200_000) + `<a href="https://x.example/">x</a>`;
  const t0 = performance.now();
  const out = trackHtml(hostile, { ...OPTS, opens: true });
  assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms`);
  assert.ok(out.includes(`<a href=${tracked("https://x.example/")}>`));
});

Deno.test("scanHtml: attribute values and their spans as a browser reads them", () => {
  const html = `<img alt=a src = 'x&amp;y' title="&quot;t&quot;" hidden><p id=p ID=q>`;
  const tags: { name: string; attrs: Record<string, unknown>[] }[] = [];
  scanHtml(html, {
    tag: (t) =>
      tags.push({
        name: t.name,
        attrs: t.attrs.map((a) => ({
          name: a.name,
          value: a.value,
          raw: a.valueStart < 0 ? null : html.slice(a.valueStart, a.valueEnd),
          whole: html.slice(a.start, a.end),
          first: a.first,
        })),
      }),
  });
  assert.deepEqual(tags, [
    {
      name: "img",
      attrs: [
        { name: "alt", value: "a", raw: "a", whole: "alt=a", first: true },
        { name: "src", value: "x&y", raw: "x&amp;y", whole: "src = 'x&amp;y'", first: true },
        {
          name: "title",
          value: '"t"',
          raw: "&quot;t&quot;",
          whole: 'title="&quot;t&quot;"',
          first: true,
        },
        { name: "hidden", value: "", raw: null, whole: "hidden", first: true },
      ],
    },
    {
      name: "p",
      attrs: [
        { name: "id", value: "p", raw: "p", whole: "id=p", first: true },
        { name: "id", value: "q", raw: "q", whole: "ID=q", first: false },
      ],
    },
  ]);
});
