/**
 * `deno task spam:eval [forms|mail]`: the held-out split (never used for
 * training or calibration) scored by the shipped weights files. Prints
 * accuracy, false positives and recall at the spam threshold (60), the same at
 * the suspicious threshold (30), and a table per kind.
 *
 * Mail: then five-fold cross-validation on the allowed SpamAssassin groups
 * (assassin_cv.ts; folds by file, fixed seed), as mail/send would decide.
 * Then the forward-in-time check (assassin_forward.ts): trained on the older
 * two thirds of each allowed group, scored on the newer third.
 * The reserved groups are measured by spam:eval:reserved alone.
 */
import { HashedModel, SPAM_FROM, SUSPICIOUS_FROM } from "../domain/spam/model/model.ts";
import type { WeightsFile } from "../domain/spam/model/weights.ts";
import { selected } from "./corpora.ts";
import type { EmailMessage, FormSubmission } from "../domain/spam/model/scorer.ts";
import { judgeForm } from "../domain/spam/form_judge.ts";
import { BuiltinClassifier } from "../domain/spam/classifier.ts";
import { submitterAddress } from "../domain/forms/addresses.ts";
import { scoreContent } from "../domain/spam/mail_score.ts";
import { ASSASSIN, ASSASSIN_ALLOWED, mailSplitOf } from "./corpora.ts";
import { assassinOutOfFold, CV_FOLDS, type Tally, tallyByKind } from "./assassin_cv.ts";
import { FORWARD_TRAIN_SHARE, forwardCheck } from "./assassin_forward.ts";

const builtin = new BuiltinClassifier();

/** As the service decides: forms/submit's score (model, rules, no KV memory); mail/send's check 12. */
function serviceSays(model: string, input: unknown): boolean {
  if (model === "mail") {
    const e = input as EmailMessage;
    return builtin.classifySync({
      from: "",
      to: "",
      subject: e.subject,
      text: e.text ?? "",
      html: e.html ?? null,
    }).spam;
  }
  const f = input as FormSubmission;
  const fields = Object.fromEntries(Object.entries(f.fields).map(([k, v]) => [k, String(v ?? "")]));
  return judgeForm({
    fields,
    visitor: f.visitor ?? null,
    submitterEmail: submitterAddress(fields),
    siteDomain: f.site?.domain ?? "example.com",
    siteId: "eval",
    ip: null,
    duplicateElsewhere: false,
    identities: [],
    memory: null,
  }).score >= SPAM_FROM;
}

const pct = (a: number, b: number) => (b === 0 ? "-" : `${(100 * a / b).toFixed(1)} %`);
const verbose = Deno.args.includes("--verbose");
const splitName = Deno.args.includes("--calibration") ? "calibration" : "heldout";

for (const c of selected(Deno.args)) {
  const file = JSON.parse(await Deno.readTextFile(c.path)) as WeightsFile;
  const model = new HashedModel(file, c.extract);
  const items = c.items().filter((it) => c.split(it.family) === splitName);
  type Row = { label: string; n: number; spam60: number; susp30: number; scores: number[] };
  const rows = new Map<string, Row>();
  const langs = new Map<string, number>();
  let tp = 0, fp = 0, fn = 0, tn = 0, fp30 = 0, tp30 = 0, stp = 0, sfp = 0;
  const mistakes: string[] = [];
  for (const it of items) {
    const s = model.score(it.input).score;
    const spam = it.label === "spam";
    if (serviceSays(c.model, it.input)) spam ? stp++ : sfp++;
    const r = rows.get(it.kind) ?? { label: it.label, n: 0, spam60: 0, susp30: 0, scores: [] };
    r.n++;
    r.scores.push(s);
    if (s >= SPAM_FROM) r.spam60++;
    if (s >= SUSPICIOUS_FROM) r.susp30++;
    rows.set(it.kind, r);
    langs.set(it.lang, (langs.get(it.lang) ?? 0) + 1);
    if (spam && s >= SPAM_FROM) tp++;
    else if (spam) fn++;
    else if (s >= SPAM_FROM) fp++;
    else tn++;
    if (spam && s >= SUSPICIOUS_FROM) tp30++;
    if (!spam && s >= SUSPICIOUS_FROM) fp30++;
    if ((spam && s < SPAM_FROM) || (!spam && s >= SUSPICIOUS_FROM)) {
      mistakes.push(`${String(s).padStart(3)} ${it.label === "spam" ? "SPAM " : "LEGIT"} ${it.id}`);
    }
  }
  const spamN = tp + fn;
  const legitN = tn + fp;
  console.log(
    `\n== ${c.model}: ${splitName} split, ${items.length} items (${spamN} spam, ${legitN} legitimate), ${rows.size} kinds, languages ${
      [...langs].map(([l, n]) => `${l} ${n}`).join(", ")
    }`,
  );
  console.log(
    `weights trained with seed ${file.trained.seed}; platt a=${file.platt.a.toFixed(3)} b=${
      file.platt.b.toFixed(3)
    }`,
  );
  console.log(
    `spam at ${SPAM_FROM}+:  accuracy ${
      pct(tp + tn, items.length)
    }  false positives ${fp}/${legitN} (${pct(fp, legitN)})  recall ${tp}/${spamN} (${
      pct(tp, spamN)
    })`,
  );
  console.log(
    `as the service decides (${
      c.model === "mail" ? "check 12, built-in" : "forms/submit, no KV memory"
    }): accuracy ${pct(stp + legitN - sfp, items.length)}  false positives ${sfp}/${legitN} (${
      pct(sfp, legitN)
    })  recall ${stp}/${spamN} (${pct(stp, spamN)})`,
  );
  console.log(
    `flagged at ${SUSPICIOUS_FROM}+: legitimate flagged ${fp30}/${legitN} (${
      pct(fp30, legitN)
    })  spam flagged ${tp30}/${spamN} (${pct(tp30, spamN)})`,
  );
  console.log(
    `\n${"kind".padEnd(30)} ${"label".padEnd(10)} ${"n".padStart(4)} ${">=60".padStart(5)} ${
      ">=30".padStart(5)
    } ${"median".padStart(6)} ${"min".padStart(4)} ${"max".padStart(4)}  correct`,
  );
  const sorted = [...rows].sort((a, b) =>
    a[1].label.localeCompare(b[1].label) || a[0].localeCompare(b[0])
  );
  for (const [kind, r] of sorted) {
    const s = [...r.scores].sort((a, b) => a - b);
    const correct = r.label === "spam" ? r.spam60 : r.n - r.spam60;
    console.log(
      `${kind.padEnd(30)} ${r.label.padEnd(10)} ${String(r.n).padStart(4)} ${
        String(r.spam60).padStart(5)
      } ${String(r.susp30).padStart(5)} ${String(s[Math.floor(s.length / 2)]).padStart(6)} ${
        String(s[0]).padStart(4)
      } ${String(s[s.length - 1]).padStart(4)}  ${pct(correct, r.n)}`,
    );
  }
  if (verbose) {
    console.log("\nmissed spam (<60) and flagged legitimate (>=30):\n" + mistakes.join("\n"));
  }
}

/** What checks 11 and 12 see of each allowed SpamAssassin message besides the model's score. */
function assassinFacts(): Map<string, { content: number; signals: number }> {
  return new Map(ASSASSIN_ALLOWED.map((it) => {
    const e = it.input;
    const text = e.text ?? "";
    const detail = builtin.classifySync({
      from: "",
      to: "",
      subject: e.subject,
      text,
      html: e.html ?? null,
    }).detail ?? "";
    const signals = detail.split(", ").length - 1;
    return [it.id, { content: scoreContent(e.subject, text).score, signals }];
  }));
}

function printTally(tally: Map<string, Tally>): void {
  console.log(
    `${"group".padEnd(12)} ${"n".padStart(5)} ${"refused (11+12)".padStart(18)} ${
      "warned 30-59".padStart(14)
    } ${"model 60+".padStart(16)}`,
  );
  for (const [kind, t] of [...tally].sort()) {
    console.log(
      `${kind.slice(ASSASSIN.length).padEnd(12)} ${String(t.n).padStart(5)} ${
        `${t.refused} (${pct(t.refused, t.n)})`.padStart(18)
      } ${`${t.warned} (${pct(t.warned, t.n)})`.padStart(14)} ${
        `${t.modelRefused} (${pct(t.modelRefused, t.n)})`.padStart(16)
      }`,
    );
  }
}

/** Cross-validation of the mail model on the allowed SpamAssassin groups. */
function crossValidateMail(
  file: WeightsFile,
  facts: Map<string, { content: number; signals: number }>,
): void {
  const c = selected(["mail"])[0];
  const t0 = performance.now();
  // The project's corpus (held-out split aside) trains every fold, with the other four folds.
  const team = c.items().filter((it) =>
    !it.kind.startsWith(ASSASSIN) && mailSplitOf(it.family) !== "heldout"
  );
  const oof = assassinOutOfFold(
    [...team, ...ASSASSIN_ALLOWED] as typeof team,
    c.extract,
    c.train,
    c.auxiliary ? c.auxiliary() : null,
    (it) => it.kind.startsWith(ASSASSIN),
  );
  const tally = tallyByKind(oof, file.platt, (id) => facts.get(id)!);
  console.log(
    `\n== mail: ${CV_FOLDS}-fold cross-validation on the allowed SpamAssassin groups (folds by file, seed ${file.trained.seed}; shipped calibration; ${
      ((performance.now() - t0) / 1000).toFixed(0)
    } s)`,
  );
  printTally(tally);
}

/** Forward in time on the allowed groups: train on the older 2/3 of each, score the newer 1/3. */
function forwardMail(facts: Map<string, { content: number; signals: number }>): void {
  const t0 = performance.now();
  const { split, tally } = forwardCheck(
    selected(["mail"])[0],
    ASSASSIN_ALLOWED,
    (id) => facts.get(id)!,
  );
  console.log(
    `\n== mail: forward in time on the allowed SpamAssassin groups (each ordered by its Date header, ${split.fellBack} of ${ASSASSIN_ALLOWED.length} without a plausible one kept in file order; trained and calibrated as spam:train on the older ${
      Math.round(100 * FORWARD_TRAIN_SHARE)
    } %, scored the newer; ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  for (const [kind, cut] of split.cut) {
    console.log(
      `  ${
        kind.slice(ASSASSIN.length)
      }: trained up to ${cut.lastTrained}, scored from ${cut.firstScored}`,
    );
  }
  printTally(tally);
}

if (selected(Deno.args).some((c) => c.model === "mail")) {
  const facts = assassinFacts();
  if (!Deno.args.includes("--no-cv")) {
    crossValidateMail(
      JSON.parse(await Deno.readTextFile(selected(["mail"])[0].path)) as WeightsFile,
      facts,
    );
  }
  if (!Deno.args.includes("--no-forward")) forwardMail(facts);
}
