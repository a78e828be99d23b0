/**
 * Configuration, read once at start from SVC_* environment variables and
 * validated with zod. A bad value stops the start with a sentence that names the
 * variable. Secrets that are not given (operator token, encryption key) are
 * generated once into the data folder with mode 0600 and reused afterwards (the
 * relay DKIM key too, sealed: relay_key.ts).
 *
 * Long file: one schema lists every SVC_* variable with its reason and check,
 * and the README's table is checked against it; split, a variable's rules and
 * its neighbours would be in different places.
 */
import { z } from "zod";
import { dirname, join } from "node:path";
import { Buffer } from "node:buffer";
import { randomToken } from "./crypto.ts";
import { loadRelayDkim, type RelayDkim, RelayKeyError, testRelayDkim } from "./relay_key.ts";
import { parseIpRanges } from "./ip.ts";
import { isAddress } from "./address.ts";
import { DEPLOY_DEFAULTS, deployProblem } from "./deploy_profile.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");
const port = z.coerce.number({ message: "must be a port number" }).int("must be a whole number")
  .min(0, "must be 0 to 65535").max(65535, "must be 0 to 65535");
const url = z.string().refine(
  (s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol),
  "must be a full http:// or https:// URL",
);
const hostPort = z.string().regex(
  /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/,
  "must be host:port, for example 127.0.0.1:53",
);

/**
 * The operator token guards every operator call: long and varied enough that
 * guessing it is hopeless even without the per-address failure limit
 * (domain/kernel/auth_guard.ts), and sendable in an Authorization header.
 */
const ADMIN_TOKEN_MIN_LENGTH = 32;
const ADMIN_TOKEN_MIN_DISTINCT = 16;

/** Why a token is too weak for the operator API, or null when it is fine. */
export function adminTokenProblem(token: string): string | null {
  if (token.length < ADMIN_TOKEN_MIN_LENGTH) {
    return `must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters ` +
      "(for example the output of: openssl rand -base64 32)";
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return "must be printable ASCII without spaces";
  }
  if (new Set(token).size < ADMIN_TOKEN_MIN_DISTINCT) {
    return `must contain at least ${ADMIN_TOKEN_MIN_DISTINCT} different characters`;
  }
  return null;
}

const ms = (min: number, max: number) =>
  z.coerce.number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const EnvSchema = z.object({
  SVC_PROFILE: z.enum(["dev", "deploy"], { message: "must be dev, deploy or unset" }).optional(),
  SVC_PORT: port.default(8080),
  SVC_HOST: z.string().min(1).default("0.0.0.0"),
  // Unset: defaultBaseUrl() (this machine on SVC_PORT).
  SVC_BASE_URL: url,
  SVC_DATA_DIR: z.string().min(1).optional(),
  SVC_KV_PATH: z.string().min(1).default("./data/svc.kv"),
  SVC_ADMIN_TOKEN: z.string().check((ctx) => {
    const problem = adminTokenProblem(ctx.value);
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  }).optional(),
  SVC_ENCRYPTION_KEY: z.string().refine(
    (s) => Buffer.from(s, "base64").length === 32 && /^[A-Za-z0-9+/]+=*$/.test(s),
    "must be the base64 encoding of exactly 32 bytes",
  ).optional(),
  SVC_SMTP_URL: z.string().refine((s) => /^smtps?:\/\//.test(s) && URL.canParse(s), {
    message: "must be an smtp:// or smtps:// URL, for example smtp://user:pass@host:587",
  }).optional(),
  SVC_SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  // The one address parser (RFC 5321, IDNA), plus plain single-label hosts for development
  // (the default relay@localhost): this address goes into every relay mail's From.
  SVC_RELAY_FROM: z.string().refine(
    (v) =>
      isAddress(v) ||
      /^[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(v),
    "must be an email address such as relay@mail.example.com",
  ).default("relay@localhost"),
  // mail engine: DKIM selector of relay-mode mail (signed for the domain of SVC_RELAY_FROM)
  SVC_RELAY_DKIM_SELECTOR: z.string().regex(
    /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*$/,
    "must be a DNS label, for example svc or svc2026",
  ).default("svc"),
  // mail engine: the relay's DKIM private key, PEM text or the path of a PEM file;
  // unset: generated into the data folder (relay_dkim_key) at first start
  SVC_RELAY_DKIM_KEY: z.string().min(1).optional(),
  SVC_SMTP_INBOUND_PORT: port.default(2525),
  SVC_TURNSTILE_SITE_KEY: z.string().min(1).default("1x00000000000000000000AA"),
  SVC_TURNSTILE_SECRET: z.string().min(1).default("1x0000000000000000000000000000000AA"),
  SVC_TURNSTILE_VERIFY_URL: url.default(
    "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  ),
  SVC_HCAPTCHA_VERIFY_URL: url.default("https://api.hcaptcha.com/siteverify"),
  SVC_RECAPTCHA_VERIFY_URL: url.default("https://www.google.com/recaptcha/api/siteverify"),
  SVC_DNS_SERVER: hostPort.optional(),
  SVC_ALLOW_PRIVATE_TARGETS: bool.default(false),
  SVC_EGRESS_PROXY: url.optional(),
  SVC_TLS_CERT: z.string().min(1).optional(),
  SVC_TLS_KEY: z.string().min(1).optional(),
  SVC_HTTP_REDIRECT_PORT: port.optional(),
  SVC_LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // Host named in the SPF include shown for sending domains (the relay's SPF
  // record); unset: _spf.<domain of SVC_RELAY_FROM>.
  SVC_SPF_INCLUDE: z.string().regex(
    /^(?=.{1,253}$)(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/,
    "must be a host name, for example _spf.relay.example.net",
  ).optional(),
  // mail engine: spamd://host:783 (SpamAssassin) or http(s)://host:11333 (rspamd); unset = built-in
  SVC_SPAM_CLASSIFIER_URL: z.string().refine(
    (s) => /^(spamd|https?):\/\//.test(s) && URL.canParse(s),
    "must be spamd://host:port or an http(s):// rspamd URL",
  ).optional(),
  // mail engine: domain of VERP Return-Paths (bounce+<token>@domain); default: SVC_RELAY_FROM's
  SVC_RETURN_PATH_DOMAIN: z.string().regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9-]+$/,
    "must be a domain name",
  ).optional(),
  /**
   * Threads that run background jobs (webhook deliveries, sequence steps), each
   * on its own KV handle; 0 runs them on the HTTP thread. An in-memory KV
   * cannot be shared, so it always runs them on the HTTP thread.
   */
  SVC_JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * What starts due jobs: `queue` (KV queue messages, with a sweep of the due
   * index as the safety net) or `sweep` (every instance sweeps the due index
   * each second and claims jobs with a check-and-set lease). Unset: queue on a
   * local KV file, sweep on a KV Connect URL, where enqueue is refused.
   */
  SVC_JOB_TRIGGER: z.enum(["queue", "sweep"], { message: "must be queue or sweep" }).optional(),
  /**
   * Processes that serve HTTP on SVC_PORT (SO_REUSEPORT, Linux): 1 is this one;
   * each extra one (main.ts --http-only) answers requests on the same KV file
   * and runs no jobs, crons or SMTP listeners (docs/performance.md).
   */
  SVC_HTTP_PROCESSES: z.coerce.number().int().min(1).max(16).default(1),
  // mail engine: delivery workers that build, sign and send (0 = in the HTTP thread;
  // job worker threads always send in their own thread), started with the service
  SVC_SMTP_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  // forms
  /** Longest wait for a captcha provider's siteverify answer before going on without it. */
  SVC_CAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Blocked or spam submissions of one site in 10 minutes that disable it (0 = never). */
  SVC_FORM_ABUSE_DISABLE_COUNT: z.coerce.number().int().min(0).default(300),
  // limits: guessing, slow clients, connection floods
  /**
   * Distinct wrong credentials (operator token, API keys) one client address may
   * present within 60 s; the one that reaches it gets 429, and so does every
   * request from that address to the same surface for the next 60 s.
   */
  SVC_AUTH_FAILURE_LIMIT: z.coerce.number({ message: "must be a number" })
    .int("must be a whole number").min(1, "must be at least 1").max(
      100_000,
      "must be at most 100000",
    )
    .default(30),
  /**
   * Longest time a connection may go without a request in progress: a new
   * connection must deliver its first request's headers within it, and an idle
   * kept-alive one is closed after it (domain/kernel/net/http_server.ts).
   */
  SVC_HEADER_TIMEOUT_MS: ms(100, 600_000).default(10_000),
  /** Longest time to receive a request body once its headers arrived (408 request_timeout). */
  SVC_BODY_TIMEOUT_MS: ms(100, 3_600_000).default(30_000),
  /**
   * Most bytes of files one static-form submission may carry (POST /f/{id};
   * docs/static-forms.md): counted while the body is read, past it 413.
   */
  SVC_UPLOAD_MAX_BYTES: z.coerce.number({ message: "must be a number" })
    .int("must be a whole number").min(0, "must be at least 0")
    .max(100 * 1024 * 1024, "must be at most 104857600").default(10 * 1024 * 1024),
  /**
   * Open connections one client address may hold; more are closed at once. 256:
   * one shared-hosting server holds many sites, each with its own PHP workers.
   */
  SVC_MAX_CONNS_PER_IP: z.coerce.number({ message: "must be a number" })
    .int("must be a whole number").min(1, "must be at least 1")
    .max(1_000_000, "must be at most 1000000").default(256),
  /**
   * Reverse proxies whose X-Forwarded-For names the client (addresses or CIDR
   * ranges, comma-separated); empty: the TCP peer is the client. Their own
   * connections are not capped by SVC_MAX_CONNS_PER_IP.
   */
  SVC_TRUSTED_PROXIES: z.string().default("").transform((s, c) => {
    const r = parseIpRanges(s);
    if (r.ok) return r.ranges;
    c.addIssue({
      code: "custom",
      message: `not an address or CIDR range: ${JSON.stringify(r.bad)}`,
    });
    return z.NEVER;
  }),
  /** A bearer token for GET /metrics alone (the operator token works too). */
  SVC_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // inbound: SMTP submission, AUTH with a site's API key as the password; 0 = off
  SVC_SMTP_SUBMISSION_PORT: port.default(2587),
  // webhook receivers
  /**
   * Hours a webhook's previous secret still signs after a rotation (its
   * signature goes beside the new one); 0 = the old secret stops at once.
   */
  SVC_WEBHOOK_GRACE_HOURS: z.coerce.number({ message: "must be a number" })
    .min(0, "must be at least 0").max(720, "must be at most 720").default(24),
  /**
   * Days a site's submissions, email log, delivery reports and webhook
   * deliveries are kept when the site sets no retention_days; unset: kept.
   */
  SVC_RETENTION_DAYS: z.coerce.number({ message: "must be a number of days" })
    .int("must be a whole number of days").min(1, "must be at least 1")
    .max(3650, "must be at most 3650").optional(),
});

export type Env = z.infer<typeof EnvSchema>;

const SECRET_VARIABLES = new Set([
  "SVC_ADMIN_TOKEN",
  "SVC_ENCRYPTION_KEY",
  "SVC_TURNSTILE_SECRET",
  "SVC_SMTP_URL",
  "SVC_EGRESS_PROXY",
  "SVC_RELAY_DKIM_KEY",
  "SVC_METRICS_TOKEN",
]);

export type Config =
  & Omit<Env, "SVC_ADMIN_TOKEN" | "SVC_ENCRYPTION_KEY" | "SVC_DATA_DIR" | "SVC_RELAY_DKIM_KEY">
  & {
    dataDir: string;
    adminToken: string;
    encryptionKey: Uint8Array;
    /** The relay's DKIM key (relay_key.ts). */
    relayDkim: RelayDkim;
    /** Secrets generated on this start (printed once by main.ts). */
    generated: { adminToken: boolean; encryptionKey: boolean };
  };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/**
 * Profiles change defaults only: a variable that is set always wins. `dev` (set
 * by `deno task dev`) listens on loopback only and lets webhooks reach local
 * receivers; `deploy` is Deno Deploy's (deploy_profile.ts: it also refuses what
 * cannot run there); no profile is the production default of `deno task start`.
 */
const PROFILE_DEFAULTS: Record<string, Record<string, string>> = {
  dev: { SVC_HOST: "127.0.0.1", SVC_ALLOW_PRIVATE_TARGETS: "true" },
  deploy: DEPLOY_DEFAULTS,
};

/** Validates the environment; pure, no file access. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const input: Record<string, string> = { ...PROFILE_DEFAULTS[env.SVC_PROFILE ?? ""] };
  for (const key of Object.keys(EnvSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== "") input[key] = v;
  }
  if (input.SVC_BASE_URL === undefined) input.SVC_BASE_URL = defaultBaseUrl(input);
  const r = EnvSchema.safeParse(input);
  if (!r.success) {
    const i = r.error.issues[0];
    const name = String(i.path[0]);
    // Secrets (and URLs that may carry a password) are not echoed into logs.
    const got = SECRET_VARIABLES.has(name) ? "" : ` (got "${input[name]}")`;
    throw new ConfigError(`Configuration error: ${name} ${i.message}${got}.`);
  }
  if ((r.data.SVC_TLS_CERT === undefined) !== (r.data.SVC_TLS_KEY === undefined)) {
    throw new ConfigError(
      "Configuration error: SVC_TLS_CERT and SVC_TLS_KEY must be set together.",
    );
  }
  if (r.data.SVC_PROFILE === "deploy") {
    const problem = deployProblem(r.data);
    if (problem) throw new ConfigError(`Configuration error (SVC_PROFILE=deploy): ${problem}`);
  }
  if (r.data.SVC_JOB_TRIGGER === "queue" && r.data.SVC_KV_PATH.includes("://")) {
    throw new ConfigError(
      "Configuration error: SVC_JOB_TRIGGER=queue cannot work with a KV Connect URL in " +
        "SVC_KV_PATH (KV Connect refuses enqueue); use sweep or leave it unset.",
    );
  }
  if (r.data.SVC_HTTP_PROCESSES > 1 && r.data.SVC_KV_PATH === ":memory:") {
    throw new ConfigError(
      "Configuration error: SVC_HTTP_PROCESSES above 1 needs a KV file in SVC_KV_PATH " +
        "(processes cannot share an in-memory database).",
    );
  }
  if (r.data.SVC_HTTP_REDIRECT_PORT !== undefined && r.data.SVC_TLS_CERT === undefined) {
    throw new ConfigError(
      "Configuration error: SVC_HTTP_REDIRECT_PORT needs SVC_TLS_CERT and SVC_TLS_KEY.",
    );
  }
  return r.data;
}

/**
 * SVC_BASE_URL when it is not set: this machine on SVC_PORT, so that links in
 * mail and the dashboard reach a service started on another port than 8080.
 * A specific SVC_HOST is used as it is; a wildcard one (every interface) is
 * `localhost`. With SVC_PORT=0 the port is chosen at start, so the old
 * default stays.
 */
function defaultBaseUrl(input: Record<string, string>): string {
  const port = input.SVC_PORT ?? "8080";
  if (!/^\d+$/.test(port) || Number(port) === 0) return "http://localhost:8080";
  const host = input.SVC_HOST ?? "0.0.0.0";
  const name = host === "0.0.0.0" || host === "::" || host === "[::]"
    ? "localhost"
    : host.includes(":") && !host.startsWith("[")
    ? `[${host}]`
    : host;
  return `http://${name}:${Number(port)}`;
}

/**
 * The start's warning when SVC_BASE_URL is not set outside the dev profile:
 * unsubscribe links, sign-in mail and the WordPress plugin's "Open the
 * dashboard" then name this machine, which the people who get them cannot reach.
 */
export function baseUrlWarning(
  env: Record<string, string | undefined>,
  config: Pick<Env, "SVC_BASE_URL" | "SVC_PROFILE">,
): string | null {
  if ((env.SVC_BASE_URL ?? "") !== "" || config.SVC_PROFILE === "dev") return null;
  return `Warning: SVC_BASE_URL is not set, so links in mail and in the dashboard use ` +
    `${config.SVC_BASE_URL}. Set it to the address people reach the service at ` +
    `(for example https://forms.example.com).`;
}

/**
 * Whether KV queue messages trigger jobs (SVC_JOB_TRIGGER, see above): never on
 * a KV Connect URL, otherwise unless the sweep is chosen.
 */
export function jobsUseQueue(config: Pick<Env, "SVC_JOB_TRIGGER" | "SVC_KV_PATH">): boolean {
  if (config.SVC_KV_PATH.includes("://") || config.SVC_KV_PATH === "platform") return false;
  return config.SVC_JOB_TRIGGER !== "sweep";
}

/** 32 random bytes, base64url (43 characters); drawn again in the (never seen) case it fails the rules. */
export function generateAdminToken(): string {
  for (;;) {
    const token = randomToken(32);
    if (adminTokenProblem(token) === null) return token;
  }
}

/** Reads a secret file or creates it (mode 0600) with `make()`. */
async function loadOrCreateSecret(
  path: string,
  make: () => string,
  variable: string,
): Promise<{ value: string; created: boolean }> {
  try {
    const value = (await Deno.readTextFile(path)).trim();
    if (value) return { value, created: false };
    throw new ConfigError(
      `Configuration error: the file ${path} is empty; delete it to generate a new value ` +
        `or set ${variable}.`,
    );
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const value = make();
  await Deno.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await Deno.writeTextFile(path, value + "\n", { mode: 0o600, createNew: true });
  await Deno.chmod(path, 0o600);
  return { value, created: true };
}

/** Full configuration: environment plus generated secrets from the data folder. */
export async function loadConfig(
  env: Record<string, string | undefined> = Deno.env.toObject(),
): Promise<Config> {
  const e = parseEnv(env);
  const dataDir = e.SVC_DATA_DIR ??
    (e.SVC_KV_PATH === ":memory:" || e.SVC_KV_PATH === "platform" || e.SVC_KV_PATH.includes("://")
      ? "./data"
      : dirname(e.SVC_KV_PATH));
  let adminToken = e.SVC_ADMIN_TOKEN;
  let keyB64 = e.SVC_ENCRYPTION_KEY;
  const generated = { adminToken: false, encryptionKey: false };
  if (!adminToken) {
    const file = join(dataDir, "admin_token");
    const r = await loadOrCreateSecret(file, generateAdminToken, "SVC_ADMIN_TOKEN");
    adminToken = r.value;
    generated.adminToken = r.created;
    // A file written by hand (or by a version without these rules) is held to them too.
    const problem = adminTokenProblem(adminToken);
    if (problem) {
      throw new ConfigError(
        `Configuration error: the operator token in ${file} ${problem}; ` +
          "delete the file to generate a new one or set SVC_ADMIN_TOKEN.",
      );
    }
  }
  if (!keyB64) {
    const r = await loadOrCreateSecret(
      join(dataDir, "encryption_key"),
      () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64"),
      "SVC_ENCRYPTION_KEY",
    );
    keyB64 = r.value;
    generated.encryptionKey = r.created;
    if (Buffer.from(keyB64, "base64").length !== 32) {
      throw new ConfigError(
        `Configuration error: the key file ${join(dataDir, "encryption_key")} ` +
          "does not hold base64 of 32 bytes (set SVC_ENCRYPTION_KEY or restore the file).",
      );
    }
  }
  const encryptionKey = new Uint8Array(Buffer.from(keyB64, "base64"));
  let relayDkim: RelayDkim;
  try {
    relayDkim = await loadRelayDkim({
      selector: e.SVC_RELAY_DKIM_SELECTOR,
      given: e.SVC_RELAY_DKIM_KEY,
      dataDir,
      encryptionKey,
    });
  } catch (err) {
    if (err instanceof RelayKeyError) throw new ConfigError(`Configuration error: ${err.message}`);
    throw err;
  }
  const {
    SVC_ADMIN_TOKEN: _a,
    SVC_ENCRYPTION_KEY: _k,
    SVC_DATA_DIR: _d,
    SVC_RELAY_DKIM_KEY: _r,
    ...rest
  } = e;
  return { ...rest, dataDir, adminToken, encryptionKey, relayDkim, generated };
}

/** A configuration for tests: every default, in-memory KV, fixed secrets. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests never reach the internet: captcha providers default to a closed
  // loopback port (a test that needs one starts its own stand-in).
  const closed = "http://127.0.0.1:9/siteverify";
  const e = parseEnv({
    SVC_KV_PATH: ":memory:",
    SVC_ALLOW_PRIVATE_TARGETS: "true",
    SVC_TURNSTILE_VERIFY_URL: closed,
    SVC_HCAPTCHA_VERIFY_URL: closed,
    SVC_RECAPTCHA_VERIFY_URL: closed,
    // Tests start their SMTP listeners themselves, on free ports (inbound/listener.ts).
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
  });
  const {
    SVC_ADMIN_TOKEN: _a,
    SVC_ENCRYPTION_KEY: _k,
    SVC_DATA_DIR: _d,
    SVC_RELAY_DKIM_KEY: _r,
    ...rest
  } = e;
  return {
    ...rest,
    relayDkim: testRelayDkim(rest.SVC_RELAY_DKIM_SELECTOR),
    dataDir: "./data",
    adminToken: "test-admin-token-0123456789-abcdefghij",
    encryptionKey: new Uint8Array(32).fill(7),
    generated: { adminToken: false, encryptionKey: false },
    ...overrides,
  };
}
