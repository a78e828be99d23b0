/**
 * The KV round trips of the two write paths, pinned (issue 14): for a key seen
 * before, forms/submit and mail/send read once (one readMany, sent as getMany
 * parts at once) and commit twice: the accepted work (the submission or the
 * send reservation, with the send window's check) before the mail goes out,
 * and the outcome (the email log, the events) before the answer. Fewer would
 * weaken the spec: limits decided after the mail left, or an answer whose
 * outcome is not stored.
 */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import { legitBody, submit, withMail } from "../../helpers/forms.ts";
import { commitsOf, readsOf } from "../../helpers/kv_reads.ts";

async function counted(fn: () => Promise<Record<string, unknown>>, ctx: { kv: Deno.Kv }) {
  let answer: Record<string, unknown> = {};
  let reads: Awaited<ReturnType<typeof readsOf>> = [];
  const commits = await commitsOf(ctx, async () => {
    reads = await readsOf(ctx, async () => {
      answer = await fn();
    });
  });
  return { answer, reads, commits };
}

Deno.test("forms/submit and mail/send of a known key: one read round trip, two commits", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const form = () => submit(svc, s.key, legitBody(s.domain)).then((a) => a.body);
    assert.equal((await form()).email_sent, true);
    const f = await counted(form, svc.ctx);
    assert.equal(f.answer.email_sent, true, JSON.stringify(f.answer));
    assert.ok(f.reads.every((r) => r.op === "getMany"), JSON.stringify(f.reads));
    assert.equal(f.commits.length, 2, JSON.stringify(f.commits));
    assert.ok(f.commits[0].keys.includes("submissions") && f.commits[0].keys.includes("?windows"));
    assert.ok(f.commits[1].keys.includes("email_log"));

    const mail = () =>
      svc.api("POST", "mail/send", {
        key: s.key,
        body: { to: "someone@example.org", subject: "Hi", text: "Hello there" },
      }).then((a) => a.body);
    assert.equal((await mail()).sent, true);
    const m = await counted(mail, svc.ctx);
    assert.equal(m.answer.sent, true, JSON.stringify(m.answer));
    assert.ok(m.reads.every((r) => r.op === "getMany"), JSON.stringify(m.reads));
    assert.equal(m.commits.length, 2, JSON.stringify(m.commits));
    assert.ok(m.commits[0].keys.includes("?windows") && m.commits[0].keys.includes("email_log"));
    assert.ok(m.commits[1].keys.includes("email_log"));
  });
});
