/**
 * The bench's generated submissions must read as distinct texts to the
 * near-duplicate rule, or a long run answers a growing share as a campaign
 * (docs/performance.md, Phase 5).
 */
import assert from "node:assert/strict";
import { bandShare } from "../../bench/lib/band_share.ts";
import { message, submissionBody } from "../../bench/lib/messages.ts";
import { judgeSubmission } from "../../domain/spam/form_judge.ts";

Deno.test("the bench's messages: few meet an earlier one's band key, and none repeats", () => {
  const shares = bandShare(40_000);
  assert.ok(shares.every((s) => s < 0.002), `shares per 20,000: ${shares.join(", ")}`);
  const texts = new Set(Array.from({ length: 5_000 }, (_, i) => message(i)));
  assert.equal(texts.size, 5_000);
  assert.equal(submissionBody(3, "example.com").fields.message, message(3));
});

Deno.test("the bench's messages: the content rules alone take almost none for spam", () => {
  let spam = 0;
  for (let i = 0; i < 5_000; i++) {
    const b = submissionBody(i, "site.example");
    const r = judgeSubmission({
      fields: b.fields,
      visitor: b.visitor,
      submitterEmail: b.fields.email,
      siteDomain: "site.example",
      siteId: "s",
      ip: b.visitor.ip,
      duplicateElsewhere: false,
      identities: [],
      memory: null,
    });
    if (r.classification === "spam") spam++;
  }
  assert.ok(spam <= 15, `${spam} of 5,000 judged spam`);
});
