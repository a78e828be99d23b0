/**
 * Spam judgement never loses a genuine lead: sameness is evidence only at
 * campaign scale (many people, many sites). Through the real POST
 * /forms/submit with a loopback SMTP relay; every text comes from the stock
 * contact-form sentences the bench and the base-rate simulation use
 * (bench/lib/stock_messages.ts), not from texts tuned to pass.
 */
import assert from "node:assert/strict";
import { type Answer, seedSite, type TestService } from "../../helpers/service.ts";
import {
  startFormsService,
  type StoredSubmission,
  storedSubmission,
  submit,
  withMail,
} from "../../helpers/forms.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import {
  outreachMessage,
  person,
  rng,
  SHORT_SENTENCES,
  stockBody,
  stockMessage,
} from "../../../bench/lib/stock_messages.ts";
import { wordCount } from "../../../domain/spam/sameness.ts";

let ipSeq = 0;
/** A fresh public-looking IP per call. */
const freshIp = () => `198.${18 + ((++ipSeq >> 16) & 1)}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;

const notified = (a: Answer) => a.status === 200 && a.body.email_sent === true;
/** Spam is answered without email_sent (nothing is said about a notification). */
const judgedSpam = (a: Answer) => a.status === 200 && !("email_sent" in a.body);

/** A long stock-phrased request (four sentences or so): long enough to count as a campaign text. */
function longRequest(seed: number) {
  const r = rng(seed);
  for (;;) {
    const who = person(r, seed);
    const text = stockMessage(r, who);
    if (wordCount(text) >= 30) return { r, who, text };
  }
}

/**
 * Runs `fn` on a forms service with a loopback relay and a manual clock: one
 * person writing to several businesses takes minutes, and the per-IP limit
 * (three a minute) is not what these tests are about.
 */
async function withMailAndClock(
  fn: (svc: TestService, clock: ManualClock) => Promise<void>,
): Promise<void> {
  const smtp = await startSmtp();
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 9));
  const svc = await startFormsService({
    runJobs: false,
    clock,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    await fn(svc, clock);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

async function reasons(svc: TestService, a: Answer): Promise<StoredSubmission> {
  return await storedSubmission(svc, a.body.id as string);
}

Deno.test("the same request from one person to five sites of five accounts: all notified", async () => {
  await withMailAndClock(async (svc, clock) => {
    const { r, who, text } = longRequest(1);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const site = await seedSite(svc);
      clock.advance(3 * 60_000);
      const a = await submit(svc, site.key, stockBody(r, who, site.domain, ip, text));
      assert.ok(notified(a), `site ${i + 1}: ${JSON.stringify(await reasons(svc, a))}`);
    }
  });
});

Deno.test("the same request from one address on two devices to three sites of one account: all notified", async () => {
  await withMail(async (svc) => {
    const first = await seedSite(svc);
    const sites = [
      first,
      await seedSite(svc, { accountId: first.accountId }),
      await seedSite(svc, { accountId: first.accountId }),
    ];
    const { r, who, text } = longRequest(2);
    for (const [i, site] of sites.entries()) {
      // The phone, then the laptop: one address, two IPs.
      const a = await submit(svc, site.key, stockBody(r, who, site.domain, freshIp(), text));
      assert.ok(notified(a), `site ${i + 1}: ${JSON.stringify(await reasons(svc, a))}`);
    }
  });
});

Deno.test("six visitors of one site writing one short common sentence: all notified", async () => {
  await withMail(async (svc) => {
    const site = await seedSite(svc);
    const r = rng(3);
    for (let i = 0; i < 6; i++) {
      const body = stockBody(r, person(r, i), site.domain, freshIp(), SHORT_SENTENCES[0]);
      const a = await submit(svc, site.key, body);
      assert.ok(notified(a), `visitor ${i + 1}: ${JSON.stringify(await reasons(svc, a))}`);
    }
  });
});

Deno.test("300 stock-phrased messages over 30 sites: none judged spam", async () => {
  await withMail(async (svc) => {
    const sites = [];
    for (let i = 0; i < 30; i++) sites.push(await seedSite(svc));
    const r = rng(4);
    const spam: string[] = [];
    for (let i = 0; i < 300; i++) {
      const site = sites[Math.floor(r() * sites.length)];
      const who = person(r, i);
      const a = await submit(
        svc,
        site.key,
        stockBody(r, who, site.domain, freshIp(), stockMessage(r, who)),
      );
      assert.equal(a.status, 200, a.text);
      if (judgedSpam(a)) spam.push(JSON.stringify(await reasons(svc, a)));
    }
    assert.equal(spam.length, 0, `${spam.length} judged spam:\n${spam.join("\n")}`);
  });
});

Deno.test("350 stock-phrased messages in a burst to one site: none judged spam, the site not disabled", async () => {
  await withMail(async (svc) => {
    const site = await seedSite(svc);
    const r = rng(5);
    const bodies = Array.from({ length: 350 }, (_, i) => {
      const who = person(r, i);
      return stockBody(r, who, site.domain, freshIp(), stockMessage(r, who));
    });
    const answers: Answer[] = [];
    for (let i = 0; i < bodies.length; i += 50) {
      answers.push(
        ...await Promise.all(bodies.slice(i, i + 50).map((b) => submit(svc, site.key, b))),
      );
    }
    assert.ok(
      answers.every((a) => a.status === 200),
      answers.find((a) => a.status !== 200)?.text ?? "",
    );
    const spam = answers.filter(judgedSpam);
    assert.equal(spam.length, 0, `${spam.length} judged spam`);
    // A later visitor is still served: the site was not disabled by its own visitors.
    const who = person(r, 999);
    const later = await submit(
      svc,
      site.key,
      stockBody(r, who, site.domain, freshIp(), stockMessage(r, who)),
    );
    assert.equal(later.status, 200, later.text);
    assert.equal(later.body.email_sent, true);
  });
});

Deno.test("one outreach text from 25 IPs to 25 sites: at least 20 judged spam on its spread", async () => {
  await withMail(async (svc) => {
    const r = rng(6);
    let spam = 0, campaign = 0;
    for (let i = 0; i < 25; i++) {
      const site = await seedSite(svc);
      const body = stockBody(
        r,
        person(r, 100 + i),
        site.domain,
        freshIp(),
        outreachMessage(site.domain, i),
      );
      const a = await submit(svc, site.key, body);
      assert.equal(a.status, 200, a.text);
      if (judgedSpam(a)) spam++;
      const s = await reasons(svc, a);
      if (s.spam_reasons.some((x) => x.rule.startsWith("near_duplicate_campaign"))) campaign++;
    }
    assert.ok(spam >= 20, `${spam} of 25 judged spam`);
    // The spread alone (whatever the model thinks of the text) marks all but the first few.
    assert.ok(campaign >= 20, `${campaign} of 25 on the campaign-sized spread`);
  });
});
