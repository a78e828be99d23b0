import assert from "node:assert/strict";
import { BUCKETS } from "../../../domain/spam/model/hashing.ts";
import { mailFeatures } from "../../../domain/spam/model/mail_features.ts";
import { prefixOf } from "../../../domain/spam/model/text_features.ts";
import { NamedSink } from "../../../domain/spam/model/vector.ts";
import { mailSplitOf, splitOf } from "../../../spam_training/corpus/split.ts";
import { buildMailCorpus, MAIL_KINDS } from "../../../spam_training/corpus/mail.ts";
import { MAIL_FRESH_KINDS } from "../../../spam_training/corpus/mail_fresh_kinds.ts";
import { FLAG_SCORE, isDiscussion, scoreContent } from "../../../domain/spam/mail_score.ts";
import { BuiltinClassifier } from "../../../domain/spam/classifier.ts";

function featureNames(subject: string, text: string): string[] {
  const sink = new NamedSink(new Float32Array(BUCKETS), prefixOf);
  mailFeatures(sink, { subject, text, html: null });
  return sink.contributions().map((c) => c.feature);
}

const LIST_POST = `Interesting piece in the paper today: five years after Viagra went on sale, most
of the pills bought online are fakes, and half of all spam is now for pills, not porn.

On Tuesday, Ann Lee wrote:
> Anyone know what share of spam is pharmacy spam these days?

--
Bob
_______________________________________________
FoRK mailing list
https://lists.example.org/mailman/listinfo/fork`;

const MASS_MAIL = `FREE CABLE TV!!! WATCH ALL PREMIUM CHANNELS FREE!!! ONLY $39.95!!!

This is NOT spam. Under Bill S.1618 TITLE III this letter cannot be considered spam.
To be removed from our list, reply with REMOVE in the subject line.`;

Deno.test("mail features: a discussion's structure against mass mail's marks", () => {
  const list = featureNames("Re: [fork] pills", LIST_POST);
  for (const f of ["attribution_line", "list_footer:tail", "quoted_share:some"]) {
    assert.ok(
      list.includes(f),
      `${f} in ${list.filter((x) => !x.includes(":") || x.startsWith("b")).join(" ")}`,
    );
  }
  assert.ok(!list.includes("mass:remove_by_reply"));
  const mass = featureNames("FREE CABLE", MASS_MAIL);
  for (const f of ["mass:remove_by_reply", "mass:not_spam_claim"]) assert.ok(mass.includes(f), f);
  // The share of capitals, '!' and currency signs is marketing style, not spam intent.
  for (const f of [...list, ...mass]) {
    assert.ok(!/^body_(?:caps|excl|money)|^body:excl_run/.test(f), f);
  }
  assert.ok(!mass.includes("list_footer:tail"));
  const patch = featureNames(
    "[PATCH] fix",
    "--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n-  if (a > b)\n+  if (a >= b)\n   return 0;\n\nSigned-off-by: A",
  );
  assert.ok(patch.some((f) => f.startsWith("code_lines:")), patch.join(" "));
});

Deno.test("check 11: phrases count half in a discussion, in full elsewhere", () => {
  assert.ok(isDiscussion(LIST_POST));
  assert.ok(!isDiscussion(MASS_MAIL));
  const inList = scoreContent("Re: [fork] pills", LIST_POST);
  assert.ok(inList.score < FLAG_SCORE, JSON.stringify(inList));
  assert.ok(inList.rules.some((r) => r.endsWith("(in a discussion)")));
  const bare = scoreContent("pills", "Viagra and porn, cheap, order now");
  assert.ok(bare.score >= FLAG_SCORE, JSON.stringify(bare));
  // The list post passes check 12 too.
  const v = new BuiltinClassifier().classifySync({
    from: "",
    to: "",
    subject: "Re: [fork] pills",
    text: LIST_POST,
    html: null,
  });
  assert.equal(v.spam, false, v.detail ?? "");
});

Deno.test("mail split: held-out is exactly splitOf's, calibration twice as large", () => {
  const items = buildMailCorpus();
  let cal = 0, oldCal = 0;
  for (const it of items) {
    assert.equal(mailSplitOf(it.family) === "heldout", splitOf(it.family) === "heldout", it.family);
    if (mailSplitOf(it.family) === "calibration") cal++;
    if (splitOf(it.family) === "calibration") oldCal++;
  }
  assert.ok(cal > 1.6 * oldCal, `${cal} vs ${oldCal}`);
});

Deno.test("mail probe: at least 150 items, every probe text folded into its corpus kind", () => {
  const texts = Object.values(MAIL_FRESH_KINDS).flat();
  assert.ok(texts.length * 3 >= 150, `${texts.length} texts`);
  for (const [kind, ts] of Object.entries(MAIL_FRESH_KINDS)) {
    const k = MAIL_KINDS.find((x) => x.kind === kind);
    assert.ok(k, kind);
    for (const t of ts) assert.ok(k.texts.includes(t), `${kind}: ${t.slice(0, 40)}`);
  }
});
