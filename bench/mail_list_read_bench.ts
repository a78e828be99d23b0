/**
 * `deno run -A bench/mail_list_read_bench.ts [file|memory]`: what reading the
 * service-wide mail list costs a send when it is full (200 entries), and so
 * what keeping its decoded form in memory could save (issue 13, phase 8).
 *
 * A send reads the list in its send state's getMany (with the account's marks
 * and other keys). Deno KV returns values decoded and has no read of a
 * versionstamp alone, so a cache keyed by the list's version needs a small
 * version key written with the list, read instead of it. Compared here, in
 * the same getMany shape (the list or the version key, beside eight small
 * keys): the full list, an absent list (today's common case) and a small
 * version key, then the list as the send uses it (`mailMarksOf`: expired
 * entries left out). Rounds alternate; wall and process CPU (all threads) per
 * read, in µs.
 */
import { buildMailCorpus } from "../spam_training/corpus/mail.ts";
import {
  mailSignature,
  MAX_LISTED,
  type ServiceSpamList,
  withListed,
} from "../domain/spam/mail_marks.ts";
import { mailMarksOf } from "../domain/spam/mail_marks_store.ts";
import type { Signature } from "../domain/spam/model/minhash.ts";
import process from "node:process";
import { deserialize, serialize } from "node:v8";

const where = Deno.args[0] === "memory" ? ":memory:" : await Deno.makeTempFile({ suffix: ".kv" });
const kv = await Deno.openKv(where);
const sigs = buildMailCorpus().map((i) => mailSignature(i.input.subject, i.input.text ?? ""))
  .filter((s): s is Signature => !!s);
let list: ServiceSpamList | null = null;
const now = Date.now();
// Corpus families are near-duplicates of each other: add texts until 200 distinct entries.
for (let i = 0; (list?.accounts.length ?? 0) < MAX_LISTED; i++) {
  list = withListed(list, sigs[i], 3, now);
}
await kv.set(["bench", "list"], list);
await kv.set(["bench", "version"], crypto.randomUUID());
for (let i = 0; i < 8; i++) await kv.set(["bench", "small", i], { n: i, at: now });
const small = Array.from({ length: 8 }, (_, i) => ["bench", "small", i]);

const shapes: Record<string, () => Promise<unknown>> = {
  "full list (200)": () => kv.getMany([["bench", "list"], ...small]),
  "absent list": () => kv.getMany([["bench", "none"], ...small]),
  "version key": () => kv.getMany([["bench", "version"], ...small]),
  "full list + mailMarksOf": async () => {
    const [l] = await kv.getMany([["bench", "list"], ...small]);
    return mailMarksOf({ list: l }, now);
  },
};

const N = Number(Deno.env.get("N") ?? 5000);
const results: Record<string, { wall: number[]; cpu: number[] }> = {};
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 3);
for (let round = 0; round < ROUNDS; round++) {
  const names = Object.keys(shapes);
  if (round % 2) names.reverse();
  for (const name of names) {
    const fn = shapes[name];
    for (let i = 0; i < 200; i++) await fn();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await fn();
    const wall = (performance.now() - t0) * 1000 / N;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / N;
    (results[name] ??= { wall: [], cpu: [] }).wall.push(wall);
    results[name].cpu.push(cpu);
  }
}
console.log(`KV ${where === ":memory:" ? "in memory" : "file"}, ${N} reads a round, µs per read`);
for (const [name, r] of Object.entries(results)) {
  const f = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(" / ");
  console.log(`${name.padEnd(26)} wall ${f(r.wall)}   cpu ${f(r.cpu)}`);
}
// The decoding alone (V8's deserializer, as KV uses), and its size.
const bytes = serialize(list);
for (let i = 0; i < 2000; i++) deserialize(bytes);
const t0 = performance.now();
for (let i = 0; i < 20000; i++) deserialize(bytes);
console.log(
  `decode the full list alone: ${((performance.now() - t0) * 1000 / 20000).toFixed(1)} µs ` +
    `(${bytes.length} bytes)`,
);
kv.close();
if (where !== ":memory:") await Deno.remove(where).catch(() => {});
