/**
 * The SMTP listeners main.ts starts: inbound (SVC_SMTP_INBOUND_PORT: inbound
 * domains, bounces, delivery reports, complaints) and submission
 * (SVC_SMTP_SUBMISSION_PORT: AUTH with a site's API key); port 0 turns one
 * off. Both bind SVC_HOST and offer STARTTLS with the HTTPS certificate
 * (SVC_TLS_CERT, SVC_TLS_KEY) when one is configured. The work is in
 * domain/inbound/.
 */
import type { Ctx } from "../domain/kernel/context.ts";
import { startInboundListener } from "../domain/inbound/listener.ts";
import { startSubmissionListener } from "../domain/inbound/submission.ts";
import type { RunningListener, Tls } from "../domain/inbound/smtp_server.ts";

export type SmtpListeners = {
  /** The bound ports (null: off). */
  inboundPort: number | null;
  submissionPort: number | null;
  close(): Promise<void>;
};

export async function startSmtpListeners(ctx: Ctx): Promise<SmtpListeners> {
  const c = ctx.config;
  const tls: Tls = c.SVC_TLS_CERT && c.SVC_TLS_KEY
    ? { cert: await Deno.readTextFile(c.SVC_TLS_CERT), key: await Deno.readTextFile(c.SVC_TLS_KEY) }
    : null;
  const started: RunningListener[] = [];
  const close = async () => {
    await Promise.all(started.map((l) => l.close()));
  };
  try {
    const inbound = c.SVC_SMTP_INBOUND_PORT === 0
      ? null
      : await startInboundListener(ctx, { port: c.SVC_SMTP_INBOUND_PORT, host: c.SVC_HOST, tls });
    if (inbound) started.push(inbound);
    const submission = c.SVC_SMTP_SUBMISSION_PORT === 0 ? null : await startSubmissionListener(
      ctx,
      { port: c.SVC_SMTP_SUBMISSION_PORT, host: c.SVC_HOST, tls },
    );
    if (submission) started.push(submission);
    return {
      inboundPort: inbound?.port ?? null,
      submissionPort: submission?.port ?? null,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
