/**
 * SVC_PROFILE=dev (what `deno task dev` sets) changes defaults only: loopback
 * listener, webhooks to private targets allowed; explicit variables still win.
 */
import assert from "node:assert/strict";
import { ConfigError, parseEnv } from "../../../domain/kernel/config.ts";

Deno.test("dev profile: listens on loopback and lets webhooks reach private targets", () => {
  const e = parseEnv({ SVC_PROFILE: "dev" });
  assert.equal(e.SVC_PROFILE, "dev");
  assert.equal(e.SVC_HOST, "127.0.0.1");
  assert.equal(e.SVC_ALLOW_PRIVATE_TARGETS, true);
  // Everything else keeps the production default.
  assert.equal(e.SVC_PORT, 8080);
  assert.equal(e.SVC_KV_PATH, "./data/svc.kv");
});

Deno.test("dev profile: a variable that is set wins over the profile's default", () => {
  const e = parseEnv({
    SVC_PROFILE: "dev",
    SVC_HOST: "0.0.0.0",
    SVC_ALLOW_PRIVATE_TARGETS: "false",
  });
  assert.equal(e.SVC_HOST, "0.0.0.0");
  assert.equal(e.SVC_ALLOW_PRIVATE_TARGETS, false);
  // An empty variable counts as unset, so the profile's default applies.
  assert.equal(parseEnv({ SVC_PROFILE: "dev", SVC_HOST: "" }).SVC_HOST, "127.0.0.1");
});

Deno.test("no profile (deno task start): binds every interface, private targets refused", () => {
  for (const env of [{}, { SVC_PROFILE: "" }]) {
    const e = parseEnv(env);
    assert.equal(e.SVC_PROFILE, undefined);
    assert.equal(e.SVC_HOST, "0.0.0.0");
    assert.equal(e.SVC_ALLOW_PRIVATE_TARGETS, false);
  }
});

Deno.test("an unknown profile stops the start with a sentence naming SVC_PROFILE", () => {
  for (const p of ["prod", "DEV", "__proto__", "toString"]) {
    assert.throws(() => parseEnv({ SVC_PROFILE: p }), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.equal(
        e.message,
        `Configuration error: SVC_PROFILE must be dev, deploy or unset (got "${p}").`,
      );
      return true;
    });
  }
});

Deno.test("deno task dev sets the dev profile and watches; deno task start sets no profile", async () => {
  const tasks = JSON.parse(await Deno.readTextFile("deno.json")).tasks as Record<string, string>;
  // Both may set other environment first (MALLOC_ARENA_MAX: docs/performance.md, "Memory and start").
  assert.match(tasks.dev, /^SVC_PROFILE=dev ([A-Z_]+=\S+ )*deno run --watch .*main\.ts$/);
  assert.doesNotMatch(tasks.start, /SVC_PROFILE|--watch/);
});
