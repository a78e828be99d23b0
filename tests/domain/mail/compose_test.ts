import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import MailComposer from "nodemailer/lib/mail-composer";
import { mimeBytes } from "../../../domain/mail/compose.ts";

/** nodemailer's own (streaming) build of a compiled tree. */
function nodemailerBytes(node: ReturnType<MailComposer["compile"]>): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    node.build((err: Error | null, out: Buffer) => err ? reject(err) : resolve(out))
  );
}

const cases: Record<string, ConstructorParameters<typeof MailComposer>[0]> = {
  "html and text": {
    from: { name: "Shop", address: "relay@example.com" },
    to: [{ name: "", address: "ann@example.org" }],
    subject: "Your order #42",
    messageId: "<a@example.com>",
    date: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    text: "Hello\r\nLine two",
    html: "<p>Hello <b>Ann</b></p>",
    headers: { "Feedback-ID": "api:relay:x:svc", "X-Custom": "yes", "list-unsubscribe": "<u>" },
  },
  "non-ASCII names, subject and bodies, long lines": {
    from: { name: "Café Ünïcode ☃", address: "relay@example.com" },
    to: [{ name: "Zoë", address: "zoe@example.org" }],
    cc: [{ name: "", address: "cc@example.org" }],
    replyTo: [{ name: "Björn", address: "b@example.org" }],
    subject: "Grüße – " + "lang ".repeat(40),
    messageId: "<b@example.com>",
    date: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    text: "Ünïcode text ☃\r\n" + "x".repeat(300),
    html: "<p>" + "ü".repeat(500) + "</p>",
  },
  "attachments and an inline image": {
    from: { name: "", address: "relay@example.com" },
    to: [{ name: "", address: "ann@example.org" }],
    subject: "Files",
    messageId: "<c@example.com>",
    date: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    text: "See attached",
    html: '<p><img src="cid:logo"></p>',
    attachments: [
      { filename: "a.txt", content: Buffer.from("hello world\n".repeat(50)) },
      { filename: "logo.png", content: Buffer.from([137, 80, 78, 71, 0, 255]), cid: "logo" },
      { filename: "naïve.bin", content: Buffer.alloc(1000, 7), contentType: "application/x-y" },
    ],
  },
};

for (const [name, options] of Object.entries(cases)) {
  Deno.test(`one-pass MIME writes the same bytes as nodemailer's build: ${name}`, async () => {
    const node = new MailComposer({ ...options, xMailer: false }).compile();
    const ours = mimeBytes(node);
    const theirs = await nodemailerBytes(node);
    assert.equal(Buffer.from(ours).toString("latin1"), theirs.toString("latin1"));
  });
}
