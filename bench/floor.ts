/**
 * The floor of the write paths on this stack (bench/lib/floor_server.ts): the
 * same requests, load generator and CPU accounting as `deno task bench`'s
 * mail/send and forms/submit rows, against a server that does only what any
 * implementation must (durable acceptance, a DKIM-signed relay, the outcome)
 * with the service's own building blocks. Read beside issue 14's CPU targets
 * (mail/send 0.5 ms, forms/submit 0.8 ms): what the spec's checks, events and
 * judgement cost is the service's figure minus this one.
 *
 *   deno task bench:floor        (BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_ROUNDS)
 */
import { measuredLoad, printRows, type Row, writeResults } from "./lib/row.ts";
import { spawnDeno } from "./lib/spawn.ts";
import { type BenchSite, START_ENV, START_V8_FLAGS, startSmtpSink } from "./lib/service.ts";
import { sends, submissions } from "./scenarios.ts";

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64);
const rounds = Number(Deno.env.get("BENCH_ROUNDS") ?? 1);
const sites: BenchSite[] = Array.from({ length: 800 }, (_, i) => ({
  id: `site-${i}`,
  key: `key-${i}`,
  domain: `shop${i}.example.com`,
  accountId: `account-${i}`,
}));
const enough = Math.ceil((seconds + 3) * 4_000);

const sink = await startSmtpSink();
const rows: Row[] = [];
try {
  for (let r = 0; r < rounds; r++) {
    for (const signed of [true, false]) {
      const server = await spawnDeno(new URL("./lib/floor_server.ts", import.meta.url).pathname, {
        ready: /port (\d+)/,
        args: [String(sink.port), signed ? "1" : "0"],
        denoFlags: START_V8_FLAGS,
        env: START_ENV,
      });
      const dkim = signed ? "DKIM-signed" : "unsigned";
      try {
        const base = `http://127.0.0.1:${server.match[1]}`;
        rows.push(
          await measuredLoad({
            scenario: `floor: mail/send, ${dkim}`,
            pid: server.child.pid,
            baseUrl: base,
            requests: sends(sites, enough),
            concurrency,
            seconds,
            warmupSeconds: 2,
            expect: "sent",
            note: "accept (2 keys), relay, outcome (1 key); no checks",
          }),
          await measuredLoad({
            scenario: `floor: forms/submit, ${dkim}`,
            pid: server.child.pid,
            baseUrl: base,
            requests: submissions(sites, enough),
            concurrency,
            seconds,
            warmupSeconds: 2,
            expect: "email_sent",
            note: "store (4 keys), notify, outcome (1 key); no checks",
          }),
        );
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await sink.stop();
}
printRows(
  `deno task bench:floor: ${concurrency} concurrent, ${seconds} s per row, sink ${sink.kind}; ` +
    `load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`,
  rows,
);
console.log(`  written to ${await writeResults("floor", { rows })}`);
