import assert from "node:assert/strict";
import fc from "fast-check";
import {
  autoReplyMail,
  fieldLabel,
  headerText,
  notificationMail,
  senderName,
} from "../../../domain/forms/mail_content.ts";
import type { Site } from "../../../domain/sites/store.ts";

const site = {
  id: "s1",
  name: "Luna Bakery",
  domain: "lunabakery.com",
  default_from_name: null,
} as unknown as Site;

Deno.test("labels show underscores as spaces", () => {
  assert.equal(fieldLabel("first_name"), "first name");
  assert.equal(fieldLabel("your-email"), "your-email");
  assert.equal(fieldLabel("_"), "(unnamed field)");
});

Deno.test("sender name: from_name, then the site default From name, then the site name", () => {
  assert.equal(senderName("Bakery Bot", site), "Bakery Bot");
  assert.equal(senderName(null, { ...site, default_from_name: "Luna Team" }), "Luna Team");
  assert.equal(senderName("  ", site), "Luna Bakery");
  assert.equal(senderName("Evil\r\nBcc: x@y.z", site), "Evil Bcc: x@y.z");
});

Deno.test("notification: every value is escaped, labels readable, text part lists the fields", () => {
  const m = notificationMail({
    site,
    to: ["owner@example.com"],
    fromName: "Luna Bakery",
    replyTo: "ann@example.org",
    formId: 4,
    formName: "Order <b>",
    fields: { first_name: "<script>alert(1)</script>", "a<b": "x & y", note: "" },
    referrer: "https://lunabakery.com/order?a=<x>",
    ip: "203.0.113.5",
    createdAt: "2026-01-01T00:00:00.000Z",
    classification: "legitimate",
    spamScore: 0,
  });
  assert.ok(!m.html.includes("<script>"));
  assert.ok(m.html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(m.html.includes(">first name<"));
  assert.ok(m.html.includes("a&lt;b"));
  assert.ok(m.html.includes("x &amp; y"));
  assert.ok(m.html.includes("Order &lt;b&gt;"));
  assert.ok(!m.html.includes("<x>"));
  assert.ok(m.text!.includes("first name: <script>alert(1)</script>"));
  assert.equal(m.subject, "New submission: Order <b> (Luna Bakery)");
  assert.equal(m.replyTo, "ann@example.org");
});

Deno.test("auto-reply: placeholders filled, escaped in the body, raw but one line in the subject", () => {
  const m = autoReplyMail({
    site,
    to: "ann@example.org",
    replyTo: "owner@example.com",
    fromName: "Luna Bakery",
    subject: "Thanks {name} for {form_name}\r\nBcc: victim@example.com {field:order}",
    body:
      "<p>Hi {name} ({email}), {site_name} at {site_domain} got {field:order} and {field:missing}.</p>",
    name: "Ann <b>Lee</b>",
    email: "ann@example.org",
    formName: "Cake order",
    fields: { order: "<img src=x onerror=alert(1)>" },
  });
  assert.equal(
    m.subject,
    "Thanks Ann <b>Lee</b> for Cake order Bcc: victim@example.com <img src=x onerror=alert(1)>",
  );
  assert.ok(!/[\r\n]/.test(m.subject));
  assert.equal(
    m.html,
    "<p>Hi Ann &lt;b&gt;Lee&lt;/b&gt; (ann@example.org), Luna Bakery at lunabakery.com got " +
      "&lt;img src=x onerror=alert(1)&gt; and .</p>",
  );
  assert.deepEqual(m.to, ["ann@example.org"]);
  assert.equal(m.replyTo, "owner@example.com");
});

Deno.test("auto-reply defaults: a thanks line with the site name", () => {
  const m = autoReplyMail({
    site,
    to: "ann@example.org",
    replyTo: "owner@example.com",
    fromName: "Luna Bakery",
    subject: null,
    body: undefined,
    name: "Ann",
    email: "ann@example.org",
    formName: null,
    fields: {},
  });
  assert.equal(m.subject, "Thanks for contacting Luna Bakery");
  assert.ok(m.html.includes("Hi Ann,"));
  assert.equal(m.text, undefined, "the mail engine derives the text part");
});

Deno.test("header text drops control characters and caps the length", () => {
  assert.equal(headerText("a\r\nb\tc\u0000d"), "a b c d");
  assert.equal(headerText("x".repeat(600)).length, 500);
});

Deno.test("header text cuts at code points, as the array of characters it replaced did", () => {
  const chars = fc.constantFrom(..."ab \n\t\u0000é😀".split(""), "\ud83d", "\ude00", "\u2028");
  fc.assert(fc.property(fc.array(chars, { maxLength: 30 }), fc.integer({ min: 1, max: 12 }), (
    a,
    max,
  ) => {
    const s = a.join("");
    // deno-lint-ignore no-control-regex
    const one = s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/\s{2,}/g, " ")
      .trim();
    assert.equal(headerText(s, max), [...one].slice(0, max).join(""));
  }));
});

Deno.test("auto-reply: a visitor's value in a link keeps only safe schemes", () => {
  const m = autoReplyMail({
    site,
    to: "ann@example.org",
    replyTo: "owner@example.com",
    fromName: "Luna Bakery",
    subject: null,
    body: '<p><a href="{field:website}">your site</a> <a href="{field:shop}">shop</a></p>',
    name: "Ann",
    email: "ann@example.org",
    formName: null,
    fields: { website: " JaVa\tScRiPt:alert(1)", shop: "https://shop.example.org/?a=1&b=2" },
  });
  assert.ok(!/javascript/i.test(m.html.replace(/\s/g, "")), m.html);
  assert.ok(m.html.includes('href="#"'), m.html);
  assert.ok(m.html.includes('href="https://shop.example.org/?a=1&amp;b=2"'), m.html);
});
