/**
 * The fresh-writing probes of the mail model: texts written after the
 * weights were shipped (`corpus/mail_fresh_kinds.ts`), scored as mail/send would
 * (model alone at 60+, and checks 11 + 12) with a table per kind.
 *
 *   deno run -A spam_training/probes/mail_check.ts [--spam-vocabulary | --named-goods] [--split] [--verbose]
 *
 * `--spam-vocabulary` scores the second probe (`corpus/mail_legit_spam_vocabulary.ts`): legitimate mail
 * with spam's vocabulary and spam that does not shout. `--named-goods` scores the
 * third probe (`corpus/mail_named_goods.ts`). `--newsletters` scores the newsletter
 * probe (`probes/mail_newsletters.ts`, never folded into the corpus).
 *
 * Once the probe joined the corpus, `--split` shows the figures per corpus
 * split: only its calibration and held-out families stay unseen by training.
 */
import { buildMailItem, MAIL_KINDS } from "../corpus/mail.ts";
import { MAIL_FRESH_KINDS } from "../corpus/mail_fresh_kinds.ts";
import { MAIL_LEGIT_SPAM_VOCABULARY } from "../corpus/mail_legit_spam_vocabulary.ts";
import { MAIL_NAMED_GOODS } from "../corpus/mail_named_goods.ts";
import { MAIL_NEWSLETTERS_PROBE } from "./mail_newsletters.ts";
import type { MailItem } from "../corpus/mail.ts";
import { mailSplitOf } from "../corpus/split.ts";
import { scoreEmail } from "../../domain/spam/model/scorer.ts";
import { BuiltinClassifier } from "../../domain/spam/classifier.ts";
import { FLAG_SCORE, scoreContent } from "../../domain/spam/mail_score.ts";

const builtin = new BuiltinClassifier();
const verbose = Deno.args.includes("--verbose");
const bySplit = Deno.args.includes("--split");

/** The probe's items as the corpus builds them (the probe texts sit at the end of each kind). */
export function probeItems(set: Record<string, string[]> = MAIL_FRESH_KINDS): MailItem[] {
  const items: MailItem[] = [];
  for (const k of MAIL_KINDS) {
    const probe = set[k.kind] ?? [];
    if (!probe.length) continue;
    const start = k.texts.indexOf(probe[0]);
    // Before folding, build them as texts of a kind of their own.
    const kind = start >= 0 ? k : { ...k, texts: probe };
    const first = start >= 0 ? start : 0;
    for (let i = first; i < first + probe.length; i++) {
      for (let v = 0; v < (k.variants ?? 3); v++) items.push(buildMailItem(kind, i, v));
    }
  }
  return items;
}

type Row = { label: string; n: number; model: number; checks: number };
const pct = (a: number, b: number) => (b === 0 ? "-" : `${(100 * a / b).toFixed(1)} %`);

function report(title: string, items: MailItem[]) {
  const rows = new Map<string, Row>();
  const errors: string[] = [];
  const legitScores: number[] = [];
  for (const it of items) {
    const e = it.input;
    const text = e.text ?? "";
    const model = scoreEmail(e).score;
    const checks = scoreContent(e.subject, text).score >= FLAG_SCORE ||
      builtin.classifySync({ from: "", to: "", subject: e.subject, text, html: e.html ?? null })
        .spam;
    if (it.label === "legitimate") legitScores.push(model);
    const r = rows.get(it.kind) ?? { label: it.label, n: 0, model: 0, checks: 0 };
    r.n++;
    if (model >= 60) r.model++;
    if (checks) r.checks++;
    rows.set(it.kind, r);
    if ((it.label === "spam") !== checks || (it.label === "spam") !== (model >= 60)) {
      errors.push(`${String(model).padStart(3)} ${checks ? "refused" : "passed "} ${it.id}`);
    }
  }
  const sum = (label: string, f: (r: Row) => number) =>
    [...rows.values()].filter((r) => r.label === label).reduce((a, r) => a + f(r), 0);
  const sn = sum("spam", (r) => r.n), ln = sum("legitimate", (r) => r.n);
  const sm = sum("spam", (r) => r.model), lm = sum("legitimate", (r) => r.model);
  const sc = sum("spam", (r) => r.checks), lc = sum("legitimate", (r) => r.checks);
  console.log(`\n== ${title}: ${items.length} items (${sn} spam, ${ln} legitimate)`);
  console.log(
    `model 60+:        accuracy ${pct(sm + ln - lm, sn + ln)}  false positives ${lm}/${ln} (${
      pct(lm, ln)
    })  recall ${sm}/${sn} (${pct(sm, sn)})`,
  );
  console.log(
    `checks 11 + 12:   accuracy ${pct(sc + ln - lc, sn + ln)}  false positives ${lc}/${ln} (${
      pct(lc, ln)
    })  recall ${sc}/${sn} (${pct(sc, sn)})`,
  );
  legitScores.sort((a, b) => b - a);
  console.log(
    `legitimate, model: ${legitScores.filter((x) => x >= 30).length} at 30+, highest ${
      legitScores.slice(0, 5).join(", ")
    }`,
  );
  console.log(
    `\n${"kind".padEnd(28)} ${"label".padEnd(10)} ${"n".padStart(4)} ${"model60".padStart(8)} ${
      "checks".padStart(7)
    }  correct (checks)`,
  );
  for (const [kind, r] of [...rows].sort((a, b) => a[1].label.localeCompare(b[1].label))) {
    const ok = r.label === "spam" ? r.checks : r.n - r.checks;
    console.log(
      `${kind.padEnd(28)} ${r.label.padEnd(10)} ${String(r.n).padStart(4)} ${
        String(r.model).padStart(8)
      } ${String(r.checks).padStart(7)}  ${pct(ok, r.n)}`,
    );
  }
  if (verbose) console.log("\nerrors (model or checks):\n" + errors.join("\n"));
}

if (import.meta.main) {
  const hard = Deno.args.includes("--spam-vocabulary");
  const third = Deno.args.includes("--named-goods");
  const newsletters = Deno.args.includes("--newsletters");
  const items = probeItems(
    newsletters
      ? MAIL_NEWSLETTERS_PROBE
      : third
      ? MAIL_NAMED_GOODS
      : hard
      ? MAIL_LEGIT_SPAM_VOCABULARY
      : MAIL_FRESH_KINDS,
  );
  report(
    newsletters
      ? "newsletter probe"
      : third
      ? "third probe"
      : hard
      ? "second (hard) probe"
      : "fresh-writing probe",
    items,
  );
  if (bySplit) {
    for (const s of ["train", "calibration", "heldout"]) {
      report(`probe, ${s} families`, items.filter((it) => mailSplitOf(it.family) === s));
    }
  }
}
