/**
 * The bench's generated submissions must read as distinct texts to the
 * near-duplicate rule, or a long run answers a growing share as a campaign
 * (docs/performance.md, Phase 5).
 */
import assert from "node:assert/strict";
import { bandShare } from "../../bench/lib/band_share.ts";
import { message, submissionBody } from "../../bench/lib/messages.ts";

Deno.test("the bench's messages: few meet an earlier one's band key, and none repeats", () => {
  const shares = bandShare(40_000);
  assert.ok(shares.every((s) => s < 0.002), `shares per 20,000: ${shares.join(", ")}`);
  const texts = new Set(Array.from({ length: 5_000 }, (_, i) => message(i)));
  assert.equal(texts.size, 5_000);
  assert.equal(submissionBody(3, "example.com").fields.message, message(3));
});
