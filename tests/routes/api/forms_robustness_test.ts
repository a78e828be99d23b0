/**
 * Issue 13 phase 4 through the real endpoint (in-memory KV): everyday
 * legitimate submissions (a link to the site's own page, a phone number and
 * an address, order numbers, HTML entities, emoji, a very long message, "Hi",
 * names in other scripts, an email-only newsletter sign-up, ...) are stored
 * as legitimate, and the same customer sending the same message twice from
 * one IP is not a near-duplicate.
 */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import {
  BROWSER_UA,
  storedSubmission as stored,
  submit,
  withFormsService as withService,
} from "../../helpers/forms.ts";
import { ROBUST_CASES } from "../../domain/spam/form_robustness_cases.ts";

Deno.test("everyday legitimate submissions are stored as legitimate through forms/submit", async () => {
  await withService(async (svc) => {
    const sites = new Map<string, { key: string }>();
    const failures: string[] = [];
    let n = 0;
    for (const [name, c] of Object.entries(ROBUST_CASES)) {
      if (!sites.has(c.site)) sites.set(c.site, await seedSite(svc, { site: { domain: c.site } }));
      const page = c.referrer === null ? null : `https://${c.site}${c.referrer ?? "/contact"}`;
      const r = await submit(svc, sites.get(c.site)!.key, {
        form_id: 1,
        fields: c.fields,
        visitor: { ip: `198.51.100.${++n}`, user_agent: BROWSER_UA, referrer: page },
      });
      assert.equal(r.status, 200, r.text);
      const s = await stored(svc, r.body.id);
      if (s.spam_score >= 30 || s.classification !== "legitimate") {
        failures.push(`${name}: ${s.spam_score} ${JSON.stringify(s.spam_reasons)}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});

Deno.test("the same customer sending the same message twice from one IP stays legitimate", async () => {
  await withService(async (svc) => {
    const c = ROBUST_CASES.very_long_message;
    const site = await seedSite(svc, { site: { domain: c.site } });
    const body = {
      form_id: 1,
      fields: c.fields,
      visitor: {
        ip: "203.0.113.40",
        user_agent: BROWSER_UA,
        referrer: `https://${c.site}/contact`,
      },
    };
    for (let i = 0; i < 2; i++) {
      const r = await submit(svc, site.key, body);
      assert.equal(r.status, 200, r.text);
      const s = await stored(svc, r.body.id);
      assert.ok(s.spam_score < 30, JSON.stringify(s));
      assert.equal(s.classification, "legitimate");
      assert.ok(
        !s.spam_reasons.some((x) => x.rule.startsWith("near_duplicate")),
        JSON.stringify(s),
      );
    }
  });
});
