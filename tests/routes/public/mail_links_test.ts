/**
 * The links of a sent message under attack: click redirects for URLs that no
 * Location header can carry, look-alike href text, and unsubscribe tokens that
 * are replayed, altered or fetched by link scanners.
 */
import assert from "node:assert/strict";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { siteEvents } from "../../helpers/mail.ts";
import { clickMac, unsubscribeToken } from "../../../domain/mail/tokens.ts";
import { getUnsubscribe } from "../../../domain/suppressions/store.ts";

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

/** Sends one email and returns the message the outbox kept, parsed. */
async function sendAndRead(svc: TestService, key: string, body: Record<string, unknown>) {
  const r = await svc.api("POST", "mail/send", { key, body });
  assert.equal(r.body.sent, true, r.text);
  const out = await svc.admin("GET", `/outbox?limit=1`);
  const [item] = out.body.items as { raw: string; message_id: string }[];
  assert.equal(item.message_id, r.body.message_id);
  return await simpleParser(item.raw);
}

const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** A click path signed for `url` in the message whose open pixel is in `html`. */
function signedClick(svc: TestService, html: string, url: string): string {
  const logId = /\/t\/o\/([0-9a-f-]{36})\./.exec(html)![1];
  const mac = clickMac(svc.ctx.config.encryptionKey, logId, url);
  return `/t/c/${logId}.${mac}?u=${encodeURIComponent(url)}`;
}

async function clicks(svc: TestService, siteId: string) {
  return (await siteEvents(svc, siteId, "email.clicked")).length;
}

// --- clicks ------------------------------------------------------------------------------

Deno.test("a link with a line break is tracked as the URL a browser opens and redirects there", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const mail = await sendAndRead(svc, s.key, {
      to: "ann@example.com",
      html: `<p><a href="https://shop.example.com/a&#10;b?x=1">Shop</a></p>`,
    });
    const link = /href="([^"]+\/t\/c\/[^"]+)"/.exec(mail.html as string)![1].replace(/&amp;/g, "&");
    assert.equal(new URL(link).searchParams.get("u"), "https://shop.example.com/ab?x=1");
    const r = await svc.app.request(path(link));
    assert.equal(r.status, 302);
    assert.equal(r.headers.get("location"), "https://shop.example.com/ab?x=1");
    assert.equal(await clicks(svc, s.siteId), 1);
  });
});

Deno.test("a signed click URL with CR/LF redirects to its normalized form, never answers 500", async () => {
  // Links tracked before URLs were normalized carry the raw value in u (and its MAC).
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const mail = await sendAndRead(svc, s.key, { to: "ann@example.com", html: "<p>Hi</p>" });
    const r = await svc.app.request(
      signedClick(svc, mail.html as string, "https://a.example/x\r\nSet-Cookie: a=b"),
    );
    assert.equal(r.status, 302);
    assert.equal(r.headers.get("location"), "https://a.example/xSet-Cookie:%20a=b");
    assert.equal(r.headers.get("set-cookie"), null);
    assert.equal(await clicks(svc, s.siteId), 1);
  });
});

Deno.test("a signed click URL that is not an absolute http(s) URL answers a 400 page and emits nothing", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const mail = await sendAndRead(svc, s.key, { to: "ann@example.com", html: "<p>Hi</p>" });
    for (
      const url of [
        "https://exa mple.com/",
        "https://",
        "http://[::1/",
        "https://a.example:99999/",
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
      ]
    ) {
      const r = await svc.app.request(signedClick(svc, mail.html as string, url));
      const text = await r.text();
      assert.equal(r.status, 400, url);
      assert.match(r.headers.get("content-type") ?? "", /text\/html/);
      assert.equal(r.headers.get("cache-control"), "no-store");
      assert.equal(r.headers.get("location"), null);
      assert.match(text, /This link is not valid/);
    }
    assert.equal(await clicks(svc, s.siteId), 0);
    const stats = await svc.admin("GET", `/sites/${s.siteId}/email-stats`);
    assert.deepEqual([stats.body.opens, stats.body.clicks], [0, 0]);
  });
});

Deno.test("href-like text inside another attribute is left alone; the real href is tracked", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const mail = await sendAndRead(svc, s.key, {
      to: "ann@example.com",
      html: `<p><a data-x=" href=https://evil.example/" href="https://real.example/">A</a></p>`,
    });
    const html = mail.html as string;
    assert.ok(html.includes(`data-x=" href=https://evil.example/"`), html);
    const link = /\shref="([^"]+\/t\/c\/[^"]+)"/.exec(html)![1].replace(/&amp;/g, "&");
    assert.equal(new URL(link).searchParams.get("u"), "https://real.example/");
    const r = await svc.app.request(path(link));
    assert.equal(r.headers.get("location"), "https://real.example/");
  });
});

// --- unsubscribe -----------------------------------------------------------------------------

/** The List-Unsubscribe URL of a parsed message. */
function listUnsubscribe(mail: Awaited<ReturnType<typeof simpleParser>>): string {
  return mail.headerLines.find((l) => l.key === "list-unsubscribe")!.line
    .replace(/^[^:]+:\s*/, "").replace(/\s+/g, "").replace(/^<|>$/g, "");
}

Deno.test("GET on the List-Unsubscribe URL shows the page with 200 and changes nothing (RFC 8058)", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const mail = await sendAndRead(svc, s.key, { to: "ann@example.com", text: "hi" });
    const lu = path(listUnsubscribe(mail));
    // Link scanners fetch GET (and HEAD), sometimes with made-up queries.
    for (const p of [lu, lu + "?source=page", lu + "?List-Unsubscribe=One-Click"]) {
      for (const method of ["GET", "HEAD"]) {
        const r = await svc.app.request(p, { method });
        const text = await r.text();
        assert.equal(r.status, 200, `${method} ${p}`);
        assert.equal(r.headers.get("cache-control"), "no-store");
        if (method === "GET") assert.match(text, /<form method="post"/);
      }
    }
    assert.equal(
      await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, s.siteId, "ann@example.com"),
      null,
    );
    assert.equal((await siteEvents(svc, s.siteId, "email.unsubscribed")).length, 0);
    const next = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "ann@example.com", text: "still subscribed" },
    });
    assert.equal(next.body.sent, true, next.text);
  });
});

Deno.test("an unsubscribe token for one address cannot unsubscribe another, whatever the request adds", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const mail = await sendAndRead(svc, s.key, { to: "ann@example.com", text: "hi" });
    const lu = path(listUnsubscribe(mail));
    // The address comes from the signed token only: queries and bodies naming another are ignored.
    const r = await svc.api("POST", `${lu}?email=bob@example.com&to=bob@example.com`, {
      raw: "List-Unsubscribe=One-Click&email=bob%40example.com",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(r.status, 200);
    assert.ok(r.text.includes("ann@example.com") && !r.text.includes("bob@"));
    assert.ok(
      await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, s.siteId, "ann@example.com"),
    );
    assert.equal(
      await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, s.siteId, "bob@example.com"),
      null,
    );
    const evs = await siteEvents(svc, s.siteId, "email.unsubscribed");
    assert.deepEqual(evs.map((e) => e.data.to), ["ann@example.com"]);
    const bob = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "bob@example.com", text: "hi bob" },
    });
    assert.equal(bob.body.sent, true, bob.text);
  });
});

Deno.test("an unsubscribe token altered to another address or site answers a 400 page and writes nothing", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const other = await seedSite(svc);
    const key = svc.ctx.config.encryptionKey;
    const good = unsubscribeToken(key, s.siteId, "ann@example.com");
    const mac = good.split(".")[1];
    const b64 = (s: string) => btoa(s).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const altered = [
      // Same MAC, another address or another site.
      `${b64(`${s.siteId}\nbob@example.com`)}.${mac}`,
      `${b64(`${other.siteId}\nann@example.com`)}.${mac}`,
      // The body with something appended (the MAC covers the exact body text).
      `${b64(`${s.siteId}\nann@example.com\nbob@example.com`)}.${mac}`,
      // One character of the MAC changed, case changed, padding added.
      `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`,
      good.toUpperCase(),
      `${good.split(".")[0]}=.${mac}`,
    ];
    for (const token of altered) {
      for (const method of ["GET", "POST"]) {
        const r = await svc.api(method, `/u/${token}`, method === "POST" ? { raw: "" } : {});
        assert.equal(r.status, 400, `${method} ${token}`);
        assert.match(r.text, /This unsubscribe link is not valid/);
        assert.equal(r.headers.get("cache-control"), "no-store");
      }
    }
    for (
      const [site, email] of [[s.siteId, "ann@example.com"], [s.siteId, "bob@example.com"], [
        other.siteId,
        "ann@example.com",
      ]]
    ) {
      assert.equal(
        await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, site, email),
        null,
        `${site} ${email}`,
      );
    }
    assert.equal((await siteEvents(svc, s.siteId, "email.unsubscribed")).length, 0);
    assert.equal((await siteEvents(svc, other.siteId, "email.unsubscribed")).length, 0);
    // The genuine token still works, and only for its own site and address.
    const ok = await svc.api("POST", `/u/${good}`, { raw: "" });
    assert.equal(ok.status, 200);
    assert.ok(
      await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, s.siteId, "ann@example.com"),
    );
    assert.equal(
      await getUnsubscribe(
        svc.ctx.kv,
        svc.ctx.config.encryptionKey,
        other.siteId,
        "ann@example.com",
      ),
      null,
    );
  });
});
