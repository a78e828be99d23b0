/**
 * Mail services that load on first use. The mail stack (nodemailer, the MIME
 * builder, the spam classifier and its models) costs tens of MB per isolate;
 * a job worker thread mostly delivers webhooks and needs it only when a
 * sequence step sends mail. This module imports types only, so a context
 * made with it loads `services.ts` (by dynamic import) the first time a mail
 * is sent or classified, once, and never when nothing is.
 */
import type { MailServices } from "./services.ts";
import type { MailTransport, OutgoingMessage } from "./transport.ts";
import type { ClassifierInput, SpamClassifier } from "../spam/classifier.ts";

/** `load` makes the real services; it runs at most once, on the first send or classify. */
export function lazyMailServices(
  load: () => Promise<MailServices>,
  /** Whether a relay is configured (SVC_SMTP_URL): the transport's kind before it loads. */
  relay: boolean,
): MailServices & { loaded(): boolean } {
  let loading: Promise<MailServices> | null = null;
  const get = () => (loading ??= load());
  const lazyTransport = (
    kind: MailTransport["kind"],
    pick: (s: MailServices) => MailTransport,
  ): MailTransport => ({
    kind,
    send: async (msg: OutgoingMessage) => pick(await get()).send(msg),
    // The services' own close() closes the transports it made.
    close: () => Promise.resolve(),
  });
  const classifier: SpamClassifier = {
    engine: "lazy",
    classify: async (input: ClassifierInput) => (await get()).classifier.classify(input),
  };
  return {
    transport: lazyTransport(relay ? "smtp" : "outbox", (s) => s.transport),
    sandbox: lazyTransport("outbox", (s) => s.sandbox),
    classifier,
    loaded: () => loading !== null,
    async close() {
      if (loading) await (await loading).close();
    },
  };
}
