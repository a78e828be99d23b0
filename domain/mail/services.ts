/**
 * The mail engine's long-lived services: the transport (an SMTP connection
 * pool, or the outbox) and the spam classifier. createCtx makes them when the
 * service starts (so the delivery workers start with it, not on the first
 * send) and `ctx.close()` closes them; a test may replace `ctx.mail`.
 */
import type { Config } from "../kernel/config.ts";
import type { Clock } from "../kernel/clock.ts";
import type { Logger } from "../kernel/log.ts";
import { type MailTransport, transportFromConfig } from "./transport.ts";
import { classifierFromUrl, type SpamClassifier } from "../spam/classifier.ts";

export type MailServices = {
  transport: MailTransport;
  classifier: SpamClassifier;
  close(): Promise<void>;
};

export function createMailServices(
  config: Config,
  kv: Deno.Kv,
  clock: Clock,
  log: Logger,
): MailServices {
  const transport = transportFromConfig(config, kv, clock, log);
  const classifier = classifierFromUrl(config.SVC_SPAM_CLASSIFIER_URL, log);
  return { transport, classifier, close: () => transport.close() };
}
