/**
 * Attachments in the message: every file one leaf part, base64 unless it is an
 * attached email that is 7-bit clean; container types refused at check 8; the
 * caller's content_type reduced to a type and a charset.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";
import {
  checkAttachments,
  type ComposeAttachment,
  isSevenBitClean,
  MAX_ATTACHMENT_BYTES,
  safeContentType,
} from "../../../domain/mail/attachments.ts";
import { composeMessage } from "../../../domain/mail/compose.ts";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { base64OfSize } from "../../helpers/mail.ts";

function compose(attachments: ComposeAttachment[]): string {
  const raw = composeMessage({
    messageId: "<m@example.com>",
    date: new Date(Date.UTC(2026, 0, 2)),
    from: { name: "", address: "relay@example.com" },
    to: [{ name: "", address: "ann@example.org" }],
    cc: [],
    replyTo: [],
    subject: "Files",
    html: "<p>See attached</p>",
    text: "See attached",
    attachments,
    headers: {},
    dkim: null,
  });
  return Buffer.from(raw).toString("latin1");
}

/** What RFC 5321/5322 allow in DATA: no NUL, CRLF line ends only, lines of at most 998 octets. */
function assertWellFormed(raw: string) {
  assert.ok(!raw.includes("\0"), "no NUL byte");
  assert.ok(!/[^\r]\n|\r(?!\n)/.test(raw), "no bare CR or LF");
  const longest = Math.max(...raw.split("\r\n").map((l) => l.length));
  assert.ok(longest <= 998, `longest line ${longest}`);
}

/** The MIME headers of the part whose Content-Disposition names `filename`. */
function partHeaders(raw: string, filename: string): string {
  const at = raw.indexOf(`filename=${filename}`);
  assert.ok(at > 0, `no part for ${filename}`);
  const start = raw.lastIndexOf("\r\n--", at);
  return raw.slice(start, raw.indexOf("\r\n\r\n", at));
}

const EML_BINARY = Buffer.concat([
  Buffer.from("From: a@example.com\r\nSubject: x\r\n\r\n"),
  Buffer.from([0, 1, 2, 0xff, 0xfe]),
  Buffer.from("\n" + "x".repeat(2002) + "\r\nbare\rcr\r\n"),
]);
const EML_CLEAN = Buffer.from("From: a@example.com\r\nSubject: fwd\r\n\r\nHello\r\n");

Deno.test("an attached email that is not 7-bit clean is sent as a base64 octet-stream, bytes intact", async () => {
  const raw = compose([
    { filename: "fwd.eml", content: EML_BINARY, contentType: "message/rfc822" },
    { filename: "guess.eml", content: EML_BINARY },
  ]);
  assertWellFormed(raw);
  for (const name of ["fwd.eml", "guess.eml"]) {
    const h = partHeaders(raw, name);
    assert.match(h, /Content-Type: application\/octet-stream/, h);
    assert.match(h, /Content-Transfer-Encoding: base64/, h);
  }
  const mail = await simpleParser(raw);
  assert.equal(mail.attachments.length, 2);
  for (const a of mail.attachments) assert.ok(Buffer.from(a.content).equals(EML_BINARY));
});

Deno.test("a 7-bit clean attached email stays message/rfc822 with 7bit, as RFC 2046 requires", () => {
  const raw = compose([{ filename: "fwd.eml", content: EML_CLEAN, contentType: "message/rfc822" }]);
  assertWellFormed(raw);
  const h = partHeaders(raw, "fwd.eml");
  assert.match(h, /Content-Type: message\/rfc822/);
  assert.match(h, /Content-Transfer-Encoding: 7bit/);
  // The email itself follows its part headers unchanged.
  assert.ok(raw.includes(`${h}\r\n\r\n${EML_CLEAN.toString("latin1")}`));
});

Deno.test("every other file is base64, whatever its type, parameters or extension", async () => {
  const files: [ComposeAttachment, string][] = [
    [
      { filename: "a.txt", content: Buffer.from("x".repeat(2002)), contentType: "text/plain" },
      "text/plain",
    ],
    [{ filename: "b.bin", content: Buffer.from([0, 0, 255]) }, "application/octet-stream"],
    // nodemailer's extension table says multipart/x-gzip for .gzip.
    [{ filename: "c.gzip", content: Buffer.from([31, 139, 0, 0]) }, "application/octet-stream"],
    [{
      filename: "d.html",
      content: Buffer.from("<p>ü</p>"),
      contentType: 'TEXT/HTML; charset="UTF-8"; name="evil.exe"; boundary=zzz',
    }, "text/html; charset=utf-8"],
    [
      { filename: "e.pdf", content: Buffer.from("%PDF"), contentType: "application pdf" },
      "application/octet-stream",
    ],
  ];
  const raw = compose(files.map(([a]) => a));
  assertWellFormed(raw);
  for (const [a, type] of files) {
    const h = partHeaders(raw, a.filename);
    assert.ok(h.includes(`Content-Type: ${type}; name=${a.filename}`), `${a.filename}: ${h}`);
    assert.match(h, /Content-Transfer-Encoding: base64/);
    assert.ok(!/evil|zzz/.test(h), h);
  }
  const mail = await simpleParser(raw);
  assert.deepEqual(
    mail.attachments.map((a) => Buffer.from(a.content).toString("hex")),
    files.map(([a]) => a.content.toString("hex")),
  );
});

Deno.test("safeContentType: type/subtype and a text charset only; anything else is octet-stream", () => {
  const cases: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ["", undefined],
    ["image/png", "image/png"],
    [" Image/PNG ; name=x.exe", "image/png"],
    ["text/plain; charset=ISO-8859-1; format=flowed", "text/plain; charset=iso-8859-1"],
    ['text/plain; charset="utf-8"', "text/plain; charset=utf-8"],
    ["text/plain; charset=a b", "text/plain"],
    ["application/pdf; charset=utf-8", "application/pdf"],
    ["pdf", "application/octet-stream"],
    ["text/plain\u0000", "application/octet-stream"],
    ["text/ plain", "application/octet-stream"],
    ["a/b/c", "application/octet-stream"],
    ["t".repeat(200), "application/octet-stream"],
  ];
  for (const [input, want] of cases) assert.equal(safeContentType(input), want, String(input));
});

Deno.test("isSevenBitClean: ASCII without NUL, CRLF line ends only, lines up to 998 octets", () => {
  const b = (s: string) => Buffer.from(s, "latin1");
  assert.ok(isSevenBitClean(b("")));
  assert.ok(isSevenBitClean(b("a\tb\r\n" + "x".repeat(998) + "\r\n")));
  for (const bad of ["a\nb", "a\rb", "a\r", "a\0b", "caf\xe9", "x".repeat(999)]) {
    assert.ok(!isSevenBitClean(b(bad)), JSON.stringify(bad.slice(0, 20)));
  }
});

Deno.test("check 8: a multipart or partial content_type is invalid_attachment naming the file", () => {
  const ok = { filename: "ok.txt", content: "aGk=" };
  for (
    const ct of [
      "multipart/mixed",
      "Multipart/Alternative; boundary=x",
      " multipart/related",
      "message/partial; id=1; number=1",
      "message/external-body; access-type=URL",
    ]
  ) {
    const r = checkAttachments([ok, { filename: "parts.bin", content: "aGk=", content_type: ct }]);
    assert.deepEqual(r, { ok: false, code: "invalid_attachment", filename: "parts.bin" }, ct);
  }
  // The first failing file is named, whichever check it fails.
  const r = checkAttachments([
    { filename: "bad.b64", content: "***" },
    { filename: "parts.bin", content: "aGk=", content_type: "multipart/mixed" },
  ]);
  assert.deepEqual(r, { ok: false, code: "invalid_attachment", filename: "bad.b64" });
  for (const ct of ["message/rfc822", "text/plain", "application/pdf", "nonsense", ""]) {
    assert.ok(checkAttachments([{ ...ok, content_type: ct }]).ok, ct);
  }
});

Deno.test("POST /mail/send: a multipart attachment answers invalid_attachment before attachments_too_large", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const send = (attachments: unknown[]) =>
      svc.api("POST", "mail/send", {
        key: s.key,
        body: { to: "ann@example.com", text: "hi", attachments },
      });
    const r = await send([
      { filename: "big.bin", content: base64OfSize(MAX_ATTACHMENT_BYTES + 1) },
      { filename: "nested.mime", content: "aGk=", content_type: "multipart/mixed; boundary=b" },
    ]);
    assert.equal(r.status, 400);
    assert.deepEqual(
      [r.body.ok, r.body.sent, r.body.reason, r.body.filename],
      [false, false, "invalid_attachment", "nested.mime"],
    );
    // An attached email with binary content is delivered, encoded, bytes intact.
    const sent = await send([{
      filename: "fwd.eml",
      content: EML_BINARY.toString("base64"),
      content_type: "message/rfc822",
    }]);
    assert.equal(sent.body.sent, true, sent.text);
    const out = await svc.admin("GET", `/outbox?limit=1`);
    const raw = (out.body.items as { raw: string }[])[0].raw;
    assertWellFormed(raw);
    const mail = await simpleParser(raw);
    assert.ok(Buffer.from(mail.attachments[0].content).equals(EML_BINARY));
  } finally {
    await svc.close();
  }
});
