/**
 * What one DSN entry means for the recipient it names:
 * - Action delivered, relayed or expanded: delivered (`email.delivered`, once);
 * - Action delayed: delayed (`email.delayed`, one per report);
 * - Action failed: bounced, with a kind:
 *   - recipient: 5.1.x, the address does not exist (no such mailbox, bad
 *     domain, null MX 5.1.10) -- the address is suppressed; 5.1.7 and 5.1.8
 *     are about *our sender* address and count as message bounces;
 *   - message: any other permanent failure (policy, content, mailbox full);
 *   - transient: a 4.x.x failure, i.e. retries of a temporary problem ran out;
 *   - unknown: no status to go by, and no reply text that says "no such user".
 */
import type { BounceKind } from "./store.ts";

export type Outcome =
  | { type: "delivered" }
  | { type: "delayed" }
  | { type: "bounced"; kind: BounceKind };

/** Sender-side 5.1.x codes (RFC 3463): not the recipient's fault. */
const SENDER_CODES = new Set(["5.1.7", "5.1.8"]);

/** Replies that say the mailbox does not exist, for failures without a specific code. */
const NO_SUCH_USER =
  /\b(user unknown|unknown user|no such (user|mailbox|recipient|address)|no mailbox here by that name|recipient (address )?(not found|unknown)|mailbox (not found|does not exist|unavailable: user)|address (not found|does not exist)|does not exist|doesn't have an? \S+ account|account (has been )?disabled|invalid recipient)\b/i;

export function classify(
  action: string,
  status: string | null,
  diagnostic: string | null,
): Outcome | null {
  const a = action.toLowerCase();
  if (a === "delivered" || a === "relayed" || a === "expanded") return { type: "delivered" };
  if (a === "delayed") return { type: "delayed" };
  if (a !== "failed") return null;
  return { type: "bounced", kind: bounceKind(status, diagnostic) };
}

export function bounceKind(status: string | null, diagnostic: string | null): BounceKind {
  if (status?.startsWith("4.")) return "transient";
  if (status?.startsWith("5.")) {
    if (status.startsWith("5.1.") && !SENDER_CODES.has(status)) return "recipient";
    // Only a class (5.0.0): the reply's words decide.
    if (status === "5.0.0" && diagnostic && NO_SUCH_USER.test(diagnostic)) return "recipient";
    return "message";
  }
  if (diagnostic && NO_SUCH_USER.test(diagnostic)) return "recipient";
  return "unknown";
}
