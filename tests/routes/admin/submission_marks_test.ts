/**
 * The site owner's marks (issue 13): POST /admin/api/v1/submissions/{id}/spam
 * and /ham count for that account's later submissions only, keep the record
 * as it was, and three accounts' marks on near-duplicate text list it for all.
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { BROWSER_UA, startFormsService, submit } from "../../helpers/forms.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";

type Stored = {
  spam_score: number;
  classification: string;
  spam_reasons: { rule: string }[];
  mark: string | null;
};

async function withService(fn: (svc: TestService) => Promise<void>, clock?: ManualClock) {
  const svc = await startFormsService({ runJobs: false, ...(clock && { clock }) });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

const PITCH = "Hi, we are an agency and would like to discuss a possible partnership.";
const ORDER = "Hi, could you send me a quote for two tables and four chairs? Thanks!";
// Other texts for the other account's site: the same text at two sites is near-duplicate spam.
const ORDER_2 = "Good afternoon, do you deliver to Leeds, and how long would the delivery take?";
const PITCH_2 =
  "Hi, I am interested in your services for my business, can we talk about marketing?";

function body(
  domain: string,
  sender: { name: string; email: string; ip: string },
  message: string,
) {
  return {
    form_id: 1,
    fields: { name: sender.name, email: sender.email, message },
    visitor: { ip: sender.ip, user_agent: BROWSER_UA, referrer: `https://${domain}/contact` },
  };
}

async function send(
  svc: TestService,
  site: { key: string; domain: string },
  ...rest: [
    { name: string; email: string; ip: string },
    string,
  ]
): Promise<{ id: string } & Stored> {
  const r = await submit(svc, site.key, body(site.domain, ...rest));
  assert.equal(r.status, 200, r.text);
  const s = (await svc.admin("GET", `/submissions/${r.body.id}`)).body as Stored;
  return { id: r.body.id as string, ...s };
}

Deno.test("marks move later scores for that account only", async () => {
  await withService(async (svc) => {
    const mine = await seedSite(svc);
    const other = await seedSite(svc); // another account
    const pusher = { name: "Tom Reed", email: "tom@growth-partners.example", ip: "192.0.2.7" };
    const client = { name: "Ann Lee", email: "ann@lee-studio.example", ip: "192.0.2.8" };

    // Twice spam: the sender is blocked for this account, even with an ordinary text.
    for (const text of [PITCH, `${PITCH} Best regards`]) {
      const s = await send(svc, mine, pusher, text);
      const m = await svc.admin("POST", `/submissions/${s.id}/spam`);
      assert.equal(m.status, 200, m.text);
      assert.equal(m.body.mark, "spam");
      assert.equal(m.body.spam_score, s.spam_score, "the record keeps its original score");
    }
    const blocked = await send(svc, mine, pusher, ORDER);
    assert.ok(blocked.spam_score >= 60, JSON.stringify(blocked));
    assert.ok(blocked.spam_reasons.some((r) => r.rule.startsWith("blocked_by_owner")));
    const elsewhere = await send(svc, other, pusher, ORDER_2);
    assert.ok(elsewhere.spam_score < 30, JSON.stringify(elsewhere));

    // Twice ham: the sender is trusted by this account, not by the other.
    const first = await send(svc, mine, client, PITCH);
    assert.ok(first.spam_score >= 30, JSON.stringify(first));
    for (const id of [first.id, (await send(svc, mine, client, `${PITCH} Kind regards`)).id]) {
      assert.equal((await svc.admin("POST", `/submissions/${id}/ham`)).status, 200);
    }
    const trusted = await send(svc, mine, client, `${PITCH} Thanks`);
    assert.ok(trusted.spam_score < 30, JSON.stringify(trusted));
    assert.ok(trusted.spam_reasons.some((r) => r.rule === "trusted_by_owner"));
    const stranger = await send(svc, other, client, PITCH_2);
    assert.ok(stranger.spam_score >= 30, JSON.stringify(stranger));
  });
});

Deno.test("a mark is kept beside the record, counted once, and can be changed", async () => {
  await withService(async (svc) => {
    const site = await seedSite(svc);
    const sender = { name: "Kim Park", email: "kim@park-design.example", ip: "192.0.2.20" };
    const s = await send(svc, site, sender, PITCH);
    assert.equal(s.mark, null);
    // The same mark twice counts once: one more spam mark is not "twice".
    assert.equal((await svc.admin("POST", `/submissions/${s.id}/spam`)).status, 200);
    assert.equal((await svc.admin("POST", `/submissions/${s.id}/spam`)).status, 200);
    const after = await send(svc, site, sender, ORDER);
    assert.ok(!after.spam_reasons.some((r) => r.rule.startsWith("blocked_by_owner")));
    // Changed to ham: the record still holds the original score and classification.
    const ham = await svc.admin("POST", `/submissions/${s.id}/ham`);
    assert.equal(ham.body.mark, "ham");
    assert.equal(ham.body.spam_score, s.spam_score);
    assert.equal(ham.body.classification, s.classification);
    const list = await svc.admin("GET", `/sites/${site.siteId}/submissions`);
    const listed = list.body.items as { id: string; mark: string | null }[];
    assert.equal(listed.find((x) => x.id === s.id)!.mark, "ham");
    assert.equal(listed.find((x) => x.id === after.id)!.mark, null);
    const missing = await svc.admin(
      "POST",
      "/submissions/0190c0de-0000-7000-8000-000000000000/spam",
    );
    assert.equal(missing.status, 404);
  });
});

const CAMPAIGN =
  "Dear owner, we buy small businesses like yours for cash within thirty days, no broker fees, fully confidential. Reply with your annual revenue to get an offer.";

Deno.test("near-duplicate text marked spam by three accounts is spam for every account", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 9, 0));
  await withService(async (svc) => {
    for (let i = 0; i < 3; i++) {
      const site = await seedSite(svc);
      const sender = {
        name: `Dan ${i}`,
        email: `dan${i}@buyers${i}.example`,
        ip: `192.0.2.${30 + i}`,
      };
      const s = await send(svc, site, sender, `${CAMPAIGN}${i === 1 ? " Thanks." : ""}`);
      assert.equal((await svc.admin("POST", `/submissions/${s.id}/spam`)).status, 200);
      // Hours later: sightings have expired, only the reports remain.
      clock.set(clock.now() + 7 * 3600_000);
    }
    const fourth = await seedSite(svc);
    const s = await send(
      svc,
      fourth,
      { name: "Dan", email: "dan@buyers9.example", ip: "192.0.2.39" },
      `Hello, ${CAMPAIGN}`,
    );
    assert.ok(s.spam_score >= 60, JSON.stringify(s));
    assert.ok(s.spam_reasons.some((r) => r.rule.startsWith("reported_by_accounts")));
  }, clock);
});
