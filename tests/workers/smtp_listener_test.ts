/**
 * main.ts starts the SMTP listeners from the configuration (inbound and
 * submission; 0 = off), stops them on shutdown, and refuses to start when a
 * port is taken, naming the variable.
 */
import assert from "node:assert/strict";
import { start } from "../../main.ts";
import { testConfig } from "../../domain/kernel/config.ts";
import { SmtpClient } from "../helpers/smtp_client.ts";

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test("start() runs the inbound and submission listeners on their ports; shutdown closes them", async () => {
  const inbound = freePort();
  const submission = freePort();
  const running = await start(testConfig({
    SVC_PORT: 0,
    SVC_HOST: "127.0.0.1",
    SVC_LOG_LEVEL: "error",
    SVC_SMTP_INBOUND_PORT: inbound,
    SVC_SMTP_SUBMISSION_PORT: submission,
  }));
  try {
    for (const [port, auth] of [[inbound, false], [submission, true]] as const) {
      const [c, greeting] = await SmtpClient.connect(port);
      try {
        assert.equal(greeting.code, 220);
        const ehlo = await c.cmd("EHLO x");
        assert.equal(ehlo.code, 250);
        assert.equal(/AUTH PLAIN LOGIN/.test(ehlo.text), auth);
      } finally {
        c.close();
      }
    }
  } finally {
    await running.shutdown();
  }
  await assert.rejects(Deno.connect({ hostname: "127.0.0.1", port: inbound }));
  await assert.rejects(Deno.connect({ hostname: "127.0.0.1", port: submission }));
});

Deno.test("a taken SMTP port stops the start with a sentence naming the variable", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    await assert.rejects(
      start(testConfig({
        SVC_PORT: 0,
        SVC_HOST: "127.0.0.1",
        SVC_LOG_LEVEL: "error",
        SVC_SMTP_INBOUND_PORT: (taken.addr as Deno.NetAddr).port,
      })),
      (e: Error) => e instanceof Deno.errors.AddrInUse && /SVC_SMTP_INBOUND_PORT/.test(e.message),
    );
  } finally {
    taken.close();
  }
});
