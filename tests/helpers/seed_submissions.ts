/**
 * Writes `n` stored submissions of one site straight through the forms store
 * (what forms/submit stores, without the HTTP path): for tests that need a
 * site with many records fast, such as deleting a site with 20,000 of them.
 */
import { addSubmissionMutations, type Submission } from "../../domain/forms/submissions_store.ts";
import { uuidv7 } from "../../domain/kernel/ids.ts";
import { commit } from "../../domain/kernel/kv/kv.ts";

/** Per atomic operation: a check each (KV allows 100) and 2 mutations. */
const PER_OP = 90;

export async function seedSubmissions(
  kv: Deno.Kv,
  site: { siteId: string; accountId: string | null },
  n: number,
): Promise<void> {
  const at = Date.now();
  for (let i = 0; i < n; i += PER_OP) {
    const op = kv.atomic();
    for (let j = i; j < Math.min(n, i + PER_OP); j++) {
      const s: Submission = {
        id: uuidv7(at + j),
        site_id: site.siteId,
        account_id: site.accountId,
        form_id: 1,
        form_name: "Contact",
        template: null,
        fields: {
          inline: JSON.stringify({
            name: `Visitor ${j}`,
            email: `visitor${j}@example.org`,
            message: "Could you send me a quote for two tables?",
          }),
        },
        visitor: { ip: "192.0.2.10", user_agent: "Mozilla/5.0", referrer: null },
        spam_score: 0,
        classification: "legitimate",
        spam_reasons: [],
        notify_to: ["owner@example.com"],
        counted: true,
        email_sent: true,
        created_at: new Date(at + j).toISOString(),
      };
      addSubmissionMutations(op, s);
    }
    await commit(op, "seed submissions");
  }
}
