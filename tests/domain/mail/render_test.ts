/**
 * Template data in the HTML part: values are escaped for where they stand, and
 * URL attributes that data helps fill keep only safe schemes, however the
 * scheme is written. The template's own markup is left as its author wrote it.
 */
import assert from "node:assert/strict";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";
import { fillHtml, fillVariables, isSafeUrl, urlScheme } from "../../../domain/mail/render.ts";
import { scanHtml } from "../../../domain/kernel/html.ts";
import { seedSite, startTestService } from "../../helpers/service.ts";

const fill = (template: string, data: Record<string, string>) =>
  fillVariables(template, data, true);

/** The attributes of every tag of `html` as a browser reads them (first of each name). */
function attributes(html: string): { tag: string; attrs: Record<string, string> }[] {
  const out: { tag: string; attrs: Record<string, string> }[] = [];
  scanHtml(html, {
    tag: (t) =>
      out.push({
        tag: t.name,
        attrs: Object.fromEntries(t.attrs.filter((a) => a.first).map((a) => [a.name, a.value])),
      }),
  });
  return out;
}

const SCRIPT_URLS = [
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "\tjavascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java\r\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "\u0000javascript:alert(1)",
  "java\u0000script:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "file:///etc/passwd",
  "x-unknown:foo",
];

Deno.test("template data cannot put javascript: into a link, however the scheme is written", () => {
  const templates = [
    `<a href="{{u}}">x</a>`,
    `<a href='{{u}}'>x</a>`,
    `<a href={{u}}>x</a>`,
    `<a class="b" HREF = "{{u}}" title="t">x</a>`,
    `<form action="{{u}}"><button formaction="{{u}}">b</button></form>`,
    `<svg><a xlink:href="{{u}}">x</a></svg>`,
    `<blockquote cite="{{u}}">q</blockquote><object data="{{u}}"></object>`,
  ];
  for (const t of templates) {
    for (const u of SCRIPT_URLS) {
      const out = fill(t, { u });
      for (const { tag, attrs } of attributes(out)) {
        for (const name of ["href", "xlink:href", "action", "formaction", "cite", "data"]) {
          if (name in attrs) {
            assert.equal(attrs[name], "#", `${t} with ${JSON.stringify(u)}: <${tag}> ${out}`);
          }
        }
      }
    }
  }
});

Deno.test("template data that completes a scheme the template starts is caught too", () => {
  // The whole value is checked as a browser reads it, not just the variable's part.
  for (
    const [t, data] of [
      [`<a href="java{{x}}">x</a>`, { x: "script:alert(1)" }],
      [`<a href="java&#x09;{{x}}">x</a>`, { x: "script:alert(1)" }],
      [`<a href="{{a}}{{b}}">x</a>`, { a: "javas", b: "cript:alert(1)" }],
      [`<a href="{{a}}:alert(1)">x</a>`, { a: "javascript" }],
      [`<a href="{{a}}&colon;alert(1)">x</a>`, { a: "JavaScript" }],
      [`<a href="&#{{n}};avascript:alert(1)">x</a>`, { n: "106" }],
    ] as [string, Record<string, string>][]
  ) {
    assert.equal(attributes(fill(t, data))[0].attrs.href, "#", t);
  }
  // References inside data are escaped like any "&": they stay text, here a harmless relative URL.
  const out = fill(`<a href="{{u}}">x</a>`, { u: "javascript&colon;alert(1)" });
  assert.equal(out, `<a href="javascript&amp;colon;alert(1)">x</a>`);
  assert.equal(urlScheme(attributes(out)[0].attrs.href), "");
});

Deno.test("template data in image and media sources keeps http, https, cid and relative; others remove the attribute", () => {
  const t = `<img alt="a" src="{{u}}" width="10"><video poster="{{u}}"></video>` +
    `<td background="{{u}}"></td><img srcset="https://cdn.example/a.png 1x, {{u}}">`;
  for (const u of SCRIPT_URLS) {
    const out = fill(t, { u });
    for (const { attrs } of attributes(out)) {
      for (const name of ["src", "poster", "background", "srcset"]) {
        assert.ok(!(name in attrs), `${JSON.stringify(u)}: ${out}`);
      }
    }
    assert.ok(out.startsWith(`<img alt="a"  width="10">`), out);
  }
  for (
    const u of ["cid:logo@example", "https://cdn.example/x.png?a=1&b=2", "/img/x.png", "x.png"]
  ) {
    const [img] = attributes(fill(`<img src="{{u}}">`, { u }));
    assert.equal(img.attrs.src, u);
  }
});

Deno.test("safe link values stay as they were, escaped: http(s), mailto, tel, relative, fragment", () => {
  for (
    const u of [
      "https://shop.example/p?id=7&ref=mail#top",
      "http://a.example/",
      "mailto:ann@example.com?subject=Hi%20there",
      "tel:+1-555-0100",
      "/account",
      "../x",
      "#top",
      "?q=1",
      "//cdn.example/x",
      "/path/with:colon",
    ]
  ) {
    const out = fill(`<a href="{{u}}">{{u}}</a>`, { u });
    assert.equal(attributes(out)[0].attrs.href, u, out);
  }
  assert.equal(
    fill(`<a href="{{u}}">x</a>`, { u: `https://a.example/?q="x"&r=<y>` }),
    `<a href="https://a.example/?q=&quot;x&quot;&amp;r=&lt;y&gt;">x</a>`,
  );
});

Deno.test("template data cannot add attributes or tags: unquoted values, attribute and tag names", () => {
  const data = {
    v: "https://ok.example/ onclick=alert(1) style=x",
    attrs: "onmouseover=alert(1) href=javascript:alert(1)",
    tag: "script",
    q: `x" onclick="alert(1)`,
  };
  const out = fill(
    `<a href={{v}} title={{v}}>a</a><div {{attrs}}>b</div><{{tag}}>c</{{tag}}><p title="{{q}}">d</p>`,
    data,
  );
  const tags = attributes(out);
  assert.deepEqual(tags, [
    { tag: "a", attrs: { href: data.v, title: data.v } },
    { tag: "div", attrs: {} },
    { tag: "p", attrs: { title: data.q } },
  ], out);
});

Deno.test("the template's own markup is not filtered; text values are only escaped", () => {
  // The site owner writes the template (and its html): trusted, as they can send any HTML.
  const own =
    `<a href="javascript:void(0)" onclick="track()">{{name}}</a><img src="data:image/gif;base64,R0l">`;
  assert.equal(
    fill(own, { name: `<b>"A&B"</b>` }),
    `<a href="javascript:void(0)" onclick="track()">&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</a>` +
      `<img src="data:image/gif;base64,R0l">`,
  );
  // No variables at all: returned as it is.
  assert.equal(fill(own, {}), own.replace("{{name}}", ""));
});

Deno.test("the filled markup is what is checked: data that ends a script or a comment early gains nothing", () => {
  for (
    const [t, data] of [
      [`<script></{{x}}><a href="{{u}}">x</a></script>`, { x: "script", u: "javascript:alert(1)" }],
      [`<!-- {{x}}><a href="{{u}}">x</a> -->`, { x: "--", u: "javascript:alert(1)" }],
      [`<meta http-equiv="refresh" content="0; url={{u}}">`, { u: "javascript:alert(1)" }],
    ] as [string, Record<string, string>][]
  ) {
    const out = fill(t, data);
    assert.ok(!/javascript:/i.test(out.replace(/&[^;]+;/g, "")), `${t}: ${out}`);
  }
});

Deno.test("urlScheme and isSafeUrl read schemes as the WHATWG URL parser does", () => {
  const cases: [string, string][] = [
    ["https://a.example", "https"],
    ["  HTTPS://a.example", "https"],
    ["java\tscript:x", "javascript"],
    ["\u0000\u001fjavascript:x", "javascript"],
    ["java\u0001script:x", "java\u0001script"],
    ["/a:b", ""],
    ["?a:b", ""],
    ["#a:b", ""],
    ["a.png", ""],
    ["cid:x", "cid"],
  ];
  for (const [v, want] of cases) assert.equal(urlScheme(v), want, JSON.stringify(v));
  assert.ok(isSafeUrl("mailto:a@example.com", "link"));
  assert.ok(!isSafeUrl("cid:x", "link"));
  assert.ok(isSafeUrl("cid:x", "source"));
  assert.ok(!isSafeUrl("mailto:a@example.com", "source"));
  assert.ok(isSafeUrl("a.png 1x, https://b.example/b.png 2x", "source", true));
  assert.ok(!isSafeUrl("a.png 1x, javascript:x 2x", "source", true));
});

Deno.test("POST /mail/send: template data links are checked in the HTML part; safe ones are tracked", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: {
        to: "ann@example.com",
        html: `<p>Hi {{name}}, <a href="{{profile}}">profile</a> <a href="{{shop}}">shop</a>` +
          ` <img src="{{logo}}"></p>`,
        data: {
          name: "Ann",
          profile: "java\tscript:alert(document.cookie)",
          shop: "https://shop.example/?a=1&b=2",
          logo: "cid:logo",
        },
      },
    });
    assert.equal(r.body.sent, true, r.text);
    const out = await svc.admin("GET", `/outbox?limit=1`);
    const mail = await simpleParser((out.body.items as { raw: string }[])[0].raw);
    const html = mail.html as string;
    assert.ok(html.includes(`<a href="#">profile</a>`), html);
    assert.ok(!/script:/i.test(html), html);
    assert.ok(html.includes(`<img src="cid:logo">`), html);
    const shop = /<a href="([^"]+)">shop<\/a>/.exec(html)![1].replace(/&amp;/g, "&");
    assert.equal(new URL(shop).searchParams.get("u"), "https://shop.example/?a=1&b=2");
  } finally {
    await svc.close();
  }
});

Deno.test("template variables in hostile markup stay linear", () => {
  const hostile = "<span>".repeat(80_000) + `<a href="{{u}}">x</a>`;
  const t0 = performance.now();
  const out = fill(hostile, { u: "javascript:alert(1)" });
  assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms`);
  assert.ok(out.endsWith(`<a href="#">x</a>`));
});

Deno.test("fillHtml: the same checks for another placeholder syntax ({field:key} of a form)", () => {
  const fields: Record<string, string> = { website: "javascript:alert(1)", name: "<Ann>" };
  const out = fillHtml(
    `<p>Hi {field:name}, <a href="{field:website}">your site</a></p>`,
    /\{field:([^{}]{1,200})\}/g,
    (m) => Object.hasOwn(fields, m[1]) ? fields[m[1]] : undefined,
  );
  assert.equal(out, `<p>Hi &lt;Ann&gt;, <a href="#">your site</a></p>`);
});
