/**
 * Site owners' marks on mail (issue 13, phase 6): POST /admin/api/v1/emails/{id}/spam
 * and /ham on email log records move that account's later mail/send checks 11
 * and 12 only, keep the record as it was, count once, and three accounts' spam
 * marks on near-duplicate text refuse it for every account.
 */
import assert from "node:assert/strict";
import {
  type Seeded,
  seedSite,
  startTestService,
  type TestService,
} from "../../helpers/service.ts";
import { withMail } from "../../helpers/forms.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { getEmailLog } from "../../../domain/mail/email_log_store.ts";
import { sendMail } from "../../../domain/mail/send.ts";
import { getSite } from "../../../domain/sites/store.ts";
import { newsletter as pubNewsletter } from "../../helpers/spam_lists.ts";

/** The pub's newsletter (helpers/spam_lists.ts), refused by check 11 unless `refused` is false. */
const newsletter = (issue: number, refused = true) => pubNewsletter(issue, refused);

const PHISH = (n: number) => ({
  subject: "Security notice",
  html: "<p>Your PayPal account has been suspended. Please verify your account password " +
    `within ${n} hours at <a href="http://paypa1-secure.example.net/login">www.paypal.com</a>.</p>`,
});

type Log = {
  id: string;
  status: string;
  reason: string | null;
  mark: string | null;
  spam: {
    content: { score: number; rules: string[] } | null;
    classifier: { spam: boolean } | null;
    marks?: { pass: string | null; points: number; listed: number | null };
  };
};

async function send(svc: TestService, s: Seeded, body: Record<string, unknown>) {
  const r = await svc.api("POST", "mail/send", {
    key: s.key,
    body: { to: "ann@example.org", ...body },
  });
  // The site's newest log record is this send's (the answer of a refusal names none).
  const newest = await svc.admin("GET", `/sites/${s.siteId}/email-log?limit=1`);
  const id = (newest.body.items as { id: string }[])[0].id;
  const log = (await svc.admin("GET", `/emails/${id}`)).body as Log;
  return { status: r.status, answer: r.body, log };
}

async function mark(svc: TestService, id: string, m: "spam" | "ham") {
  const r = await svc.admin("POST", `/emails/${id}/${m}`);
  assert.equal(r.status, 200, r.text);
  return r.body as Log;
}

Deno.test("a newsletter refused once, marked ham, goes out next time (this account only)", async () => {
  await withMail(async (svc, smtp) => {
    const mine = await seedSite(svc);
    const other = await seedSite(svc);
    const first = await send(svc, mine, newsletter(1));
    assert.equal(first.answer.reason, "content_flagged", JSON.stringify(first.answer));
    const marked = await mark(svc, first.log.id, "ham");
    // The record keeps its status, reason and scores; nothing was sent by marking.
    assert.equal(marked.mark, "ham");
    assert.equal(marked.status, "flagged");
    assert.equal(marked.reason, "content_flagged");
    assert.deepEqual(marked.spam, first.log.spam);
    assert.equal(smtp.messages.length, 0);

    const next = await send(svc, mine, newsletter(2));
    assert.equal(next.answer.sent, true, JSON.stringify(next.answer));
    assert.equal(next.log.status, "sent");
    assert.equal(next.log.spam.marks?.pass, "marked_ham (near-duplicate)");
    assert.ok(next.log.spam.content!.score >= 60, "the score is kept as the rules gave it");
    const [got] = await smtp.waitFor(1);
    assert.match((await got.parse()).subject ?? "", /issue 2/);

    // A send without the HTTP path's prefetch (SMTP submission, sequences) reads the marks too.
    const site = (await getSite(svc.ctx.kv, mine.siteId))!;
    const direct = await sendMail(svc.ctx, site, { to: "bo@example.org", ...newsletter(3) });
    assert.equal(direct.sent, true, JSON.stringify(direct));

    // Another account's identical newsletter is refused as before.
    const theirs = await send(svc, other, newsletter(2));
    assert.equal(theirs.answer.reason, "content_flagged");
    assert.equal(theirs.log.spam.marks, undefined);
  });
});

Deno.test("a ham mark lets near-duplicate mail through check 12 too", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const first = await send(svc, s, PHISH(24));
    assert.equal(first.answer.reason, "ai_flagged", JSON.stringify(first.answer));
    await mark(svc, first.log.id, "ham");
    const next = await send(svc, s, PHISH(48));
    assert.equal(next.answer.sent, true, JSON.stringify(next.answer));
    assert.equal(next.log.spam.classifier?.spam, true, "the classifier's verdict is logged");
    assert.equal(next.log.spam.marks?.pass, "marked_ham (near-duplicate)");
  });
});

Deno.test("a spam mark raises the score of the account's later near-duplicates only", async () => {
  await withMail(async (svc) => {
    const mine = await seedSite(svc);
    const other = await seedSite(svc);
    // 30-59: sent with a warning; the log keeps its text's signature.
    const warned = await send(svc, mine, newsletter(1, false));
    assert.equal(warned.log.status, "warning", JSON.stringify(warned.log));
    await mark(svc, warned.log.id, "spam");
    const next = await send(svc, mine, newsletter(2, false));
    assert.equal(next.answer.reason, "content_flagged", JSON.stringify(next.answer));
    assert.ok(next.log.spam.content!.rules.includes("marked_spam (near-duplicate)"));
    const theirs = await send(svc, other, newsletter(2, false));
    assert.equal(theirs.log.status, "warning");
  });
});

Deno.test("marking twice counts once, a mark can be changed, and the sender counts", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const warned = await send(svc, s, newsletter(1, false));
    for (let i = 0; i < 2; i++) assert.equal((await mark(svc, warned.log.id, "spam")).mark, "spam");
    // Unrelated mail from the same sender: one spam mark on it, not two (+10, not +30).
    const plain = { subject: "Opening hours", text: "We open at nine on Sunday." };
    const after = await send(svc, s, plain);
    assert.equal(after.answer.sent, true);
    assert.equal(after.log.spam.marks?.points, 10, JSON.stringify(after.log.spam));
    assert.ok(after.log.spam.content!.rules.includes("marked_spam (sender address)"));
    // Changed to ham: the counts move over, so the next mail carries no mark.
    const ham = await mark(svc, warned.log.id, "ham");
    assert.equal(ham.status, "warning");
    assert.equal(ham.spam.content!.score, warned.log.spam.content!.score);
    const again = await send(svc, s, plain);
    assert.equal(again.log.spam.marks, undefined, JSON.stringify(again.log.spam));
    const list = await svc.admin("GET", `/sites/${s.siteId}/email-log`);
    const items = list.body.items as Log[];
    assert.equal(items.find((x) => x.id === warned.log.id)!.mark, "ham");
    assert.equal(items.find((x) => x.id === again.log.id)!.mark, null);
  });
});

Deno.test("a sender marked ham twice is trusted by its account", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    for (const issue of [1, 2]) {
      const r = await send(svc, s, { subject: `Notes ${issue}`, text: `Short note ${issue}.` });
      await mark(svc, r.log.id, "ham");
    }
    const refused = await send(svc, s, newsletter(3));
    assert.equal(refused.answer.sent, true, JSON.stringify(refused.answer));
    assert.equal(refused.log.spam.marks?.pass, "trusted_sender (address)");
    assert.equal(refused.log.status, "sent");
  });
});

Deno.test("text marked spam by three accounts is refused for every account, ham cannot clear it", async () => {
  await withMail(async (svc) => {
    for (let i = 0; i < 3; i++) {
      const site = await seedSite(svc);
      const r = await send(svc, site, newsletter(i + 1, false));
      assert.equal(r.log.status, "warning");
      await mark(svc, r.log.id, "spam");
      const probe = await send(svc, await seedSite(svc), newsletter(7, false));
      // Two accounts are not enough; the third lists the text.
      assert.equal(probe.log.status, i < 2 ? "warning" : "flagged", JSON.stringify(probe.log));
    }
    const fourth = await seedSite(svc);
    const r = await send(svc, fourth, newsletter(9, false));
    assert.equal(r.answer.reason, "content_flagged");
    assert.ok(r.log.spam.content!.rules.includes("marked_spam_by_accounts (3)"));
    assert.equal(r.log.spam.marks?.listed, 3);
    await mark(svc, r.log.id, "ham");
    const again = await send(svc, fourth, newsletter(10, false));
    assert.equal(
      again.answer.reason,
      "content_flagged",
      "an account's ham does not clear the list",
    );
    // Unrelated text of the same accounts is unaffected.
    const other = await send(svc, fourth, {
      subject: "Quiz night",
      text: "Quiz on Tuesday at eight.",
    });
    assert.equal(other.answer.sent, true);
  });
});

Deno.test("marking a missing email answers the operator's 404", async () => {
  await withMail(async (svc) => {
    for (const id of ["0190c0de-0000-7000-8000-000000000000", "not-an-id"]) {
      for (const path of [`/emails/${id}/spam`, `/emails/${id}/ham`, `/emails/${id}`]) {
        const r = await svc.admin(path.endsWith("m") ? "POST" : "GET", path);
        assert.equal(r.status, 404, path);
        assert.deepEqual(r.body, { error: "not_found", message: "No such email." });
      }
    }
  });
});

Deno.test("clean mail keeps no text signature; refused and warned mail do", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const clean = await send(svc, s, {
      subject: "Opening hours",
      text: "We open at nine on Sunday.",
    });
    const warned = await send(svc, s, newsletter(1, false));
    const refused = await send(svc, s, newsletter(2));
    const sigOf = async (id: string) => (await getEmailLog(svc.ctx.kv, id))!.text_sig;
    assert.equal(clean.log.status, "sent");
    assert.equal(await sigOf(clean.log.id), undefined);
    assert.equal((await sigOf(warned.log.id))?.length, 172);
    assert.equal((await sigOf(refused.log.id))?.length, 172);
    assert.ok(!("text_sig" in refused.log), "the API does not show it");
  });
});

Deno.test("a listed text is refused until 30 days after its last confirmation", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 9, 0));
  const svc = await startTestService({ clock, runJobs: false });
  try {
    for (let i = 0; i < 3; i++) {
      const r = await send(svc, await seedSite(svc), newsletter(i + 1, false));
      await mark(svc, r.log.id, "spam");
    }
    const s = await seedSite(svc);
    assert.equal((await send(svc, s, newsletter(5, false))).log.status, "flagged");
    clock.set(clock.now() + 29 * 24 * 3600_000);
    assert.equal((await send(svc, s, newsletter(6, false))).log.status, "flagged");
    clock.set(clock.now() + 2 * 24 * 3600_000);
    assert.equal((await send(svc, s, newsletter(7, false))).log.status, "warning");
  } finally {
    await svc.close();
  }
});
