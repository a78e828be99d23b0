/**
 * The operator's read of the outbox, the transport that keeps messages in KV
 * when SVC_SMTP_URL is unset (written by transport.ts).
 */
import type { Ctx } from "../kernel/context.ts";
import * as store from "./outbox_store.ts";
import type { OutboxItem } from "./outbox_store.ts";

/** Kept messages with their raw text, newest first; `to` keeps those to one envelope recipient. */
export function listOutbox(ctx: Ctx, opts: { to?: string; limit: number }): Promise<OutboxItem[]> {
  return store.listOutbox(ctx.kv, opts);
}
