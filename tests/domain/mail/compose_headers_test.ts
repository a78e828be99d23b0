/**
 * The MIME writer and Unicode in header fields: text is written as UTF-8
 * (never truncated to the low byte of a UTF-16 unit, which turned U+4E0D
 * into CR and U+4E0A into LF), every header block is only field lines and
 * folded continuations, a message with UTF-8 header fields says so (it needs
 * SMTPUTF8), and such a message still matches nodemailer's own build and its
 * DKIM signature still verifies.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { generateKeyPairSync } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import { dkimVerify } from "mailauth";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";
import {
  buildMessage,
  checkHeaderBlock,
  type ComposeInput,
  mimeBytes,
} from "../../../domain/mail/compose.ts";
import { parseMailbox } from "../../../domain/mail/schema.ts";
import { txtResolver } from "../../helpers/mail.ts";

const INJECTION = "x\u4e0d\u4e0aX-Injected\u4e3a\u4e20yes@example.org";
// U+010D and U+010A: the same low bytes (0x0D, 0x0A) in Latin script.
const INJECTION_LATIN = "x\u010d\u010aX-Injected\u010d\u010ayes@example.org";

function input(over: Partial<ComposeInput> = {}): ComposeInput {
  return {
    messageId: "<m1@mail.svc.test>",
    date: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    from: { name: "Shop", address: "relay@mail.svc.test" },
    to: [{ name: "", address: "ann@example.com" }],
    cc: [],
    replyTo: [],
    subject: "Hello",
    html: "<p>Body ✓</p>",
    text: "Body ✓\nline two",
    attachments: [],
    headers: { "Feedback-ID": "api:relay:s1:svc" },
    dkim: null,
    ...over,
  };
}

/** The top header block as bytes, and its lines (split on CRLF only). */
function headBytes(raw: Uint8Array) {
  const b = Buffer.from(raw);
  const end = b.indexOf("\r\n\r\n");
  const head = b.subarray(0, end);
  return { head, lines: head.toString("utf8").split("\r\n") };
}

const mailbox = (s: string) => parseMailbox(s)!;

Deno.test("Unicode addresses whose UTF-16 low bytes are CR and LF add no header line", async () => {
  for (const address of [INJECTION, INJECTION_LATIN]) {
    const m = mailbox(address);
    const { raw, utf8Headers } = buildMessage(input({
      to: [m],
      cc: [m],
      replyTo: [m],
      from: { name: `Name ${address}`, address: "relay@mail.svc.test" },
      subject: `Subject ${address}`,
    }));
    assert.equal(utf8Headers, true);
    const { head, lines } = headBytes(raw);
    // CR and LF only as CRLF, each followed by a field or a fold.
    for (let i = 0; i < head.length; i++) {
      if (head[i] === 0x0d) assert.equal(head[i + 1], 0x0a, `bare CR at ${i}`);
      if (head[i] === 0x0a) assert.equal(head[i - 1], 0x0d, `bare LF at ${i}`);
    }
    for (const line of lines) assert.match(line, /^(?:[!-9;-~]+:|[ \t]+\S)/, line);
    // The address is written whole, in UTF-8.
    assert.ok(head.includes(Buffer.from(`Reply-To: ${address}`, "utf8")), address);
    const parsed = await simpleParser(Buffer.from(raw));
    const names = parsed.headerLines.map((h) => h.key);
    assert.deepEqual(names.sort(), [
      "cc",
      "content-type",
      "date",
      "feedback-id",
      "from",
      "message-id",
      "mime-version",
      "reply-to",
      "subject",
      "to",
    ]);
    assert.equal(parsed.subject, `Subject ${address}`);
    assert.equal(parsed.replyTo!.value[0].address, address);
    assert.equal(parsed.from!.value[0].name, `Name ${address}`);
    assert.equal(parsed.text!.trim(), "Body ✓\nline two");
  }
});

Deno.test("an IDN domain is written as its A-label and needs no SMTPUTF8; a UTF-8 local part does", () => {
  const idn = buildMessage(input({ to: [mailbox("Zoë <ann@bücher.de>")] }));
  assert.equal(idn.utf8Headers, false);
  const { lines } = headBytes(idn.raw);
  assert.ok(lines.some((l) => /^To: =\?UTF-8\?Q\?Zo=C3=AB\?= <ann@xn--bcher-kva\.de>$/.test(l)));
  // Names and subjects of any script are encoded words: ASCII headers.
  const names = buildMessage(input({
    from: { name: "用户 ☃ \u2028 \u0085", address: "relay@mail.svc.test" },
    subject: "主题 \u2028\u2029\u0085 end",
  }));
  assert.equal(names.utf8Headers, false);
  const utf8 = buildMessage(input({ to: [mailbox("用户@例子.广告")] }));
  assert.equal(utf8.utf8Headers, true);
});

Deno.test("one-pass MIME writes the same bytes as nodemailer's build with UTF-8 addresses", async () => {
  const node = new MailComposer({
    from: { name: "Shop", address: "relay@example.com" },
    to: [{ name: "用户", address: "用户@xn--fsqu00a.xn--4rr70v" }],
    replyTo: [{ name: "", address: INJECTION }],
    subject: "Grüße",
    messageId: "<u@example.com>",
    date: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    text: "Ünïcode",
    html: "<p>Ünïcode</p>",
    xMailer: false,
  }).compile();
  const ours = mimeBytes(node);
  const theirs = await new Promise<Buffer>((resolve, reject) =>
    node.build((err: Error | null, out: Buffer) => err ? reject(err) : resolve(out))
  );
  assert.ok(Buffer.compare(ours, theirs) === 0, "identical bytes");
});

Deno.test("the header check refuses anything but field lines and folds", () => {
  checkHeaderBlock("From: a@example.com\r\nSubject: one\r\n two\r\n\tthree\r\nX-A: b");
  const bad = [
    "From: a@example.com\nX-Injected: yes",
    "From: a@example.com\rX-Injected: yes",
    "From: a@example.com\r\nX-Injected yes",
    "From: a@example.com\r\n \r\nX-A: b",
    "From: a@example.com\r\n\r\nbody",
    " folded first",
    "From: a\u0000@example.com",
    "From: a@example.com\u2028X-Injected: yes",
    "From: a@example.com\u0085X-Injected: yes",
    "From: a@example.com\r\n: no name",
  ];
  for (const h of bad) assert.throws(() => checkHeaderBlock(h), /malformed header/, h);
});

Deno.test("a DKIM signature over UTF-8 header fields verifies", async () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const spki = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const { raw } = buildMessage(input({
    from: { name: "Shop ☃", address: "hello@mail.acme.example" },
    to: [mailbox("用户@例子.广告")],
    replyTo: [mailbox(INJECTION)],
    subject: "Signed ✓",
    dkim: { domainName: "mail.acme.example", keySelector: "svc1", privateKey: pem },
  }));
  const result = await dkimVerify(Buffer.from(raw), {
    resolver: txtResolver({ "svc1._domainkey.mail.acme.example": `v=DKIM1; k=rsa; p=${spki}` }),
  });
  assert.equal(result.results[0].status.result, "pass", JSON.stringify(result.results[0].status));
});
