/**
 * Cross-account isolation over every dashboard URL: account B has one of each
 * object (submission, email, webhook, template, sequence, inbound domain,
 * hosted form, invitation, unsubscribe, IP block, sending domain). A user of
 * account A takes A's own URLs, swaps in B's ids, and gets 404 for every GET
 * and POST (B's objects unchanged); and none of B's markers appear in any of
 * A's pages, previews or its CSV export.
 */
import assert from "node:assert/strict";
import { startTestService, type TestService } from "../../helpers/service.ts";
import { createIpBlock } from "../../../domain/blocks/store.ts";
import { Browser, seedUser } from "./browser.ts";

const MARK = "BRAVOSECRET";

type Ids = Record<string, string>;

async function ipBlock(svc: TestService, siteId: string, ip: string) {
  const now = svc.ctx.clock.now();
  const id = crypto.randomUUID();
  await createIpBlock(svc.ctx.kv, {
    id,
    ip,
    reason: "rate_limit",
    blockedAt: new Date(now).toISOString(),
    blockedUntil: new Date(now + 3600_000).toISOString(),
    selfLiftable: true,
    note: null,
    triggeredBySiteId: siteId,
    liftedAt: null,
    liftedBySiteId: null,
  }, now);
  return id;
}

/** One of everything for an account; `tag` marks every value that could be shown. */
async function seedAll(svc: TestService, name: string, tag: string, n: number): Promise<Ids> {
  const s = await seedUser(svc, `${name} ${tag}`, `${name} site ${tag}`);
  const key = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
  const k = key.body.api_key as string;
  const sub = await svc.api("POST", "forms/submit", {
    key: k,
    body: {
      form_id: 1,
      form_name: `Contact ${tag}`,
      fields: { email: `${tag.toLowerCase()}@example.org`, message: `Hello from ${tag}, prices?` },
    },
  });
  assert.equal(sub.status, 200, sub.text);
  await svc.api("POST", "mail/send", {
    key: k,
    body: { to: `to-${tag.toLowerCase()}@example.org`, subject: `Mail ${tag}`, text: "Hi." },
  });
  const hook = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
    url: `https://hooks.example.com/${tag}`,
    events: ["all"],
  });
  const tpl = await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
    name: `Template ${tag}`,
    slug: `tpl-${tag.toLowerCase()}`,
    subject: `Subject ${tag}`,
    html: `<p>${tag}</p>`,
  });
  const seq = await svc.admin("POST", `/accounts/${s.accountId}/sequences`, {
    key: `seq-${tag.toLowerCase()}`,
    name: `Sequence ${tag}`,
    steps: [{ delay_seconds: 0, template: "welcome", subject: `Step ${tag}` }],
  });
  const inbound = await svc.admin("POST", "/inbound-domains", {
    domain: `in-${tag.toLowerCase()}.example.org`,
    url: `https://hooks.example.com/in-${tag}`,
    site_id: s.siteId,
  });
  const form = await svc.admin("POST", `/accounts/${s.accountId}/forms`, {
    name: `Form ${tag}`,
    slug: `form-${tag.toLowerCase()}`,
    fields: [{ name: "email", label: `Email ${tag}`, type: "email", required: true }],
  });
  const inv = await svc.admin("POST", `/accounts/${s.accountId}/invitations`, {
    email: `invited-${tag.toLowerCase()}@example.org`,
  });
  const unsub = await svc.api("POST", "suppressions/unsubscribe", {
    key: k,
    body: { email: `gone-${tag.toLowerCase()}@example.org` },
  });
  const domain = await svc.admin("POST", `/sites/${s.siteId}/sending-domains`, {
    domain: `mail-${tag.toLowerCase()}.example.org`,
    from_address: `hi@mail-${tag.toLowerCase()}.example.org`,
  });
  for (const [what, r] of Object.entries({ hook, tpl, seq, inbound, form, inv, domain })) {
    assert.equal(r.status, 201, `${what}: ${r.text}`);
  }
  const users = await svc.admin("GET", `/accounts/${s.accountId}/users`);
  return {
    email: s.email,
    password: s.password,
    account: s.accountId,
    site: s.siteId,
    key: key.body.id as string,
    submission: sub.body.id as string,
    hook: hook.body.id as string,
    template: tpl.body.id as string,
    sequence: seq.body.id as string,
    inbound: inbound.body.id as string,
    form: form.body.id as string,
    invitation: inv.body.id as string,
    user: (users.body.items as { id: string }[])[0].id,
    block: await ipBlock(svc, s.siteId, `203.0.113.${n}`),
    domain: domain.body.id as string,
    unsubscribed: unsub.status === 200 ? `gone-${tag.toLowerCase()}@example.org` : "",
  };
}

Deno.test("every dashboard URL of account B's objects answers 404 to a user of A, and B's data appears nowhere in A's pages or export", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedAll(svc, "Alpha", "ALPHAOWN", 11);
    const b = await seedAll(svc, "Bravo", MARK, 22);
    const site = (x: Ids) => `/dashboard/sites/${x.site}`;
    const gets = (x: Ids) => [
      site(x),
      `${site(x)}/settings`,
      `${site(x)}/submissions`,
      `${site(x)}/submissions.csv`,
      `${site(x)}/submissions/${x.submission}`,
      `${site(x)}/email-log`,
      `${site(x)}/email-log?before=${x.submission}`,
      `${site(x)}/webhooks`,
      `${site(x)}/webhooks/${x.hook}`,
      `${site(x)}/blocks`,
      `${site(x)}/unsubscribes`,
      `${site(x)}/sending-domains`,
      `${site(x)}/inbound-domains`,
      `${site(x)}/usage`,
      `/dashboard/templates/${x.template}`,
      `/dashboard/templates/${x.template}/preview`,
      `/dashboard/forms/${x.form}`,
    ];
    const posts = (x: Ids): [string, Record<string, string>][] => [
      [`${site(x)}/settings`, { name: "pwned" }],
      [`${site(x)}/captcha`, { provider: "none" }],
      [`${site(x)}/api-keys`, {}],
      [`${site(x)}/api-keys/${x.key}/rotate`, {}],
      [`${site(x)}/api-keys/${x.key}/revoke`, {}],
      [`${site(x)}/submissions/${x.submission}/mark/spam`, {}],
      [`${site(x)}/submissions/${x.submission}/send-again`, {}],
      [`${site(x)}/webhooks`, { url: "https://evil.example.com/", all_events: "on" }],
      [`${site(x)}/webhooks/${x.hook}/pause`, {}],
      [`${site(x)}/webhooks/${x.hook}/events`, { "event:email.sent": "on" }],
      [`${site(x)}/webhooks/${x.hook}/test`, {}],
      [`${site(x)}/webhooks/${x.hook}/recover`, { since: "2026-01-01T00:00" }],
      [`${site(x)}/webhooks/${x.hook}/url`, { url: "https://evil.example.com/" }],
      [`${site(x)}/webhooks/${x.hook}/rotate`, {}],
      [`${site(x)}/webhooks/${x.hook}/delete`, {}],
      [`${site(x)}/blocks/ip/${x.block}/lift`, {}],
      [`${site(x)}/blocks/site/lift`, {}],
      [`${site(x)}/unsubscribes`, { email: "x@example.org" }],
      [`${site(x)}/unsubscribes/remove`, { email: x.unsubscribed }],
      [`${site(x)}/sending-domains`, {
        domain: "evil.example.org",
        from_address: "a@evil.example.org",
      }],
      [`${site(x)}/sending-domains/${x.domain}/verify`, {}],
      [`${site(x)}/inbound-domains/${x.inbound}`, { url: "https://evil.example.com/" }],
      [`${site(x)}/inbound-domains/${x.inbound}/rotate`, {}],
      [`/dashboard/templates/${x.template}`, { name: "pwned", slug: "pwned" }],
      [`/dashboard/templates/${x.template}/delete`, {}],
      [`/dashboard/sequences/${x.sequence}/pause`, {}],
      [`/dashboard/sequences/${x.sequence}/steps`, { template_0: "welcome" }],
      [`/dashboard/forms/${x.form}/archive`, {}],
      [`/dashboard/forms/${x.form}/fields/0`, { label: "pwned", name: "email", type: "email" }],
      [`/dashboard/forms/${x.form}/fields/0/remove`, {}],
      [`/dashboard/team/invitations/${x.invitation}/remove`, {}],
      [`/dashboard/team/users/${x.user}/remove`, {}],
    ];
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const seen: string[] = [];
    // A's own pages work, and show none of B's data.
    for (
      const url of [
        ...gets(a),
        "/dashboard/",
        "/dashboard/templates",
        "/dashboard/sequences",
        "/dashboard/forms",
        "/dashboard/team",
        "/dashboard/templates/starter/welcome",
      ]
    ) {
      const p = await user.get(url);
      assert.equal(p.status, 200, url);
      seen.push(p.text);
    }
    assert.match(seen.join("\n"), /ALPHAOWN/);
    // B's ids in A's URLs: 404 for every GET and every POST.
    const swap = (u: string) => {
      for (const k of Object.keys(a)) if (a[k]) u = u.replaceAll(a[k], b[k]);
      return u;
    };
    for (const url of gets(a).map(swap)) {
      const p = await user.get(url);
      assert.equal(p.status, 404, url);
      seen.push(p.text);
    }
    // And B's object ids under A's own site (a foreign object through an own parent).
    for (const [k, v] of posts(b)) {
      const url = k.replace(`/dashboard/sites/${b.site}`, `/dashboard/sites/${a.site}`);
      const names = ["key", "submission", "hook", "block", "domain", "inbound"];
      if (!url.startsWith(`/dashboard/sites/${a.site}/`)) continue;
      if (!names.some((n) => url.includes(b[n]))) continue;
      await user.get("/dashboard/");
      const p = await user.post(url, v);
      assert.ok([400, 404].includes(p.status), `${url} ${p.status}`);
      seen.push(p.text);
    }
    for (const [url, form] of posts(a).map(([u, f]) => [swap(u), f] as const)) {
      await user.get("/dashboard/");
      const p = await user.post(url, form);
      assert.equal(p.status, 404, url);
      seen.push(p.text);
    }
    const all = seen.join("\n");
    for (const secret of [MARK, b.site, b.submission, b.hook, b.template, b.inbound, b.form]) {
      assert.equal(all.includes(secret), false, `B's ${secret} leaked`);
    }
    // B's objects are as they were.
    const bSite = await svc.admin("GET", `/sites/${b.site}`);
    assert.equal(bSite.body.name, `Bravo site ${MARK}`);
    assert.equal((await svc.admin("GET", `/webhooks/${b.hook}`)).body.paused, false);
    assert.deepEqual((await svc.admin("GET", `/webhooks/${b.hook}`)).body.events, ["all"]);
    assert.equal(
      (await svc.admin("GET", `/webhooks/${b.hook}`)).body.url,
      `https://hooks.example.com/${MARK}`,
    );
    assert.equal((await svc.admin("GET", `/sequences/${b.sequence}`)).body.enabled, true);
    assert.equal((await svc.admin("GET", `/templates/${b.template}`)).status, 200);
    assert.equal(
      ((await svc.admin("GET", `/sites/${b.site}/api-keys`)).body.items as unknown[]).length,
      1,
    );
    assert.equal((await svc.admin("GET", `/ip-blocks/${b.block}`)).body.liftedAt ?? null, null);
    assert.equal(
      ((await svc.admin("GET", `/accounts/${b.account}/invitations`)).body.items as unknown[])
        .length,
      1,
    );
    assert.equal(
      ((await svc.admin("GET", `/accounts/${b.account}/users`)).body.items as unknown[]).length,
      1,
    );
  } finally {
    await svc.close();
  }
});
