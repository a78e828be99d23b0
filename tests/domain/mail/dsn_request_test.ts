/**
 * Sent mail asks the relay for delivery status notifications (RFC 3461), so
 * that deliveries, delays and bounces come back to the VERP Return-Path
 * (domain/inbound): NOTIFY=SUCCESS,DELAY,FAILURE on every recipient, RET=HDRS
 * and the VERP's local part as ENVID; nothing of it when the relay does not
 * offer DSN.
 */
import assert from "node:assert/strict";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { readVerp, verpNames } from "../../../domain/mail/tokens.ts";

type Seen = { envelope: SMTPServerSession["envelope"] };

async function relay(offerDsn: boolean) {
  const seen: Seen[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    hideDSN: !offerDsn,
    logger: false,
    onData(stream, session, cb) {
      stream.on("data", () => {});
      stream.on("end", () => {
        seen.push({ envelope: structuredClone(session.envelope) });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.server.address() as { port: number }).port;
  return { seen, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

for (const offerDsn of [true, false]) {
  Deno.test(
    offerDsn
      ? "a relay that offers DSN is asked for every outcome, headers only, with the VERP as ENVID"
      : "a relay without DSN gets no DSN parameters",
    async () => {
      const r = await relay(offerDsn);
      const svc = await startTestService({
        config: {
          SVC_SMTP_URL: `smtp://127.0.0.1:${r.port}`,
          SVC_RELAY_FROM: "relay@mail.svc.test",
        },
      });
      try {
        const s = await seedSite(svc);
        const sent = await svc.api("POST", "mail/send", {
          key: s.key,
          body: { to: ["a@example.net", "b@example.net"], subject: "Hi", text: "Hello" },
        });
        assert.equal(sent.body.sent, true, sent.text);
        // One copy per recipient, each with its own VERP (and so its own ENVID).
        assert.equal(r.seen.length, 2);
        const verps = new Set<string>();
        for (const { envelope: env } of r.seen) {
          assert.equal(env.rcptTo.length, 1);
          const verp = (env.mailFrom as { address: string }).address;
          assert.match(verp, /^bounce\+[0-9a-f]{32}-[0-9a-f]{12}@mail\.svc\.test$/);
          verps.add(verp);
          const named = verpNames(svc.ctx.config.encryptionKey, readVerp(verp)!, [
            "a@example.net",
            "b@example.net",
          ]);
          assert.equal(named, env.rcptTo[0].address, "the VERP names the copy's recipient");
          if (offerDsn) {
            assert.deepEqual(env.dsn, { ret: "HDRS", envid: verp.split("@")[0] });
            for (const rcpt of env.rcptTo) {
              assert.deepEqual(rcpt.dsn?.notify, ["SUCCESS", "DELAY", "FAILURE"]);
            }
          } else {
            assert.ok(!env.dsn?.ret && !env.dsn?.envid);
            for (const rcpt of env.rcptTo) assert.ok(!rcpt.dsn?.notify);
          }
        }
        assert.equal(verps.size, 2);
      } finally {
        await svc.close();
        await r.close();
      }
    },
  );
}
