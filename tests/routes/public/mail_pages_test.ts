/**
 * Unsubscribe pages (RFC 8058 one-click and the confirm page) and tracking
 * (open pixel, click redirects), reached through the links of a sent message.
 */
import assert from "node:assert/strict";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { siteEvents } from "../../helpers/mail.ts";
import { unsubscribeToken } from "../../../domain/mail/tokens.ts";
import { getUnsubscribe } from "../../../domain/suppressions/store.ts";
import { updateSite } from "../../../domain/sites/store.ts";

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
  return { answer: r, mail: await simpleParser(item.raw) };
}

const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

Deno.test("one-click POST unsubscribes once, emits email.unsubscribed and blocks later mail", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const { mail } = await sendAndRead(svc, s.key, { to: "Ann@Example.com", text: "hi" });
    const lu = mail.headerLines.find((l) => l.key === "list-unsubscribe")!.line
      .replace(/^[^:]+:\s*/, "").replace(/\s+/g, "").replace(/^<|>$/g, "");
    const r = await svc.api("POST", path(lu), {
      raw: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(r.status, 200);
    assert.match(r.text, /You are unsubscribed/);
    assert.equal(
      (await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, s.siteId, "ann@example.com"))!
        .source,
      "one_click",
    );
    const again = await svc.api("POST", path(lu), { raw: "List-Unsubscribe=One-Click" });
    assert.equal(again.status, 200);
    const evs = await siteEvents(svc, s.siteId, "email.unsubscribed");
    assert.equal(evs.length, 1);
    assert.deepEqual(evs[0].data, { to: "ann@example.com", source: "one_click" });

    const next = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "ann@example.com", text: "again" },
    });
    assert.equal(next.body.reason, "send_failed");
    assert.equal(next.body.error, "all_recipients_unsubscribed");
  });
});

Deno.test("the confirm page does not unsubscribe on GET; its button POSTs with source page", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc, { site: { name: "<script>alert(1)</script> Shop" } });
    const token = unsubscribeToken(svc.ctx.config.encryptionKey, s.siteId, "o'neil@example.com");
    const page = await svc.api("GET", `/u/${token}`);
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes("<script>alert(1)</script>"), "site name is escaped");
    assert.ok(page.text.includes("&lt;script&gt;alert(1)&lt;/script&gt; Shop"));
    assert.ok(page.text.includes("o&#39;neil@example.com"));
    assert.equal(
      await getUnsubscribe(
        svc.ctx.kv,
        svc.ctx.config.encryptionKey,
        s.siteId,
        "o'neil@example.com",
      ),
      null,
    );
    const action = /<form method="post" action="([^"]+)"/.exec(page.text)![1].replace(
      /&amp;/g,
      "&",
    );
    const r = await svc.api("POST", action, { raw: "" });
    assert.equal(r.status, 200);
    const [ev] = await siteEvents(svc, s.siteId, "email.unsubscribed");
    assert.deepEqual(ev.data, { to: "o'neil@example.com", source: "page" });
  });
});

Deno.test("bad, forged and foreign unsubscribe tokens get a 400 or 404 page, never a 500", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const good = unsubscribeToken(svc.ctx.config.encryptionKey, s.siteId, "a@example.com");
    const [body, mac] = good.split(".");
    const forgedBody = btoa(`${s.siteId}\nvictim@example.com`).replace(/=+$/, "")
      .replace(/\+/g, "-").replace(/\//g, "_");
    const cases: [string, number][] = [
      ["garbage", 400],
      [`${body}.${"A".repeat(32)}`, 400],
      [`${forgedBody}.${mac}`, 400],
      [`${body}`, 400],
      ["%00%0d%0a", 400],
      ["x".repeat(5000), 400],
      [unsubscribeToken(svc.ctx.config.encryptionKey, crypto.randomUUID(), "a@example.com"), 404],
      [unsubscribeToken(svc.ctx.config.encryptionKey, "not-a-uuid", "a@example.com"), 404],
      [unsubscribeToken(new Uint8Array(32).fill(1), s.siteId, "a@example.com"), 400],
    ];
    for (const [token, status] of cases) {
      for (const method of ["GET", "POST"]) {
        const r = await svc.api(method, `/u/${token}`, method === "POST" ? { raw: "" } : {});
        assert.equal(r.status, status, `${method} ${token.slice(0, 40)}: ${r.text.slice(0, 200)}`);
        assert.match(r.headers.get("content-type") ?? "", /text\/html/);
      }
    }
    assert.equal((await siteEvents(svc, s.siteId, "email.unsubscribed")).length, 0);
  });
});

Deno.test("opens: the pixel answers a GIF and emits email.opened every time; forged pixels do nothing", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const { answer, mail } = await sendAndRead(svc, s.key, {
      to: "ann@example.com",
      subject: "Tracked",
      html: "<html><body><p>Hi</p></body></html>",
    });
    const pixel = /background="([^"]+\/t\/o\/[^"]+)"/.exec(mail.html as string)![1];
    for (let i = 0; i < 2; i++) {
      const r = await svc.api("GET", path(pixel));
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("content-type"), "image/gif");
    }
    const evs = await siteEvents(svc, s.siteId, "email.opened");
    assert.equal(evs.length, 2);
    assert.deepEqual(evs[0].data, {
      message_id: answer.body.message_id,
      to: "ann@example.com",
      subject: "Tracked",
    });
    const forged = path(pixel).replace(/\.[A-Za-z0-9_-]{22}$/, ".AAAAAAAAAAAAAAAAAAAAAA");
    assert.equal((await svc.api("GET", forged)).status, 404);
    assert.equal((await svc.api("GET", "/t/o/nonsense")).status, 404);
    assert.equal((await siteEvents(svc, s.siteId, "email.opened")).length, 2);
    const stats = await svc.admin("GET", `/sites/${s.siteId}/email-stats`);
    assert.equal(stats.body.opens, 2);
  });
});

Deno.test("clicks: tracked links redirect to the original URL and emit email.clicked only; others are refused", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const target = "https://shop.example.com/p?id=7&ref=mail#top";
    const { answer, mail } = await sendAndRead(svc, s.key, {
      to: "ann@example.com",
      subject: "Links",
      html: `<p><a href="${
        target.replace(/&/g, "&amp;")
      }">Shop</a> <a href="mailto:x@example.com">m</a></p>`,
    });
    const html = mail.html as string;
    assert.ok(html.includes('href="mailto:x@example.com"'), "non-http links are untouched");
    const link = /href="([^"]+\/t\/c\/[^"]+)"/.exec(html)![1].replace(/&amp;/g, "&");
    const r = await svc.app.request(path(link));
    assert.equal(r.status, 302);
    assert.equal(r.headers.get("location"), target);
    const [ev] = await siteEvents(svc, s.siteId, "email.clicked");
    assert.deepEqual(ev.data, {
      message_id: answer.body.message_id,
      to: "ann@example.com",
      subject: "Links",
    });
    assert.equal((await siteEvents(svc, s.siteId, "email.opened")).length, 0);

    // Same token, another URL: refused (no open redirect).
    const u = new URL(link);
    u.searchParams.set("u", "https://evil.example.net/");
    const evil = await svc.api("GET", u.pathname + u.search);
    assert.equal(evil.status, 400);
    const none = await svc.api("GET", u.pathname);
    assert.equal(none.status, 400);
    assert.equal((await siteEvents(svc, s.siteId, "email.clicked")).length, 1);
    const stats = await svc.admin("GET", `/sites/${s.siteId}/email-stats`);
    assert.deepEqual([stats.body.opens, stats.body.clicks], [1, 1], "a click counts as an open");
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.deepEqual([rec.opens, rec.clicks], [1, 1]);
  });
});

Deno.test("tracking off per site: no pixel and links untouched; the text part is never tracked", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    await updateSite(
      svc.ctx,
      s.siteId,
      (x) => ({ ...x, tracking: { opens: false, clicks: false } }),
    );
    const { mail } = await sendAndRead(svc, s.key, {
      to: "ann@example.com",
      html: '<p><a href="https://a.example.com/">A</a></p>',
      text: "See https://a.example.com/",
    });
    assert.ok(!(mail.html as string).includes("/t/"), mail.html as string);
    assert.equal(mail.text!.trim(), "See https://a.example.com/");

    await updateSite(
      svc.ctx,
      s.siteId,
      (x) => ({ ...x, tracking: { opens: true, clicks: false } }),
    );
    const second = await sendAndRead(svc, s.key, {
      to: "ann@example.com",
      html: '<p><a href="https://a.example.com/">A</a></p>',
    });
    const h = second.mail.html as string;
    assert.ok(h.includes("/t/o/") && !h.includes("/t/c/"));
  });
});

Deno.test("unsubscribe and tracking pages never answer 5xx, whatever the token or URL", async () => {
  const fc = (await import("fast-check")).default;
  await withService(async (svc) => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 400 }),
        fc.string({ maxLength: 200 }),
        fc.constantFrom("GET /u/", "POST /u/", "GET /t/o/", "GET /t/c/"),
        async (token, url, route) => {
          const [method, prefix] = route.split(" ");
          const path = `${prefix}${encodeURIComponent(token)}` +
            (prefix === "/t/c/" ? `?u=${encodeURIComponent(url)}` : "");
          const r = await svc.app.request(path, { method });
          await r.body?.cancel();
          assert.ok(r.status < 500, `${route}${token}: ${r.status}`);
          if (r.status === 302) throw new Error(`redirected to ${r.headers.get("location")}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
