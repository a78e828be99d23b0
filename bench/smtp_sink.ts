/**
 * A minimal SMTP sink for benchmarks when Postfix's smtp-sink is not installed:
 * answers every command, swallows DATA, announces PIPELINING, keeps nothing.
 * Prints "PORT <n>" once listening. Run: deno run -A bench/smtp_sink.ts [port]
 */
const port = Number(Deno.args[0] ?? 0);
const listener = Deno.listen({ hostname: "127.0.0.1", port });
console.log(`PORT ${(listener.addr as Deno.NetAddr).port}`);
const enc = new TextEncoder();
const dec = new TextDecoder();
let delivered = 0;

async function session(conn: Deno.Conn) {
  await conn.write(enc.encode("220 sink ESMTP\r\n"));
  const buf = new Uint8Array(256 * 1024);
  let pending = "";
  let inData = false;
  for (;;) {
    const n = await conn.read(buf);
    if (n === null) break;
    pending += dec.decode(buf.subarray(0, n));
    let out = "";
    for (;;) {
      if (inData) {
        const end = pending.indexOf("\r\n.\r\n");
        if (end < 0) {
          // Keep only a tail long enough to find the terminator next time.
          if (pending.length > 8) pending = pending.slice(-8);
          break;
        }
        pending = pending.slice(end + 5);
        inData = false;
        delivered++;
        out += "250 2.0.0 Ok: queued\r\n";
        continue;
      }
      const nl = pending.indexOf("\r\n");
      if (nl < 0) break;
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 2);
      const cmd = line.slice(0, 4).toUpperCase();
      if (cmd === "EHLO") {
        out += "250-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SIZE 52428800\r\n";
      } else if (cmd === "DATA") {
        out += "354 End data with <CR><LF>.<CR><LF>\r\n";
        inData = true;
        // The terminator check above needs the CRLF that ends the DATA line.
        pending = "\r\n" + pending;
      } else if (cmd === "QUIT") {
        out += "221 Bye\r\n";
        await conn.write(enc.encode(out));
        conn.close();
        return;
      } else out += "250 2.0.0 Ok\r\n";
    }
    if (out) await conn.write(enc.encode(out));
  }
  conn.close();
}

Deno.addSignalListener("SIGTERM", () => {
  console.log(`DELIVERED ${delivered}`);
  Deno.exit(0);
});
for await (const conn of listener) session(conn).catch(() => {});
