/**
 * `deno run -A spam_training/mail_rules.ts`: check 12's candidate
 * rules on the mail CALIBRATION split (never the held-out split, never the
 * outside check), with check 11 in front as mail/send runs them. The rule
 * was chosen here: no legitimate calibration mail refused, then the most spam,
 * then the more cautious thresholds.
 */
import { buildMailCorpus } from "./corpus/mail.ts";
import { mailSplitOf } from "./corpus/split.ts";
import { BuiltinClassifier } from "../domain/spam/classifier.ts";
import { FLAG_SCORE, scoreContent } from "../domain/spam/mail_score.ts";

const builtin = new BuiltinClassifier();
const cal = buildMailCorpus().filter((it) => mailSplitOf(it.family) === "calibration");
const rows = cal.map((it) => {
  const e = it.input;
  const text = e.text ?? "";
  const v = builtin.classifySync({
    from: "",
    to: "",
    subject: e.subject,
    text,
    html: e.html ?? null,
  });
  const [model, ...signals] = (v.detail ?? "").split(", ");
  const content = scoreContent(e.subject, text).score;
  return {
    spam: it.label === "spam",
    model: Number(model.replace("model ", "")),
    signals: signals.length,
    content,
  };
});
const legit = rows.filter((r) => !r.spam);
const maxLegit = Math.max(...legit.map((r) => r.model));
const maxLegitAgreeing = Math.max(
  0,
  ...legit.filter((r) => r.signals >= 1 || r.content >= 10).map((r) => r.model),
);
console.log(
  `highest legitimate model score: ${maxLegit}; with a signal or a content rule: ${maxLegitAgreeing}`,
);
const spamN = rows.filter((r) => r.spam).length;
const legitN = rows.length - spamN;
console.log(`calibration: ${spamN} spam, ${legitN} legitimate`);
console.log("alone  +signal  +2signals   FP    recall (checks 11+12)");
for (const alone of [70, 80, 90, 95, 101]) {
  for (const withSignal of [50, 60, 70, 101]) {
    for (const two of [0, 10, 20, 30, 101]) {
      let fp = 0, tp = 0;
      for (const r of rows) {
        const agrees = r.signals >= 1 || r.content >= 10;
        const c12 = r.model >= alone || (r.model >= withSignal && agrees) ||
          (r.model >= two && r.signals >= 2);
        const refused = r.content >= FLAG_SCORE || c12;
        if (refused && r.spam) tp++;
        if (refused && !r.spam) fp++;
      }
      console.log(
        `${String(alone).padStart(5)} ${String(withSignal).padStart(8)} ${
          String(two).padStart(10)
        } ${String(fp).padStart(5)}   ${tp}/${spamN} (${(100 * tp / spamN).toFixed(1)} %)`,
      );
    }
  }
}
