import assert from "node:assert/strict";
import { fitPlatt, scoreOf } from "../../../domain/spam/model/calibration.ts";
import { formFeatures, roleOf } from "../../../domain/spam/model/form_features.ts";
import { BUCKETS, fnv } from "../../../domain/spam/model/hashing.ts";
import { htmlFacts } from "../../../domain/kernel/html.ts";
import { mailFeatures } from "../../../domain/spam/model/mail_features.ts";
import {
  countSpintax,
  countTemplateMarkers,
  findLinks,
  wordsOf,
} from "../../../domain/spam/text.ts";
import { prefixOf } from "../../../domain/spam/model/text_features.ts";
import { NamedSink } from "../../../domain/spam/model/vector.ts";
import { decodeWeights, encodeWeights } from "../../../domain/spam/model/weights.ts";

function featureNames(fill: (s: NamedSink) => void): string[] {
  const sink = new NamedSink(new Float32Array(BUCKETS), prefixOf);
  fill(sink);
  return sink.contributions().map((c) => c.feature);
}

Deno.test("hashing is FNV-1a: the same string gives the same hash on every machine", () => {
  assert.equal(fnv("a"), 0xe40c292c);
  assert.equal(fnv(""), 0x811c9dc5);
});

Deno.test("weights survive encoding: sparse and dense files decode to the quantised weights", () => {
  const sparse = new Float64Array(BUCKETS);
  sparse[3] = 1.5;
  sparse[70000] = -0.25;
  sparse[BUCKETS - 1] = 0.001;
  const f = encodeWeights("forms", sparse, 0.1, { a: 1, b: 0 }, {});
  assert.equal(f.encoding, "sparse");
  const w = decodeWeights(f);
  assert.ok(Math.abs(w[3] - 1.5) < 1e-6);
  assert.ok(Math.abs(w[70000] + 0.25) < 0.01);
  assert.ok(Math.abs(w[BUCKETS - 1] - 0.001) < 0.001);
  assert.equal(w[4], 0);
  const dense = Float64Array.from({ length: BUCKETS }, (_, i) => ((i * 7919) % 201 - 100) / 100);
  const g = encodeWeights("mail", dense, 0, { a: 1, b: 0 }, {});
  assert.equal(g.encoding, "dense");
  const d = decodeWeights(g);
  for (const i of [0, 1, 5000, BUCKETS - 1]) assert.ok(Math.abs(d[i] - dense[i]) < 0.02, String(i));
});

Deno.test("field roles come from plugin field names, or from the value when the name says nothing", () => {
  assert.equal(roleOf("your-email", "a@b.co"), "email");
  assert.equal(roleOf("your-message", "hi"), "message");
  assert.equal(roleOf("wpforms[fields][0][first]", "Ann"), "name");
  assert.equal(roleOf("input_1.3", "Ann"), "name");
  assert.equal(roleOf("input_2", "ann@example.org"), "email");
  assert.equal(roleOf("input_3", "06 89 01 85 07"), "phone");
  assert.equal(
    roleOf(
      "form_fields[field_7f3a2c1]",
      "A long message that goes on for more than sixty characters in all.",
    ),
    "message",
  );
  assert.equal(roleOf("g2-website", "https://example.org"), "url");
  assert.equal(roleOf("nachricht", "Hallo"), "message");
});

Deno.test("text: links, spintax, template markers, words of unspaced scripts", () => {
  assert.deepEqual(
    findLinks("see https://a.example.com/x, www.b.org and c.ru/abc; mail me at d@e.com", 10).map((
      l,
    ) => l.host),
    [
      "a.example.com",
      "www.b.org",
      "c.ru",
    ],
  );
  assert.equal(countSpintax("{Hi|Hello} there, {we|I} can help"), 2);
  assert.equal(countTemplateMarkers("Hi {{first_name}}, [Company Name] and %NAME%"), 3);
  assert.ok(wordsOf("请问可以寄到加拿大吗", 50).length >= 3);
});

Deno.test("form features: a website field, links to the site itself, disposable and free senders", () => {
  const names = featureNames((s) =>
    formFeatures(s, {
      fields: {
        name: "Ann Lee",
        email: "ann@mailinator.com",
        website: "https://annlee.dev",
        message: "See https://shop.example.com/item and https://bit.ly/xyz",
      },
      visitor: { user_agent: "python-requests/2.31", referrer: "" },
      site: { domain: "example.com", language: "en" },
    })
  );
  for (
    const n of [
      "url_field:filled",
      "link:own_site",
      "link:shortener",
      "email:disposable",
      "ua:bot",
      "referrer:missing",
    ]
  ) {
    assert.ok(names.includes(n), n);
  }
});

Deno.test("mail features: click tracking is told apart from a link that names a brand and goes elsewhere", () => {
  const newsletter = featureNames((s) =>
    mailFeatures(s, {
      subject: "News",
      html:
        '<a href="https://u123.ct.sendgrid.net/ls/click?upn=abc">www.shop.com</a> <a href="https://click.shop.com/ls/click?upn=def">www.shop.com/sale</a> <a href="https://shop.com/unsubscribe">Unsubscribe</a>',
    })
  );
  assert.ok(newsletter.includes("label_domain:tracked"), "an ESP's click tracker");
  assert.ok(newsletter.includes("label_domain:same"), "the sender's own click.* host");
  assert.ok(!newsletter.includes("label_domain:other"));
  assert.ok(newsletter.includes("unsubscribe:link"));
  const phish = featureNames((s) =>
    mailFeatures(s, {
      subject: "Verify",
      html: '<a href="https://paypal-verify.info/login">https://www.paypal.com/signin</a>',
    })
  );
  assert.ok(phish.includes("label_domain:other"));
  assert.ok(phish.includes("label_brand:elsewhere"));
  assert.ok(phish.includes("link:brand_in_foreign_host"));
});

Deno.test("html scanner: visible text without scripts and styles, hidden blocks, tracking pixels", () => {
  const f = htmlFacts(
    '<html><head><style>p{}</style></head><body><div style="display:none">pre</div><p>Hello &amp; welcome</p><script>x()</script><img src="t.gif" width="1" height="1"><a href="https://a.com">A</a></body></html>',
  );
  assert.ok(f.text.includes("Hello & welcome"));
  assert.ok(!f.text.includes("x()"));
  assert.equal(f.hidden, 1);
  assert.equal(f.pixels, 1);
  assert.deepEqual(f.links, [{ href: "https://a.com", label: "A" }]);
});

Deno.test("Platt calibration: a higher margin never gives a lower score, and scores stay within 0 to 100", () => {
  const margins = [-4, -3, -2.5, -1, -0.5, 0.2, 1, 2, 3, 5];
  const labels = [0, 0, 0, 0, 1, 0, 1, 1, 1, 1] as (0 | 1)[];
  const p = fitPlatt(margins, labels);
  assert.ok(p.a > 0);
  let last = -1;
  for (let z = -10; z <= 10; z += 0.5) {
    const s = scoreOf(z, p);
    assert.ok(s >= last && s >= 0 && s <= 100);
    last = s;
  }
});
