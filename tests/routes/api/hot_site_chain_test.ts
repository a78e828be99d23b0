/**
 * A hot site's form notifications chain their send-window appends: one built
 * on a part another submission wrote but has not committed yet depends on
 * that commit (forms/storing.ts, group_commit.ts dependOn). These tests make
 * such commits fail (another process writes the parts meanwhile) and check
 * that no entry is counted that was not written and none is lost.
 */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import { legitBody, submit, withMail } from "../../helpers/forms.ts";
import { readLogWindow } from "../../../domain/mail/reservation.ts";
import { appendWindowPart, WINDOW_PARTS } from "../../../domain/kernel/kv/counters.ts";
import type { GroupCommitKv } from "../../../domain/kernel/kv/group_commit.ts";

Deno.test("notifications chained on one site while another process appends to the same parts: every entry counted once", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    // One entry first, so the window has parts with totals (no old total to carry).
    const one = await submit(svc, s.key, legitBody(s.domain));
    assert.equal(one.body.email_sent, true);
    const kv = svc.ctx.kv as GroupCommitKv;
    const before = { ...kv.stats };

    // "Another process": appends to the parts straight to the KV file, with
    // its own checks, bypassing this process's committer and hand-off.
    let theirs = 0;
    let ours = 1;
    let failed = 0;
    // Bursts until some of this process's appends have lost a race (the first, nearly always).
    for (let round = 0; round < 5 && failed === 0; round++) {
      let running = true;
      const other = (async () => {
        for (let i = 0; running; i++) {
          const part = 1 + (i % (WINDOW_PARTS - 1));
          const w = await readLogWindow(svc.ctx, s.siteId);
          const op = kv.inner.atomic();
          appendWindowPart(op, w, svc.ctx.clock.now(), 120, { part, exact: false });
          if ((await op.commit()).ok) theirs++;
        }
      })();
      const forms = await Promise.all(
        Array.from({ length: 50 }, () => submit(svc, s.key, legitBody(s.domain))),
      );
      running = false;
      await other;
      assert.ok(forms.every((r) => r.body.email_sent === true), JSON.stringify(forms[0].body));
      ours += forms.length;
      failed = (kv.stats.stale - before.stale) +
        (kv.stats.dependentsFailed - before.dependentsFailed) + (kv.stats.splits - before.splits);

      const w = await readLogWindow(svc.ctx, s.siteId);
      assert.equal(w.times.length, ours + theirs, "every committed append is in the window");
      assert.equal(w.total, ours + theirs, "and in the log total, once");
      const stats = await svc.admin("GET", `/sites/${s.siteId}/email-stats`);
      assert.equal(stats.body.logged, ours + theirs);
    }
    assert.ok(theirs > 0, "the other process appended");
    assert.ok(failed > 0, "some of this process's appends lost a race");
  });
});

Deno.test("a burst of notifications on one site shares commits: fewer commits than notifications, window exact", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    assert.equal((await submit(svc, s.key, legitBody(s.domain))).body.email_sent, true);
    const kv = svc.ctx.kv as GroupCommitKv;
    const before = kv.stats.dependentsFailed;
    const commits = kv.stats.commits;
    const forms = await Promise.all(
      Array.from({ length: 60 }, () => submit(svc, s.key, legitBody(s.domain))),
    );
    assert.ok(forms.every((r) => r.body.email_sent === true));
    assert.equal(kv.stats.dependentsFailed, before, "no chained append failed");
    // Each submission commits twice (stored, then its notification's outcome).
    const made = kv.stats.commits - commits;
    assert.ok(made < 60, `${made} commits for 60 submissions`);
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 61);
    assert.equal(w.total, 61);
    assert.equal(w.parts![0].times.length, 0, "notifications leave part 0 to the sends");
  });
});
