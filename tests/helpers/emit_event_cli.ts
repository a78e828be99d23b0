/**
 * Emits one event into a service's KV file from outside the service, the way
 * a capability inside it would (emitEvent). Used by the crash test to put a
 * delivery in place before the service starts.
 *
 *   SVC_KV_PATH=... SVC_ENCRYPTION_KEY=... deno run -A tests/helpers/emit_event_cli.ts \
 *     <site_id> <event_type> '<json data>'
 *
 * Prints {"event_id": ..., "deliveries": [...]} on stdout.
 */
import { loadConfig } from "../../domain/kernel/config.ts";
import { openCtx } from "../../domain/kernel/context.ts";
import { createLogger } from "../../domain/kernel/log.ts";
import { emitEvent, EVENT_TYPES, type EventType } from "../../domain/webhooks/events.ts";

const [siteId, type, data] = Deno.args;
if (!siteId || !EVENT_TYPES.includes(type as EventType) || !data) {
  console.error("usage: emit_event_cli.ts <site_id> <event_type> '<json data>'");
  Deno.exit(2);
}
const config = await loadConfig();
const ctx = await openCtx(config, { log: createLogger("error") });
const p = await emitEvent(ctx, siteId, type as EventType, JSON.parse(data));
console.log(JSON.stringify({ event_id: p.event.id, deliveries: p.deliveries.map((d) => d.id) }));
await ctx.close();
