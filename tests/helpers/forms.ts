/** Helpers for the forms/submit tests: submit, saved captcha, stored events. */
import { seal } from "../../domain/kernel/crypto.ts";
import { type CaptchaProvider, updateSite } from "../../domain/sites/store.ts";
import { listEventsOfSite } from "../../domain/webhooks/store.ts";
import { unpackText } from "../../domain/kernel/kv/blob.ts";
import { type Answer, startTestService, type TestService } from "./service.ts";
import { createIpBlock } from "../../domain/blocks/store.ts";
import type { Config } from "../../domain/kernel/config.ts";
import { startSmtp, type TestSmtp } from "./smtp.ts";

export function submit(
  svc: TestService,
  key: string,
  body: unknown,
): Promise<Answer> {
  return svc.api("POST", "forms/submit", { key, body });
}

/** Saves a captcha provider on a site as POST /sites/captcha would (secret sealed). */
export async function setCaptcha(
  svc: TestService,
  siteId: string,
  provider: CaptchaProvider,
  siteKey: string | null = null,
  secret: string | null = null,
): Promise<void> {
  await updateSite(svc.ctx, siteId, (s) => ({
    ...s,
    captcha: {
      provider,
      site_key: siteKey,
      secret: secret === null ? null : seal(svc.ctx.config.encryptionKey, secret, siteId),
    },
  }));
}

export type EventBody = {
  id: string;
  type: string;
  created_at: string;
  site_id: string;
  data: Record<string, unknown>;
};

/** The stored outer bodies of a site's events, newest first. */
export async function eventsOf(svc: TestService, siteId: string): Promise<EventBody[]> {
  const list = await listEventsOfSite(svc.ctx.kv, siteId, 100);
  return await Promise.all(
    list.map(async (e) => JSON.parse(await unpackText(svc.ctx.kv, e.body)) as EventBody),
  );
}

export const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** A plainly legitimate submission body. */
export function legitBody(domain: string, extra: Record<string, unknown> = {}) {
  return {
    form_id: 7,
    form_name: "Contact",
    fields: {
      name: "Maria Gonzalez",
      email: "maria.gonzalez@example.org",
      message: "Hi, could you send me a quote for two tables? Thanks!",
    },
    visitor: { user_agent: BROWSER_UA, referrer: `https://${domain}/contact` },
    ...extra,
  };
}

/** A loopback URL where nothing listens (a port that was free a moment ago). */
export function deadUrl(): string {
  const l = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return `http://127.0.0.1:${port}/siteverify`;
}

/**
 * A test service whose captcha providers point at loopback (a dead port unless
 * given), so that no test ever reaches a real provider.
 */
export function startFormsService(
  opts: Parameters<typeof startTestService>[0] = {},
): Promise<TestService> {
  const dead = deadUrl();
  return startTestService({
    ...opts,
    config: {
      SVC_TURNSTILE_VERIFY_URL: dead,
      SVC_HCAPTCHA_VERIFY_URL: dead,
      SVC_RECAPTCHA_VERIFY_URL: dead,
      ...opts.config,
    },
  });
}

/** Runs `fn` against a forms service without job runners, closed afterwards. */
export async function withFormsService(fn: (svc: TestService) => Promise<void>): Promise<void> {
  const svc = await startFormsService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

/**
 * Runs `fn` against a forms service without job runners whose mail goes to a
 * loopback SMTP server (the relay), both closed afterwards.
 */
export async function withMail(
  fn: (svc: TestService, smtp: TestSmtp) => Promise<void>,
  config: Partial<Config> = {},
): Promise<void> {
  const smtp = await startSmtp();
  const svc = await startFormsService({
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test", ...config },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

export type StoredSubmission = {
  spam_score: number;
  classification: string;
  spam_reasons: { rule: string }[];
};

/** A submission as the operator API shows it. */
export async function storedSubmission(svc: TestService, id: unknown): Promise<StoredSubmission> {
  return (await svc.admin("GET", `/submissions/${id}`)).body as StoredSubmission;
}

/** An operator's manual, endless block of `ip`, written straight to KV. */
export async function manualBlock(svc: TestService, id: string, ip: string): Promise<void> {
  const now = Date.now();
  await createIpBlock(svc.ctx.kv, {
    id,
    ip,
    reason: "manual",
    blockedAt: new Date(now).toISOString(),
    blockedUntil: null,
    selfLiftable: false,
    note: null,
    triggeredBySiteId: null,
    liftedAt: null,
    liftedBySiteId: null,
  }, now);
}
