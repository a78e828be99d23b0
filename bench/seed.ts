/**
 * `deno task bench:seed <kv-file>`: a KV file as a service holds it after long
 * use, for the flat-cost runs: 1,000 sites (made through the operator API by
 * main.ts on that file, with keys), then, written straight to KV with the
 * store modules' own mutations in batched atomic ops, 1,000,000 stored
 * submissions and 1,000,000 email-log records spread over them (the first
 * site holding 200,000 of each) and 10,000 IP blocks of the first site that
 * ended an hour ago. Writes the sites and keys to `<kv-file>.sites.json`, which
 * `BENCH_KV=<kv-file> deno task bench` then uses (spread over the first 800,
 * the one-site rows on the first: the one with 200,000).
 *
 *   deno task bench:seed /tmp/seeded.kv [--records 1000000] [--sites 1000]
 */
import { parseArgs } from "node:util";
import { seedSites, startService } from "./lib/service.ts";
import { uuidv7 } from "../domain/kernel/ids.ts";
import { addSubmissionMutations, type Submission } from "../domain/forms/submissions_store.ts";
import { type EmailLogRecord, putEmailLog } from "../domain/mail/email_log_store.ts";
import { addIpBlockMutations, type IpBlock } from "../domain/blocks/store.ts";
import { message } from "./lib/messages.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    records: { type: "string", default: "1000000" },
    sites: { type: "string", default: "1000" },
    blocks: { type: "string", default: "10000" },
  },
});
const kvPath = positionals[0];
if (!kvPath) {
  console.error("usage: deno task bench:seed <kv-file> [--records N] [--sites N]");
  Deno.exit(2);
}
const RECORDS = Number(values.records);
const SITES = Number(values.sites);
const BLOCKS = Number(values.blocks);
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

// 1. Sites and keys through the service itself.
const svc = await startService({ kvPath, label: "seed" });
const sites = await seedSites(svc, SITES, { prefix: "seeded" });
await svc.stop();
await Deno.writeTextFile(`${kvPath}.sites.json`, JSON.stringify(sites));
console.log(`${SITES} sites with keys (${elapsed()})`);

// 2. Records: the first site gets a fifth, the rest share the others.
const kv = await Deno.openKv(kvPath);
const hot = Math.round(RECORDS / 5);
const siteOf = (i: number) => i < hot ? sites[0] : sites[1 + (i % (sites.length - 1))];
const start = Date.now() - 30 * 24 * 3600_000;
const at = (i: number) => start + Math.floor(i * (29 * 24 * 3600_000) / RECORDS);

function submission(i: number): Submission {
  const s = siteOf(i);
  const time = at(i);
  const fields = {
    name: "Maria Gonzalez",
    email: `maria${i}@example.org`,
    message: message(i),
  };
  return {
    id: uuidv7(time),
    site_id: s.id,
    account_id: s.accountId,
    form_id: 1 + (i % 5),
    form_name: "Contact",
    template: null,
    fields: { inline: JSON.stringify(fields) },
    visitor: {
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      user_agent: "Mozilla/5.0",
      referrer: `https://${s.domain}/contact`,
    },
    spam_score: 3,
    classification: "legitimate",
    spam_reasons: [{ rule: "model", points: 3 }],
    notify_to: [`owner@${s.domain}`],
    counted: true,
    email_sent: true,
    created_at: new Date(time).toISOString(),
  } as Submission;
}

function logRecord(i: number): EmailLogRecord {
  const s = siteOf(i);
  const time = at(i);
  const iso = new Date(time).toISOString();
  const to = `user${i}@example.com`;
  return {
    id: uuidv7(time),
    site_id: s.id,
    source: "api",
    mode: "relay",
    status: "sent",
    reason: null,
    error: null,
    message_id: null,
    from: "relay@bench.example",
    subject: `Your order #${i} has shipped`,
    to_first: to,
    recipients: { inline: { to: [to], cc: [], bcc: [] } },
    removed: [],
    template: null,
    attachments: 0,
    dropped_headers: [],
    spam: { content: { score: 0, rules: [] }, classifier: null, contact_form: null },
    warning: false,
    flagged: false,
    tracking: { opens: false, clicks: false },
    created_at: iso,
    updated_at: iso,
  } as EmailLogRecord;
}

/** Commits `count` records made by `add`, `perOp` per atomic op (at most 100 checks), 4 in flight. */
async function write(
  what: string,
  count: number,
  perOp: number,
  add: (op: Deno.AtomicOperation, i: number) => void,
) {
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < count) {
      const from = next;
      next = Math.min(count, next + perOp);
      const op = kv.atomic();
      for (let i = from; i < next; i++) add(op, i);
      const r = await op.commit();
      if (!r.ok) throw new Error(`${what}: commit failed at ${from}`);
    }
  }));
  console.log(`${count} ${what} (${elapsed()})`);
}

await write("submissions", RECORDS, 95, (op, i) => addSubmissionMutations(op, submission(i)));
await write("email-log records", RECORDS, 150, (op, i) => putEmailLog(op, logRecord(i)));
const ended = Date.now() - 3600_000;
await write("ended IP blocks of the first site", BLOCKS, 95, (op, i) => {
  const b: IpBlock = {
    id: uuidv7(ended - 24 * 3600_000 + i),
    ip: `172.16.${(i >> 8) & 255}.${i & 255}`,
    reason: "rate_limit",
    blockedAt: new Date(ended - 24 * 3600_000).toISOString(),
    blockedUntil: new Date(ended).toISOString(),
    selfLiftable: true,
    note: null,
    triggeredBySiteId: sites[0].id,
    liftedAt: null,
    liftedBySiteId: null,
  };
  addIpBlockMutations(op, b, Date.now());
});
kv.close();
const size = (await Deno.stat(kvPath)).size;
console.log(`done: ${kvPath}, ${(size / 1e6).toFixed(0)} MB (${elapsed()})`);
