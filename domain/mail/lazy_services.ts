/**
 * Mail services that load on first use. The mail stack (nodemailer, the MIME
 * builder, the spam classifier and its models) costs tens of MB per isolate;
 * a job worker thread mostly delivers webhooks and needs it only when a
 * sequence step sends mail. This module imports types only, so a context
 * made with it loads `services.ts` (by dynamic import) the first time a mail
 * is sent or classified, once, and never when nothing is.
 *
 * Also how a context gets its mail services: the kernel imports no
 * capability, so it holds them as a slot it only closes; the composition root
 * (main.ts, a worker entry, a test helper) hands `eagerMail` or `lazyMail` to
 * `openCtx`/`createCtx`, and the mail code reads them back typed (`mailOf`).
 */
import type { Ctx, MailParts, MailSlot } from "../kernel/context.ts";
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

/**
 * Made at once from the configuration: loads the mail stack (nodemailer, the
 * spam models) and starts the delivery workers with the service.
 */
export async function eagerMail(parts: MailParts): Promise<MailServices> {
  const { createMailServices } = await import("./services.ts");
  return createMailServices(parts.config, parts.kv, parts.clock, parts.log);
}

/**
 * Made on first use: for a job worker thread that mostly delivers webhooks
 * (about 60 MB less per thread, docs/performance.md "Memory and start").
 */
export function lazyMail(parts: MailParts): MailServices & { loaded(): boolean } {
  return lazyMailServices(() => eagerMail(parts), !!parts.config.SVC_SMTP_URL);
}

function isMailServices(slot: MailSlot): slot is MailServices {
  return "transport" in slot && "sandbox" in slot && "classifier" in slot;
}

/** The context's mail services; a context made without them cannot send mail. */
export function mailOf(ctx: Ctx): MailServices {
  if (!isMailServices(ctx.mail)) {
    throw new Error("this context was made without mail services (openCtx/createCtx `mail`)");
  }
  return ctx.mail;
}
