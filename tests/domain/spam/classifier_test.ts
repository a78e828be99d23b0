/**
 * The classifier: the built-in model, the sampling rule, and the adapters for
 * SpamAssassin's spamd (SPAMC protocol over TCP) and rspamd (HTTP /checkv2),
 * each against a peer on loopback that speaks the protocol; and the fallback
 * when the engine is down.
 */
import assert from "node:assert/strict";
import {
  BuiltinClassifier,
  classifierFromUrl,
  type ClassifierInput,
  hostOf,
  shouldClassify,
} from "../../../domain/spam/classifier.ts";
import fc from "fast-check";
import { createLogger } from "../../../domain/kernel/log.ts";

const log = createLogger("silent");

const ham: ClassifierInput = {
  from: "relay@example.com",
  to: "ann@example.com",
  subject: "Your order has shipped",
  text:
    "Hi Ann, your order 1234 left our warehouse today. Track it at https://shop.example.com/t/1",
  html: '<p>Hi Ann, <a href="https://shop.example.com/t/1">track your order</a>.</p>',
};

Deno.test("built-in model: ordinary mail is ham; phishing signals make it spam", () => {
  const c = new BuiltinClassifier();
  assert.equal(c.classifySync(ham).spam, false);
  const deceptive = c.classifySync({
    ...ham,
    subject: "Action required",
    text: "Your account has been suspended. Verify your account password immediately.",
    html: '<a href="http://198.51.100.7/login">https://www.paypal.com/signin</a>',
  });
  assert.equal(deceptive.spam, true);
  assert.match(deceptive.detail!, /deceptive_link/);
  const homoglyph = c.classifySync({
    ...ham,
    text: "Please update your pаypal billing details", // Cyrillic а
    html: null,
  });
  assert.match(homoglyph.detail ?? "", /homoglyphs/);
  const giftCards = c.classifySync({
    ...ham,
    subject: "Quick favour",
    text: "Buy four gift cards and send me the codes within 24 hours, it is urgent.",
    html: null,
  });
  assert.equal(giftCards.spam, true);
});

Deno.test("sampling: every email below 100 log entries, then about 1 in 20 by subject, stable", () => {
  assert.ok(shouldClassify(0, "anything"));
  assert.ok(shouldClassify(99, "anything"));
  const subjects = Array.from({ length: 4000 }, (_, i) => `Subject number ${i}`);
  const sampled = subjects.filter((s) => shouldClassify(100, s)).length;
  assert.ok(sampled > 140 && sampled < 260, `sampled ${sampled} of 4000`);
  for (const s of subjects.slice(0, 50)) {
    assert.equal(shouldClassify(100, s), shouldClassify(5000, s));
  }
});

/** A spamd that answers CHECK with a fixed verdict and records the message it got. */
function startSpamd(verdict: string) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const got: string[] = [];
  (async () => {
    for await (const conn of listener) {
      (async () => {
        const buf = new Uint8Array(1 << 16);
        let text = "";
        for (;;) {
          const n = await conn.read(buf);
          if (n === null) break;
          text += new TextDecoder().decode(buf.subarray(0, n));
          const head = text.indexOf("\r\n\r\n");
          const len = /Content-length: (\d+)/i.exec(text);
          if (head >= 0 && len && text.length - head - 4 >= Number(len[1])) break;
        }
        got.push(text);
        await conn.write(new TextEncoder().encode(`SPAMD/1.1 0 EX_OK\r\nSpam: ${verdict}\r\n\r\n`));
        conn.close();
      })().catch(() => {});
    }
  })().catch(() => {});
  return { port: (listener.addr as Deno.NetAddr).port, got, close: () => listener.close() };
}

Deno.test("spamd adapter: speaks SPAMC CHECK and reads the verdict", async () => {
  const spam = startSpamd("True ; 15.2 / 5.0");
  const ok = startSpamd("False ; 0.4 / 5.0");
  try {
    const a = await classifierFromUrl(`spamd://127.0.0.1:${spam.port}`, log).classify(ham);
    assert.deepEqual(a, { engine: "spamd", spam: true, score: 15.2, detail: "15.2/5.0" });
    assert.match(spam.got[0], /^CHECK SPAMC\/1\.5\r\nContent-length: \d+\r\n/);
    assert.match(spam.got[0], /Subject: =\?UTF-8\?B\?/);
    const b = await classifierFromUrl(`spamd://127.0.0.1:${ok.port}`, log).classify(ham);
    assert.equal(b.spam, false);
    assert.equal(b.score, 0.4);
  } finally {
    spam.close();
    ok.close();
  }
});

Deno.test("rspamd adapter: POSTs the message to /checkv2 and reads action and score", async () => {
  const seen: string[] = [];
  let answer = { action: "reject", score: 22.5, required_score: 15 };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    seen.push(`${req.method} ${new URL(req.url).pathname} ${(await req.text()).length}`);
    return Response.json(answer);
  });
  try {
    const url = `http://127.0.0.1:${server.addr.port}`;
    const v = await classifierFromUrl(url, log).classify(ham);
    assert.equal(v.engine, "rspamd");
    assert.equal(v.spam, true);
    assert.equal(v.score, 22.5);
    assert.match(seen[0], /^POST \/checkv2 \d+$/);
    answer = { action: "no action", score: 1.2, required_score: 15 };
    assert.equal((await classifierFromUrl(url, log).classify(ham)).spam, false);
  } finally {
    await server.shutdown();
  }
});

Deno.test("an engine that is down falls back to the built-in model", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const v = await classifierFromUrl(`spamd://127.0.0.1:${port}`, log).classify(ham);
  assert.equal(v.engine, "builtin (fallback from spamd)");
  assert.equal(v.spam, false);
  const r = await classifierFromUrl(`http://127.0.0.1:${port}`, log).classify(ham);
  assert.equal(r.engine, "builtin (fallback from rspamd)");
});

/** WHATWG URL parsing's host, as the signals read links before the plain-host shortcut. */
function parsedHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

Deno.test("a link's host: the plain-host shortcut gives what URL parsing gives", () => {
  const fixed = [
    "https://www.PayPal.com/signin",
    "http://a.b.example/x?y#z",
    "http://1.2.3.4/",
    "http://1.2.3.0x10/",
    "http://a.1/",
    "http://xn--pypal-4ve.com/",
    "http://xn--a.com/",
    "http://user:pw@bank.example/",
    "http://bank.example:8080/",
    "http://bank.example:99999/",
    "http://bank.example\\evil.example/",
    "http://ba\tnk.example/",
    "http://bank.example./",
    "http://-a-.b--c.example/",
    "http://" + "a".repeat(70) + ".example/",
    "HTTP://BANK.EXAMPLE",
    "http://bank.example%2eevil.example/",
    "http://b\u00e4nk.example/",
    "http://bank.example /x",
    "http://.example/",
  ];
  for (const u of fixed) assert.equal(hostOf(u), parsedHost(u), u);
  const piece = fc.constantFrom(
    "a",
    "Z",
    "0",
    "9",
    "-",
    ".",
    "xn--",
    "0x",
    "/",
    "?",
    "#",
    ":",
    "@",
    "\\",
    "%2e",
    " ",
    "\t",
    "\u00e4",
    "com",
    "1",
  );
  fc.assert(
    fc.property(
      fc.constantFrom("http://", "https://", "HTTPS://", "ftp://", "http:/"),
      fc.array(piece, { maxLength: 14 }),
      (scheme, parts) => {
        const u = scheme + parts.join("");
        assert.equal(hostOf(u), parsedHost(u), JSON.stringify(u));
      },
    ),
    { numRuns: 20_000 },
  );
});
