/** Small steps shared by the webhook tests, all through the operator API. */
import type { TestService } from "./service.ts";
import { eventually } from "./service.ts";

export type CreatedWebhook = { id: string; secret: string; url: string; events: string[] };

export async function addWebhook(
  svc: TestService,
  siteId: string,
  url: string,
  events: string[] = ["all"],
  extra: Record<string, unknown> = {},
): Promise<CreatedWebhook> {
  const r = await svc.admin("POST", `/sites/${siteId}/webhooks`, { url, events, ...extra });
  if (r.status !== 201) throw new Error(`create webhook: ${r.status} ${r.text}`);
  return r.body as unknown as CreatedWebhook;
}

export type AttemptView = {
  n: number;
  at: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
};

export type DeliveryView = {
  id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  state: string;
  attempts: AttemptView[];
  next_attempt_at: string | null;
  note: string | null;
};

export async function getDelivery(svc: TestService, id: string): Promise<DeliveryView> {
  const r = await svc.admin("GET", `/deliveries/${id}`);
  if (r.status !== 200) throw new Error(`get delivery: ${r.status} ${r.text}`);
  return r.body as unknown as DeliveryView;
}

/**
 * The delivery, or null while it is not stored: a delivery is stored by its
 * first attempt (domain/webhooks/delivery_job.ts), so it may 404 before that.
 */
export async function findDelivery(svc: TestService, id: string): Promise<DeliveryView | null> {
  const r = await svc.admin("GET", `/deliveries/${id}`);
  if (r.status === 404) return null;
  if (r.status !== 200) throw new Error(`get delivery: ${r.status} ${r.text}`);
  return r.body as unknown as DeliveryView;
}

/** Waits until the delivery has `n` attempts recorded (and returns it). */
export function attemptsRecorded(
  svc: TestService,
  id: string,
  n: number,
  ms = 8000,
): Promise<DeliveryView> {
  return eventually(async () => {
    const d = await findDelivery(svc, id);
    return d && d.attempts.length >= n ? d : null;
  }, ms);
}

/** Waits until the delivery is stored and no longer pending. */
export function settled(svc: TestService, id: string, ms = 8000): Promise<DeliveryView> {
  return eventually(async () => {
    const d = await findDelivery(svc, id);
    return d && d.state !== "pending" ? d : null;
  }, ms);
}

export async function webhookState(svc: TestService, id: string) {
  const r = await svc.admin("GET", `/webhooks/${id}`);
  if (r.status !== 200) throw new Error(`get webhook: ${r.status} ${r.text}`);
  return r.body as {
    success_count: number;
    failure_count: number;
    last_status: number | null;
    paused: boolean;
  };
}

/** form.submitted data as the forms capability will emit it. */
export function submittedData(fields: Record<string, string> = { name: "Zoë", msg: "hi" }) {
  return {
    submission_id: crypto.randomUUID(),
    form_id: 7,
    form_name: "Contact",
    classification: "legitimate",
    spam_score: 3,
    fields,
    referrer: "https://example.com/contact/?a=1&b=ä",
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
