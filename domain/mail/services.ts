/**
 * The mail engine's long-lived services: the transport (an SMTP connection
 * pool, or the outbox) and the spam classifier. createCtx makes them when the
 * service starts (so the delivery workers start with it, not on the first
 * send) and `ctx.close()` closes them; a test may replace `ctx.mail`.
 */
import type { Config } from "../kernel/config.ts";
import type { Clock } from "../kernel/clock.ts";
import type { Logger } from "../kernel/log.ts";
import { type MailTransport, OutboxTransport, transportFromConfig } from "./transport.ts";
import { classifierFromUrl, type SpamClassifier } from "../spam/classifier.ts";

export type MailServices = {
  transport: MailTransport;
  /** Where sandbox (`svc_test_` key) mail goes: always the outbox, never the relay. */
  sandbox: MailTransport;
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
  // With no relay configured the transport is the outbox already.
  const sandbox = config.SVC_SMTP_URL ? new OutboxTransport(kv, clock) : transport;
  return { transport, sandbox, classifier, close: () => transport.close() };
}
