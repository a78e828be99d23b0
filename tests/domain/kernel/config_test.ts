import assert from "node:assert/strict";
import { join } from "node:path";
import {
  adminTokenProblem,
  ConfigError,
  generateAdminToken,
  loadConfig,
  parseEnv,
} from "../../../domain/kernel/config.ts";
import { start } from "../../../main.ts";
import { generateKeyPairSync } from "node:crypto";
import { rsaKeyFromPem } from "../../../domain/kernel/crypto.ts";

Deno.test("defaults: port 8080, KV in ./data, outbox mail, shared test keys", () => {
  const e = parseEnv({});
  assert.equal(e.SVC_PORT, 8080);
  assert.equal(e.SVC_HOST, "0.0.0.0");
  assert.equal(e.SVC_KV_PATH, "./data/svc.kv");
  assert.equal(e.SVC_SMTP_URL, undefined);
  assert.equal(e.SVC_ALLOW_PRIVATE_TARGETS, false);
  assert.equal(e.SVC_SMTP_INBOUND_PORT, 2525);
  assert.equal(e.SVC_TURNSTILE_SITE_KEY, "1x00000000000000000000AA");
});

Deno.test("a bad value stops the start with one sentence naming the variable", () => {
  const cases: [Record<string, string>, string][] = [
    [{ SVC_PORT: "eighty" }, "SVC_PORT"],
    [{ SVC_PORT: "70000" }, "SVC_PORT"],
    [{ SVC_PORT: "80.5" }, "SVC_PORT"],
    [{ SVC_BASE_URL: "localhost:8080" }, "SVC_BASE_URL"],
    [{ SVC_ADMIN_TOKEN: "short" }, "SVC_ADMIN_TOKEN"],
    [{ SVC_HEADER_TIMEOUT_MS: "ten seconds" }, "SVC_HEADER_TIMEOUT_MS"],
    [{ SVC_HEADER_TIMEOUT_MS: "5" }, "SVC_HEADER_TIMEOUT_MS"],
    [{ SVC_BODY_TIMEOUT_MS: "1.5" }, "SVC_BODY_TIMEOUT_MS"],
    [{ SVC_MAX_CONNS_PER_IP: "0" }, "SVC_MAX_CONNS_PER_IP"],
    [{ SVC_AUTH_FAILURE_LIMIT: "-3" }, "SVC_AUTH_FAILURE_LIMIT"],
    [{ SVC_ENCRYPTION_KEY: "dG9vIHNob3J0" }, "SVC_ENCRYPTION_KEY"],
    [{ SVC_SMTP_URL: "http://relay:25" }, "SVC_SMTP_URL"],
    [{ SVC_RELAY_FROM: "no-at-sign" }, "SVC_RELAY_FROM"],
    [{ SVC_SMTP_INBOUND_PORT: "-1" }, "SVC_SMTP_INBOUND_PORT"],
    [{ SVC_DNS_SERVER: "8.8.8.8" }, "SVC_DNS_SERVER"],
    [{ SVC_ALLOW_PRIVATE_TARGETS: "maybe" }, "SVC_ALLOW_PRIVATE_TARGETS"],
    [{ SVC_EGRESS_PROXY: "proxy" }, "SVC_EGRESS_PROXY"],
    [{ SVC_LOG_LEVEL: "verbose" }, "SVC_LOG_LEVEL"],
    [{ SVC_TURNSTILE_VERIFY_URL: "nope" }, "SVC_TURNSTILE_VERIFY_URL"],
    [{ SVC_TLS_CERT: "/tmp/cert.pem" }, "SVC_TLS_KEY"],
    [{ SVC_HTTP_REDIRECT_PORT: "8081" }, "SVC_HTTP_REDIRECT_PORT"],
  ];
  for (const [env, name] of cases) {
    assert.throws(() => parseEnv(env), (e: unknown) => {
      assert.ok(e instanceof ConfigError, name);
      assert.match(e.message, new RegExp(`^Configuration error: .*${name}`));
      assert.match(e.message, /\.$/);
      assert.equal(e.message.split(/\.\s/).length, 1, e.message); // one sentence
      return true;
    });
  }
});

Deno.test("limits: header 10 s, body 30 s, 64 connections and 30 wrong credentials per address", () => {
  const e = parseEnv({});
  assert.equal(e.SVC_HEADER_TIMEOUT_MS, 10_000);
  assert.equal(e.SVC_BODY_TIMEOUT_MS, 30_000);
  assert.equal(e.SVC_MAX_CONNS_PER_IP, 256);
  assert.equal(e.SVC_AUTH_FAILURE_LIMIT, 30);
  const set = parseEnv({
    SVC_HEADER_TIMEOUT_MS: "500",
    SVC_BODY_TIMEOUT_MS: "800",
    SVC_MAX_CONNS_PER_IP: "3",
    SVC_AUTH_FAILURE_LIMIT: "5",
  });
  assert.deepEqual(
    [
      set.SVC_HEADER_TIMEOUT_MS,
      set.SVC_BODY_TIMEOUT_MS,
      set.SVC_MAX_CONNS_PER_IP,
      set.SVC_AUTH_FAILURE_LIMIT,
    ],
    [500, 800, 3, 5],
  );
});

Deno.test("a weak SVC_ADMIN_TOKEN stops the start: under 32 characters, under 16 distinct, or unsendable", () => {
  const weak: [string, RegExp][] = [
    ["x".repeat(31), /at least 32 characters/],
    ["abcdefghijklmno".repeat(4), /at least 16 different characters/], // 60 long, 15 distinct
    ["0123456789abcdef ".repeat(2), /printable ASCII/],
    ["0123456789abcdefé".repeat(2), /printable ASCII/],
  ];
  for (const [token, why] of weak) {
    assert.throws(() => parseEnv({ SVC_ADMIN_TOKEN: token }), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /^Configuration error: SVC_ADMIN_TOKEN /);
      assert.match(e.message, why);
      assert.ok(!e.message.includes(token), "the token is not echoed");
      return true;
    });
  }
  // 32 characters, 16 of them different: accepted.
  const ok = "abcdefghijklmnop".repeat(2);
  assert.equal(parseEnv({ SVC_ADMIN_TOKEN: ok }).SVC_ADMIN_TOKEN, ok);
});

Deno.test("generated operator tokens satisfy the rules a configured one must meet", () => {
  for (let i = 0; i < 200; i++) {
    const t = generateAdminToken();
    assert.equal(adminTokenProblem(t), null, t);
    assert.equal(parseEnv({ SVC_ADMIN_TOKEN: t }).SVC_ADMIN_TOKEN, t);
  }
});

Deno.test("a weak operator token in the data folder stops the start, naming the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "admin_token"), "hand-written-token\n");
    await assert.rejects(
      () => loadConfig({ SVC_DATA_DIR: dir, SVC_KV_PATH: ":memory:" }),
      (e: unknown) =>
        e instanceof ConfigError && e.message.includes(join(dir, "admin_token")) &&
        /at least 32 characters.*SVC_ADMIN_TOKEN/.test(e.message) &&
        !e.message.includes("hand-written-token"),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a bad secret is named but not echoed", () => {
  for (
    const [name, value] of [
      ["SVC_ADMIN_TOKEN", "tiny-secret"],
      ["SVC_ENCRYPTION_KEY", "c2VjcmV0LWtleQ=="],
      ["SVC_SMTP_URL", "http://user:hunter2@relay"],
    ]
  ) {
    assert.throws(() => parseEnv({ [name]: value }), (e: unknown) => {
      assert.match((e as Error).message, new RegExp(name));
      assert.ok(!(e as Error).message.includes(value));
      return true;
    });
  }
});

Deno.test("generated secrets are written with mode 0600 and reused on the next start", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const env = { SVC_DATA_DIR: dir, SVC_KV_PATH: ":memory:" };
    const first = await loadConfig(env);
    assert.deepEqual(first.generated, { adminToken: true, encryptionKey: true });
    assert.equal(first.encryptionKey.length, 32);
    assert.ok(first.adminToken.length >= 32);
    for (const f of ["admin_token", "encryption_key"]) {
      const st = await Deno.stat(join(dir, f));
      assert.equal(st.mode! & 0o777, 0o600, f);
    }
    assert.equal((await Deno.readTextFile(join(dir, "admin_token"))).trim(), first.adminToken);
    const second = await loadConfig(env);
    assert.deepEqual(second.generated, { adminToken: false, encryptionKey: false });
    assert.equal(second.adminToken, first.adminToken);
    assert.deepEqual(second.encryptionKey, first.encryptionKey);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the data folder defaults to the KV file's folder, mode 0700; given secrets write no files", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const c = await loadConfig({ SVC_KV_PATH: join(dir, "kv", "svc.kv") });
    assert.equal(c.dataDir, join(dir, "kv"));
    await Deno.stat(join(dir, "kv", "admin_token"));
    // A data folder the service creates is the owner's alone.
    assert.equal((await Deno.stat(join(dir, "kv"))).mode! & 0o777, 0o700);
    const given = await loadConfig({
      SVC_DATA_DIR: join(dir, "other"),
      SVC_ADMIN_TOKEN: "a-given-operator-token-0123456789",
      SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(1))),
      SVC_RELAY_DKIM_KEY: rsaPem(),
    });
    assert.equal(given.adminToken, "a-given-operator-token-0123456789");
    assert.deepEqual(given.generated, { adminToken: false, encryptionKey: false });
    await assert.rejects(() => Deno.stat(join(dir, "other")), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a damaged key file stops the start with a sentence naming the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "encryption_key"), "c2hvcnQ=\n");
    await assert.rejects(
      () => loadConfig({ SVC_DATA_DIR: dir, SVC_ADMIN_TOKEN: "a-given-operator-token-0123456789" }),
      (e: unknown) => e instanceof ConfigError && /encryption_key/.test(e.message),
    );
    await Deno.writeTextFile(join(dir, "admin_token"), "\n");
    await assert.rejects(
      () => loadConfig({ SVC_DATA_DIR: dir }),
      (e: unknown) => e instanceof ConfigError && /admin_token.*SVC_ADMIN_TOKEN/.test(e.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("main.ts exits with status 1 and the sentence on a bad value", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../../main.ts", import.meta.url).pathname],
    env: { SVC_PORT: "not-a-port", SVC_KV_PATH: ":memory:" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 1);
  assert.match(new TextDecoder().decode(out.stderr), /^Configuration error: SVC_PORT /);
});

Deno.test("the service starts from its configuration and /healthz answers", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const config = await loadConfig({
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: join(dir, "svc.kv"),
      SVC_LOG_LEVEL: "error",
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
    });
    const running = await start(config);
    try {
      const r = await fetch(`http://127.0.0.1:${running.port}/healthz`);
      assert.equal(r.status, 200);
      const body = await r.json();
      assert.equal(body.ok, true);
      assert.equal(body.kv, "ok");
      // The operator token from the data folder opens the operator API.
      const a = await fetch(`http://127.0.0.1:${running.port}/admin/api/v1/accounts`, {
        headers: { authorization: `Bearer ${config.adminToken}` },
      });
      assert.equal(a.status, 200);
      await a.body?.cancel();
    } finally {
      await running.shutdown();
    }
    await Deno.stat(join(dir, "svc.kv"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

function rsaPem(format: "pkcs1" | "pkcs8" = "pkcs8"): string {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: format, format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey as unknown as string;
}

Deno.test("relay DKIM key: generated once into the data folder, sealed and 0600, reused on the next start", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const env = { SVC_DATA_DIR: dir, SVC_KV_PATH: ":memory:" };
    const first = await loadConfig(env);
    assert.equal(first.relayDkim.source, "generated");
    assert.equal(first.relayDkim.selector, "svc");
    const file = join(dir, "relay_dkim_key");
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o600);
    const stored = await Deno.readTextFile(file);
    assert.doesNotMatch(stored, /PRIVATE KEY/, "sealed, not plain PEM");
    assert.equal(rsaKeyFromPem(first.relayDkim.privateKey).publicB64, first.relayDkim.publicKey);
    const second = await loadConfig({ ...env, SVC_RELAY_DKIM_SELECTOR: "svc2026" });
    assert.equal(second.relayDkim.source, "data");
    assert.equal(second.relayDkim.selector, "svc2026");
    assert.equal(second.relayDkim.publicKey, first.relayDkim.publicKey);
    // Another encryption key cannot read it: the start stops with a sentence naming the file.
    await assert.rejects(
      () =>
        loadConfig({
          ...env,
          SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(9))),
        }),
      (e: unknown) => e instanceof ConfigError && /relay_dkim_key/.test(e.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("relay DKIM key: SVC_RELAY_DKIM_KEY as PEM text or a file path; anything else stops the start", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const base = {
      SVC_DATA_DIR: dir,
      SVC_KV_PATH: ":memory:",
      SVC_ADMIN_TOKEN: "a-given-operator-token-0123456789",
    };
    const pem = rsaPem("pkcs1");
    const fromText = await loadConfig({ ...base, SVC_RELAY_DKIM_KEY: pem });
    assert.equal(fromText.relayDkim.source, "env");
    assert.equal(fromText.relayDkim.publicKey, rsaKeyFromPem(pem).publicB64);
    assert.match(fromText.relayDkim.privateKey, /^-----BEGIN PRIVATE KEY-----/, "as PKCS#8");
    const path = join(dir, "relay.pem");
    await Deno.writeTextFile(path, pem);
    const fromFile = await loadConfig({ ...base, SVC_RELAY_DKIM_KEY: path });
    assert.equal(fromFile.relayDkim.source, "file");
    assert.equal(fromFile.relayDkim.publicKey, fromText.relayDkim.publicKey);
    await assert.rejects(() => Deno.stat(join(dir, "relay_dkim_key")), Deno.errors.NotFound);
    for (const bad of [join(dir, "missing.pem"), "-----BEGIN PRIVATE KEY-----\nnope\n"]) {
      await assert.rejects(
        () => loadConfig({ ...base, SVC_RELAY_DKIM_KEY: bad }),
        (e: unknown) => e instanceof ConfigError && /SVC_RELAY_DKIM_KEY/.test(e.message),
      );
    }
    assert.throws(
      () => parseEnv({ SVC_RELAY_DKIM_SELECTOR: "bad selector" }),
      (e: unknown) => e instanceof ConfigError && /SVC_RELAY_DKIM_SELECTOR/.test(e.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("SVC_TRUSTED_PROXIES: addresses and CIDR ranges; a host name is refused by name", () => {
  const ok = parseEnv({ SVC_TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.7 ,2001:db8::/32" });
  assert.equal(ok.SVC_TRUSTED_PROXIES.length, 3);
  assert.deepEqual(parseEnv({}).SVC_TRUSTED_PROXIES, []);
  assert.throws(
    () => parseEnv({ SVC_TRUSTED_PROXIES: "10.0.0.0/8, proxy.local" }),
    (e: unknown) => {
      assert.match((e as Error).message, /SVC_TRUSTED_PROXIES.*proxy\.local/s);
      return true;
    },
  );
});

Deno.test("SVC_RELAY_FROM goes through the address parser; relay@localhost stays the development default", () => {
  assert.equal(parseEnv({}).SVC_RELAY_FROM, "relay@localhost");
  assert.equal(
    parseEnv({ SVC_RELAY_FROM: "relay@mail.example.com" }).SVC_RELAY_FROM,
    "relay@mail.example.com",
  );
  for (
    const bad of [
      "x@y@z",
      "<a>@example.com",
      "a@-bad-.example",
      "relay@[127.0.0.1]",
      "no-at-sign",
      'a"b@example.com',
    ]
  ) {
    assert.throws(() => parseEnv({ SVC_RELAY_FROM: bad }), /SVC_RELAY_FROM/, bad);
  }
});
