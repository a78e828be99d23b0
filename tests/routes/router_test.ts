/**
 * The app answers through Hono's RegExp router alone (one regular expression
 * per method, no trie search per request): every route must be one it holds,
 * so a route it refuses fails the app's build, here and at start. The
 * dashboard's template pages, which share a first segment between literal
 * and parameter paths, dispatch on their segments with the same answers.
 */
import assert from "node:assert/strict";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { startTestService } from "../helpers/service.ts";
import { buildApp } from "../../routes/app.ts";
import { Browser, seedUser } from "./dashboard/browser.ts";

Deno.test("the app's router is the RegExp router and it holds every route", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const app = buildApp(svc.ctx);
    assert.equal(app.router.name, "RegExpRouter");
    assert.ok(app.routes.length > 200);
    // The same table in a fresh RegExp router: no route is refused.
    const r = new RegExpRouter<number>();
    for (const [i, route] of app.routes.entries()) r.add(route.method, route.path, i);
    assert.ok(r.match("GET", "/healthz")[0].length > 0);
  } finally {
    await svc.close();
  }
});

Deno.test("the RegExp router refuses a literal segment beside a parameter (why templates dispatch)", () => {
  const r = new RegExpRouter<number>();
  r.add("GET", "/dashboard/templates/:id", 0);
  assert.throws(() => r.add("GET", "/dashboard/templates/starter/:slug", 1));
});

Deno.test("dashboard template paths answer as their own routes: pages, 404 page, 405 with Allow", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const starter = await u.get("/dashboard/templates/starter/welcome");
    assert.equal(starter.status, 200);
    assert.equal((await u.get("/dashboard/templates/starter/welcome/preview")).status, 200);
    // Unknown starter, unknown template: the dashboard's own 404 page.
    for (
      const path of [
        "/dashboard/templates/starter/nope",
        "/dashboard/templates/starter/nope/preview",
        "/dashboard/templates/starter/preview",
        "/dashboard/templates/0190aaaa-0000-7000-8000-000000000000",
        "/dashboard/templates/0190aaaa-0000-7000-8000-000000000000/preview",
      ]
    ) {
      const p = await u.get(path);
      assert.equal(p.status, 404, path);
      assert.match(p.text, /<h1>Not found<\/h1>/, path);
    }
    // A method a path is not served with: 405 and the path's own methods.
    const allow = async (method: string, path: string) => {
      if (method === "POST") await u.get("/dashboard/templates"); // a page with the CSRF token
      const p = method === "POST" ? await u.post(path) : await u.get(path);
      return [p.status, p.headers.get("allow")];
    };
    const id = "/dashboard/templates/0190aaaa-0000-7000-8000-000000000000";
    assert.deepEqual(await allow("GET", `${id}/delete`), [405, "POST"]);
    assert.deepEqual(await allow("POST", `${id}/preview`), [405, "GET, HEAD"]);
    assert.deepEqual(await allow("POST", "/dashboard/templates/starter/welcome"), [
      405,
      "GET, HEAD",
    ]);
    assert.deepEqual(await allow("GET", "/dashboard/templates/starter/welcome/copy"), [
      405,
      "POST",
    ]);
    assert.deepEqual(await allow("POST", "/dashboard/templates/starter/welcome/preview"), [
      405,
      "GET, HEAD",
    ]);
    // Paths no route serves: 404.
    assert.equal((await u.get(`${id}/other`)).status, 404);
    assert.equal((await u.get("/dashboard/templates/starter/welcome/other")).status, 404);
  } finally {
    await svc.close();
  }
});
