/**
 * The notification handed to the mail engine without a zod parse is what the
 * send schema's parse gives for the same input; what is not plainly within
 * the schema's limits goes to the parse, which answers it as before.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { mailInput, notificationRequest } from "../../../domain/forms/mailer.ts";
import { notificationMail, type OutgoingMail } from "../../../domain/forms/mail_content.ts";
import { MailSendBody } from "../../../domain/mail/schema.ts";
import type { Site } from "../../../domain/sites/store.ts";

const site = {
  id: "s1",
  name: "Luna Bakery",
  domain: "lunabakery.com",
  default_from_name: null,
} as unknown as Site;

function same(m: OutgoingMail) {
  const req = notificationRequest(m);
  const parsed = MailSendBody.safeParse(mailInput(m));
  if (req) {
    assert.ok(parsed.success, JSON.stringify(m));
    // Same values and the same keys in the same order.
    assert.deepEqual(req, parsed.data);
    assert.equal(JSON.stringify(req), JSON.stringify(parsed.data));
  }
  return req;
}

Deno.test("a notification's request is the schema's parse of its input", () => {
  const m = notificationMail({
    site,
    to: ["owner@example.com", "Ann Owner <ann@bücher.example>"],
    fromName: "Luna Bakery",
    replyTo: "visitor@example.org",
    formId: 1,
    formName: "Contact",
    fields: { name: "Ann", message: "Hello\nthere" },
    referrer: null,
    ip: "203.0.113.1",
    createdAt: "2026-11-24T16:00:00.000Z",
    classification: "legit",
    spamScore: 0.1,
  });
  assert.ok(same(m));
  assert.ok(same({ ...m, replyTo: null }));
  assert.ok(same({ ...m, text: undefined }));
});

Deno.test("what is not plainly within the limits is left to the schema", () => {
  const m: OutgoingMail = {
    to: ["owner@example.com"],
    subject: "s",
    html: "<p>x</p>",
    text: "x",
    fromName: "Forms",
    replyTo: null,
  };
  assert.equal(same({ ...m, to: [] }), null);
  assert.equal(same({ ...m, to: ["not an address"] }), null);
  assert.equal(same({ ...m, replyTo: "nope@" }), null);
  assert.equal(same({ ...m, html: "x".repeat(500_001) }), null);
  assert.equal(same({ ...m, text: "x".repeat(500_001) }), null);
  assert.equal(same({ ...m, subject: "x".repeat(501) }), null);
  assert.equal(same({ ...m, fromName: "a\r\nb" }), null);
  // Over 500 UTF-16 units, within 500 characters: the parse accepts it.
  const astral = "😀".repeat(300);
  assert.equal(same({ ...m, subject: astral }), null);
  assert.ok(MailSendBody.safeParse(mailInput({ ...m, subject: astral })).success);
  assert.equal(same({ ...m, to: Array.from({ length: 51 }, (_, i) => `a${i}@example.com`) }), null);
});

Deno.test("for any addresses and texts, the request equals the schema's parse", () => {
  const addr = fc.oneof(
    fc.emailAddress(),
    fc.string({ maxLength: 30 }),
    fc.tuple(fc.string({ maxLength: 10 }), fc.emailAddress()).map(([n, a]) => `${n} <${a}>`),
  );
  fc.assert(
    fc.property(
      fc.array(addr, { minLength: 0, maxLength: 4 }),
      fc.option(addr),
      fc.string({ maxLength: 40 }),
      fc.string({ maxLength: 40 }),
      fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      fc.string({ maxLength: 40 }),
      (to, replyTo, subject, html, text, fromName) => {
        same({ to, replyTo, subject, html, text, fromName });
      },
    ),
    { numRuns: 500 },
  );
});
