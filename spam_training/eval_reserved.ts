/**
 * `deno task spam:eval:reserved`: the outside check on the reserved part of
 * the SpamAssassin corpus (assassin_split.ts: spam-2, easy-ham-2, odd
 * positions of hard-ham-1), measured ONCE, at the end of a change to the mail
 * judgement, and reported whatever it says. Never tune on it.
 *
 * Every message goes through the real `POST /api/v1/mail/send` of an
 * in-process service (in-memory KV, the outbox transport: nothing leaves the
 * machine): subject, text and HTML as mailparser gives them, as a client
 * would pass them, to a fresh site every 90 messages, so that each site has
 * fewer than 100 log entries and the classifier runs on every message.
 * Prints, per group and in total: refused (content_flagged, ai_flagged), sent
 * with a warning in the log (check 11's 30-59), sent with the model's score
 * in the 30-59 band, and answers that are neither (a message mail/send does
 * not accept as given, e.g. no body).
 *
 *   deno task spam:eval:reserved             # the reserved part (once)
 *   deno task spam:eval:reserved --allowed   # the allowed part: to try the tool itself
 */
import { fnv } from "../domain/spam/model/hashing.ts";
import { seedSite, startTestService } from "../tests/helpers/service.ts";
import { type AssassinMessage, loadAllowed, loadReserved } from "./assassin_split.ts";

const PER_SITE = 90;
const limitArg = Deno.args.indexOf("--limit");
const limit = limitArg >= 0 ? Number(Deno.args[limitArg + 1]) : Infinity;
const part = Deno.args.includes("--allowed") ? "allowed" : "reserved";
const messages = (await (part === "allowed" ? loadAllowed() : loadReserved())).slice(0, limit);

type Row = {
  msg: AssassinMessage;
  outcome: "sent" | "content_flagged" | "ai_flagged" | "other";
  answer: string;
  warning: boolean;
  model: number | null;
};

const svc = await startTestService({ runJobs: true });
const rows: Row[] = [];
const t0 = performance.now();
try {
  for (let start = 0; start < messages.length; start += PER_SITE) {
    const site = await seedSite(svc);
    const batch = messages.slice(start, start + PER_SITE);
    const sent = new Map<string, Row>();
    for (let i = 0; i < batch.length; i++) {
      const msg = batch[i];
      const to = `reader${i}@example.com`;
      const { subject, text, html } = msg.input;
      const r = await svc.api("POST", "mail/send", {
        key: site.key,
        body: {
          to,
          subject,
          ...(text ? { text } : {}),
          ...(html ? { html } : {}),
        },
      });
      const reason = String(r.body.reason ?? "");
      const outcome = r.body.ok === true
        ? "sent"
        : reason === "content_flagged" || reason === "ai_flagged"
        ? reason
        : "other";
      const row: Row = {
        msg,
        outcome,
        answer: `${r.status} ${reason}`,
        warning: false,
        model: null,
      };
      rows.push(row);
      sent.set(to, row);
    }
    // The log records: check 11's warning and check 12's model score ("model N, …").
    const log = await svc.admin("GET", `/sites/${site.siteId}/email-log?limit=100`);
    for (const item of (log.body.items ?? []) as Record<string, unknown>[]) {
      const row = sent.get(String(item.to_first));
      if (!row) continue;
      row.warning = item.warning === true;
      const spam = item.spam as { classifier?: { detail?: string | null } | null } | null;
      const m = /^model (\d+)/.exec(spam?.classifier?.detail ?? "");
      row.model = m ? Number(m[1]) : null;
    }
  }
} finally {
  await svc.close();
}

const pct = (a: number, b: number) => (b ? `${(100 * a / b).toFixed(1)} %` : "-");
type Tally = {
  n: number;
  refused: number;
  content: number;
  ai: number;
  warned: number;
  band: number;
  other: number;
};
const tally = (xs: Row[]): Tally => ({
  n: xs.length,
  refused: xs.filter((r) => r.outcome === "content_flagged" || r.outcome === "ai_flagged").length,
  content: xs.filter((r) => r.outcome === "content_flagged").length,
  ai: xs.filter((r) => r.outcome === "ai_flagged").length,
  warned: xs.filter((r) => r.outcome === "sent" && r.warning).length,
  band: xs.filter((r) => r.outcome === "sent" && r.model !== null && r.model >= 30).length,
  other: xs.filter((r) => r.outcome === "other").length,
});
const line = (name: string, t: Tally) =>
  `${name.padEnd(22)} ${String(t.n).padStart(5)} ${
    `${t.refused} (${pct(t.refused, t.n)})`.padStart(16)
  } ${String(t.content).padStart(8)} ${String(t.ai).padStart(6)} ${
    `${t.warned} (${pct(t.warned, t.n)})`.padStart(14)
  } ${`${t.band} (${pct(t.band, t.n)})`.padStart(14)} ${String(t.other).padStart(6)}`;

console.log(
  `SpamAssassin ${part} part through POST /mail/send: ${rows.length} messages, ${
    ((performance.now() - t0) / 1000).toFixed(0)
  } s\n`,
);
console.log(
  `${"group".padEnd(22)} ${"n".padStart(5)} ${"refused".padStart(16)} ${"content".padStart(8)} ${
    "ai".padStart(6)
  } ${"log warning".padStart(14)} ${"model 30-59".padStart(14)} ${"other".padStart(6)}`,
);
const groups = [...new Set(rows.map((r) => r.msg.group))].sort();
for (const g of groups) console.log(line(g, tally(rows.filter((r) => r.msg.group === g))));
const spam = tally(rows.filter((r) => r.msg.label === "spam"));
const legit = tally(rows.filter((r) => r.msg.label === "legitimate"));
const hard = tally(rows.filter((r) => r.msg.group === "hard-ham-1"));
console.log(line("all spam", spam));
console.log(line("all legitimate", legit));
console.log(
  `\nspam refused ${spam.refused}/${spam.n} (${
    pct(spam.refused, spam.n)
  }); legitimate refused ${legit.refused}/${legit.n} (${
    pct(legit.refused, legit.n)
  }); hard ham refused ${hard.refused}/${hard.n} (${pct(hard.refused, hard.n)}); ` +
    `warnings: log ${
      spam.warned + legit.warned
    } (spam ${spam.warned}, legitimate ${legit.warned}), ` +
    `model 30-59 sent ${spam.band + legit.band} (spam ${spam.band}, legitimate ${legit.band})`,
);

// The issue's shape: 400 spam and 400 legitimate (300 easy, 100 hard), picked by a hash of the file.
const pick = (pred: (r: Row) => boolean, n: number) =>
  rows.filter(pred).sort((a, b) => fnv(a.msg.group + a.msg.name) - fnv(b.msg.group + b.msg.name))
    .slice(0, n);
const sSpam = tally(pick((r) => r.msg.label === "spam", 400));
const sEasy = pick((r) => r.msg.group.startsWith("easy"), 300);
const sHard = pick((r) => r.msg.group === "hard-ham-1", 100);
const sLegit = tally([...sEasy, ...sHard]);
const sH = tally(sHard);
console.log(
  `sample of 400 spam / 400 legitimate (100 hard): spam refused ${sSpam.refused}/${sSpam.n} (${
    pct(sSpam.refused, sSpam.n)
  }); legitimate refused ${sLegit.refused}/${sLegit.n} (${
    pct(sLegit.refused, sLegit.n)
  }); hard ham refused ${sH.refused}/${sH.n}; warned (log) ${sLegit.warned} legitimate, ${sSpam.warned} spam`,
);
const others = rows.filter((r) => r.outcome === "other");
if (others.length) {
  const answers = new Map<string, number>();
  for (const r of others) answers.set(r.answer, (answers.get(r.answer) ?? 0) + 1);
  console.log(`not accepted as given: ${[...answers].map(([a, n]) => `${a} x${n}`).join(", ")}`);
}
