import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("without a session /dashboard/ shows the sign-in page with its labelled inputs", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const b = new Browser(svc);
    const p = await b.get("/dashboard/");
    assert.equal(p.status, 200);
    assert.match(p.text, /<label for="email">Email<\/label>/);
    assert.match(p.text, /<label for="password">Password<\/label>/);
    assert.match(p.text, />Sign in<\/button>/);
    assert.match(p.text, /href="\/dashboard\/operator"/);
    const csp = p.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    const op = await b.get("/dashboard/operator");
    assert.match(op.text, /<label for="token">Operator token<\/label>/);
    const js = await b.get("/dashboard/assets/htmx.min.js");
    assert.equal(js.status, 200);
    assert.match(js.headers.get("content-type") ?? "", /javascript/);
    const css = await b.get("/dashboard/assets/pico.min.css");
    assert.match(css.text, /Pico CSS/);
  } finally {
    await svc.close();
  }
});

Deno.test("operator API creates, lists and deletes users; a deleted user's session ends", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await svc.admin("POST", "/accounts", { name: "Acme" });
    const id = a.body.id as string;
    const u = await svc.admin("POST", `/accounts/${id}/users`, {
      email: "Ann@Example.com",
      password: "a long enough password",
    });
    assert.equal(u.status, 201);
    assert.deepEqual(Object.keys(u.body).sort(), ["account_id", "created_at", "email", "id"]);
    assert.equal(u.body.email, "ann@example.com");
    assert.doesNotMatch(u.text, /password/);
    const dup = await svc.admin("POST", `/accounts/${id}/users`, {
      email: "ann@example.com",
      password: "another long password",
    });
    assert.equal(dup.status, 409);
    const short = await svc.admin("POST", `/accounts/${id}/users`, {
      email: "bob@example.com",
      password: "short",
    });
    assert.equal(short.status, 400);
    const missing = await svc.admin("POST", `/accounts/nope/users`, {
      email: "bob@example.com",
      password: "a long enough password",
    });
    assert.equal(missing.status, 404);
    const list = await svc.admin("GET", `/accounts/${id}/users`);
    assert.equal((list.body.items as unknown[]).length, 1);

    const b = new Browser(svc);
    const signed = await b.signIn("ann@example.com", "a long enough password");
    assert.equal(signed.status, 303);
    assert.equal((await b.get("/dashboard/")).text.includes("Sign out"), true);
    const del = await svc.admin("DELETE", `/accounts/${id}/users/${u.body.id}`);
    assert.equal(del.status, 204);
    assert.match((await b.get("/dashboard/")).text, />Sign in<\/button>/);
    assert.equal((await svc.admin("DELETE", `/accounts/${id}/users/${u.body.id}`)).status, 404);
  } finally {
    await svc.close();
  }
});

Deno.test("an invitation link lets the user set a password once and signs them in", async () => {
  const svc = await startTestService({
    runJobs: false,
    config: { SVC_BASE_URL: "https://mail.example.net" },
  });
  try {
    const a = await svc.admin("POST", "/accounts", { name: "Acme" });
    const id = a.body.id as string;
    const inv = await svc.admin("POST", `/accounts/${id}/invitations`, {
      email: "new@example.com",
    });
    assert.equal(inv.status, 201);
    const url = inv.body.url as string;
    assert.match(url, /^https:\/\/mail\.example\.net\/dashboard\/invitations\/[\w-]{20,}$/);
    const listed = await svc.admin("GET", `/accounts/${id}/invitations`);
    assert.equal((listed.body.items as unknown[]).length, 1);
    assert.doesNotMatch(listed.text, /token/);
    const path = new URL(url).pathname;
    const b = new Browser(svc);
    const page = await b.get(path);
    assert.equal(page.status, 200);
    assert.match(page.text, /new@example\.com/);
    const set = await b.request("POST", path, {
      form: { password: "my new password 1" },
      headers: { origin: "https://mail.example.net" },
    });
    assert.equal(set.status, 303);
    const cookie = set.headers.get("set-cookie") ?? "";
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Secure/);
    assert.match((await b.get("/dashboard/")).text, /new@example\.com/);
    assert.equal((await new Browser(svc).get(path)).status, 404, "the link works once");
    const users = await svc.admin("GET", `/accounts/${id}/users`);
    assert.equal((users.body.items as { email: string }[])[0].email, "new@example.com");
  } finally {
    await svc.close();
  }
});

Deno.test("the landing page lists the account's sites by name; Create API key shows a working key once", async () => {
  const svc = await startTestService({
    runJobs: false,
    config: { SVC_BASE_URL: "https://mail.example.net" },
  });
  try {
    const seed = await seedUser(svc);
    const b = new Browser(svc);
    const signed = await b.signIn(seed.email, seed.password);
    assert.equal(signed.status, 303);
    const home = await b.get("/dashboard/");
    assert.match(home.text, new RegExp(`<a href="/dashboard/sites/${seed.siteId}">Main site</a>`));
    const site = await b.get(`/dashboard/sites/${seed.siteId}`);
    assert.match(site.text, />Create API key<\/button>/);
    const created = await b.post(`/dashboard/sites/${seed.siteId}/api-keys`);
    assert.equal(created.status, 201);
    const key = /<code id="new-key">([^<]+)<\/code>/.exec(created.text)?.[1];
    assert.ok(key);
    const again = await b.get(`/dashboard/sites/${seed.siteId}`);
    assert.equal(again.text.includes(key), false, "shown once");
    const status = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(status.status, 200);
    assert.equal(
      status.body.dashboard_url,
      `https://mail.example.net/dashboard/sites/${seed.siteId}/sending-domains`,
    );
    const domains = await b.get(`/dashboard/sites/${seed.siteId}/sending-domains`);
    assert.equal(domains.status, 200);
    assert.match(domains.text, /Add a sending domain/);
  } finally {
    await svc.close();
  }
});

Deno.test("a foreign-origin POST or one without the CSRF token is refused with 403 and changes nothing", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const seed = await seedUser(svc);
    const b = new Browser(svc);
    await b.signIn(seed.email, seed.password);
    await b.get(`/dashboard/sites/${seed.siteId}`);
    const path = `/dashboard/sites/${seed.siteId}/api-keys`;
    assert.equal((await b.post(path, {}, { origin: "https://evil.example" })).status, 403);
    assert.equal((await b.post(path, {}, { origin: "null" })).status, 403);
    assert.equal(
      (await b.post(path, {}, { origin: "null", "sec-fetch-site": "cross-site" })).status,
      403,
    );
    assert.equal(
      (await b.post(path, {}, { origin: "", "sec-fetch-site": "cross-site" })).status,
      403,
    );
    await b.get(`/dashboard/sites/${seed.siteId}`);
    assert.equal((await b.post(path, { _csrf: "" })).status, 403);
    assert.equal((await b.post(path, { _csrf: "forged" })).status, 403);
    const keys = await svc.admin("GET", `/sites/${seed.siteId}/api-keys`);
    assert.equal((keys.body.items as unknown[]).length, 0, "no key was created");
    // A foreign page cannot sign anyone in or out either.
    const out = await b.request("POST", "/dashboard/sign-out", {
      headers: { origin: "https://evil.example" },
    });
    assert.equal(out.status, 403);
    assert.match((await b.get("/dashboard/")).text, /Sign out/);
    // And the right token from our own origin works.
    await b.get(`/dashboard/sites/${seed.siteId}`);
    assert.equal((await b.post(path)).status, 201);
  } finally {
    await svc.close();
  }
});

Deno.test("thirty wrong passwords in a row from one client: that client is limited after ten, the right one too, until the window ends; another client signs in at once", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 9));
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const seed = await seedUser(svc);
    const b = new Browser(svc, "198.51.100.7");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await b.signIn(seed.email, `wrong password ${i}`)).status);
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.deepEqual(statuses.slice(10), Array(20).fill(429));
    assert.match(b.last, /Too many attempts/);
    const right = await b.signIn(seed.email, seed.password);
    assert.equal(right.status, 429);
    assert.ok(Number(right.headers.get("retry-after")) > 0);
    // The owner on another client is not locked out by a stranger's guesses.
    const owner = new Browser(svc, "203.0.113.50");
    assert.equal((await owner.signIn(seed.email, seed.password)).status, 303);
    // Another address from another IP is not limited by this one's failures.
    const other = await seedUser(svc, "Other");
    assert.equal(
      (await new Browser(svc, "203.0.113.9").signIn(other.email, other.password)).status,
      303,
    );
    clock.advance(15 * 60_000 + 1000);
    assert.equal((await b.signIn(seed.email, seed.password)).status, 303);
  } finally {
    await svc.close();
  }
});

Deno.test("thirty wrong passwords at once from thirty clients: twenty are checked, the rest wait a second (the count is atomic)", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 9));
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const seed = await seedUser(svc);
    // Thirty clients at once, each from its own address: only the per-address count applies.
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) =>
          new Browser(svc, `198.51.100.${i + 20}`).signIn(seed.email, `wrong password ${i}`)
            .then((p) => p.status),
      ),
    );
    assert.equal(statuses.filter((s) => s === 401).length, 20, statuses.join(","));
    assert.equal(statuses.filter((s) => s === 429).length, 10, statuses.join(","));
    const owner = new Browser(svc, "192.0.2.99");
    const early = await owner.signIn(seed.email, seed.password);
    assert.equal(early.status, 429);
    assert.equal(early.headers.get("retry-after"), "1");
    clock.advance(1000);
    assert.equal((await owner.signIn(seed.email, seed.password)).status, 303);
  } finally {
    await svc.close();
  }
});

Deno.test("a stranger guessing from many clients meets a doubling backoff capped at a minute, never a lockout of the owner", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 9));
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const seed = await seedUser(svc);
    let n = 0;
    const stranger = () => new Browser(svc, `198.51.100.${++n}`);
    for (let i = 0; i < 20; i++) {
      assert.equal((await stranger().signIn(seed.email, `wrong ${i}`)).status, 401);
    }
    // Each further guess waits twice as long as the one before, up to a minute.
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = await stranger().signIn(seed.email, `wrong again ${i}`);
      assert.equal(refused.status, 429);
      const wait = Number(refused.headers.get("retry-after"));
      waits.push(wait);
      clock.advance(wait * 1000);
      assert.equal((await stranger().signIn(seed.email, `wrong again ${i}`)).status, 401);
    }
    assert.deepEqual(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // The owner, whenever they come, waits at most that minute.
    const owner = new Browser(svc, "203.0.113.77");
    const first = await owner.signIn(seed.email, seed.password);
    assert.equal(first.status, 429);
    assert.ok(Number(first.headers.get("retry-after")) <= 60);
    clock.advance(60_000);
    assert.equal((await owner.signIn(seed.email, seed.password)).status, 303);
  } finally {
    await svc.close();
  }
});

Deno.test("a right password gives its attempt back: the IP's count is not raised by it", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const seed = await seedUser(svc);
    const b = new Browser(svc, "198.51.100.200");
    assert.equal((await b.signIn(seed.email, "wrong password 1")).status, 401);
    assert.equal((await b.signIn(seed.email, seed.password)).status, 303);
    const ip = await svc.ctx.kv.get<{ count: number }>(
      keys.dashboardSignInFailures("ip", "198.51.100.200"),
    );
    assert.equal(ip.value?.count, 1);
    const address = await svc.ctx.kv.get(keys.dashboardSignInFailures("email", seed.email));
    assert.equal(address.value, null);
  } finally {
    await svc.close();
  }
});

Deno.test("the operator signs in with the token and switches account; a wrong token is refused", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const seed = await seedUser(svc, "Acme", "Operator view site");
    const b = new Browser(svc);
    await b.get("/dashboard/operator");
    const wrong = await b.request("POST", "/dashboard/operator", { form: { token: "nope" } });
    assert.equal(wrong.status, 401);
    const ok = await b.request("POST", "/dashboard/operator", {
      form: { token: svc.ctx.config.adminToken },
    });
    assert.equal(ok.status, 303);
    const home = await b.get("/dashboard/");
    assert.match(home.text, /Switch account/);
    assert.equal((await b.post("/dashboard/account", { account_id: seed.accountId })).status, 303);
    assert.match((await b.get("/dashboard/")).text, /Operator view site/);
    assert.equal((await b.get(`/dashboard/sites/${seed.siteId}`)).status, 200);
    assert.equal((await b.post("/dashboard/sign-out")).status, 303);
    assert.equal((await b.get(`/dashboard/sites/${seed.siteId}`)).status, 303);
  } finally {
    await svc.close();
  }
});
