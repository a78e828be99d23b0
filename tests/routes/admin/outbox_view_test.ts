/**
 * GET /admin/api/v1/outbox as a person reads it: parsed `text`, `html` and
 * decoded `headers` beside `raw`, and `?format=text` for plain text.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { decodeHeaderValue, readableMessage } from "../../../routes/admin/outbox_view.ts";

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

type Item = {
  message_id: string;
  raw: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
};

Deno.test("outbox JSON: decoded text, html and headers beside the unchanged raw message", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc, { site: { name: "Zoë's Shop" } });
    const sent = await svc.api("POST", "mail/send", {
      key: s.key,
      body: {
        to: ["Ann Ümlaut <ann@example.com>", "bob@example.com"],
        cc: "carl@example.com",
        subject: "Grüße from the shop: a subject long enough to be folded over two header lines",
        html: '<p>Hi <b>Zoë</b>, <a href="https://example.com/a=b">see</a></p>',
        headers: { "X-Order": "Ünïcode 42" },
      },
    });
    assert.equal(sent.body.sent, true, sent.text);
    const answer = await svc.admin("GET", "/outbox");
    assert.equal(answer.status, 200);
    const [m] = answer.body.items as Item[];
    // The fields that were there before are unchanged.
    assert.equal(m.message_id, sent.body.message_id);
    assert.match(m.raw, /^Subject: =\?UTF-8\?Q\?/m);
    assert.match(m.raw, /=3D/); // quoted-printable in the raw message ...
    assert.ok(!m.html!.includes("=3D")); // ... decoded in html
    assert.match(m.html!, /<b>Zoë<\/b>/);
    assert.match(m.text!, /Hi Zoë/);
    assert.equal(
      m.headers.subject,
      "Grüße from the shop: a subject long enough to be folded over two header lines",
    );
    assert.equal(m.headers.from, "Zoë's Shop <relay@localhost>");
    assert.equal(m.headers.to, "Ann Ümlaut <ann@example.com>, bob@example.com");
    assert.equal(m.headers.cc, "carl@example.com");
    assert.equal(m.headers["x-order"], "Ünïcode 42");
    assert.equal(m.headers["message-id"], sent.body.message_id);
    assert.match(m.headers.date, /^\w{3}, \d{1,2} \w{3} \d{4} \d\d:\d\d:\d\d [+-]\d{4}$/);
    assert.match(m.headers["content-type"], /^multipart\/alternative;\s*boundary=/);
  });
});

Deno.test("outbox ?format=text: From, To, Subject and Date, then the text, newest first", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc, { site: { name: "Zoë's Shop" } });
    const submitted = await svc.api("POST", "forms/submit", {
      key: s.key,
      body: {
        form_id: 1,
        form_name: "Contact",
        fields: { name: "Zoë", email: "zoe@example.org", message: "Grüße,\nsecond line" },
      },
    });
    assert.equal(submitted.body.email_sent, true, submitted.text);
    await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "ann@example.com", subject: "Später", text: "Second message" },
    });
    const res = await svc.app.request("/admin/api/v1/outbox?format=text", {
      headers: { authorization: `Bearer ${svc.ctx.config.adminToken}` },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type")!, /^text\/plain/);
    const text = await res.text();
    const [newest, older, ...rest] = text.split(`\n${"-".repeat(72)}\n\n`);
    assert.equal(rest.length, 0, text);
    assert.match(newest, /^From: Zoë's Shop <relay@localhost>\nTo: ann@example.com\n/);
    assert.match(newest, /\nSubject: Später\nDate: .+\n\nSecond message\n$/);
    assert.match(older, /^From: Zoë's Shop <relay@localhost>\nTo: owner@example.com\n/);
    assert.match(older, /\nReply-To: zoe@example.org\n/);
    assert.match(older, /\nSubject: New submission: Contact \(Zoë's Shop\)\n/);
    assert.match(older, /\nmessage: Grüße,\n {2}second line\n/);
    assert.ok(!text.includes("=C3"), "no quoted-printable left");
    // ?to and ?limit apply as for JSON.
    const one = await svc.app.request("/admin/api/v1/outbox?format=text&to=owner@example.com", {
      headers: { authorization: `Bearer ${svc.ctx.config.adminToken}` },
    });
    assert.match(await one.text(), /^From: .*\nTo: owner@example.com\n(?![\s\S]*-{72})/);
  });
});

Deno.test("outbox ?format=text on an empty outbox says so; an unknown format is invalid_payload", async () => {
  await withService(async (svc) => {
    const auth = { authorization: `Bearer ${svc.ctx.config.adminToken}` };
    const empty = await svc.app.request("/admin/api/v1/outbox?format=text", { headers: auth });
    assert.equal(empty.status, 200);
    assert.equal(await empty.text(), "No messages in the outbox.\n");
    const bad = await svc.admin("GET", "/outbox?format=mbox");
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, "invalid_payload");
    assert.deepEqual(bad.body.details, [{ field: "format", message: "must be json or text" }]);
    assert.equal((await svc.admin("GET", "/outbox?format=json")).status, 200);
  });
});

Deno.test("header values: encoded words are decoded, split characters rejoined, the rest kept", () => {
  const cases: [string, string][] = [
    ["plain ASCII, = and ? kept", "plain ASCII, = and ? kept"],
    ["=?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_K=C3=B6ln?=", "Grüße aus Köln"],
    ["=?utf-8?B?R3LDvMOfZQ==?=", "Grüße"],
    // "ü" (C3 BC) split across two words, folded white space between them.
    ["=?UTF-8?Q?Gr=C3?= =?UTF-8?Q?=BC=C3=9Fe?=", "Grüße"],
    ["=?ISO-8859-1?Q?caf=E9?= =?UTF-8?Q?_=E2=82=AC?=", "café €"],
    ["Ann =?UTF-8?Q?=C3=9Cmlaut?= <ann@example.com>", "Ann Ümlaut <ann@example.com>"],
    ["=?UTF-8*en?Q?hello?=", "hello"],
    ["=?x-unknown?Q?abc?= tail", "=?x-unknown?Q?abc?= tail"],
    ["=?UTF-8?B?not base64!?=", "=?UTF-8?B?not base64!?="],
  ];
  for (const [written, want] of cases) assert.equal(decodeHeaderValue(written), want, written);
});

Deno.test("a message with odd headers: repeated ones joined, __proto__ an ordinary header", async () => {
  const raw = [
    "Received: from a",
    "Received: from b",
    "__proto__: kept as a header",
    "Subject: =?UTF-8?Q?caf=C3=A9?=",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "body",
  ].join("\r\n");
  const m = await readableMessage(raw);
  assert.equal(m.headers.received, "from a\nfrom b");
  assert.ok(Object.hasOwn(m.headers, "__proto__"));
  assert.equal(Object.getOwnPropertyDescriptor(m.headers, "__proto__")?.value, "kept as a header");
  assert.equal(Object.getPrototypeOf(m.headers), Object.prototype);
  assert.equal(m.headers.subject, "café");
  assert.equal(m.text, "body");
  assert.equal(m.html, null);
});
