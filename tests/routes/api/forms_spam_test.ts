/**
 * forms/submit judged by the trained model, hard evidence and near-duplicates
 * (issue 13): through the real endpoint, in-memory KV.
 */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import {
  BROWSER_UA,
  type StoredSubmission,
  storedSubmission as stored,
  submit,
  withFormsService as withService,
} from "../../helpers/forms.ts";
import { LEGIT_HARD_CASES } from "../../domain/spam/model_cases.ts";

Deno.test("each legitimate hard case of issue 13 scores under 30 through forms/submit", async () => {
  await withService(async (svc) => {
    const sites = new Map<string, { key: string }>();
    let n = 0;
    const failures: string[] = [];
    for (const [name, c] of Object.entries(LEGIT_HARD_CASES)) {
      const domain = c.site!.domain!;
      if (!sites.has(domain)) sites.set(domain, await seedSite(svc, { site: { domain } }));
      const r = await submit(svc, sites.get(domain)!.key, {
        form_id: 1,
        fields: c.fields,
        visitor: { ...c.visitor, ip: `198.51.100.${++n}` },
      });
      assert.equal(r.status, 200, r.text);
      const s = await stored(svc, r.body.id);
      if (s.spam_score >= 30) {
        failures.push(`${name}: ${s.spam_score} ${JSON.stringify(s.spam_reasons)}`);
      } else assert.equal(s.classification, "legitimate");
    }
    assert.deepEqual(failures, []);
  });
});

const CAMPAIGN = [
  "Hello, I noticed your website is not ranking on the first page of Google for your main keywords. Our team can fix that within 30 days with a proven SEO plan at a fixed monthly price. Reply to get a free audit.",
  "Hi, I noticed your website is not ranking on the first page of Google for your main keywords. Our team can fix that within 30 days with a proven SEO plan at a fixed monthly price. Reply for a free audit today.",
  "Hello there, I noticed your website is not ranking on the first page of Google for your main keywords. Our team can fix that within 30 days with a proven SEO plan at a fixed monthly price. Reply to get a free audit.",
];

function campaignBody(domain: string, i: number, ip: string) {
  return {
    form_id: 1,
    fields: {
      name: ["Jenny Cole", "Mark Stone", "Lisa Wright"][i % 3],
      email: [`jenny${i}@outlook.com`, `mark${i}@gmail.com`, `lisa${i}@yahoo.com`][i % 3],
      message: CAMPAIGN[i % 3],
    },
    visitor: { ip, user_agent: BROWSER_UA, referrer: `https://${domain}/contact` },
  };
}

Deno.test("near-duplicates from one IP, or from several IPs to one site, are no sameness evidence", async () => {
  await withService(async (svc) => {
    // One IP sending almost the same text three times to one site: one source.
    const one = await seedSite(svc);
    const sameIp: StoredSubmission[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await submit(svc, one.key, campaignBody(one.domain, i, "203.0.113.9"));
      sameIp.push(await stored(svc, r.body.id));
    }
    for (const s of sameIp) {
      assert.ok(
        !s.spam_reasons.some((r) => r.rule.startsWith("near_duplicate")),
        JSON.stringify(s),
      );
    }
  });
  await withService(async (svc) => {
    // The same wording from three IPs to one site: visitors of one site share
    // wordings; sameness needs several sites.
    const site = await seedSite(svc);
    for (let i = 0; i < 3; i++) {
      const r = await submit(svc, site.key, campaignBody(site.domain, i, `192.0.2.${10 + i}`));
      const s = await stored(svc, r.body.id);
      assert.ok(
        !s.spam_reasons.some((x) => x.rule.startsWith("near_duplicate")),
        JSON.stringify(s),
      );
    }
  });
});

Deno.test("a near-duplicate from one IP at a second site is one person: no sameness evidence", async () => {
  await withService(async (svc) => {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    await submit(svc, a.key, campaignBody(a.domain, 0, "192.0.2.50"));
    const r = await submit(svc, b.key, campaignBody(b.domain, 1, "192.0.2.50"));
    const s = await stored(svc, r.body.id);
    assert.ok(!s.spam_reasons.some((x) => x.rule.startsWith("near_duplicate")), JSON.stringify(s));
  });
});

Deno.test("a near-duplicate from five IPs at five sites is a campaign: hard evidence from the fifth on", async () => {
  await withService(async (svc) => {
    const judged: StoredSubmission[] = [];
    for (let i = 0; i < 6; i++) {
      const site = await seedSite(svc);
      // One wording (names and addresses vary): every copy shares all its bands.
      const r = await submit(svc, site.key, campaignBody(site.domain, 3 * i, `192.0.2.${60 + i}`));
      judged.push(await stored(svc, r.body.id));
    }
    const campaign = (s: StoredSubmission) =>
      s.spam_reasons.some((x) => x.rule.startsWith("near_duplicate_campaign"));
    assert.ok(!judged.slice(0, 4).some(campaign), JSON.stringify(judged[3]));
    assert.ok(
      judged[4].spam_reasons.some((x) => x.rule === "near_duplicate_campaign (5 sources, 5 sites)"),
      JSON.stringify(judged[4]),
    );
    for (const s of judged.slice(4)) {
      assert.ok(campaign(s) && s.spam_score >= 70, JSON.stringify(s));
      assert.equal(s.classification, "spam");
    }
  });
});

Deno.test("hard evidence alone passes 60: a filled honeypot, a known bot user agent", async () => {
  await withService(async (svc) => {
    const { key, domain } = await seedSite(svc);
    const fields = {
      name: "Maria Gonzalez",
      email: "maria.gonzalez@example.org",
      message: "Hi, could you send me a quote for two tables? Thanks!",
    };
    const visitor = { user_agent: BROWSER_UA, referrer: `https://${domain}/contact` };
    const honeypot = await submit(svc, key, {
      form_id: 1,
      fields: { ...fields, "hp-website": "x" },
      visitor,
    });
    const bot = await submit(svc, key, {
      form_id: 1,
      fields: { ...fields, message: "Hi, do you deliver on Saturdays too?" },
      visitor: { ...visitor, user_agent: "python-requests/2.31" },
    });
    const plain = await submit(svc, key, {
      form_id: 1,
      fields: { ...fields, message: "Hello, is the shop open on Sunday?" },
      visitor,
    });
    assert.ok((await stored(svc, honeypot.body.id)).spam_score >= 60);
    assert.ok((await stored(svc, bot.body.id)).spam_score >= 60);
    assert.ok((await stored(svc, plain.body.id)).spam_score < 30);
  });
});
