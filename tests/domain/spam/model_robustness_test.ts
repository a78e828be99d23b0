/**
 * Hostile bodies cost time in proportion to their length: 1 MB of one word,
 * of glued URLs, of punctuation, of spaces, of "<a " (an unclosed tag), of
 * "a-a-a-", of mixed scripts, ... through every judge that reads a body (both
 * models, forms/submit's rules and judgement, check 11's content rules, check
 * 12's built-in verdict, the MinHash bands). No timing assertion: before the
 * fix each of several shapes cost minutes (quadratic regular expressions), so
 * the test runner's total time is the guard.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { scoreEmail, scoreFormSubmission } from "../../../domain/spam/model/scorer.ts";
import { judgeForm } from "../../../domain/spam/form_judge.ts";
import { BuiltinClassifier } from "../../../domain/spam/classifier.ts";
import { nearDuplicateBands } from "../../../domain/spam/near_duplicates.ts";
import { scoreContent } from "../../../domain/spam/mail_score.ts";
import { countHomoglyphWords } from "../../../domain/spam/text.ts";
import { textWithoutAddresses } from "../../../domain/spam/model/mail_features.ts";

const MB = 1_000_000;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

/** Shapes that once made a feature regex rescan the rest of the input from every character. */
export const ADVERSARIAL_BODIES: Record<string, string> = {
  "one word": fill("a"),
  "glued URLs": fill("http://x.example/"),
  "URLs with spaces": fill("https://example.com/a?b=c "),
  "punctuation": fill("!?.,;:-"),
  "spaces": fill(" "),
  "host-like a.a.a.": fill("a."),
  "hyphens a-a-a-": fill("a-"),
  "unclosed tags": fill("<a "),
  "unclosed comments": fill("<!--"),
  "at signs": fill("a@"),
  "Latin and Cyrillic in one word": fill("aа"),
  "Chinese without spaces": fill("中文"),
  "quoted lines": fill(">\n"),
  "spintax openers": fill("{a|"),
};

const builtin = new BuiltinClassifier();

for (const [shape, body] of Object.entries(ADVERSARIAL_BODIES)) {
  Deno.test(`a 1 MB body of ${shape} is judged in linear time by every judge`, () => {
    const mail = scoreEmail({ subject: "Hello", text: body });
    assert.ok(mail.score >= 0 && mail.score <= 100);
    assert.ok(scoreEmail({ subject: "Hello", html: body }).score >= 0);
    assert.ok(scoreContent("Hello", body).score >= 0);
    const verdict = builtin.classifySync({
      from: "a@example.com",
      to: "b@example.org",
      subject: "Hello",
      text: body,
      html: body,
    });
    assert.equal(typeof verdict.spam, "boolean");
    const fields = { "your-name": body, "your-email": body, "your-message": body, website: body };
    assert.ok(scoreFormSubmission({ fields, site: { domain: "example.com" } }).score >= 0);
    const judged = judgeForm({
      fields,
      visitor: { user_agent: body, referrer: body },
      submitterEmail: null,
      siteDomain: "example.com",
      siteId: "robustness",
      ip: "192.0.2.1",
      duplicateElsewhere: false,
      identities: [],
      memory: null,
    });
    assert.ok(judged.score >= 0 && judged.score <= 100);
    assert.equal(nearDuplicateBands({ message: body }).length >= 0, true);
  });
}

// The regular expressions the linear code replaced: same answers on short texts.
const OLD_HOMOGLYPH =
  /(?=[\p{L}]*\p{Script=Latin})(?=[\p{L}]*[\p{Script=Cyrillic}\p{Script=Greek}])[\p{L}]{3,}/gu;
const OLD_COMPACT = /\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+/gi;
const alphabet = fc.constantFrom(..."aZа Жπ.@:/-_(>\nhtpsw1".split(""), "http://", "www.", "é");
const shortText = fc.array(alphabet, { maxLength: 40 }).map((a) => a.join(""));

Deno.test("the linear rewrites say the same as the regular expressions they replaced", () => {
  assert.equal(countHomoglyphWords("pаypal and аpple, ok ab аb"), 2);
  assert.equal(
    textWithoutAddresses("Visit (https://github.com/x) or mail a@b.com, see:www.x.org now"),
    "Visit ( or mail see: now",
  );
  const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  fc.assert(
    fc.property(shortText, (s) => {
      assert.equal(countHomoglyphWords(s), (s.match(OLD_HOMOGLYPH) ?? []).length);
      assert.equal(compact(textWithoutAddresses(s)), compact(s.replace(OLD_COMPACT, " ")));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("mail model: a body of one letter repeated (a junk or test body) is not refused for its length", () => {
  // Each occurrence of a character n-gram is worth 1/sqrt(n): one n-gram
  // repeated over the 2,500 characters read weighed about 29 times its weight,
  // and "t" x 500,000 scored 96 with weights trained on real mail.
  for (const letter of "abcdefghijklmnopqrstuvwxyz") {
    for (const n of [10, 5_000, 500_000]) {
      const r = scoreEmail({ subject: "Hello", text: letter.repeat(n), html: null });
      assert.ok(r.score < 30, `${letter} x ${n}: ${r.score}`);
    }
  }
});
