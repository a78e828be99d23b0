/**
 * The mail engine's long-lived services: the transport (an SMTP connection
 * pool, or the outbox) and the spam classifier. Created on first use from the
 * configuration, or injected by a test (`ctx.mail = ...`); main.ts and the test
 * helper close them on shutdown.
 */
import type { Ctx } from "../kernel/context.ts";
import { type MailTransport, transportFromConfig } from "./transport.ts";
import { classifierFromUrl, type SpamClassifier } from "../spam/classifier.ts";

export type MailServices = {
  transport: MailTransport;
  classifier: SpamClassifier;
  close(): Promise<void>;
};

export function createMailServices(ctx: Omit<Ctx, "mail">): MailServices {
  const transport = transportFromConfig(ctx.config, ctx.kv, ctx.clock, ctx.log);
  const classifier = classifierFromUrl(ctx.config.SVC_SPAM_CLASSIFIER_URL, ctx.log);
  return { transport, classifier, close: () => transport.close() };
}

export function mailServices(ctx: Ctx): MailServices {
  if (!ctx.mail) ctx.mail = createMailServices(ctx);
  return ctx.mail;
}

/** Closes the services if they were created (shutdown). */
export async function closeMailServices(ctx: Ctx): Promise<void> {
  const m = ctx.mail;
  ctx.mail = undefined;
  await m?.close();
}
