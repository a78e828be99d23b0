/**
 * The send path. POST /mail/send calls `handleMailSend`; form notifications
 * and sequence steps call `sendMail` (or `prepareSend`, to reserve inside
 * their own commit). One send runs, in order:
 *
 *   checks.ts       checks 5 to 14 in the spec's order, returning a draft
 *   message.ts      the message: content, sender, headers, tracking, unsubscribe
 *   reservation.ts  the send window and quota reservation, and outcome logging
 *   deliver.ts      the hand-off to the transport and the outcome's commit
 */
import type { Ctx } from "../kernel/context.ts";
import type { Site } from "../sites/schema.ts";
import { checkKeyAndBody, type KeyedRequest } from "../sites/auth.ts";
import type { MailSendInput, MailSendRequest } from "./schema.ts";
import { sendStateKeys, sendStateOf } from "./send_state_store.ts";
import { checkSend, parseSendInput, type SendOptions } from "./checks.ts";
import {
  addReservation,
  knownLogWindow,
  type LogWindow,
  readLogWindow,
  reserveSend,
  sendStateQuery,
} from "./reservation.ts";
import { deliver } from "./deliver.ts";
import type { SendOutcome } from "./outcome.ts";
import type { Deferred } from "./retry.ts";
import type { WindowPart } from "../kernel/kv/counters.ts";
import { checkIdempotencyKey, type IdempotentOutcome, withIdempotency } from "./idempotency.ts";

// The send window's figures, for the operator's email stats (routes/admin/mail.ts).
export { siteLogTotal, TOTALS } from "./reservation.ts";

/**
 * POST /mail/send: the key check (1 to 3, and the per-key request limit), the
 * JSON (4), then the send (5 to 14). For a key seen before, the send state of
 * the body's `to` addresses is read with the key check (one round trip).
 * Throws ApiError for 1 to 4; every later answer is the outcome. With an
 * Idempotency-Key, the send runs at most once per key (idempotency.ts).
 */
export async function handleMailSend(
  ctx: Ctx,
  request: KeyedRequest,
  opts: { idempotencyKey?: string } = {},
): Promise<IdempotentOutcome> {
  // The raw bytes, kept for the Idempotency-Key's "same body" (read once either way).
  let raw: Uint8Array | null = null;
  const keyed = opts.idempotencyKey === undefined
    ? request
    : { ...request, body: async () => raw = await request.body() };
  const { site, body, prefetched } = await checkKeyAndBody(ctx, keyed, {
    badJson: "invalid_json",
    parse: parseSendInput,
    prefetch(parsed, hint) {
      if (!parsed.ok) return null;
      const emails = [...new Set(parsed.req.to.map((m) => m.address.toLowerCase()))];
      const query = sendStateQuery(hint, emails, ctx.clock.now(), ctx.config.encryptionKey, {
        quota: true,
        marks: true,
        known: knownLogWindow(ctx, hint.id),
      });
      return { query, keys: sendStateKeys(query) };
    },
  });
  const send = async () => {
    if (!body.ok) return body.outcome;
    const state = prefetched
      ? await sendStateOf(ctx.kv, prefetched.plan.query, prefetched.entries)
      : undefined;
    return await sendRequest(ctx, site, body.req, { state });
  };
  if (opts.idempotencyKey === undefined) return await send();
  checkIdempotencyKey(opts.idempotencyKey);
  return await withIdempotency(ctx, site.id, opts.idempotencyKey, raw ?? new Uint8Array(), send);
}

/**
 * Sends one email for `site`. Never throws for an expected outcome: validation
 * errors, refusals and transport failures come back as `ok: false` with the
 * spec's code (and HTTP status for the public API).
 */
export async function sendMail(
  ctx: Ctx,
  site: Site,
  input: MailSendInput,
  opts: SendOptions = {},
): Promise<SendOutcome> {
  const parsed = parseSendInput(input);
  return parsed.ok ? await sendRequest(ctx, site, parsed.req, opts) : parsed.outcome;
}

async function sendRequest(
  ctx: Ctx,
  site: Site,
  req: MailSendRequest,
  opts: SendOptions,
): Promise<SendOutcome> {
  const p = await prepareRequest(ctx, site, req, opts);
  if (p.kind === "answered") return p.outcome;
  if (p.kind === "logged") {
    await p.write();
    return p.outcome;
  }
  const refused = await p.reserve();
  return refused ?? await p.deliver();
}

/**
 * A send decided up to the SMTP hand-off (checks 5 to 14 done):
 * - answered: refused before anything is written (5 to 10);
 * - logged: ends without sending (11 to 14, held); `write` commits its log
 *   record, window slot and event;
 * - send: to be reserved (`reserve`, or `reservation` inside the caller's own
 *   atomic op) and then handed to SMTP with `deliver`, which commits the
 *   outcome and its event (with the caller's `extra` mutations) before it
 *   answers.
 */
export type PreparedSend =
  | { kind: "answered"; outcome: SendOutcome }
  | { kind: "logged"; outcome: SendOutcome; write(): Promise<void> }
  | {
    kind: "send";
    logId: string;
    /**
     * Takes the log record, window slot and quota unit, checked against
     * concurrent sends (in-process sends of the site take turns); an outcome
     * when a concurrent send took the last slot or unit (then written), else null.
     */
    reserve(): Promise<SendOutcome | null>;
    /**
     * Adds the reservation to the caller's `op` instead (sends that count no
     * quota only): the "sending" record and the window slot, guarded by the
     * window's versionstamp (`window`: a fresher read than the prepared one).
     * `part`: the window part to append to when no rate limit decides this
     * send (a form notification; reservation.ts appendLogEntry), so that
     * concurrent ones need not take turns; ignored when the limit applies.
     * `chained`: `window`'s part holds an earlier append not committed yet
     * (counters.ts appendWindowPart); refused (throws) when the limit applies.
     */
    reservation(
      op: Deno.AtomicOperation,
      window?: LogWindow,
      part?: number,
      chained?: boolean,
    ): WindowPart;
    /** The site's send window as the checks read it. */
    window: LogWindow;
    /** Reads the site's window again (a caller that waited for its turn). */
    freshWindow(): Promise<LogWindow>;
    deliver(
      extra?: (op: Deno.AtomicOperation, sent: boolean, deferred?: Deferred) => void,
    ): Promise<SendOutcome>;
  };

/** Runs checks 5 to 14; writes nothing (see PreparedSend). */
export async function prepareSend(
  ctx: Ctx,
  site: Site,
  input: MailSendInput,
  opts: SendOptions = {},
): Promise<PreparedSend> {
  const parsed = parseSendInput(input);
  return parsed.ok
    ? await prepareRequest(ctx, site, parsed.req, opts)
    : { kind: "answered", outcome: parsed.outcome };
}

/**
 * `prepareSend` for a request the service built itself and already holds as
 * the schema's output (`notificationSend` in domain/forms/mailer.ts): no
 * parse of what was never outside input.
 */
export function prepareParsedSend(
  ctx: Ctx,
  site: Site,
  req: MailSendRequest,
  opts: SendOptions = {},
): Promise<PreparedSend> {
  return prepareRequest(ctx, site, req, opts);
}

async function prepareRequest(
  ctx: Ctx,
  site: Site,
  req: MailSendRequest,
  opts: SendOptions,
): Promise<PreparedSend> {
  const checked = await checkSend(ctx, site, req, opts);
  if (checked.kind !== "draft") return checked;
  const d = checked.draft;
  return {
    kind: "send",
    logId: d.logId,
    reserve: () =>
      reserveSend(ctx, {
        site,
        record: d.record,
        window: d.window,
        rateLimit: d.checks.rateLimit,
        account: d.quota?.account ?? null,
        usage: d.quota?.usage ?? null,
        event: { to: d.record.to_first, subject: d.record.subject },
        hooks: d.hooks,
      }),
    reservation(op, w = d.window, part, chained = false) {
      if (d.quota) throw new Error("a send that counts quota reserves with reserve()");
      return addReservation(ctx, op, d.record, w, d.checks.rateLimit ? undefined : part, chained);
    },
    window: d.window,
    freshWindow: () => readLogWindow(ctx, site.id),
    deliver: (extra) => deliver(ctx, d, extra),
  };
}
