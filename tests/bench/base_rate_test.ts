/**
 * The base-rate simulation (bench/lib/base_rate.ts), small: a day of a
 * 1,000-site service's stock-phrased legitimate traffic through the real
 * judgement and memory, then one outreach text from 25 IPs to 25 sites. The
 * full 10,000-site day: `deno run -A bench/spam_base_rate.ts` (docs/spam.md).
 */
import assert from "node:assert/strict";
import { simulate } from "../../bench/lib/base_rate.ts";

Deno.test("a day of 1,000 sites' ordinary traffic: at most 0.1 % judged spam, none on sameness; the campaign is caught", () => {
  const r = simulate({ sites: 1_000, seed: 7, samples: 5 });
  assert.ok(r.legitimate > 5_000, `${r.legitimate} messages`);
  assert.ok(r.multiSenders > 100, "people writing to several businesses are in the traffic");
  // Sameness and the learned honeypot take no ordinary message for spam.
  assert.equal(r.spamBySameness, 0, JSON.stringify(r.samples));
  assert.equal(r.spamByHoneypot, 0, JSON.stringify(r.samples));
  // The content model too: a content-poor letter ("Dear Sir or Madam, ...
  // Looking forward to hearing from you.") is legitimate (0 of about 100,000 on
  // a 10,000-site day, docs/spam.md); the bar is 0.1 %.
  assert.ok(r.falsePositiveRate <= 0.001, JSON.stringify(r));
  assert.ok(r.campaign.spam >= 20, JSON.stringify(r.campaign));
  assert.ok(r.campaign.bySameness >= 20, JSON.stringify(r.campaign));
});
