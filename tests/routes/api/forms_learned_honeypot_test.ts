/**
 * Learned honeypots: a field that a form's legitimate submissions always
 * leave empty is the site's own honeypot once LEARNED_HONEYPOT_AFTER of them
 * had it. Filling it with what a machine puts in every field (a link, an
 * address, another field's value) is hard evidence when the text is
 * suspicious anyway or two such fields are filled; a person filling a rare
 * optional field (a website, a company) with an ordinary message stays
 * legitimate. Through POST /forms/submit, in-memory KV.
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { BROWSER_UA, startFormsService, submit } from "../../helpers/forms.ts";
import { LEARNED_HONEYPOT_AFTER } from "../../../domain/spam/form_judge.ts";
import { readsOf } from "../../helpers/kv_reads.ts";

type Stored = { spam_score: number; classification: string; spam_reasons: { rule: string }[] };

const QUESTIONS = [
  "Open on Sunday?",
  "Do you deliver?",
  "Table for four tonight?",
  "Parking nearby?",
  "Gift vouchers available?",
  "Is it dog friendly?",
  "Vegan options?",
  "Still hiring?",
];

let ipSeq = 0;
function body(domain: string, formId: number, i: number, hidden: string, second = "") {
  ipSeq++;
  return {
    form_id: formId,
    fields: {
      "your-name": ["Ann Miller", "Tom Baker", "Sara Lopez", "Ben Young"][i % 4],
      "your-email": `guest${i}@example.org`,
      "your-message": QUESTIONS[i % QUESTIONS.length],
      "field_7b": hidden,
      "field_9d": second,
    },
    visitor: {
      ip: `198.51.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`,
      user_agent: BROWSER_UA,
      referrer: `https://${domain}/contact`,
    },
  };
}

async function send(
  svc: TestService,
  key: string,
  b: ReturnType<typeof body>,
): Promise<Stored> {
  const r = await submit(svc, key, b);
  assert.equal(r.status, 200, r.text);
  return (await svc.admin("GET", `/submissions/${r.body.id}`)).body as Stored;
}

const learned = (s: Stored) => s.spam_reasons.some((r) => r.rule.startsWith("learned_honeypot ("));

Deno.test("a field the form's legitimate submissions always leave empty becomes hard evidence", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const site = await seedSite(svc);
    for (let i = 0; i < LEARNED_HONEYPOT_AFTER; i++) {
      const s = await send(svc, site.key, body(site.domain, 1, i, ""));
      assert.equal(s.classification, "legitimate", JSON.stringify(s));
    }
    // A bot fills every field, both hidden ones too (with a link, a copy of
    // another field, an address): an ordinary text otherwise.
    for (const hidden of ["https://cheap-links.example/x", "Ben Young", "guest99@example.org"]) {
      const bot = await send(svc, site.key, body(site.domain, 1, 99, hidden, hidden));
      assert.ok(learned(bot), JSON.stringify(bot));
      assert.ok(bot.spam_score >= 70, JSON.stringify(bot));
      assert.equal(bot.classification, "spam");
      assert.ok(bot.spam_reasons.some((r) => r.rule === "learned_honeypot (field_7b, field_9d)"));
    }
    // One such field with a link and a suspicious text: hard evidence.
    const pitch = body(site.domain, 1, 97, "https://cheap-links.example/x");
    pitch.fields["your-message"] =
      "We offer guaranteed first page Google rankings and cheap backlinks, reply now for a discount";
    const seo = await send(svc, site.key, pitch);
    assert.ok(
      seo.spam_reasons.some((r) => r.rule === "learned_honeypot (field_7b)"),
      JSON.stringify(seo),
    );
    assert.equal(seo.classification, "spam");
    // A person putting their own website in a rare optional field, with an
    // ordinary message: listed, not evidence.
    const site7b = await send(
      svc,
      site.key,
      body(site.domain, 1, 96, "https://www.millerbakery.com"),
    );
    assert.ok(!learned(site7b), JSON.stringify(site7b));
    assert.ok(site7b.spam_reasons.some((r) => r.rule === "learned_honeypot_filled (field_7b)"));
    assert.equal(site7b.classification, "legitimate");
    // A person filling an optional field nobody used before, with an ordinary value and an
    // ordinary message, stays legitimate: losing a customer is worse than one spam.
    const person = await send(svc, site.key, body(site.domain, 1, 98, "Acme Bakery Ltd"));
    assert.ok(!learned(person), JSON.stringify(person));
    assert.equal(person.classification, "legitimate");
    // The same field on another form of the site has not been learned.
    const other = await send(svc, site.key, body(site.domain, 2, 5, "Ann Miller"));
    assert.ok(!learned(other), JSON.stringify(other));
  } finally {
    await svc.close();
  }
});

Deno.test("before enough legitimate submissions, or once one filled it, the field proves nothing", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const site = await seedSite(svc);
    for (let i = 0; i < LEARNED_HONEYPOT_AFTER - 1; i++) {
      await send(svc, site.key, body(site.domain, 1, i, ""));
    }
    // Too early: one short of the count. A person filled it (an optional field).
    const early = await send(svc, site.key, body(site.domain, 1, 40, "Ann Miller"));
    assert.ok(!learned(early), JSON.stringify(early));
    assert.equal(early.classification, "legitimate");
    for (let i = 0; i < 5; i++) await send(svc, site.key, body(site.domain, 1, i, ""));
    // A legitimate submission filled it once: it is an optional field, not a honeypot.
    const later = await send(svc, site.key, body(site.domain, 1, 41, "Tom Baker"));
    assert.ok(!learned(later), JSON.stringify(later));
    assert.equal(later.classification, "legitimate");
  } finally {
    await svc.close();
  }
});

/** The form's field counts as stored: name -> [had it, filled it]. */
async function fieldCounts(svc: TestService, siteId: string, formId: number) {
  const out: Record<string, [number, number]> = {};
  for await (const e of svc.ctx.kv.list<Deno.KvU64>({ prefix: ["spam_fields", siteId, formId] })) {
    const v = e.value.value;
    out[String(e.key[3])] = [Number(v & 0xffff_ffffn), Number(v >> 32n)];
  }
  return out;
}

Deno.test("a field a legitimate submission filled is neither read nor counted again; the empty one still is", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const site = await seedSite(svc);
    // The first counts the fields; the second reads them filled, which settles them.
    for (let i = 0; i < 2; i++) await send(svc, site.key, body(site.domain, 1, i, ""));
    const before = await fieldCounts(svc, site.siteId, 1);
    assert.deepEqual(before["your-message"], [2, 2]);
    assert.deepEqual(before["field_7b"], [2, 0]);
    const reads = await readsOf(svc.ctx, async () => {
      await send(svc, site.key, body(site.domain, 1, 2, ""));
    });
    assert.ok(!reads.some((r) => r.keys.includes("spam_fields")), JSON.stringify(reads));
    const after = await fieldCounts(svc, site.siteId, 1);
    // Settled fields keep their counts (they can only grow: no honeypot either way) ...
    for (const name of ["your-name", "your-email", "your-message"]) {
      assert.deepEqual(after[name], before[name], name);
    }
    // ... and the fields nobody filled yet are counted as before.
    assert.deepEqual(after["field_7b"], [3, 0]);
    assert.deepEqual(after["field_9d"], [3, 0]);
  } finally {
    await svc.close();
  }
});
