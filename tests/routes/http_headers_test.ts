/**
 * Security headers on every answer (nosniff, Referrer-Policy; CSP and framing
 * ban on HTML pages) and 405 with Allow for a wrong method on a known path,
 * over every route of tests/helpers/routes.ts and the public pages.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../helpers/service.ts";
import { ADMIN_ROUTES, KEYED_ROUTES } from "../helpers/routes.ts";
import { unsubscribeToken } from "../../domain/mail/tokens.ts";
import { clickUrl } from "../../domain/mail/tracking.ts";
import { HSTS, HTML_CSP } from "../../routes/security_headers.ts";

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

const admin = (svc: TestService, method: string, path: string) =>
  svc.api(method, `/admin/api/v1${path}`, {
    headers: { authorization: `Bearer ${svc.ctx.config.adminToken}` },
  });

function assertEveryResponseHeaders(h: Headers, what: string) {
  assert.equal(h.get("x-content-type-options"), "nosniff", what);
  assert.equal(h.get("referrer-policy"), "no-referrer", what);
}

function assertHtmlHeaders(h: Headers, what: string) {
  assert.match(h.get("content-type") ?? "", /^text\/html/, what);
  assertEveryResponseHeaders(h, what);
  assert.equal(h.get("content-security-policy"), HTML_CSP, what);
  assert.equal(h.get("x-frame-options"), "DENY", what);
}

/** The public pages: the paths and their methods. */
const PUBLIC_PAGES: { path: string; methods: string[] }[] = [
  { path: "/healthz", methods: ["GET"] },
  { path: "/u/some-token", methods: ["GET", "POST"] },
  { path: "/t/o/some-token", methods: ["GET"] },
  { path: "/t/c/some-token", methods: ["GET"] },
];

Deno.test("the HTML CSP forbids scripts, outside resources, framing and foreign form targets", () => {
  const d = new Map(
    HTML_CSP.split(/;\s*/).map((p) => {
      const [name, ...v] = p.split(" ");
      return [name, v.join(" ")];
    }),
  );
  assert.equal(d.get("default-src"), "'none'");
  assert.equal(d.has("script-src"), false, "no script-src: scripts fall back to 'none'");
  assert.equal(d.get("frame-ancestors"), "'none'");
  assert.equal(d.get("form-action"), "'self'");
  assert.equal(d.get("base-uri"), "'none'");
  assert.equal(d.get("img-src"), "'self' data:");
});

Deno.test("unsubscribe pages and click-redirect error pages carry CSP, X-Frame-Options, nosniff and Referrer-Policy", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const token = unsubscribeToken(svc.ctx.config.encryptionKey, s.siteId, "ann@example.com");
    const pages: [string, string, number][] = [
      ["GET", `/u/${token}`, 200],
      ["GET", "/u/not-a-token", 400],
      ["POST", "/u/not-a-token", 400],
      ["POST", `/u/${token}?source=page`, 200],
      ["GET", "/t/c/not-a-token?u=https://example.com/", 400],
    ];
    for (const [method, path, status] of pages) {
      const r = await svc.api(method, path);
      assert.equal(r.status, status, `${method} ${path}: ${r.text.slice(0, 100)}`);
      assertHtmlHeaders(r.headers, `${method} ${path}`);
    }
    // The confirm page's form posts back to this service, as form-action 'self' allows.
    const page = await svc.api("GET", `/u/${token}`);
    assert.match(page.text, /<form method="post" action="\/u\//);
    assert.doesNotMatch(page.text, /<script/i);
  });
});

Deno.test("every answer, JSON, image and redirect too, carries nosniff and no CSP unless it is HTML", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const seen: string[] = [];
    const check = (h: Headers, what: string) => {
      assertEveryResponseHeaders(h, what);
      if (!/^text\/html/.test(h.get("content-type") ?? "")) {
        assert.equal(h.get("content-security-policy"), null, what);
      }
      seen.push(what);
    };
    for (const route of KEYED_ROUTES) {
      const ok = await svc.api(route.method, route.path, { key: s.key, body: route.body });
      check(ok.headers, `${route.method} ${route.path} ${ok.status}`);
      const unauth = await svc.api(route.method, route.path, { body: route.body });
      assert.equal(unauth.status, 401);
      check(unauth.headers, `${route.method} ${route.path} 401`);
    }
    for (const route of ADMIN_ROUTES) {
      const path = route.path.replace(/\{[a-z]+\}/g, "x");
      const r = await svc.admin(route.method, path, route.body);
      check(r.headers, `${route.method} ${route.path} ${r.status}`);
    }
    const unauthorized = await svc.api("GET", "/admin/api/v1/sites");
    assert.equal(unauthorized.status, 401);
    check(unauthorized.headers, "admin 401");
    for (const path of ["/healthz", "/nope", "/api/v1/nope", "/t/o/not-a-token"]) {
      const r = await svc.api("GET", path);
      check(r.headers, `GET ${path} ${r.status}`);
    }
    // A signed click redirect: no Referer carrying its token to the destination.
    const enc = svc.ctx.config.encryptionKey;
    const link = new URL(clickUrl("http://x", enc, crypto.randomUUID(), "https://example.com/a"));
    const click = await svc.api("GET", link.pathname + link.search);
    assert.equal(click.status, 302);
    check(click.headers, `click ${click.status}`);
    assert.ok(seen.length > KEYED_ROUTES.length * 2 + ADMIN_ROUTES.length);
  });
});

/** Methods that no route of the table uses for `path`, and the ones it does. */
function methodsOf<T extends { method: string; path: string }>(routes: T[], path: string) {
  return new Set(routes.filter((r) => r.path === path).map((r) => r.method));
}

function allowOf(h: Headers): string[] {
  return (h.get("allow") ?? "").split(",").map((m) => m.trim()).filter(Boolean);
}

Deno.test("a wrong method on a keyed route answers 405 {error: method_not_allowed} with Allow", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    for (const route of KEYED_ROUTES) {
      const own = methodsOf(KEYED_ROUTES, route.path);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        if (own.has(method)) continue;
        const what = `${method} ${route.path}`;
        for (const key of [s.key, undefined]) {
          const r = await svc.api(method, route.path, { key });
          assert.equal(r.status, 405, `${what}: ${r.status} ${r.text}`);
          assert.deepEqual(r.body, { error: "method_not_allowed" }, what);
          const allow = allowOf(r.headers);
          for (const m of own) assert.ok(allow.includes(m), `${what}: Allow ${allow}`);
          if (own.has("GET")) assert.ok(allow.includes("HEAD"), what);
          assert.ok(!allow.includes(method), what);
          assertEveryResponseHeaders(r.headers, what);
        }
      }
    }
  });
});

Deno.test("a wrong method on an operator route answers 405 {error, message} with Allow, after the token check", async () => {
  await withService(async (svc) => {
    const paths = [...new Set(ADMIN_ROUTES.map((r) => r.path))];
    for (const path of paths) {
      const own = methodsOf(ADMIN_ROUTES, path);
      const concrete = path.replace(/\{[a-z]+\}/g, "x");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (own.has(method)) continue;
        const what = `${method} ${path}`;
        const r = await admin(svc, method, concrete);
        assert.equal(r.status, 405, `${what}: ${r.status} ${r.text}`);
        assert.equal(r.body.error, "method_not_allowed", what);
        assert.equal(typeof r.body.message, "string", what);
        assert.deepEqual(Object.keys(r.body).sort(), ["error", "message"], what);
        const allow = allowOf(r.headers);
        for (const m of own) assert.ok(allow.includes(m), `${what}: Allow ${allow}`);
        // Every method Allow names is served there (no 405 for it).
        for (const m of allow.filter((m) => m !== "HEAD")) {
          assert.notEqual((await admin(svc, m, concrete)).status, 405, `${m} ${path}`);
        }
      }
      // Without the token the operator API says nothing about its routes.
      const anon = await svc.api("PUT", `/admin/api/v1${concrete}`);
      assert.equal(anon.status, 401, `anonymous PUT ${path}`);
    }
  });
});

Deno.test("a wrong method on a public page answers 405 with Allow; unknown paths stay 404", async () => {
  await withService(async (svc) => {
    for (const page of PUBLIC_PAGES) {
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        if (page.methods.includes(method)) continue;
        const r = await svc.api(method, page.path);
        const what = `${method} ${page.path}`;
        assert.equal(r.status, 405, `${what}: ${r.status}`);
        assert.deepEqual(r.body, { error: "method_not_allowed" }, what);
        const expected = [...page.methods, "HEAD"];
        assert.deepEqual(allowOf(r.headers).sort(), expected.sort(), what);
      }
    }
    const unknown: [string, string][] = [
      ["GET", "/nope"],
      ["PUT", "/nope"],
      ["GET", "/api/v1/nope"],
      ["POST", "/api/v1/sites/nope"],
      ["DELETE", "/t/x/y"],
    ];
    for (const [method, path] of unknown) {
      const r = await svc.api(method, path);
      assert.equal(r.status, 404, `${method} ${path}`);
      assert.deepEqual(r.body, { error: "not_found" });
      assert.equal(r.headers.get("allow"), null);
    }
    const adminUnknown = await admin(svc, "GET", "/nope");
    assert.equal(adminUnknown.status, 404);
    assert.equal(adminUnknown.body.error, "not_found");
    assert.equal(typeof adminUnknown.body.message, "string");
    assert.equal(adminUnknown.headers.get("allow"), null);
  });
});

Deno.test("HSTS only where browsers arrive over HTTPS: an https SVC_BASE_URL, never plain http", async () => {
  const plain = await startTestService({ runJobs: false });
  try {
    const r = await plain.api("GET", "/healthz");
    assert.equal(r.headers.get("strict-transport-security"), null);
  } finally {
    await plain.close();
  }
  const https = await startTestService({
    runJobs: false,
    config: { SVC_BASE_URL: "https://forms.example.com" },
  });
  try {
    for (const path of ["/healthz", "/nope", "/dashboard/"]) {
      const r = await https.api("GET", path);
      assert.equal(r.headers.get("strict-transport-security"), HSTS, path);
    }
  } finally {
    await https.close();
  }
});
