/**
 * Pure pieces of the mail engine: variables and escaping, part conversions,
 * content scores, the contact-form check, header policy, signed tokens and
 * link tracking.
 */
import assert from "node:assert/strict";
import {
  escapeHtml,
  fillSubject,
  fillVariables,
  htmlToText,
  textToHtml,
} from "../../../domain/mail/render.ts";
import { MAX_PARSED_TAGS } from "../../../domain/kernel/html.ts";
import { scoreContent } from "../../../domain/spam/mail_score.ts";
import { contactFormSpam, isContactFormNotification } from "../../../domain/spam/contact_form.ts";
import { applyHeaderPolicy } from "../../../domain/mail/headers.ts";
import {
  readUnsubscribeToken,
  readVerp,
  unsubscribeToken,
  verpAddress,
  verpNames,
} from "../../../domain/mail/tokens.ts";
import { trackHtml } from "../../../domain/mail/tracking.ts";
import { checkAttachments, strictBase64 } from "../../../domain/mail/attachments.ts";
import { parseMailbox } from "../../../domain/mail/schema.ts";

const KEY = new Uint8Array(32).fill(9);

Deno.test("variables: values filled, HTML-escaped only in HTML, missing ones empty", () => {
  const data = { name: `<b>"A&B"</b>`, n: 3, yes: false };
  assert.equal(
    fillVariables("Hi {{name}} {{ n }} {{yes}} [{{nope}}]", data, true),
    "Hi &lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt; 3 false []",
  );
  assert.equal(fillVariables("Hi {{name}}", data, false), `Hi <b>"A&B"</b>`);
  // Inherited properties are not variables.
  assert.equal(fillVariables("{{constructor}}{{toString}}", {}, false), "");
  assert.equal(fillSubject("Re: {{x}}", { x: "a\r\nBcc: b" }), "Re: a Bcc: b");
  assert.equal(escapeHtml(`'`), "&#39;");
});

Deno.test("parts: text becomes escaped HTML; HTML becomes readable text; hostile markup stays linear", () => {
  const h = textToHtml("Hello <you> & co\n\nSecond line\nthird");
  assert.ok(h.includes("<p>Hello &lt;you&gt; &amp; co</p>"));
  assert.ok(h.includes("<p>Second line<br>\nthird</p>"));
  assert.equal(
    htmlToText("<h1>Title</h1><p>Body <a href='https://x.example'>x</a></p>").trim(),
    "Title\n\nBody x (https://x.example)",
  );
  // Tables stay readable: cells apart, one row a line.
  const table = htmlToText(
    "<table><tr><th>Item</th><th>Qty</th><th>Price</th></tr>" +
      "<tr><td>Trail walking boots, size 43</td><td>1</td><td>£89.00</td></tr></table>",
  ).split("\n");
  assert.match(table[0], /^Item\s{2,}Qty\s{2,}Price$/);
  assert.match(table[1], /^Trail walking boots, size 43\s{2,}1\s{2,}£89\.00$/);
  // URLs in text become links in the generated HTML; trailing punctuation stays outside.
  assert.ok(
    textToHtml("See https://x.example/a?b=1&c=2.").includes(
      '<a href="https://x.example/a?b=1&amp;c=2">https://x.example/a?b=1&amp;c=2</a>.',
    ),
  );
  const hostile = "<span>".repeat(MAX_PARSED_TAGS * 5) + "text";
  const t0 = performance.now();
  assert.equal(htmlToText(hostile), "text");
  assert.ok(performance.now() - t0 < 1000);
});

Deno.test("content score: ordinary mail scores low; spam words, shouting and shady links add up", () => {
  assert.equal(scoreContent("Your receipt", "Thanks for your order of 2 items.").score, 0);
  const spam = scoreContent("FREE MONEY NOW!!!", "viagra casino http://bit.ly/x $$$");
  assert.ok(spam.score >= 60, JSON.stringify(spam));
  assert.deepEqual(
    spam.rules.sort(),
    [
      "gambling",
      "money_symbols",
      "pharma",
      "subject_all_caps",
      "subject_exclamations",
      "url_shortener",
    ]
      .sort(),
  );
  assert.ok(scoreContent("x", "viagra ".repeat(100) + "casino ".repeat(100)).score <= 100);
});

Deno.test("contact-form check: detection by plugin or subject; confidence from form-spam signals", () => {
  assert.ok(isContactFormNotification("Contact-Form-7", "anything"));
  assert.ok(isContactFormNotification(undefined, "New form submission from Ann"));
  assert.ok(!isContactFormNotification("woocommerce", "Your order"));
  assert.equal(contactFormSpam("New message", "Hi, what are your opening hours?").confidence, 0);
  const spam = contactFormSpam(
    "New message",
    "Dear sir, we do SEO and backlinks https://a.example https://b.example https://c.example to opt out reply stop",
  );
  assert.ok(spam.confidence >= 0.9, JSON.stringify(spam));
  assert.ok(spam.detail!.length <= 200);
});

Deno.test("header policy: structural headers dropped, others kept", () => {
  const { kept, dropped } = applyHeaderPolicy({
    "X-Custom": "1",
    "from": "x@y.z",
    "Content-Type": "text/plain",
    "Content-Transfer-Encoding": "8bit",
    "Message-ID": "<x@y>",
    "Return-Path": "a@b.c",
    "DKIM-Signature": "v=1",
    "Feedback-ID": "x",
    "Resent-To": "q@r.s",
    "List-Unsubscribe": "<mailto:u@x.y>",
    "In-Reply-To": "<a@b>",
  });
  assert.deepEqual(Object.keys(kept), ["X-Custom", "List-Unsubscribe", "In-Reply-To"]);
  assert.equal(dropped.length, 8);
});

Deno.test("tokens: unsubscribe and VERP tokens round-trip and refuse tampering", () => {
  const t = unsubscribeToken(KEY, "site-1", "Ann@Example.com");
  assert.deepEqual(readUnsubscribeToken(KEY, t), { siteId: "site-1", email: "ann@example.com" });
  assert.equal(readUnsubscribeToken(new Uint8Array(32), t), null);
  assert.equal(readUnsubscribeToken(KEY, t.slice(1)), null);
  assert.equal(readUnsubscribeToken(KEY, t + "x"), null);
  const id = "01a20110-0456-7007-bd5c-1334e7d466a1";
  const v = verpAddress(KEY, id, "Ann@Example.com", "bounces.example.com");
  assert.ok(v.split("@")[0].length <= 64);
  const rcpts = ["bob@example.com", "ann@example.com"];
  assert.equal(readVerp(v)?.logId, id);
  assert.equal(verpNames(KEY, readVerp(v)!, rcpts), "ann@example.com", "names its recipient");
  assert.equal(verpNames(KEY, readVerp(v.toUpperCase())!, rcpts), "ann@example.com", "any case");
  assert.equal(verpNames(KEY, readVerp(v)!, ["bob@example.com"]), null, "no one else");
  const other = readVerp(v.replace("bounce+01", "bounce+02"))!;
  assert.equal(verpNames(KEY, other, rcpts), null, "another message");
  assert.equal(verpNames(new Uint8Array(32), readVerp(v)!, rcpts), null, "another key");
  assert.equal(readVerp("someone@example.com"), null);
});

Deno.test("tracking: only http(s) links in tags are rewritten, comments and the unsubscribe link are not", () => {
  const html = `<html><body><!-- <a href="https://c.example/">c</a> -->` +
    `<a class="x" href='https://a.example/?q=1&amp;r=2'>A</a> <a href="mailto:m@x.y">m</a>` +
    `<a href="https://svc.example/u/tok">unsub</a><area href="https://b.example/"></body></html>`;
  const out = trackHtml(html, {
    base: "https://svc.example",
    encKey: KEY,
    logId: "L",
    opens: true,
    clicks: true,
    skipPrefix: "https://svc.example/u/",
  });
  assert.ok(out.includes('<!-- <a href="https://c.example/">c</a> -->'));
  assert.ok(out.includes('href="mailto:m@x.y"'));
  assert.ok(out.includes('href="https://svc.example/u/tok"'));
  assert.ok(out.includes(`u=${encodeURIComponent("https://a.example/?q=1&r=2")}`));
  assert.ok(out.includes(`u=${encodeURIComponent("https://b.example/")}`));
  assert.ok(out.includes('<a class="x" href="https://svc.example/t/c/L.'));
  // No image of its own: the open pixel is a 1x1 cell's background, before </body>.
  assert.match(
    out,
    /<td width="1" height="1" background="https:\/\/svc\.example\/t\/o\/L\.[^"]+"[^>]*>&#8203;<\/td><\/tr><\/table><\/body><\/html>$/,
  );
});

Deno.test("attachments: strict base64 with line breaks allowed; 15 MB computed before decoding", () => {
  assert.equal(strictBase64("aGVs\r\nbG8="), "aGVsbG8=");
  for (const bad of ["aGVsbG8", "aGV=sbG8", "aGVsbG8===", "aGVs*G8=", "data:x;base64,aGk="]) {
    assert.equal(strictBase64(bad), null, bad);
  }
  const r = checkAttachments([{ filename: "a", content: "aGk=" }, { filename: "b", content: "" }]);
  assert.ok(r.ok && r.total === 2);
  assert.equal(r.ok && r.decode()[0].content.toString(), "hi");
});

Deno.test("addresses: bare or with a display name; anything else is refused", () => {
  assert.deepEqual(parseMailbox("a@example.com"), { name: "", address: "a@example.com" });
  assert.deepEqual(parseMailbox('"Ann, B" <a@example.com>'), {
    name: "Ann, B",
    address: "a@example.com",
  });
  for (
    const bad of ["a@b", "a@example.com, b@example.com", "<>", "x <a@example.com\r\n>", "plain"]
  ) {
    assert.equal(parseMailbox(bad), null, bad);
  }
});
