/**
 * Hostile and malformed SMTP against both listeners over real sockets: random
 * bytes, endless lines, floods of commands, broken TLS handshakes, garbage
 * AUTH, absurd addresses and parameters, half-sent DATA, and random MIME sent
 * to the return-path domain as if it were a bounce. Afterwards both listeners
 * still answer and still take a real message; nothing was logged as an error
 * (an exception in a handler would be), and the test runner's own check fails
 * the test on any unhandled rejection.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { message, SmtpClient } from "../../helpers/smtp_client.ts";
import { makeTestCert } from "../../helpers/tls.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";
import { startSubmissionListener } from "../../../domain/inbound/submission.ts";
import { takeReport } from "../../../domain/inbound/intake.ts";
import type { Logger } from "../../../domain/kernel/log.ts";
import { startReceiver, statuses } from "../../helpers/webhook_receiver.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? Date.now() % 1_000_000);
const ROUNDS = Number(Deno.env.get("FUZZ_ROUNDS") ?? 60);

/** mulberry32: a small seeded generator, so a failing run can be repeated (FUZZ_SEED). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = rng(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: T[]): T => xs[int(xs.length)];
const bytes = (n: number) => {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = int(256);
  return b;
};

const COMMANDS = [
  "EHLO x",
  "HELO x",
  "LHLO x",
  "MAIL FROM:<a@b.example>",
  "MAIL FROM:<>",
  "MAIL FROM:<a@b.example> SIZE=99999999999999999999 BODY=8BITMIME SMTPUTF8 RET=FULL ENVID=x",
  "MAIL FROM:<@route,@x:a@b.example>",
  "MAIL FROM:a@b.example",
  "RCPT TO:<x@in.example.org>",
  "RCPT TO:<bounce+00000000000000000000000000000000-0000000000@mail.svc.test>",
  'RCPT TO:<"quoted local"@in.example.org>',
  "RCPT TO:<ünïcödé@in.example.org>",
  "RCPT TO:<x@in.example.org> NOTIFY=SUCCESS,FAILURE ORCPT=rfc822;x@y",
  "RCPT TO:<>",
  "RCPT TO:<" + "a".repeat(3000) + "@in.example.org>",
  "DATA",
  "BDAT 100 LAST",
  "RSET",
  "NOOP",
  "VRFY root",
  "EXPN staff",
  "HELP",
  "STARTTLS",
  "AUTH PLAIN",
  "AUTH PLAIN " + btoa("\0u\0p"),
  "AUTH LOGIN",
  "AUTH CRAM-MD5",
  "AUTH XOAUTH2 " + "A".repeat(5000),
  "XCLIENT ADDR=1.2.3.4",
  "XFORWARD ADDR=1.2.3.4",
  "WIZ",
  "QUIT",
  "",
  "\0\0\0",
  "GET / HTTP/1.1",
  "EHLO " + "h".repeat(20000),
  ".",
  "..",
];

/** One hostile conversation; whatever happens, it must not take the listener down. */
async function hostile(port: number, cert: string) {
  let conn: Deno.Conn;
  try {
    conn = await Deno.connect({ hostname: "127.0.0.1", port });
  } catch {
    return;
  }
  const enc = new TextEncoder();
  const drain = (async () => {
    const buf = new Uint8Array(65536);
    try {
      while ((await conn.read(buf)) !== null) { /* replies are not checked here */ }
    } catch { /* reset */ }
  })();
  const write = async (b: Uint8Array) => {
    try {
      await conn.write(b);
    } catch { /* the server may close first */ }
  };
  try {
    const steps = 1 + int(12);
    for (let i = 0; i < steps; i++) {
      switch (int(9)) {
        case 0:
          await write(bytes(1 + int(5000)));
          break;
        case 1:
          await write(enc.encode("A".repeat(10_000 + int(100_000)))); // no line end at all
          break;
        case 2:
          await write(enc.encode(pick(COMMANDS) + pick(["\r\n", "\n", "\r", "\r\n\r\n"])));
          break;
        case 3: // pipelined burst
          await write(
            enc.encode(Array.from({ length: 50 + int(500) }, () => pick(COMMANDS)).join("\r\n")),
          );
          break;
        case 4: // a transaction whose DATA never ends
          await write(enc.encode(
            "EHLO x\r\nMAIL FROM:<>\r\nRCPT TO:<x@in.example.org>\r\nDATA\r\nSubject: half\r\n\r\n" +
              "body ".repeat(int(2000)),
          ));
          break;
        case 5: { // STARTTLS, then bytes that are no TLS handshake
          await write(enc.encode("EHLO x\r\nSTARTTLS\r\n"));
          await new Promise((r) => setTimeout(r, 5));
          await write(bytes(1 + int(600)));
          break;
        }
        case 6: { // a real TLS handshake that is then abandoned or fed junk
          try {
            await write(enc.encode("EHLO x\r\nSTARTTLS\r\n"));
            await new Promise((r) => setTimeout(r, 20));
            const tls = Deno.startTls(conn as Deno.TcpConn, {
              hostname: "localhost",
              caCerts: [cert],
            });
            const t = await Promise.race([
              tls,
              new Promise<null>((r) => setTimeout(() => r(null), 300)),
            ]);
            if (t) {
              await t.write(bytes(int(300))).catch(() => {});
              t.close();
            }
          } catch { /* refused */ }
          return;
        }
        case 7: // random MIME to the return-path domain
          await write(enc.encode(
            `EHLO x\r\nMAIL FROM:<>\r\nRCPT TO:<${
              pick(["fbl", "bounce+zz", "x"])
            }@mail.svc.test>\r\nDATA\r\n`,
          ));
          await write(enc.encode(randomReport().replace(/^\./gm, "..") + "\r\n.\r\n"));
          break;
        default:
          await new Promise((r) => setTimeout(r, int(20)));
      }
    }
  } finally {
    if (int(2)) {
      try {
        conn.close();
      } catch { /* closed */ }
    } else {
      await Promise.race([drain, new Promise((r) => setTimeout(r, 50))]);
      try {
        conn.close();
      } catch { /* closed */ }
    }
    await drain;
  }
}

/** Something between a delivery report and garbage. */
function randomReport(): string {
  const boundary = pick(["b", "", "x".repeat(100), "--", "b\u0000"]);
  const type = pick([
    "multipart/report; report-type=delivery-status",
    "multipart/report; report-type=feedback-report",
    "multipart/report",
    "multipart/mixed",
    "text/plain",
    "message/delivery-status",
  ]);
  const parts = Array.from({ length: int(5) }, () => {
    const ct = pick([
      "message/delivery-status",
      "message/global-delivery-status",
      "message/feedback-report",
      "message/rfc822",
      "text/rfc822-headers",
      "text/plain",
      "application/octet-stream",
    ]);
    const body = pick([
      "Final-Recipient: rfc822; a@b.example\r\nAction: failed\r\nStatus: 5.1.1\r\n",
      "Final-Recipient: \r\nAction:\r\nStatus: 9.9.9.9\r\n",
      "Reporting-MTA: dns; x\r\n\r\n" +
      "Final-Recipient: rfc822;" + "z".repeat(int(3000)) + "\r\nAction: delayed\r\n",
      "Feedback-Type: abuse\r\nOriginal-Mail-From: <bounce+aa-bb@mail.svc.test>\r\n",
      "Return-Path: <bounce+" + "1".repeat(32) + "-" + "2".repeat(10) + "@mail.svc.test>\r\n" +
      "Message-ID: <" + "m".repeat(int(2000)) + ">\r\n\r\nx",
      Buffer.from(bytes(int(400))).toString("latin1").replace(/\r?\n\.\r?\n/g, ""),
      "=?utf-8?b?" + btoa("x".repeat(int(50))) + "?=",
    ]);
    return `--${boundary}\r\nContent-Type: ${ct}\r\n` +
      pick(["", "Content-Transfer-Encoding: base64\r\n", "Content-Disposition: inline\r\n"]) +
      `\r\n${body}\r\n`;
  });
  return `From: ${pick(["MAILER-DAEMON@x", "a", "<>", "postmaster@x"])}\r\n` +
    `Subject: ${pick(["Undelivered Mail", "failure notice", "Warning: delayed", "x"])}\r\n` +
    pick(["X-Failed-Recipients: a@b.example, ,,<>\r\n", "", "X-Failed-Recipients: \r\n"]) +
    `Content-Type: ${type}; boundary="${boundary}"\r\n\r\n` +
    parts.join("") + `--${boundary}--\r\n` +
    pick([
      "",
      "\r\n<a@b.example>:\r\nSorry (#5.1.1)\r\n\r\n--- Below this line is a copy of the message.\r\n\r\n",
    ]);
}

Deno.test(`hostile SMTP (seed ${SEED}) leaves both listeners answering, with no error logged`, async () => {
  const errors: string[] = [];
  const quiet = () => {};
  const log: Logger = {
    debug: quiet,
    info: quiet,
    warn: quiet,
    error: (msg, fields) => errors.push(`${msg} ${JSON.stringify(fields)}`),
  };
  const svc = await startTestService({ log, config: { SVC_RELAY_FROM: "relay@mail.svc.test" } });
  const receiver = startReceiver(statuses());
  const cert = await makeTestCert();
  const tls = { cert: cert.cert, key: await Deno.readTextFile(cert.keyFile) };
  const limits = { idleMs: 2000, closeMs: 300, maxPerAddress: 1000 };
  const inbound = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls,
    limits,
    forward: { timeoutMs: 1000 },
  });
  const submission = await startSubmissionListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls,
    limits,
  });
  try {
    const site = await seedSite(svc);
    await svc.admin("POST", "/inbound-domains", { domain: "in.example.org", url: receiver.url });
    for (let round = 0; round < ROUNDS; round += 6) {
      await Promise.all(
        Array.from(
          { length: 6 },
          (_, i) => hostile(i % 2 ? submission.port : inbound.port, cert.cert),
        ),
      );
    }
    // Still answering, and still doing the job.
    const [c] = await SmtpClient.connect(inbound.port);
    try {
      const replies = await c.send(
        "a@sender.example",
        ["x@in.example.org"],
        message({
          To: "x@in.example.org",
          Subject: "after the storm",
        }),
      );
      assert.equal(replies.at(-1)!.code, 250, replies.at(-1)!.text);
    } finally {
      c.close();
    }
    const [s] = await SmtpClient.connect(submission.port);
    try {
      await s.cmd("EHLO x");
      const auth = await s.cmd(`AUTH PLAIN ${btoa(`\0u\0${site.key}`)}`);
      assert.equal(auth.code, 235);
      await s.cmd("MAIL FROM:<a@b.example>");
      await s.cmd("RCPT TO:<bob@example.net>");
      assert.equal((await s.data(message({ To: "bob@example.net", Subject: "ok" }))).code, 250);
    } finally {
      s.close();
    }
    assert.deepEqual(errors, [], `seed ${SEED}`);
  } finally {
    await inbound.close();
    await submission.close();
    await receiver.close();
    await svc.close();
    await Deno.remove(cert.dir, { recursive: true });
  }
});

Deno.test(`random reports (seed ${SEED}) never make the intake throw`, async () => {
  const svc = await startTestService({ config: { SVC_RELAY_FROM: "relay@mail.svc.test" } });
  try {
    const enc = new TextEncoder();
    // Values that would make KV keys too long if used as they are.
    const longId = `<${"m".repeat(1990)}@x>`;
    const long = [
      "Content-Type: multipart/report; report-type=delivery-status; boundary=b",
      "",
      "--b",
      "Content-Type: message/delivery-status",
      "",
      `Final-Recipient: rfc822; ${"a".repeat(64)}@${"d".repeat(60)}.example`,
      "Action: failed",
      "Status: 5.1.1",
      "",
      "--b",
      "Content-Type: text/rfc822-headers",
      "",
      `Message-ID: ${longId}`,
      "",
      "--b--",
    ].join("\r\n");
    await takeReport(svc.ctx, enc.encode(long), { from: "", to: ["fbl@mail.svc.test"] });
    let taken = 0;
    for (let i = 0; i < ROUNDS * 5; i++) {
      const raw = enc.encode(randomReport());
      const r = await takeReport(svc.ctx, raw, { from: "", to: ["fbl@mail.svc.test"] });
      if (r.kind !== "ignored") taken++;
    }
    assert.ok(taken > 0, "some of them were read as reports");
  } finally {
    await svc.close();
  }
});
