/**
 * The delivery worker's hand-off (transport.ts, workers/smtp_worker.ts): sends
 * made in one turn go to the worker in one message and come back in batches;
 * each caller still gets its own answer.
 */
import assert from "node:assert/strict";
import { type OutgoingMessage, WorkerSmtpTransport } from "../../../domain/mail/transport.ts";
import { createLogger } from "../../../domain/kernel/log.ts";
import { startSmtp } from "../../helpers/smtp.ts";

function message(i: number): OutgoingMessage {
  const to = `r${i}@example.org`;
  return {
    id: `log-${i}`,
    messageId: `<m${i}@example.com>`,
    recipients: [to],
    returnPaths: ["bounce@example.com"],
    headerFrom: "relay@example.com",
    subject: `s${i}`,
    message: {
      messageId: `<m${i}@example.com>`,
      date: new Date(),
      from: { name: "", address: "relay@example.com" },
      to: [{ name: "", address: to }],
      cc: [],
      replyTo: [],
      subject: `s${i}`,
      html: `<p>${i}</p>`,
      text: `${i}`,
      attachments: [],
      headers: {},
      dkim: null,
    },
  };
}

Deno.test("sends handed to the worker together each get their own answer, refusals included", async () => {
  const smtp = await startSmtp();
  const t = new WorkerSmtpTransport(smtp.url, 4, 1, createLogger("silent"));
  try {
    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => t.send(message(i))));
    first.forEach((r, i) => assert.deepEqual(r.accepted, [`r${i}@example.org`]));
    const got = await smtp.waitFor(30);
    assert.deepEqual(
      got.map((m) => m.rcptTo[0]).sort(),
      Array.from({ length: 30 }, (_, i) => `r${i}@example.org`).sort(),
    );
    // Three refused, the others sent, in one batch: each answer is its own message's.
    smtp.reject = { code: 550, message: "5.7.1 refused", times: 3 };
    const mixed = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => t.send(message(100 + i))),
    );
    assert.equal(mixed.filter((r) => r.status === "rejected").length, 3);
    for (const r of mixed) {
      if (r.status === "fulfilled") assert.equal(r.value.accepted.length, 1);
      else assert.match(String(r.reason), /refused/);
    }
  } finally {
    await t.close();
    await smtp.close();
  }
});
