import assert from "node:assert/strict";
import { startTestService, type TestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../../domain/mail/retry.ts";

async function submitTo(
  svc: TestService,
  siteId: string,
  n: number,
  fields: (i: number) => object,
) {
  const k = await svc.admin("POST", `/sites/${siteId}/api-keys`);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await svc.api("POST", "forms/submit", {
      key: k.body.api_key as string,
      body: { form_id: 1, fields: fields(i) },
    });
    assert.equal(r.status, 200, r.text);
    ids.push(r.body.id as string);
  }
  return ids;
}

Deno.test("submission fields holding <script> and attribute-breaking quotes are shown as text", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const evil = {
      name: `<script>alert("pwned")</script>`,
      email: "ann@example.org",
      message: `"><img src=x onerror=alert(1)> ' onmouseover='alert(2)`,
    };
    const [id] = await submitTo(svc, a.siteId, 1, () => evil);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const list = await user.get(`/dashboard/sites/${a.siteId}/submissions`);
    assert.equal(list.status, 200);
    const detail = await user.get(`/dashboard/sites/${a.siteId}/submissions/${id}`);
    assert.equal(detail.status, 200);
    for (const page of [list.text, detail.text]) {
      assert.equal(page.includes("<script>alert"), false);
      assert.equal(page.includes("<img src=x"), false);
      assert.equal(page.includes("onmouseover='alert"), false);
    }
    assert.match(detail.text, /&lt;script&gt;alert\(&quot;pwned&quot;\)&lt;\/script&gt;/);
    assert.match(detail.text, /Spam score/);
    assert.match(detail.text, />Mark as spam<\/button>/);
    assert.match(detail.text, />\s*Not spam\s*<\/button>/);
  } finally {
    await svc.close();
  }
});

Deno.test("submissions are paged by cursor, newest first, and another account's are not found", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc, "Alpha");
    const b = await seedUser(svc, "Bravo");
    const ids = await submitTo(svc, a.siteId, 30, (i) => ({
      email: `person${i}@example.org`,
      message: `Question number ${i} about opening hours and prices for group ${i * 7}.`,
    }));
    const [bId] = await submitTo(svc, b.siteId, 1, () => ({
      email: "bravo-secret@example.org",
      message: "Bravo's private question about the invoice for order 5531.",
    }));
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const first = await user.get(`/dashboard/sites/${a.siteId}/submissions`);
    const links = (t: string) =>
      [...t.matchAll(/\/submissions\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    assert.deepEqual(links(first.text), ids.slice().reverse().slice(0, 25));
    const older = /href="([^"]+before=[^"]+)"/.exec(first.text)?.[1]?.replaceAll("&amp;", "&");
    assert.ok(older);
    const second = await user.get(older);
    assert.deepEqual(links(second.text), ids.slice().reverse().slice(25));
    assert.equal(/before=/.test(second.text), false, "no further page");

    // Search and filter.
    const found = await user.get(`/dashboard/sites/${a.siteId}/submissions?q=NUMBER%2017%20`);
    assert.deepEqual(links(found.text), [ids[17]]);
    const legit = await user.get(
      `/dashboard/sites/${a.siteId}/submissions?classification=legitimate&q=question`,
    );
    assert.equal(links(legit.text).length, 25);
    const legitMore = /href="([^"]+before=[^"]+)"/.exec(legit.text)?.[1]?.replaceAll("&amp;", "&");
    assert.ok(legitMore?.includes("classification=legitimate"));
    assert.equal(links((await user.get(legitMore!)).text).length, 5);
    const none = await user.get(`/dashboard/sites/${a.siteId}/submissions?q=bravo-secret`);
    assert.deepEqual(links(none.text), []);

    // A's URLs with B's ids: not found, and nothing of B's shows.
    const pages = [first.text, second.text];
    for (
      const url of [
        `/dashboard/sites/${b.siteId}/submissions`,
        `/dashboard/sites/${b.siteId}/submissions/${bId}`,
        `/dashboard/sites/${a.siteId}/submissions/${bId}`,
      ]
    ) {
      const p = await user.get(url);
      assert.equal(p.status, 404, url);
      pages.push(p.text);
    }
    assert.equal(pages.join("").includes("bravo-secret"), false);
  } finally {
    await svc.close();
  }
});

Deno.test("CSV export streams every submission of the site, defuses formulas, and only its own", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc, "Alpha");
    const b = await seedUser(svc, "Bravo");
    const ids = await submitTo(svc, a.siteId, 3, (i) => ({
      email: `p${i}@example.org`,
      message: i === 0 ? `=HYPERLINK("http://evil.example","click")` : `Plain "quoted", text ${i}`,
    }));
    await submitTo(svc, b.siteId, 1, () => ({
      email: "bravo-secret@example.org",
      message: "Bravo's private question about the invoice for order 5531.",
    }));
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const csv = await user.get(`/dashboard/sites/${a.siteId}/submissions.csv`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
    const lines = csv.text.trimEnd().split("\r\n");
    assert.equal(lines[0], "id,created_at,form,classification,spam_score,notified,fields");
    assert.equal(lines.length, 4);
    for (const id of ids) assert.ok(csv.text.includes(id));
    assert.equal(csv.text.includes("bravo-secret"), false);
    assert.equal((await user.get(`/dashboard/sites/${b.siteId}/submissions.csv`)).status, 404);
  } finally {
    await svc.close();
  }
});

Deno.test("csvCell quotes separators and defuses formula starts", async () => {
  const { csvCell } = await import("../../../domain/dashboard/export.ts");
  assert.equal(csvCell("plain"), "plain");
  assert.equal(csvCell(`a,"b"`), `"a,""b"""`);
  assert.equal(csvCell("=1+1"), "'=1+1");
  assert.equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
  assert.equal(csvCell("-2,3"), `"'-2,3"`);
  assert.equal(csvCell("line\nbreak"), `"line\nbreak"`);
});

Deno.test("Mark as spam and Not spam store the owner's mark, keep the original score, and only for the site's own", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc, "Alpha");
    const b = await seedUser(svc, "Bravo");
    const [id] = await submitTo(svc, a.siteId, 1, () => ({
      email: "ann@example.org",
      message: "Do you deliver cakes to the old town on Saturdays?",
    }));
    const before = await svc.admin("GET", `/submissions/${id}`);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const detail = await user.get(`/dashboard/sites/${a.siteId}/submissions/${id}`);
    assert.match(detail.text, /Not marked yet/);
    const spam = await user.post(`/dashboard/sites/${a.siteId}/submissions/${id}/mark/spam`);
    assert.equal(spam.status, 303);
    let view = await svc.admin("GET", `/submissions/${id}`);
    assert.equal(view.body.mark, "spam");
    assert.equal(view.body.spam_score, before.body.spam_score);
    const page = await user.get(`/dashboard/sites/${a.siteId}/submissions/${id}`);
    assert.match(page.text, /Marked as spam/);
    await user.post(`/dashboard/sites/${a.siteId}/submissions/${id}/mark/ham`);
    view = await svc.admin("GET", `/submissions/${id}`);
    assert.equal(view.body.mark, "ham");
    // Another account's user cannot mark it, under either site's URL.
    const other = new Browser(svc, "192.0.2.11");
    await other.signIn(b.email, b.password);
    await other.get(`/dashboard/sites/${b.siteId}/submissions`);
    for (const site of [a.siteId, b.siteId]) {
      const r = await other.post(`/dashboard/sites/${site}/submissions/${id}/mark/spam`);
      assert.equal(r.status, 404);
    }
    assert.equal((await svc.admin("GET", `/submissions/${id}`)).body.mark, "ham");
  } finally {
    await svc.close();
  }
});

Deno.test("a notification kept for retries shows pending, then failed with a send again button that sends it", async () => {
  const smtp = await startSmtp();
  const clock = new ManualClock(Date.parse("2026-03-02T09:00:00Z"));
  const svc = await startTestService({
    clock,
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    const a = await seedUser(svc);
    smtp.reject = { code: 451, message: "4.3.0 try again later" };
    const [id] = await submitTo(svc, a.siteId, 1, () => ({
      name: "Ann",
      email: "ann@example.org",
      message: "Could you call me back about the order?",
    }));
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const url = `/dashboard/sites/${a.siteId}/submissions/${id}`;
    const pending = await user.get(url);
    assert.match(pending.text, /notification pending, retry at 2026-03-02 09:00 UTC/);
    assert.doesNotMatch(pending.text, />Send again</);
    for (const ms of RETRY_DELAYS_MS) {
      clock.advance(ms);
      await svc.runner.sweep();
      await svc.runner.idle();
    }
    // A day went by: the session has ended.
    await user.signIn(a.email, a.password);
    const failed = await user.get(url);
    assert.match(failed.text, new RegExp(`failed after ${MAX_ATTEMPTS} attempts`));
    assert.match(failed.text, />Send again<\/button>/);
    smtp.reject = null;
    const post = await user.post(`${url}/send-again`);
    assert.equal(post.status, 303);
    await svc.runner.sweep();
    await smtp.waitFor(1);
    await svc.runner.idle();
    assert.match(
      (await user.get(url)).text,
      /sent at 2026-03-\d\d \d\d:\d\d UTC \(after a retry\)/,
    );
    // Once sent, there is nothing to send again.
    assert.equal((await user.post(`${url}/send-again`)).status, 404);
  } finally {
    await svc.close();
    await smtp.close();
  }
});
