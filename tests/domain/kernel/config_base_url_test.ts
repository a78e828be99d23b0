/**
 * SVC_BASE_URL defaults from SVC_PORT (and a specific SVC_HOST), and the start
 * warns when it is unset outside the dev profile.
 */
import assert from "node:assert/strict";
import { baseUrlWarning, parseEnv } from "../../../domain/kernel/config.ts";

Deno.test("SVC_BASE_URL: unset, it names this machine on SVC_PORT", () => {
  assert.equal(parseEnv({}).SVC_BASE_URL, "http://localhost:8080");
  assert.equal(parseEnv({ SVC_PORT: "9090" }).SVC_BASE_URL, "http://localhost:9090");
  assert.equal(
    parseEnv({ SVC_PORT: "9090", SVC_HOST: "127.0.0.1" }).SVC_BASE_URL,
    "http://127.0.0.1:9090",
  );
  assert.equal(parseEnv({ SVC_PORT: "9090", SVC_HOST: "::1" }).SVC_BASE_URL, "http://[::1]:9090");
  assert.equal(
    parseEnv({ SVC_PORT: "9090", SVC_HOST: "::" }).SVC_BASE_URL,
    "http://localhost:9090",
  );
  assert.equal(
    parseEnv({ SVC_PROFILE: "dev", SVC_PORT: "3000" }).SVC_BASE_URL,
    "http://127.0.0.1:3000",
  );
  // A port chosen at start is not known yet.
  assert.equal(parseEnv({ SVC_PORT: "0" }).SVC_BASE_URL, "http://localhost:8080");
});

Deno.test("SVC_BASE_URL: a set value wins, and is still checked", () => {
  assert.equal(
    parseEnv({ SVC_PORT: "9090", SVC_BASE_URL: "https://forms.example.com" }).SVC_BASE_URL,
    "https://forms.example.com",
  );
  assert.throws(() => parseEnv({ SVC_BASE_URL: "forms.example.com" }), /SVC_BASE_URL/);
});

Deno.test("SVC_BASE_URL: the start warns when it is unset, except in the dev profile", () => {
  const env = { SVC_PORT: "9090" };
  const warning = baseUrlWarning(env, parseEnv(env));
  assert.match(warning ?? "", /SVC_BASE_URL is not set.*http:\/\/localhost:9090/);
  const set = { SVC_BASE_URL: "https://forms.example.com" };
  assert.equal(baseUrlWarning(set, parseEnv(set)), null);
  const dev = { SVC_PROFILE: "dev" };
  assert.equal(baseUrlWarning(dev, parseEnv(dev)), null);
});
