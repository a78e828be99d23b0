/** Reads the events a site emitted (as receivers would get them), oldest first. */
import type { TestService } from "./service.ts";
import { listEventsOfSite } from "../../domain/store/webhooks.ts";
import { unpackText } from "../../domain/store/blob.ts";

export type SentEvent = {
  id: string;
  type: string;
  created_at: string;
  site_id: string;
  data: Record<string, unknown>;
};

export async function siteEvents(
  svc: TestService,
  siteId: string,
  type?: string,
): Promise<SentEvent[]> {
  const out: SentEvent[] = [];
  for (const e of (await listEventsOfSite(svc.ctx.kv, siteId, 500)).reverse()) {
    if (type && e.type !== type) continue;
    out.push(JSON.parse(await unpackText(svc.ctx.kv, e.body)));
  }
  return out;
}
