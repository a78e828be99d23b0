/**
 * The webhooks' invariants for the doctor (domain/kernel/invariants.ts).
 * Events and deliveries expire with their indexes (EVENT_RETENTION_MS), and KV
 * removes expired keys lazily, so a dangling index entry of theirs may also be
 * the rest of an expiry: deleting it is what expiry would have done.
 */
import { keys } from "../kernel/kv/keys.ts";
import { indexPointsAtRecord } from "../kernel/kv/invariants.ts";
import type { Invariant } from "../kernel/invariants.ts";

export const webhookInvariants: Invariant[] = [
  indexPointsAtRecord(
    "webhooks: site index points at a webhook",
    keys.webhookBySite("", ""),
    keys.webhook,
  ),
  indexPointsAtRecord(
    "events: site index points at an event",
    keys.eventBySite("", ""),
    keys.event,
  ),
  indexPointsAtRecord(
    "deliveries: webhook index points at a delivery",
    keys.deliveryByWebhook("", ""),
    keys.delivery,
  ),
  indexPointsAtRecord(
    "deliveries: event index points at a delivery",
    keys.deliveryByEvent("", ""),
    keys.delivery,
  ),
];
