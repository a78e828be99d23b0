/**
 * CPU per mail of what a delivery worker does (tracking, MIME build, DKIM,
 * the SMTP session through smtp_pool.ts) in this one process against
 * Postfix's smtp-sink: the process's CPU time (user + system) over N sends,
 * 16 in flight. Steadier than the service's rows for a change inside the
 * delivery worker (docs/performance.md, "The delivery worker").
 *
 * With `recipients` > 1, each mail goes to that many addresses: one copy
 * each, with its own VERP envelope sender, built and DKIM-signed once.
 *
 *   deno run -A bench/delivery_cpu.ts [sends=3000] [rounds=3] [recipients=1]
 */
import process from "node:process";
import { SmtpTransport } from "../domain/mail/transport.ts";
import { startSmtpSink } from "./lib/service.ts";
import { sample, tracking } from "./lib/delivery_sample.ts";

const N = Number(Deno.args[0] ?? 3000);
const ROUNDS = Number(Deno.args[1] ?? 3);
const RCPTS = Number(Deno.args[2] ?? 1);
const recipients = Array.from({ length: RCPTS }, (_, i) => `customer${i}@example.org`);
const returnPaths = recipients.map((_, i) => `bounce+x${i}@relay.example.com`);
const sink = await startSmtpSink();
const transport = new SmtpTransport(`smtp://127.0.0.1:${sink.port}`, 4);

async function run(n: number): Promise<number> {
  let next = 0;
  const t0 = process.cpuUsage();
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next++ < n) {
      await transport.send({
        id: "x",
        messageId: "<x@relay.example.com>",
        recipients,
        returnPaths,
        headerFrom: "relay@relay.example.com",
        subject: "s",
        message: sample(),
        tracking,
      });
    }
  }));
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000 / n;
}

await run(500); // warm-up
const figures: number[] = [];
for (let r = 0; r < ROUNDS; r++) figures.push(await run(N));
console.log(
  `delivery CPU ms per mail (${sink.kind}, ${N} sends x ${ROUNDS}, ${RCPTS} recipients): ` +
    figures.map((f) => f.toFixed(3)).join(", "),
);
await transport.close();
await sink.stop();
