/**
 * The SMTP pool (domain/mail/smtp_pool.ts) against a small real SMTP server on
 * loopback: connections reused, a refused message keeps its connection, and a
 * message whose reused connection the relay dropped goes out on a fresh one;
 * the data on the wire is what nodemailer's DataStream makes of it.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { passesUnchanged, SmtpPool } from "../../../domain/mail/smtp_pool.ts";

type Server = { port: number; connections: number; messages: string[]; close(): void };

/**
 * A line-based SMTP server; `dropAfter`: close each connection after that many
 * messages; `dropInData`: close it while the second message's data comes in.
 */
function smtpServer(
  opts: { dropAfter?: number; refuse?: string; dropInData?: boolean } = {},
): Server {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const s: Server = {
    port: (listener.addr as Deno.NetAddr).port,
    connections: 0,
    messages: [],
    close: () => listener.close(),
  };
  (async () => {
    for await (const conn of listener) {
      s.connections++;
      (async () => {
        const enc = new TextEncoder();
        const say = (line: string) => conn.write(enc.encode(line + "\r\n"));
        await say("220 test ESMTP");
        let buf = "";
        let data: string | null = null;
        let sent = 0;
        const dec = new TextDecoder();
        const chunk = new Uint8Array(65536);
        for (;;) {
          const n = await conn.read(chunk).catch(() => null);
          if (!n) break;
          buf += dec.decode(chunk.subarray(0, n));
          let i;
          while ((i = buf.indexOf("\r\n")) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (data !== null) {
              if (opts.dropInData && sent >= 1) {
                conn.close();
                return;
              }
              if (line === ".") {
                s.messages.push(data);
                data = null;
                await say("250 queued");
                if (++sent === opts.dropAfter) {
                  conn.close();
                  return;
                }
              } else data += line + "\n";
              continue;
            }
            const cmd = line.toUpperCase();
            if (cmd.startsWith("EHLO")) await say("250-test\r\n250 8BITMIME");
            else if (cmd.startsWith("MAIL FROM")) await say("250 ok");
            else if (cmd.startsWith("RCPT TO")) {
              await say(opts.refuse && line.includes(opts.refuse) ? "550 no such user" : "250 ok");
            } else if (cmd === "DATA") {
              data = "";
              await say("354 go");
            } else if (cmd === "RSET") await say("250 reset");
            else if (cmd === "QUIT") {
              await say("221 bye");
              conn.close();
              return;
            } else await say("502 unknown");
          }
        }
        try {
          conn.close();
        } catch { /* closed */ }
      })();
    }
  })().catch(() => {});
  return s;
}

const raw = (n: number) => Buffer.from(`Subject: m${n}\r\n\r\nbody ${n}\r\n`);
const env = (to: string) => ({ from: "a@example.com", to: [to] });

Deno.test("the pool reuses one connection for messages sent one after another", async () => {
  const srv = smtpServer();
  const pool = new SmtpPool({ host: "127.0.0.1", port: srv.port, secure: false, size: 4 });
  try {
    for (let i = 0; i < 5; i++) {
      const info = await pool.send(env("b@example.com"), raw(i));
      assert.deepEqual(info.accepted, ["b@example.com"]);
    }
    assert.equal(srv.messages.length, 5);
    assert.equal(srv.connections, 1);
  } finally {
    pool.close();
    srv.close();
  }
});

Deno.test("a refused recipient fails its message and keeps the connection for the next", async () => {
  const srv = smtpServer({ refuse: "nobody@" });
  const pool = new SmtpPool({ host: "127.0.0.1", port: srv.port, secure: false, size: 1 });
  try {
    await assert.rejects(
      () => pool.send(env("nobody@example.com"), raw(1)),
      (e: Error & { responseCode?: number }) => e.responseCode === 550,
    );
    await pool.send(env("b@example.com"), raw(2));
    assert.equal(srv.messages.length, 1);
    assert.equal(srv.connections, 1);
  } finally {
    pool.close();
    srv.close();
  }
});

Deno.test("a message whose reused connection the relay dropped goes out once on a fresh one", async () => {
  const srv = smtpServer({ dropAfter: 1 });
  const pool = new SmtpPool({ host: "127.0.0.1", port: srv.port, secure: false, size: 1 });
  try {
    await pool.send(env("b@example.com"), raw(1));
    await new Promise((r) => setTimeout(r, 50)); // the relay closes the idle connection
    await pool.send(env("b@example.com"), raw(2));
    assert.deepEqual(srv.messages.map((m) => m.split("\n")[0]), ["Subject: m1", "Subject: m2"]);
    assert.equal(srv.connections, 2);
  } finally {
    pool.close();
    srv.close();
  }
});

Deno.test("a relay that refuses connections fails the message promptly", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const pool = new SmtpPool({ host: "127.0.0.1", port, secure: false, size: 2 });
  try {
    const t0 = performance.now();
    await assert.rejects(() => pool.send(env("b@example.com"), raw(1)));
    assert.ok(performance.now() - t0 < 2000);
  } finally {
    pool.close();
  }
});

Deno.test("a message whose connection drops after its data began is not sent again", async () => {
  const srv = smtpServer({ dropInData: true });
  const pool = new SmtpPool({ host: "127.0.0.1", port: srv.port, secure: false, size: 1 });
  try {
    await pool.send(env("b@example.com"), raw(1));
    // Part of it may have reached the relay: a retry could deliver it twice.
    await assert.rejects(() => pool.send(env("b@example.com"), raw(2)));
    assert.equal(srv.connections, 1);
    await pool.send(env("b@example.com"), raw(3)); // the pool recovers on a fresh connection
    assert.equal(srv.connections, 2);
  } finally {
    pool.close();
    srv.close();
  }
});

/** nodemailer's DataStream transform (smtp-connection/data-stream.js) on one chunk, as bytes. */
function stuffed(chunk: Uint8Array, prev: number | false): number[] {
  const out: number[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const byte = chunk[i];
    const p = i ? chunk[i - 1] : prev;
    if (p === 13 && byte !== 10) out.push(...(byte === 46 ? [10, 46] : [10]));
    else if (byte === 10 && p !== 13) out.push(13);
    else if (byte === 46 && (p === 10 || p === false)) out.push(46);
    out.push(byte);
  }
  return out;
}

Deno.test("a chunk passes the data stream unchanged exactly when the fast check says so", () => {
  const alphabet = [13, 10, 46, 97, 32];
  let fast = 0;
  for (let k = 0; k < 20_000; k++) {
    const n = 1 + Math.floor(Math.random() * 12);
    const chunk = Uint8Array.from({ length: n }, () =>
      // Mostly CRLF pairs and letters, so that clean chunks come up often.
      Math.random() < 0.3 ? 13 : alphabet[Math.floor(Math.random() * alphabet.length)]);
    for (let i = 0; i + 1 < n; i++) if (chunk[i] === 13 && Math.random() < 0.7) chunk[i + 1] = 10;
    const prev = ([false, 10, 13, 97] as const)[k % 4];
    const same = stuffed(chunk, prev).join() === [...chunk].join();
    assert.equal(passesUnchanged(chunk, prev), same, `${[...chunk]} after ${prev}`);
    if (same) fast++;
  }
  assert.ok(fast > 1000, `only ${fast} clean chunks`);
  const built = Buffer.from("From: a@example.com\r\nSubject: x\r\n\r\n<p>a.b</p>\r\n");
  assert.ok(passesUnchanged(built, false));
});

Deno.test("the data on the wire is dot-stuffed and CRLF-only, clean or not", async () => {
  const srv = smtpServer();
  const pool = new SmtpPool({ host: "127.0.0.1", port: srv.port, secure: false, size: 1 });
  try {
    await pool.send(env("b@example.com"), Buffer.from("Subject: a\r\n\r\n.dot\nbare\rcr\r\nend"));
    await pool.send(env("b@example.com"), Buffer.from("Subject: b\r\n\r\nclean. line\r\nend"));
    await pool.send(env("b@example.com"), Buffer.from("Subject: c\r\n\r\nends with CRLF\r\n"));
    assert.deepEqual(srv.messages, [
      "Subject: a\n\n..dot\nbare\ncr\nend\n",
      "Subject: b\n\nclean. line\nend\n",
      "Subject: c\n\nends with CRLF\n",
    ]);
  } finally {
    pool.close();
    srv.close();
  }
});
