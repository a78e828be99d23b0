/**
 * A webhook's failing streak as the health check (failing.ts) keeps it: when
 * its deliveries started failing, the success count then (a later success
 * ends the streak), and when the account's users were told.
 */
import { keys } from "../kernel/kv/keys.ts";
import type { Webhook } from "./store.ts";

export type FailingStreak = {
  /** The webhook's success_count when the streak was seen: any success since ends it. */
  success_count: number;
  /** The first failed delivery of the streak (ISO 8601). */
  since: string;
  /** When the account's users were emailed about it; null until then. */
  notified_at: string | null;
};

export function getFailingStreak(
  kv: Deno.Kv,
  w: Pick<Webhook, "id" | "site_id">,
): Promise<Deno.KvEntryMaybe<FailingStreak>> {
  return kv.get<FailingStreak>(keys.webhookFailing(w.site_id, w.id));
}

/** Writes the streak if the entry is still as read (`read`). */
export async function putFailingStreak(
  kv: Deno.Kv,
  w: Pick<Webhook, "id" | "site_id">,
  read: Deno.KvEntryMaybe<FailingStreak>,
  streak: FailingStreak | null,
): Promise<boolean> {
  const key = keys.webhookFailing(w.site_id, w.id);
  const op = kv.atomic().check(read);
  if (streak) op.set(key, streak);
  else op.delete(key);
  return (await op.commit()).ok;
}
