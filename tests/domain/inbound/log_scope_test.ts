/**
 * SMTP sessions log in a context of their own: no HTTP request id handled
 * before (or meanwhile) appears on an SMTP session's log lines, and each
 * session's lines carry its own session id.
 */
import assert from "node:assert/strict";
import { startTestService, type TestService } from "../../helpers/service.ts";
import { SmtpClient } from "../../helpers/smtp_client.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";

type Line = { msg: string; scope: Record<string, unknown> | undefined };

Deno.test("an SMTP session's log lines carry its own session id, never an HTTP request id", async () => {
  const lines: Line[] = [];
  let svc: TestService | null = null;
  const keep = (msg: string) =>
    lines.push({ msg, scope: svc?.ctx.requestScope.getStore() as Line["scope"] });
  svc = await startTestService({
    config: { SVC_RELAY_FROM: "relay@mail.svc.test" },
    log: { debug: keep, info: keep, warn: keep, error: keep },
  });
  // Started while an HTTP request's context is current (as anything started from
  // a request's continuation is): its sockets' callbacks would inherit that id.
  const smtp = await svc.ctx.requestScope.run(
    { request_id: "earlier-http-request" },
    () =>
      startInboundListener(svc!.ctx, {
        port: 0,
        host: "127.0.0.1",
        tls: null,
        limits: { closeMs: 200 },
      }),
  );
  const started = lines.length; // the listener's own start line belongs to that request
  try {
    const base = await svc.listen();
    const ids: string[] = ["earlier-http-request"];
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${base}/health`);
      await r.body?.cancel();
      ids.push(r.headers.get("x-request-id") ?? "");
    }
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const [c] = await SmtpClient.connect(smtp.port);
      try {
        // Not a report: logged and dropped (a log line from inside the session).
        const raw = "From: a@x.example\r\nTo: b@mail.svc.test\r\nSubject: hi\r\n\r\nhello\r\n";
        const replies = await c.send("a@x.example", ["bounces@mail.svc.test"], raw);
        assert.equal(replies.at(-1)!.code, 250);
      } finally {
        c.close();
      }
      const mine = lines.filter((l) => /no report: dropped/.test(l.msg));
      assert.equal(mine.length, i + 1);
      const scope = mine.at(-1)!.scope;
      assert.equal(scope?.request_id, undefined, JSON.stringify(scope));
      assert.match(String(scope?.smtp_session), /^inbound-\w+/);
      sessions.push(String(scope?.smtp_session));
    }
    assert.notEqual(sessions[0], sessions[1], "a context per session");
    for (const l of lines.slice(started).filter((l) => /smtp|inbound|report/i.test(l.msg))) {
      for (const id of ids.filter(Boolean)) {
        assert.notEqual(l.scope?.request_id, id, `${l.msg} carries ${id}`);
      }
    }
  } finally {
    await smtp.close();
    await svc.close();
  }
});
