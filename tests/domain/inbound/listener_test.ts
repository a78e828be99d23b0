/**
 * The inbound SMTP listener over real SMTP: who may receive mail (inbound
 * domains and the return-path domain, 550 for the rest), the 25 MB limit,
 * and forwarding to the inbound domain's URL as the spec's "Inbound email
 * event" says (signature checked the way a receiver would, 2 attempts,
 * 450 after both fail, the same X-SVC-Delivery on the sending server's retry).
 */
import assert from "node:assert/strict";
import { verify } from "@octokit/webhooks-methods";
import { startTestService, type TestService } from "../../helpers/service.ts";
import {
  type Receiver,
  type Respond,
  startReceiver,
  statuses,
} from "../../helpers/webhook_receiver.ts";
import { message, SmtpClient } from "../../helpers/smtp_client.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";
import { makeTestCert } from "../../helpers/tls.ts";
import type { RunningListener } from "../../../domain/inbound/smtp_server.ts";

type Setup = {
  svc: TestService;
  receiver: Receiver;
  smtp: RunningListener;
  domain: { id: string; secret: string; domain: string };
};

async function withInbound(
  respond: Respond,
  fn: (s: Setup) => Promise<void>,
  opts: { timeoutMs?: number; maxMessageBytes?: number } = {},
) {
  const svc = await startTestService({ config: { SVC_RELAY_FROM: "relay@mail.svc.test" } });
  const receiver = startReceiver(respond);
  let smtp: RunningListener | null = null;
  try {
    const created = await svc.admin("POST", "/inbound-domains", {
      domain: "in.example.org",
      url: receiver.url,
    });
    assert.equal(created.status, 201, created.text);
    smtp = await startInboundListener(svc.ctx, {
      port: 0,
      host: "127.0.0.1",
      tls: null,
      forward: { timeoutMs: opts.timeoutMs ?? 2000 },
      limits: {
        closeMs: 500,
        ...(opts.maxMessageBytes && { maxMessageBytes: opts.maxMessageBytes }),
      },
    });
    await fn({
      svc,
      receiver,
      smtp,
      domain: {
        id: created.body.id as string,
        secret: created.body.secret as string,
        domain: "in.example.org",
      },
    });
  } finally {
    await smtp?.close();
    await receiver.close();
    await svc.close();
  }
}

const MAIL = message({
  From: "Ann <ann@sender.example>",
  To: "support@in.example.org",
  Subject: "Help with my order",
  "Message-ID": "<m1@sender.example>",
}, "Where is it?\n.leading dot line\n");

Deno.test("a message for an inbound domain is posted raw and signed, then answered 250", async () => {
  await withInbound(statuses(204), async ({ smtp, receiver, domain }) => {
    const [c, greeting] = await SmtpClient.connect(smtp.port);
    try {
      assert.equal(greeting.code, 220);
      const replies = await c.send("ann@sender.example", ["support@in.example.org"], MAIL);
      assert.deepEqual(replies.map((r) => r.code), [250, 250, 250, 250]);
    } finally {
      c.close();
    }
    assert.equal(receiver.requests.length, 1);
    const req = receiver.requests[0];
    assert.equal(req.method, "POST");
    assert.equal(req.headers.get("content-type"), "message/rfc822");
    assert.equal(req.headers.get("user-agent"), "Service-Inbound/1.0");
    assert.equal(req.headers.get("x-svc-event"), "email.inbound");
    assert.equal(req.headers.get("x-svc-domain"), domain.domain);
    assert.equal(req.headers.get("x-svc-recipient"), "support@in.example.org");
    assert.equal(req.headers.get("x-svc-sender"), "ann@sender.example");
    assert.match(
      req.headers.get("x-svc-delivery")!,
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const ts = Number(req.headers.get("x-svc-timestamp"));
    assert.ok(Math.abs(ts - Date.now() / 1000) < 60, "X-SVC-Timestamp is Unix seconds");
    // As a receiver checks it: HMAC-SHA256 of the raw body with the inbound secret.
    assert.ok(await verify(domain.secret, req.text, req.headers.get("x-svc-signature")!));
    assert.ok(!(await verify("svc_in_wrong", req.text, req.headers.get("x-svc-signature")!)));
    // Every header of the message, the body unstuffed, our Received line on top.
    assert.match(
      req.text,
      /^Received: from client\.test \(\[127\.0\.0\.1\]\)\r\n\tby mail\.svc\.test/,
    );
    assert.match(req.text, /\r\nSubject: Help with my order\r\n/);
    assert.match(req.text, /\r\nMessage-ID: <m1@sender\.example>\r\n/);
    assert.match(req.text, /\r\n\.leading dot line\r\n/);
  });
});

Deno.test("RCPT: 550 for a foreign domain, 250 for any local part at the return-path domain", async () => {
  await withInbound(statuses(204), async ({ smtp }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      await c.cmd("EHLO client.test");
      assert.equal((await c.cmd("MAIL FROM:<spammer@bad.example>")).code, 250);
      const relay = await c.cmd("RCPT TO:<victim@gmail.com>");
      assert.equal(relay.code, 550);
      assert.match(relay.text, /^5\.7\.1 /);
      assert.equal(
        (await c.cmd("RCPT TO:<victim@example.org>")).code,
        550,
        "parent of an inbound domain",
      );
      assert.equal((await c.cmd("RCPT TO:<x@sub.in.example.org>")).code, 550, "subdomain");
      assert.equal((await c.cmd("RCPT TO:<anything@mail.svc.test>")).code, 250);
      assert.equal((await c.cmd("RCPT TO:<fbl@MAIL.SVC.TEST>")).code, 250, "case-insensitive");
      assert.equal((await c.cmd("RCPT TO:<Someone@IN.example.org>")).code, 250);
      assert.equal((await c.cmd("RCPT TO:<not an address>")).code >= 500, true);
    } finally {
      c.close();
    }
  });
});

Deno.test("a message over the size limit gets 552 and is not posted", async () => {
  await withInbound(statuses(204), async ({ smtp, receiver }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const ehlo = await c.cmd("EHLO client.test");
      assert.match(ehlo.text, /SIZE 65536/);
      // Declared too large in MAIL FROM: refused before any data.
      const declared = await c.cmd("MAIL FROM:<a@sender.example> SIZE=9999999");
      assert.equal(declared.code, 552);
      assert.equal((await c.cmd("MAIL FROM:<a@sender.example>")).code, 250);
      assert.equal((await c.cmd("RCPT TO:<support@in.example.org>")).code, 250);
      const big = message(
        { To: "support@in.example.org", Subject: "big" },
        ("y".repeat(900) + "\n").repeat(100),
      );
      const r = await c.data(big);
      assert.equal(r.code, 552);
      assert.match(r.text, /^5\.3\.4 /);
      // The connection still works.
      assert.equal((await c.cmd("NOOP")).code, 250);
    } finally {
      c.close();
    }
    assert.equal(receiver.requests.length, 0);
  }, { maxMessageBytes: 65536 });
});

Deno.test("the full 25 MB limit: 552 above it", async () => {
  await withInbound(statuses(204), async ({ smtp, receiver }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const ehlo = await c.cmd("EHLO client.test");
      assert.match(ehlo.text, new RegExp(`SIZE ${25 * 1024 * 1024}`));
      await c.cmd("MAIL FROM:<a@sender.example>");
      await c.cmd("RCPT TO:<support@in.example.org>");
      const line = "z".repeat(998) + "\r\n";
      const body = line.repeat(Math.ceil((25 * 1024 * 1024 + 1000) / line.length));
      const r = await c.data(`To: support@in.example.org\r\nSubject: huge\r\n\r\n${body}`, 60_000);
      assert.equal(r.code, 552);
    } finally {
      c.close();
    }
    assert.equal(receiver.requests.length, 0);
  });
});

Deno.test("450 after the receiver answers 500 twice; the retry carries the same X-SVC-Delivery", async () => {
  await withInbound(statuses(500, 500), async ({ smtp, receiver }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    let first: string;
    try {
      const replies = await c.send("ann@sender.example", ["support@in.example.org"], MAIL);
      const data = replies.at(-1)!;
      assert.equal(data.code, 450);
      assert.equal(data.text, "4.3.0 The message could not be delivered yet; try again later");
      assert.equal(receiver.requests.length, 2, "two attempts, back to back");
      first = receiver.requests[0].headers.get("x-svc-delivery")!;
      assert.equal(receiver.requests[1].headers.get("x-svc-delivery"), first);
      assert.equal(receiver.requests[1].text, receiver.requests[0].text);
      // The sending server tries again later, with the same message: accepted now.
      await c.cmd("RSET");
      const again = await c.send("ann@sender.example", ["support@in.example.org"], MAIL);
      assert.equal(again.at(-1)!.code, 250);
    } finally {
      c.close();
    }
    assert.equal(receiver.requests.length, 3);
    assert.equal(receiver.requests[2].headers.get("x-svc-delivery"), first);
    // Once taken, the same message is not posted again.
    const [c2] = await SmtpClient.connect(smtp.port);
    try {
      const third = await c2.send("ann@sender.example", ["support@in.example.org"], MAIL);
      assert.equal(third.at(-1)!.code, 250);
    } finally {
      c2.close();
    }
    assert.equal(receiver.requests.length, 3);
  });
});

Deno.test("450 when the receiver hangs: each attempt ends at the timeout", async () => {
  await withInbound((_r, _n, { hang }) => hang(), async ({ smtp, receiver }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const started = performance.now();
      const replies = await c.send("ann@sender.example", ["support@in.example.org"], MAIL);
      const took = performance.now() - started;
      assert.equal(replies.at(-1)!.code, 450);
      assert.doesNotMatch(replies.at(-1)!.text, /no answer|127\.0\.0\.1|localhost/);
      assert.ok(took >= 600 && took < 5000, `two timed-out attempts took ${took} ms`);
    } finally {
      c.close();
    }
    assert.equal(receiver.requests.length, 2);
  }, { timeoutMs: 300 });
});

Deno.test("a refused receiving URL gets a generic 450; the receiver's host and address are only in the log", async () => {
  const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
  const keep = (msg: string, fields?: Record<string, unknown>) => logged.push({ msg, fields });
  const svc = await startTestService({
    config: { SVC_RELAY_FROM: "relay@mail.svc.test", SVC_ALLOW_PRIVATE_TARGETS: true },
    log: { debug: keep, info: keep, warn: keep, error: keep },
  });
  const receiver = startReceiver(statuses(200));
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { closeMs: 500 },
  });
  try {
    // A host name that resolves to loopback.
    const url = receiver.url.replace("127.0.0.1", "localhost");
    const created = await svc.admin("POST", "/inbound-domains", { domain: "in.example.org", url });
    assert.equal(created.status, 201, created.text);
    // Then private targets are refused (as if the name now resolved to this machine).
    (svc.ctx.config as { SVC_ALLOW_PRIVATE_TARGETS: boolean }).SVC_ALLOW_PRIVATE_TARGETS = false;
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const replies = await c.send("ann@sender.example", ["support@in.example.org"], MAIL);
      assert.equal(replies.at(-1)!.code, 450);
      assert.equal(
        replies.at(-1)!.text,
        "4.3.0 The message could not be delivered yet; try again later",
      );
    } finally {
      c.close();
    }
    assert.equal(receiver.requests.length, 0);
    const line = JSON.stringify(logged.filter((l) => /receiver did not take/.test(l.msg)));
    assert.match(line, /refused target: localhost/, "the detail is in the operator's log");
  } finally {
    await smtp.close();
    await receiver.close();
    await svc.close();
  }
});

Deno.test("mail the listener can never parse gets a permanent 554 5.6.0, not a 451 retried for days", async () => {
  await withInbound(statuses(200), async ({ smtp }) => {
    const n = 3000;
    let nested = "From: a@sender.example\r\nSubject: deep\r\n";
    for (let i = 0; i < n; i++) {
      nested += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`;
    }
    nested += "Content-Type: text/plain\r\n\r\nhi";
    for (let i = n - 1; i >= 0; i--) nested += `\r\n--b${i}--\r\n`;
    const headers = "From: a@sender.example\r\n" +
      Array.from({ length: 100_000 }, (_, i) => `X-H${i}: v`).join("\r\n") + "\r\n\r\nbody";
    for (const raw of [nested, headers]) {
      const [c] = await SmtpClient.connect(smtp.port);
      try {
        const replies = await c.send("", ["bounces@mail.svc.test"], raw, 30_000);
        assert.equal(replies.at(-1)!.code, 554, replies.at(-1)!.text);
        assert.match(replies.at(-1)!.text, /^5\.6\.0 /);
      } finally {
        c.close();
      }
    }
  });
});

Deno.test("a redirect is not followed and counts as a failure", async () => {
  const target = startReceiver(statuses(200));
  try {
    await withInbound(
      () => new Response(null, { status: 302, headers: { location: target.url } }),
      async ({ smtp, receiver }) => {
        const [c] = await SmtpClient.connect(smtp.port);
        try {
          const replies = await c.send("a@sender.example", ["support@in.example.org"], MAIL);
          assert.equal(replies.at(-1)!.code, 450);
        } finally {
          c.close();
        }
        assert.equal(receiver.requests.length, 2);
        assert.equal(target.requests.length, 0);
      },
    );
  } finally {
    await target.close();
  }
});

Deno.test("two recipients: one POST each, each with its own recipient and delivery id", async () => {
  await withInbound(statuses(200, 200), async ({ smtp, receiver }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const replies = await c.send(
        "",
        ["a@in.example.org", "b@in.example.org"],
        MAIL,
      );
      assert.equal(replies.at(-1)!.code, 250);
    } finally {
      c.close();
    }
    const got = receiver.requests.map((r) => r.headers.get("x-svc-recipient")).sort();
    assert.deepEqual(got, ["a@in.example.org", "b@in.example.org"]);
    const ids = new Set(receiver.requests.map((r) => r.headers.get("x-svc-delivery")));
    assert.equal(ids.size, 2);
    assert.equal(receiver.requests[0].headers.get("x-svc-sender"), "", "null sender");
  });
});

Deno.test("per-address connection limit: the next connection is refused with 421", async () => {
  const svc = await startTestService();
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { maxPerAddress: 2, closeMs: 200 },
  });
  const open: SmtpClient[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const [c, g] = await SmtpClient.connect(smtp.port);
      open.push(c);
      assert.equal(g.code, 220);
    }
    const [c3, g3] = await SmtpClient.connect(smtp.port);
    open.push(c3);
    assert.equal(g3.code, 421);
    open[0].close();
    await new Promise((r) => setTimeout(r, 100));
    const [c4, g4] = await SmtpClient.connect(smtp.port);
    open.push(c4);
    assert.equal(g4.code, 220, "a closed connection frees its place");
  } finally {
    for (const c of open) c.close();
    await smtp.close();
    await svc.close();
  }
});

Deno.test("an idle connection is closed after the idle limit", async () => {
  const svc = await startTestService();
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { idleMs: 300, closeMs: 200 },
  });
  try {
    const [c] = await SmtpClient.connect(smtp.port);
    const r = await c.read(5000);
    assert.ok(r.code === 421 || r.code === 0, `idle connection: ${r.code} ${r.text}`);
    c.close();
  } finally {
    await smtp.close();
    await svc.close();
  }
});

Deno.test("with a certificate the listener offers STARTTLS, and mail arrives over it", async () => {
  const cert = await makeTestCert();
  const svc = await startTestService({ config: { SVC_RELAY_FROM: "relay@mail.svc.test" } });
  const receiver = startReceiver(statuses(204));
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: { cert: cert.cert, key: await Deno.readTextFile(cert.keyFile) },
    limits: { closeMs: 200 },
  });
  try {
    await svc.admin("POST", "/inbound-domains", { domain: "in.example.org", url: receiver.url });
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      assert.match((await c.cmd("EHLO client.test")).text, /STARTTLS/);
      assert.equal((await c.starttls(cert.cert)).code, 220);
      const replies = await c.send("ann@sender.example", ["support@in.example.org"], MAIL);
      assert.equal(replies.at(-1)!.code, 250);
    } finally {
      c.close();
    }
    assert.equal(receiver.requests.length, 1);
    assert.match(receiver.requests[0].text, /with ESMTPS id/, "the Received line says TLS");
  } finally {
    await smtp.close();
    await receiver.close();
    await svc.close();
    await Deno.remove(cert.dir, { recursive: true });
  }
});
