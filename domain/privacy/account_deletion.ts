/**
 * Deleting an account: the operator's call deletes the account record and
 * schedules the sweep in one atomic operation, so the account is gone at once;
 * the durable job then deletes each of its sites (each with its own sweep,
 * site_deletion.ts), its templates, sequences, hosted forms, dashboard users
 * and invitations, and whatever is left under its key prefixes (its spam marks
 * and monthly usage among them). A crash resumes from the phase reached.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { defineJob, schedule } from "../kernel/jobs.ts";
import { deleteAccountRecord, sweepAccountLeftovers } from "../accounts/deletion.ts";
import { siteIdsOfAccount } from "../sites/deletion.ts";
import { deleteSite } from "./site_deletion.ts";
import { sweepAccountSequences } from "../sequences/deletion.ts";
import { sweepAccountForms } from "../forms/deletion.ts";
import { sweepAccountUsers } from "../dashboard/deletion.ts";

const BATCH = 200;
/** The mail capability's deletions, loaded by the first sweep: job threads start without mail code. */
const mail = () => import("../mail/deletion.ts");
const RUN_MS = 1_000;

type Phase = (ctx: Ctx, accountId: string) => Promise<number>;

const PHASES: readonly Phase[] = [
  async (ctx, id) => {
    const sites = (await siteIdsOfAccount(ctx, id)).slice(0, 20);
    for (const s of sites) await deleteSite(ctx, s, "account deletion");
    return sites.length;
  },
  async (ctx, id) => (await mail()).sweepAccountTemplates(ctx, id, BATCH),
  (ctx, id) => sweepAccountSequences(ctx, id, BATCH),
  (ctx, id) => sweepAccountForms(ctx, id, BATCH),
  (ctx, id) => sweepAccountUsers(ctx, id, BATCH),
  (ctx, id) => sweepAccountLeftovers(ctx, id, BATCH),
];

export const accountSweepJob = defineJob(
  "account.sweep",
  z.object({ account_id: z.string(), phase: z.number().int().min(0) }),
  async (ctx, run) => {
    const { account_id } = run.payload;
    let phase = run.payload.phase;
    const until = performance.now() + RUN_MS;
    while (phase < PHASES.length) {
      if ((await PHASES[phase](ctx, account_id)) === 0) phase++;
      if (phase < PHASES.length && performance.now() > until) {
        await run.reschedule(ctx.kv.atomic(), ctx.clock.now(), { account_id, phase }).commit();
        return;
      }
    }
    await run.finish(ctx.kv.atomic()).commit();
    ctx.log.info("account deleted: sweep done", { account_id });
  },
  { leaseMs: 10_000 },
);

/** Deletes an account: gone at once, its parts swept by a durable job; false when there is none. */
export async function deleteAccount(ctx: Ctx, id: string, by: string): Promise<boolean> {
  const a = await deleteAccountRecord(ctx, id, (op) => {
    schedule(ctx, op, {
      job: accountSweepJob,
      payload: { account_id: id, phase: 0 },
      runAt: ctx.clock.now(),
    });
  });
  if (a) ctx.log.info("audit: deleted", { kind: "account", id, by });
  return a !== null;
}
