/**
 * The operator's hand on the service-wide spam lists (issue 13, phase 8):
 * GET /admin/api/v1/spam-lists/forms and /mail show the texts that three
 * accounts marked spam; DELETE removes one for good (the same accounts'
 * marks do not list it again, three new accounts do); an account's own marks
 * on its mail can be seen and forgotten.
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { startFormsService } from "../../helpers/forms.ts";
import {
  MARKET,
  markFormText,
  markMailText,
  newsletter,
  sendMail,
  submitText,
} from "../../helpers/spam_lists.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";

type Entry = {
  id: string;
  accounts: number;
  reporting_accounts: string[] | null;
  first_listed_at: string | null;
  last_confirmed_at: string;
  expires_at: string | null;
  excerpt: string | null;
  submission_id?: string;
  signature?: string;
};

async function withService(fn: (svc: TestService, clock: ManualClock) => Promise<void>) {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 9, 0));
  const svc = await startFormsService({ runJobs: false, clock });
  try {
    await fn(svc, clock);
  } finally {
    await svc.close();
  }
}

async function entries(svc: TestService, list: "forms" | "mail"): Promise<Entry[]> {
  const r = await svc.admin("GET", `/spam-lists/${list}`);
  assert.equal(r.status, 200, r.text);
  return r.body.items as Entry[];
}

const listed = (s: { spam_reasons: { rule: string }[] }) =>
  s.spam_reasons.some((r) => r.rule.startsWith("reported_by_accounts"));

Deno.test("a form text three accounts marked spam is listed; removing it lets the next near-duplicate pass", async () => {
  await withService(async (svc, clock) => {
    const other = await seedSite(svc);
    const before = await submitText(svc, other, `Hi! ${MARKET}`);
    assert.ok(before.spam_score < 30, JSON.stringify(before));
    clock.set(clock.now() + 7 * 3600_000);
    assert.deepEqual(await entries(svc, "forms"), []);
    const sites = await markFormText(svc, clock, 3);
    const [e] = await entries(svc, "forms");
    assert.equal(e.accounts, 3);
    assert.deepEqual(new Set(e.reporting_accounts), new Set(sites.map((s) => s.accountId)));
    assert.ok(e.excerpt!.startsWith("Hello, the spring market"), e.excerpt!);
    assert.ok(e.excerpt!.length <= 160);
    assert.equal(e.expires_at, null);
    assert.ok(Date.parse(e.first_listed_at!) <= Date.parse(e.last_confirmed_at));
    const hit = await submitText(svc, other, `Dear all, ${MARKET}`);
    assert.ok(hit.spam_score >= 60 && listed(hit), JSON.stringify(hit));
    clock.set(clock.now() + 7 * 3600_000);

    const del = await svc.admin("DELETE", `/spam-lists/forms/${e.id}`);
    assert.equal(del.status, 204, del.text);
    assert.deepEqual(await entries(svc, "forms"), []);
    const after = await submitText(svc, other, `Good morning, ${MARKET}`);
    assert.ok(after.spam_score < 30 && !listed(after), JSON.stringify(after));
    // Nothing else changed: the marked submissions keep their marks and scores.
    const marked = await svc.admin("GET", `/sites/${sites[0].siteId}/submissions`);
    const item = (marked.body.items as { mark: string; spam_score: number }[])[0];
    assert.equal(item.mark, "spam");
    assert.ok(item.spam_score < 30);
    assert.equal((await svc.admin("DELETE", `/spam-lists/forms/${e.id}`)).status, 404);
  });
});

Deno.test("a removed form text is not listed again by the same accounts; three new accounts list it", async () => {
  await withService(async (svc, clock) => {
    const probe = await seedSite(svc);
    const first = await markFormText(svc, clock, 3);
    const [e] = await entries(svc, "forms");
    assert.equal((await svc.admin("DELETE", `/spam-lists/forms/${e.id}`)).status, 204);
    // The same three accounts receive and mark it again.
    await markFormText(svc, clock, first);
    assert.deepEqual(await entries(svc, "forms"), []);
    assert.ok(!listed(await submitText(svc, probe, `Hi, ${MARKET}`)));
    clock.set(clock.now() + 7 * 3600_000);
    // A fourth, new account's mark is one report, not four.
    const [fourth] = await markFormText(svc, clock, 1);
    assert.deepEqual(await entries(svc, "forms"), []);
    assert.ok(!listed(await submitText(svc, probe, `Hello there, ${MARKET}`)));
    clock.set(clock.now() + 7 * 3600_000);
    // Two more new accounts: three that an operator has not overruled.
    const more = await markFormText(svc, clock, 2);
    const [again] = await entries(svc, "forms");
    assert.notEqual(again.id, e.id);
    assert.deepEqual(
      new Set(again.reporting_accounts),
      new Set([fourth, ...more].map((s) => s.accountId)),
    );
    assert.ok(listed(await submitText(svc, probe, `Dear neighbours, ${MARKET}`)));
  });
});

Deno.test("a ham mark that leaves a listed form text under three accounts takes its entry off the list", async () => {
  await withService(async (svc, clock) => {
    const sites = await markFormText(svc, clock, 3);
    assert.equal((await entries(svc, "forms")).length, 1);
    const mine = await svc.admin("GET", `/sites/${sites[1].siteId}/submissions`);
    const id = (mine.body.items as { id: string }[])[0].id;
    assert.equal((await svc.admin("POST", `/submissions/${id}/ham`)).status, 200);
    assert.deepEqual(await entries(svc, "forms"), []);
    assert.ok(!listed(await submitText(svc, await seedSite(svc), `Hi, ${MARKET}`)));
  });
});

Deno.test("the forms list pages newest first with ?limit and ?before", async () => {
  await withService(async (svc, clock) => {
    await markFormText(svc, clock, 3);
    await markFormText(
      svc,
      clock,
      3,
      "Good evening, the community choir sings its winter concert in the old church on the second Sunday of December, tickets at the library and at the door, mulled wine afterwards.",
    );
    const all = await entries(svc, "forms");
    assert.equal(all.length, 2);
    assert.ok(all[0].excerpt!.includes("choir"), "newest first");
    const first = await svc.admin("GET", "/spam-lists/forms?limit=1");
    assert.deepEqual((first.body.items as Entry[]).map((e) => e.id), [all[0].id]);
    assert.equal(first.body.next_before, all[0].id);
    const next = await svc.admin("GET", `/spam-lists/forms?limit=1&before=${all[0].id}`);
    assert.deepEqual((next.body.items as Entry[]).map((e) => e.id), [all[1].id]);
    const last = await svc.admin("GET", `/spam-lists/forms?limit=1&before=${all[1].id}`);
    assert.deepEqual(last.body, { items: [], next_before: null });
  });
});

Deno.test("a mail text three accounts marked spam is listed; removing it lets the next near-duplicate go out", async () => {
  await withService(async (svc, clock) => {
    const sites = await markMailText(svc, 3);
    const [e] = await entries(svc, "mail");
    assert.match(e.id, /^[0-9a-f]{16}$/);
    assert.equal(e.accounts, 3);
    assert.deepEqual(new Set(e.reporting_accounts), new Set(sites.map((s) => s.accountId)));
    assert.equal(e.excerpt, null, "the email log keeps no bodies");
    assert.equal(e.signature?.length, 172);
    assert.equal(e.first_listed_at, new Date(clock.now()).toISOString());
    assert.equal(Date.parse(e.expires_at!) - Date.parse(e.last_confirmed_at), 30 * 86400_000);
    const other = await seedSite(svc);
    assert.equal((await sendMail(svc, other, newsletter(31))).status, "flagged");

    assert.equal((await svc.admin("DELETE", `/spam-lists/mail/${e.id}`)).status, 204);
    assert.deepEqual(await entries(svc, "mail"), []);
    assert.equal((await sendMail(svc, other, newsletter(32))).status, "warning");
    assert.equal((await svc.admin("DELETE", `/spam-lists/mail/${e.id}`)).status, 404);
  });
});

Deno.test("a removed mail text is not listed again by the same accounts; three new accounts list it", async () => {
  await withService(async (svc) => {
    const probe = await seedSite(svc);
    const first = await markMailText(svc, 3);
    const [e] = await entries(svc, "mail");
    assert.equal((await svc.admin("DELETE", `/spam-lists/mail/${e.id}`)).status, 204);
    await markMailText(svc, first);
    assert.deepEqual(await entries(svc, "mail"), []);
    assert.equal((await sendMail(svc, probe, newsletter(33))).status, "warning");
    const [fourth] = await markMailText(svc, 1);
    assert.deepEqual(await entries(svc, "mail"), []);
    assert.equal((await sendMail(svc, probe, newsletter(34))).status, "warning");
    const more = await markMailText(svc, 2);
    const [again] = await entries(svc, "mail");
    assert.deepEqual(
      new Set(again.reporting_accounts),
      new Set([fourth, ...more].map((s) => s.accountId)),
    );
    assert.equal((await sendMail(svc, probe, newsletter(35))).status, "flagged");
  });
});

Deno.test("an account's marks on its mail can be seen and forgotten", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const empty = await svc.admin("GET", `/accounts/${s.accountId}/mail-marks`);
    assert.deepEqual(empty.body, {
      account_id: s.accountId,
      texts: { spam: 0, ham: 0 },
      senders: [],
    });
    const log = await sendMail(svc, s, newsletter(1));
    assert.equal(log.status, "warning");
    assert.equal((await svc.admin("POST", `/emails/${log.id}/spam`)).status, 200);
    // The account's own spam mark refuses its next near-duplicate.
    assert.equal((await sendMail(svc, s, newsletter(2))).status, "flagged");
    const seen = await svc.admin("GET", `/accounts/${s.accountId}/mail-marks`);
    assert.deepEqual(seen.body.texts, { spam: 1, ham: 0 });
    assert.equal((seen.body.senders as unknown[]).length, 2);

    assert.equal((await svc.admin("DELETE", `/accounts/${s.accountId}/mail-marks`)).status, 204);
    assert.deepEqual(
      (await svc.admin("GET", `/accounts/${s.accountId}/mail-marks`)).body,
      empty.body,
    );
    assert.equal((await sendMail(svc, s, newsletter(3))).status, "warning");
    // The record keeps its mark.
    assert.equal((await svc.admin("GET", `/emails/${log.id}`)).body.mark, "spam");
  });
});

Deno.test("unknown ids answer 404, bad parameters 400, both in the admin envelope, and the token is required", async () => {
  await withService(async (svc) => {
    const missing = "0190c0de-0000-7000-8000-000000000000";
    for (
      const path of [
        `/spam-lists/forms/${missing}`,
        "/spam-lists/forms/not-an-id",
        "/spam-lists/mail/0123456789abcdef",
        "/spam-lists/mail/not-an-id",
        `/accounts/${missing}/mail-marks`,
        "/accounts/not-an-id/mail-marks",
      ]
    ) {
      for (const method of path.includes("mail-marks") ? ["GET", "DELETE"] : ["DELETE"]) {
        const r = await svc.admin(method, path);
        assert.equal(r.status, 404, `${method} ${path}`);
        assert.equal(r.body.error, "not_found");
        assert.equal(typeof r.body.message, "string");
      }
    }
    for (
      const path of [
        "/spam-lists/forms?limit=abc",
        "/spam-lists/forms?limit=0",
        "/spam-lists/forms?before=xyz",
        "/spam-lists/mail?limit=-1",
      ]
    ) {
      const r = await svc.admin("GET", path);
      assert.equal(r.status, 400, path);
      assert.equal(r.body.error, "invalid_payload", path);
      assert.equal(typeof r.body.message, "string");
    }
    for (const path of ["/spam-lists/forms", "/spam-lists/mail"]) {
      const r = await svc.admin("GET", path, undefined, { token: "wrong" });
      assert.equal(r.status, 401, path);
      assert.equal(typeof r.body.error, "string");
    }
  });
});
