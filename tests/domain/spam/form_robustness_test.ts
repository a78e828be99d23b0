/**
 * Issue 13 phase 4: what a real site owner meets every week stays legitimate
 * as forms/submit decides (the judge: model, rules, hard evidence), whatever
 * the visitor object says; and the feature fixes behind it.
 */
import assert from "node:assert/strict";
import { judgeForm, nearDuplicateSpread } from "../../../domain/spam/form_judge.ts";
import { submitterAddress } from "../../../domain/forms/addresses.ts";
import { formFeatures, roleOf } from "../../../domain/spam/model/form_features.ts";
import { BUCKETS } from "../../../domain/spam/model/hashing.ts";
import { prefixOf } from "../../../domain/spam/model/text_features.ts";
import { NamedSink } from "../../../domain/spam/model/vector.ts";
import { nearDuplicateBands } from "../../../domain/spam/near_duplicates.ts";
import type { Sighting } from "../../../domain/spam/store.ts";
import { ROBUST_CASES } from "./form_robustness_cases.ts";

const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const UA_PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

function judge(
  site: string,
  fields: Record<string, string>,
  visitor: { user_agent: string; referrer: string | null } | null,
) {
  return judgeForm({
    fields,
    visitor,
    submitterEmail: submitterAddress(fields),
    siteDomain: site,
    siteId: "site-1",
    ip: null,
    duplicateElsewhere: false,
    identities: [],
    memory: null,
  });
}

Deno.test("everyday legitimate submissions score under 30 with a referrer, without one, and with no visitor object", () => {
  const failures: string[] = [];
  for (const [name, c] of Object.entries(ROBUST_CASES)) {
    const ua = c.phone ? UA_PHONE : UA;
    const page = c.referrer === null ? null : `https://${c.site}${c.referrer ?? "/contact"}`;
    const visitors = [{ user_agent: ua, referrer: page }, { user_agent: ua, referrer: null }, null];
    for (const v of visitors) {
      const r = judge(c.site, c.fields, v);
      if (r.score >= 30) failures.push(`${name} (${JSON.stringify(v)}): ${JSON.stringify(r)}`);
    }
  }
  assert.deepEqual(failures, []);
});

Deno.test("the same customer sending the same message twice from one IP is no near-duplicate", () => {
  const c = ROBUST_CASES.very_long_message;
  const bands = nearDuplicateBands(c.fields);
  assert.equal(bands.length, 8);
  const seen: Sighting[] = [
    { ip: "198.51.100.7", site: "site-1", at: Date.now() - 60_000, id: "first" },
  ];
  const memory = {
    sightings: bands.map(() => seen),
    marks: [],
    reporters: bands.map(() => []),
    fields: [],
  };
  assert.deepEqual(nearDuplicateSpread(memory, "198.51.100.7", "site-1"), {
    sources: 1,
    sites: 1,
    ips: 1,
  });
  const r = judgeForm({
    fields: c.fields,
    visitor: { user_agent: UA, referrer: `https://${c.site}/contact` },
    submitterEmail: submitterAddress(c.fields),
    siteDomain: c.site,
    siteId: "site-1",
    ip: "198.51.100.7",
    duplicateElsewhere: false,
    identities: [],
    memory,
  });
  assert.ok(r.score < 30, JSON.stringify(r));
  assert.ok(!r.reasons.some((x) => x.rule.startsWith("near_duplicate")));
});

Deno.test("a field whose name says nothing holding a person's name is a name, not text", () => {
  for (const v of ["Victoria Hill", "Mary-Jane O'Neil", "Дмитрий Соколов", "王伟", "김민준"]) {
    assert.equal(roleOf("input_1", v), "name", v);
    assert.equal(roleOf("wpforms[fields][1]", v), "name", v);
  }
  // One capitalised word, a sentence, a long Chinese subject: still text.
  for (const v of ["Hello", "Hi, can I book?", "书法课咨询", "Price?"]) {
    assert.notEqual(roleOf("input_4", v), "name", v);
  }
  // A field named for its role keeps it.
  assert.equal(roleOf("your-subject", "Quote Request"), "subject");
});

Deno.test("a link to a page of the site is told apart from one to its front page", () => {
  const names = (message: string) => {
    const sink = new NamedSink(new Float32Array(BUCKETS), prefixOf);
    formFeatures(sink, {
      fields: { name: "Kevin Doyle", email: "kevin@gmail.com", message },
      site: { domain: "oakleafbakery.co.uk" },
    });
    return sink.contributions().map((c) => c.feature);
  };
  const page = names("Still in stock? https://www.oakleafbakery.co.uk/shop/rye?utm_source=ig");
  assert.ok(page.includes("link:own_site") && page.includes("link:own_site:page"));
  assert.ok(!page.includes("link:own_site:front"));
  for (const front of ["I visited oakleafbakery.co.uk today", "https://oakleafbakery.co.uk/"]) {
    const n = names(front);
    assert.ok(n.includes("link:own_site:front") && !n.includes("link:own_site:page"), front);
  }
});
