import assert from "node:assert/strict";
import { scoreEmail, scoreFormSubmission } from "../../../domain/spam/model/scorer.ts";
import { LEGIT_HARD_CASES, LEGIT_MAIL, OBVIOUS_SPAM, SPAM_MAIL } from "./model_cases.ts";

for (const [name, s] of Object.entries(LEGIT_HARD_CASES)) {
  Deno.test(`form model: the legitimate hard case "${name}" scores under 30`, () => {
    const r = scoreFormSubmission(s);
    assert.ok(r.score < 30, `${name} scored ${r.score}`);
    assert.equal(r.classification, "legitimate");
  });
}

for (const [name, s] of Object.entries(OBVIOUS_SPAM)) {
  Deno.test(`form model: obvious spam "${name}" scores 60 or more`, () => {
    const r = scoreFormSubmission(s);
    assert.ok(r.score >= 60, `${name} scored ${r.score}`);
    assert.equal(r.classification, "spam");
  });
}

for (const [name, e] of Object.entries(LEGIT_MAIL)) {
  Deno.test(`mail model: legitimate "${name}" scores under 30`, () => {
    const r = scoreEmail(e);
    assert.ok(r.score < 30, `${name} scored ${r.score}`);
  });
}

for (const [name, e] of Object.entries(SPAM_MAIL)) {
  Deno.test(`mail model: spam "${name}" scores 60 or more`, () => {
    const r = scoreEmail(e);
    assert.ok(r.score >= 60, `${name} scored ${r.score}`);
  });
}

Deno.test("form model: the same submission always scores the same, whatever the key order", () => {
  const s = LEGIT_HARD_CASES.german;
  const reordered = { ...s, fields: Object.fromEntries(Object.entries(s.fields).reverse()) };
  assert.deepEqual(scoreFormSubmission(s), scoreFormSubmission(structuredClone(s)));
  assert.equal(scoreFormSubmission(s).score, scoreFormSubmission(reordered).score);
});

Deno.test("form model: odd input does not throw (no fields, non-string values, huge values)", () => {
  assert.ok(scoreFormSubmission({ fields: {} }).score >= 0);
  assert.ok(
    scoreFormSubmission({ fields: { a: 1 as unknown as string, b: "x".repeat(200_000) } }).score >=
      0,
  );
  assert.ok(
    scoreFormSubmission({ fields: { message: "hi" }, visitor: null, site: null }).score >= 0,
  );
  assert.ok(scoreEmail({ subject: "", text: null, html: "<a href=>".repeat(10_000) }).score >= 0);
});
