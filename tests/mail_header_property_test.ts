/**
 * Property tests: arbitrary Unicode in every field that ends up in a header
 * (lone surrogates, CR, LF, CRLF, NUL, U+0085, U+2028/9, bidi controls, CJK
 * and Latin characters whose UTF-16 low byte is 0x0A or 0x0D, address
 * specials) never adds, removes or repeats a header field, and never changes
 * the body. Each message is parsed with mailparser and its header field names
 * must be exactly the intended set, with one Subject; the raw header block
 * must hold CR and LF only as CRLF before a field or a fold.
 *
 * - POST /mail/send (to, cc, reply_to, original_from, from.name, subject,
 *   caller headers) through the send engine;
 * - POST /forms/submit (fields.email, notify_email(s), from_name,
 *   confirm.subject): the owner's notification always goes out;
 * - POST /sequences/enroll (email) and the step mail it leads to;
 * - mail/send again over real SMTP into the loopback receiver: envelope and
 *   SMTPUTF8 as well.
 *
 * Fixed seeds and bounded runs, so a failure is reproducible.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import fc from "fast-check";
// @ts-types="npm:@types/mailparser@3.9.0"
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { seedSite, startTestService, type TestService } from "./helpers/service.ts";
import { startSmtp } from "./helpers/smtp.ts";
import { addressKey, parseAddress } from "../domain/kernel/address.ts";
import { sendMail } from "../domain/mail/send.ts";
import { mailOf } from "../domain/mail/lazy_services.ts";
import type { MailServices } from "../domain/mail/services.ts";
import type { SendChecks } from "../domain/mail/checks.ts";
import { type MailSendInput, parseMailbox } from "../domain/mail/schema.ts";
import {
  builtMessage,
  type MailTransport,
  type OutgoingMessage,
  type TransportResult,
} from "../domain/mail/transport.ts";
import {
  notificationAddresses,
  notificationReplyTo,
  submitterAddress,
  submitterName,
} from "../domain/forms/addresses.ts";
import { autoReplyMail, senderName } from "../domain/forms/mail_content.ts";
import { getSite, type Site } from "../domain/sites/store.ts";
import { ManualClock } from "../domain/kernel/clock.ts";

// --- generators ---------------------------------------------------------------------

const INJECTION = "x\u4e0d\u4e0aX-Injected\u4e3a\u4e20yes@example.org";
const INJECTION_LATIN = "x\u010d\u010aX-Injected\u010d\u010ayes@example.org";

/** Pieces that break header writers, mixed with any code point and plain text. */
const NASTY = [
  "\r",
  "\n",
  "\r\n",
  "\u0085",
  "\u2028",
  "\u2029",
  "\u0000",
  "\t",
  "\u0001",
  "\u007f",
  "\u4e0d", // low byte 0x0D
  "\u4e0a", // low byte 0x0A
  "\u010d",
  "\u010a",
  "\u0d0a",
  "\ud800", // lone surrogates
  "\udc00",
  "\ud83d",
  "\u202e",
  "\u2066",
  "\u200b",
  "\ufeff",
  "\u00a0",
  "<",
  ">",
  ",",
  ";",
  ":",
  "@",
  '"',
  "\\",
  "(",
  ")",
  "[",
  "]",
  " ",
  "=?utf-8?q?a=0D=0Ab?=",
  "\r\nX-Injected: yes\r\n",
  "\nBcc: evil@example.net",
  "\u4e0d\u4e0aX-Injected\u4e3a\u4e20yes",
];
const PLAIN = [..."abcXYZ019.+-_'", "é", "用", "户", "☃", "😀"];

const text = (max: number) =>
  fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
      { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) },
      { weight: 4, arbitrary: fc.constantFrom(...PLAIN) },
    ),
    { maxLength: max },
  ).map((a) => a.join(""));

const local = fc.array(
  fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...NASTY) }, {
    weight: 5,
    arbitrary: fc.constantFrom(...PLAIN),
  }),
  { minLength: 1, maxLength: 10 },
).map((a) => a.join(""));
const domain = fc.constantFrom(
  "example.com",
  "Example.ORG",
  "bücher.de",
  "例子.广告",
  "xn--fsqu00a.xn--4rr70v",
  "example.org\r\nX-Injected: yes",
  "exa\u2028mple.com",
  "[192.0.2.1]",
  "localhost",
);
const asciiLocal = fc.array(fc.constantFrom(..."abcxyz0189.+_-"), { minLength: 1, maxLength: 10 })
  .map((a) => a.join(""));
/** Address items: valid ones of every kind, near misses and anything at all. */
const addressItem = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "ann@example.com",
      "Ann Lee <ann@example.com>",
      '"Lee, Ann" <ann@bücher.de>',
      "用户@例子.广告",
      "用户 <用户@例子.广告>",
      INJECTION,
      INJECTION_LATIN,
      "ann\u0000@example.org",
      "ann@example.org\r\nBcc: evil@example.net",
      '"a,b"@example.com',
      '"a b"@example.com',
    ),
  },
  { weight: 3, arbitrary: fc.tuple(asciiLocal, domain).map(([l, d]) => `${l}@${d}`) },
  { weight: 2, arbitrary: fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`) },
  {
    weight: 2,
    arbitrary: fc.tuple(text(8), fc.oneof(asciiLocal, local), domain)
      .map(([n, l, d]) => `${n} <${l}@${d}>`),
  },
  { weight: 1, arbitrary: text(12) },
);
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 2 });
const list = fc.array(addressItem, { minLength: 1, maxLength: 3 });

// --- helpers ------------------------------------------------------------------------

type Captured = { msg: OutgoingMessage; raw: Uint8Array; smtpUtf8: boolean };

/** A transport that builds each message as the real ones do and keeps it. */
function captureTransport(): MailTransport & { got: Captured[] } {
  const got: Captured[] = [];
  return {
    kind: "outbox",
    got,
    send(msg: OutgoingMessage): Promise<TransportResult> {
      const { raw, smtpUtf8 } = builtMessage(msg);
      got.push({ msg, raw, smtpUtf8 });
      return Promise.resolve({ response: "250 kept", accepted: msg.recipients, rejected: [] });
    },
    close: () => Promise.resolve(),
  };
}

function useCapture(svc: TestService) {
  const t = captureTransport();
  const mail: MailServices = { ...mailOf(svc.ctx), transport: t };
  svc.ctx.mail = mail;
  return t;
}

/** Raw header block: CR and LF only as CRLF, then a field name or a fold. */
function assertHeaderBlock(raw: Uint8Array) {
  const b = Buffer.from(raw);
  const end = b.indexOf("\r\n\r\n");
  assert.ok(end > 0, "a header block");
  const head = b.subarray(0, end);
  for (let i = 0; i < head.length; i++) {
    if (head[i] === 0x0d) assert.equal(head[i + 1], 0x0a, "bare CR in the header block");
    if (head[i] === 0x0a) assert.equal(head[i - 1], 0x0d, "bare LF in the header block");
    assert.notEqual(head[i], 0, "NUL in the header block");
  }
  for (const line of head.toString("utf8").split("\r\n")) {
    assert.match(
      line,
      /^(?:[!-9;-~]+:|[ \t]+\S)/,
      `not a field or a fold: ${JSON.stringify(line)}`,
    );
  }
}

/** What the text looks like after the round trip: lone surrogates as U+FFFD. */
const wellFormed = (s: string) => Buffer.from(s, "utf8").toString("utf8");
/** A header value compared without folding white space. */
const unfold = (s: string) =>
  wellFormed(s).replace(/\r\n|\r|\n/g, " ").replace(/[ \t]+/g, " ").trim();

/**
 * An unstructured header field's text, from its raw line: unfolded, RFC 2047
 * encoded words (UTF-8, B or Q; adjacent ones joined) decoded. mailparser
 * leaves an encoded word alone when it decodes to a control character.
 */
function fieldText(p: ParsedMail, name: string): string {
  const h = p.headerLines.find((l) => l.key === name);
  assert.ok(h, name);
  const value = h.line.slice(h.line.indexOf(":") + 1).replace(/\r\n([ \t])/g, "$1");
  const word = /=\?UTF-8\?([BQ])\?([^?]*)\?=/gi;
  const bytes = (m: RegExpExecArray) =>
    m[1].toUpperCase() === "B" ? Buffer.from(m[2], "base64") : Buffer.from(
      m[2].replace(/_/g, " ").replace(
        /=([0-9A-F]{2})/gi,
        (_, x) => String.fromCharCode(parseInt(x, 16)),
      ),
      "latin1",
    );
  let out = "";
  let pending: Buffer[] = [];
  let at = 0;
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(at, m.index);
    // White space between two encoded words is not part of the text (RFC 2047 6.2).
    if (!(pending.length && /^[ \t]*$/.test(between))) {
      out += Buffer.concat(pending).toString("utf8") + between;
      pending = [];
    }
    pending.push(bytes(m));
    at = m.index + m[0].length;
  }
  return out + Buffer.concat(pending).toString("utf8") + value.slice(at);
}

function headerNames(p: ParsedMail): string[] {
  return p.headerLines.map((h) => h.key).sort();
}

function addressesOf(a: AddressObject | AddressObject[] | undefined) {
  const objs = a === undefined ? [] : Array.isArray(a) ? a : [a];
  return objs.flatMap((o) => o.value).map((v) => ({
    name: v.name,
    key: addressKey(v.address ?? ""),
  }));
}

const keyOf = (m: { address: string }) => addressKey(m.address);
/** The address has a non-ASCII local part (needs SMTPUTF8). */
const needsUtf8 = (address: string) => {
  const a = parseAddress(address);
  return a.ok && a.value.smtpUtf8;
};
const asList = (v: string | string[] | undefined) =>
  v === undefined ? [] : typeof v === "string" ? [v] : v;

const NO_CHECKS: SendChecks = {
  rateLimit: false,
  content: false,
  classifier: false,
  contactForm: false,
  quota: false,
};

// --- mail/send ----------------------------------------------------------------------

const mailBody = fc.record({
  to: fc.oneof(addressItem, list),
  cc: opt(list),
  reply_to: opt(list),
  original_from: opt(addressItem),
  fromName: opt(text(20)),
  subject: opt(text(30)),
  headers: opt(
    fc.dictionary(
      fc.constantFrom("X-Tag", "X-Other", "Keywords", "In-Reply-To", "References"),
      text(20),
      { maxKeys: 3 },
    ),
  ),
  text: text(40),
});
type MailBody = typeof mailBody extends fc.Arbitrary<infer T> ? T : never;

function mailInput(b: MailBody): MailSendInput {
  return {
    to: b.to,
    ...(b.cc && { cc: b.cc }),
    ...(b.reply_to && { reply_to: b.reply_to }),
    ...(b.original_from !== undefined && { original_from: b.original_from }),
    ...(b.fromName !== undefined && { from: { name: b.fromName } }),
    ...(b.subject !== undefined && { subject: b.subject }),
    ...(b.headers && { headers: b.headers }),
    text: b.text,
    html: "<p>Fixed body ✓</p>",
  };
}

/** The fields the request must be refused for (invalid_payload), by detail path prefix. */
function refusedFields(b: MailBody): string[] {
  const bad: string[] = [];
  const items = (name: string, v: string | string[] | undefined) => {
    if (v !== undefined && asList(v).some((s) => parseMailbox(s) === null)) bad.push(name);
  };
  items("to", b.to);
  items("cc", b.cc);
  items("reply_to", b.reply_to);
  items("original_from", b.original_from);
  if (b.fromName !== undefined && /[\r\n\0]/.test(b.fromName)) bad.push("from");
  for (const [name, value] of Object.entries(b.headers ?? {})) {
    const raw = ["in-reply-to", "references"].includes(name.toLowerCase());
    if (/[\r\n\0]/.test(value) || (raw && !/^[\t\x20-\x7e]*$/.test(value))) bad.push("headers");
  }
  return bad;
}

/** The same kind of body with every refused part replaced: what is sent. */
function sendable(b: MailBody): MailBody {
  const fix = (x: string) => parseMailbox(x) ? x : "ann@example.com";
  const fixAll = (v: string[] | undefined) => v?.map(fix);
  const clean = (x: string) => x.replace(/[\r\n\0]/g, " ");
  const headers = b.headers && Object.fromEntries(
    Object.entries(b.headers).map(([k, v]) => [
      k,
      /^(?:in-reply-to|references)$/i.test(k) ? v.replace(/[^\t\x20-\x7e]/g, "?") : clean(v),
    ]),
  );
  return {
    ...b,
    to: typeof b.to === "string" ? fix(b.to) : fixAll(b.to)!,
    cc: fixAll(b.cc),
    reply_to: fixAll(b.reply_to),
    original_from: b.original_from === undefined ? undefined : fix(b.original_from),
    fromName: b.fromName === undefined ? undefined : clean(b.fromName),
    headers,
  };
}

/**
 * A display name as mailparser shows it. nodemailer puts an ASCII name in
 * quotes, and mailparser decodes encoded-word lookalikes even there (RFC 2047
 * section 5 says not to): such a name is not compared, only the rest.
 */
function assertName(got: string, want: string) {
  if (!want.includes("=?")) assert.equal(unfold(got), unfold(want));
}

/** Checks one sent mail/send message against the request. */
async function checkMailSend(b: MailBody, site: Site, raw: Uint8Array, smtpUtf8: boolean) {
  assertHeaderBlock(raw);
  const p = await simpleParser(Buffer.from(raw));
  const to = asList(b.to).map((s) => parseMailbox(s)!);
  const cc = asList(b.cc).map((s) => parseMailbox(s)!);
  const replyTo = b.reply_to
    ? b.reply_to.map((s) => parseMailbox(s)!)
    : b.original_from !== undefined
    ? [parseMailbox(b.original_from)!]
    : [];
  const expected = [
    "content-type",
    "date",
    // Relay mode: signed with the relay's own key.
    "dkim-signature",
    "feedback-id",
    "from",
    "message-id",
    "mime-version",
    "subject",
    "to",
    ...(cc.length ? ["cc"] : []),
    ...(replyTo.length ? ["reply-to"] : []),
    ...(to.length + cc.length === 1 ? ["list-unsubscribe", "list-unsubscribe-post"] : []),
    // nodemailer leaves out a header whose value is empty or blank (a message id
    // header is never empty: it gets its angle brackets).
    ...Object.entries(b.headers ?? {})
      .filter(([k, v]) => /^(?:in-reply-to|references)$/i.test(k) || /[^ \t]/.test(v))
      .map(([k]) => k.toLowerCase()),
  ].sort();
  assert.deepEqual(headerNames(p), expected);

  // Subject, sender name and unstructured caller headers arrive as sent.
  const subject = /[^ \t\r\n]/.test(b.subject ?? "") ? b.subject! : `Message from ${site.name}`;
  if (!subject.includes("=?")) assert.equal(unfold(fieldText(p, "subject")), unfold(subject));
  const from = addressesOf(p.from);
  assert.equal(from.length, 1);
  assertName(from[0].name, b.fromName?.trim() || site.name);
  for (const [name, value] of Object.entries(b.headers ?? {})) {
    // (Not compared: a value holding an encoded-word lookalike, which a reader decodes.)
    if (/^x-|^keywords$/i.test(name) && /[^ \t]/.test(value) && !value.includes("=?")) {
      assert.equal(unfold(fieldText(p, name.toLowerCase())), unfold(value), name);
    }
  }
  // Addresses: the same ones, in order, with their display names.
  const same = (got: ReturnType<typeof addressesOf>, want: typeof to) => {
    assert.equal(got.length, want.length);
    // mailparser decodes encoded-word lookalikes even inside an address
    // (`=?utf-8?q?a?=@example.com` is a valid local part): those are not compared.
    got.forEach((g, i) => {
      if (!want[i].address.includes("=?")) assert.equal(g.key, keyOf(want[i]));
    });
    got.forEach((g, i) => assertName(g.name, want[i].name));
  };
  same(addressesOf(p.to), to);
  same(addressesOf(p.cc), cc);
  same(addressesOf(p.replyTo), replyTo);
  // The body is unchanged (an empty text part is made from the HTML).
  assert.equal(
    (p.text ?? "").replace(/\n+$/, ""),
    (b.text ? wellFormed(b.text) : "Fixed body ✓").replace(/\r\n|\r/g, "\n").replace(/\n+$/, ""),
  );
  assert.match(p.html || "", /<p>Fixed body ✓<\/p>/);
  // UTF-8 header fields exactly when an address has a non-ASCII local part.
  const utf8 = [...to, ...cc, ...replyTo].some((m) =>
    parseAddress(m.address).ok &&
    (parseAddress(m.address) as { value: { smtpUtf8: boolean } }).value.smtpUtf8
  );
  assert.equal(smtpUtf8, utf8);
}

Deno.test("mail/send: arbitrary Unicode in header-bound fields never changes the header set", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    const t = useCapture(svc);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(mailBody, mailBody.map(sendable)), async (b) => {
        t.got.length = 0;
        const out = await sendMail(svc.ctx, site, mailInput(b), { checks: NO_CHECKS });
        const bad = refusedFields(b);
        if (bad.length) {
          assert.ok(!out.ok && out.reason === "invalid_payload", JSON.stringify(out));
          const fields = (!out.ok && out.details || []).map((d) => d.field.split(".")[0]);
          for (const f of bad) assert.ok(fields.includes(f), `${f} in ${JSON.stringify(fields)}`);
          assert.equal(t.got.length, 0);
          return;
        }
        assert.ok(out.ok && !out.held, JSON.stringify(out));
        assert.equal(t.got.length, 1);
        await checkMailSend(b, site, t.got[0].raw, t.got[0].smtpUtf8);
        sent++;
      }),
      { numRuns: 200, seed: 42 },
    );
    assert.ok(sent >= 80, `only ${sent} of 200 were sendable`);
  } finally {
    await svc.close();
  }
});

// --- forms/submit -------------------------------------------------------------------

const submitBody = fc.record({
  email: addressItem,
  notify_email: opt(addressItem),
  notify_emails: opt(fc.array(addressItem, { maxLength: 4 })),
  from_name: opt(text(20)),
  confirm_subject: opt(text(30)),
});

Deno.test("forms/submit: arbitrary Unicode in addresses and names never silences or bends the mail", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    const t = useCapture(svc);
    let notified = 0;
    await fc.assert(
      fc.asyncProperty(submitBody, async (b) => {
        t.got.length = 0;
        const fields = {
          email: b.email,
          message: "Hello, could you send me a quote for the kitchen? Thanks.",
        };
        const r = await svc.api("POST", "forms/submit", {
          key: s.key,
          body: {
            form_id: 7,
            fields,
            ...(b.notify_email !== undefined && { notify_email: b.notify_email }),
            ...(b.notify_emails !== undefined && { notify_emails: b.notify_emails }),
            ...(b.from_name !== undefined && { from_name: b.from_name }),
            confirm: {
              enabled: true,
              ...(b.confirm_subject !== undefined && { subject: b.confirm_subject }),
            },
          },
        });
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.ok, true);
        if (r.body.email_sent === undefined) return; // judged spam: no mail at all
        // Whatever the visitor typed, the owner's notification went out.
        assert.equal(r.body.email_sent, true, r.text);
        notified++;

        const notifyTo = notificationAddresses(b.notify_emails, b.notify_email, site);
        const replyTo = notificationReplyTo(fields);
        const submitter = submitterAddress(fields);
        for (const a of notifyTo) assert.ok(parseAddress(a).ok, a);
        const keys = (xs: string[]) => xs.map((x) => addressKey(x)).sort();
        const notification = t.got.find((g) =>
          JSON.stringify(keys(g.msg.recipients)) === JSON.stringify(keys(notifyTo))
        );
        assert.ok(notification, "the notification");
        assertHeaderBlock(notification.raw);
        const n = await simpleParser(Buffer.from(notification.raw));
        assert.deepEqual(
          headerNames(n),
          [
            "content-type",
            "date",
            "dkim-signature",
            "feedback-id",
            "from",
            "message-id",
            "mime-version",
            "subject",
            "to",
            ...(replyTo ? ["reply-to"] : []),
          ].sort(),
        );
        assert.deepEqual(
          addressesOf(n.replyTo).map((a) => a.key),
          replyTo ? [addressKey(replyTo)] : [],
        );
        assertName(addressesOf(n.from)[0].name, senderName(b.from_name, site));
        assert.equal(notification.smtpUtf8, notifyTo.some(needsUtf8));

        // The auto-reply: to the submitter, when there is one.
        const replies = t.got.filter((g) => g !== notification);
        assert.equal(replies.length, submitter ? 1 : 0);
        if (!submitter) return;
        const [reply] = replies;
        assert.deepEqual(reply.msg.recipients.map((x) => addressKey(x)), [addressKey(submitter)]);
        assertHeaderBlock(reply.raw);
        const a = await simpleParser(Buffer.from(reply.raw));
        assert.deepEqual(
          headerNames(a),
          // A transactional answer: no List-Unsubscribe.
          [
            "content-type",
            "date",
            "dkim-signature",
            "feedback-id",
            "from",
            "message-id",
            "mime-version",
            "reply-to",
            "subject",
            "to",
          ],
        );
        const want = autoReplyMail({
          site,
          to: submitter,
          replyTo: notifyTo[0],
          fromName: senderName(b.from_name, site),
          subject: b.confirm_subject,
          body: undefined,
          name: submitterName(fields),
          email: submitter,
          formName: null,
          fields,
        });
        if (!want.subject.includes("=?")) {
          assert.equal(unfold(fieldText(a, "subject")), unfold(want.subject));
        }
        assert.deepEqual(addressesOf(a.replyTo).map((x) => x.key), [addressKey(notifyTo[0])]);
      }),
      { numRuns: 200, seed: 42 },
    );
    assert.ok(notified >= 100, `only ${notified} of 200 were not spam`);
  } finally {
    await svc.close();
  }
});

// --- sequences/enroll ---------------------------------------------------------------

Deno.test("sequences/enroll: arbitrary Unicode in email is refused or mailed with exactly its headers", async () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 5));
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const s = await seedSite(svc);
    const seq = await svc.admin("POST", `/accounts/${s.accountId}/sequences`, {
      key: "welcome",
      name: "Welcome",
      enabled: true,
      steps: [{ delay_seconds: 1, template: "welcome" }],
    });
    assert.equal(seq.status, 201, seq.text);
    const t = useCapture(svc);
    let mailed = 0;
    await fc.assert(
      fc.asyncProperty(addressItem, async (email) => {
        t.got.length = 0;
        const r = await svc.api("POST", "sequences/enroll", {
          key: s.key,
          body: { sequence: "welcome", email },
        });
        const parsed = parseAddress(email);
        const key = parsed.ok ? addressKey(parsed.value.address) : null;
        if (!key) {
          assert.equal(r.status, 400, r.text);
          assert.equal(r.body.reason, "invalid_payload");
          assert.ok((r.body.details as { field: string }[]).some((d) => d.field === "email"));
          return;
        }
        // The one step is sent before the next run, ending the enrollment: never "exists".
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.result, "enrolled");
        clock.advance(2_000);
        await svc.runner.sweep();
        await svc.runner.idle();
        assert.equal(t.got.length, 1, `one step mail to ${key}`);
        const [m] = t.got;
        assert.deepEqual(m.msg.recipients, [key]);
        assertHeaderBlock(m.raw);
        const p = await simpleParser(Buffer.from(m.raw));
        // Replies go to the site's notification address (the relay's mailbox has no reader).
        assert.deepEqual(headerNames(p), [
          "content-type",
          "date",
          "dkim-signature",
          "feedback-id",
          "from",
          "list-unsubscribe",
          "list-unsubscribe-post",
          "message-id",
          "mime-version",
          "reply-to",
          "subject",
          "to",
        ]);
        assert.deepEqual(addressesOf(p.to).map((a) => a.key), [key]);
        assert.equal(m.smtpUtf8, parsed.ok && parsed.value.smtpUtf8);
        mailed++;
      }),
      { numRuns: 200, seed: 42 },
    );
    assert.ok(mailed >= 20, `only ${mailed} of 200 were mailed`);
  } finally {
    await svc.close();
  }
});

// --- over real SMTP -----------------------------------------------------------------

Deno.test("mail/send over real SMTP: the received message, its envelope and SMTPUTF8 are as intended", async () => {
  const smtp = await startSmtp();
  const svc = await startTestService({
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@mail.svc.test" },
  });
  try {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(mailBody.map(sendable), async (b) => {
        assert.deepEqual(refusedFields(b), []);
        const before = smtp.messages.length;
        const out = await sendMail(svc.ctx, site, mailInput(b), { checks: NO_CHECKS });
        assert.ok(out.ok && !out.held, JSON.stringify(out));
        const want = [...asList(b.to), ...asList(b.cc)].map((x) => keyOf(parseMailbox(x)!));
        // One copy per recipient, each with its own envelope sender.
        const copies = (await smtp.waitFor(before + new Set(want).size)).slice(before);
        const m = copies[0];
        assert.deepEqual(
          [...new Set(copies.flatMap((c) => c.rcptTo.map((x) => addressKey(x))))].sort(),
          [...new Set(want)].sort(),
        );
        assert.ok(copies.every((c) => c.rcptTo.length === 1 && c.raw.equals(m.raw)));
        assert.equal(new Set(copies.map((c) => c.mailFrom)).size, copies.length);
        const needs = [...asList(b.to), ...asList(b.cc), ...asList(b.reply_to)]
          .concat(!b.reply_to && b.original_from !== undefined ? [b.original_from] : [])
          .some((x) => needsUtf8(parseMailbox(x)!.address));
        for (const c of copies) {
          assert.equal(c.smtpUtf8, needs, "SMTPUTF8 on MAIL FROM exactly when needed");
        }
        await checkMailSend(b, site, new Uint8Array(m.raw), needs);
        sent++;
      }),
      { numRuns: 60, seed: 7 },
    );
    assert.equal(sent, 60);
  } finally {
    await svc.close();
    await smtp.close();
  }
});
