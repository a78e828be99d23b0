/**
 * The shapes of a suppression and an unsubscribe, apart from the store so
 * that another capability can read them (a delivery report's state is read
 * with them in one getMany) without importing this capability's store.
 */

export const SUPPRESSION_REASONS = ["bounced", "complained", "manual"] as const;
export type SuppressionReason = typeof SUPPRESSION_REASONS[number];

export type Suppression = {
  email: string;
  reason: SuppressionReason;
  detail: string | null;
  created_at: string;
  /** The delivery report (bounce, complaint) that added it (domain/inbound). */
  report_id?: string | null;
  /** The message that report was about. */
  message_id?: string | null;
};

/** `complaint`: a verified spam complaint about the site's mail (domain/inbound/intake.ts). */
export type UnsubscribeSource = "one_click" | "page" | "manual" | "complaint";

export type Unsubscribe = {
  site_id: string;
  email: string;
  source: UnsubscribeSource;
  created_at: string;
};
