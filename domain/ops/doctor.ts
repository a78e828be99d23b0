/**
 * `deno task doctor [--repair]`: walks the database by asking each capability
 * (its invariants.ts) and the kernel (job store, KV layer) for their
 * invariants (domain/kernel/invariants.ts) and reports every
 * breach: index entries without their record, orphaned blob chunks (left by a
 * crash between a blob and its record), stuck or overdue jobs, counters that
 * disagree with records. With repair, each breach that can be repaired safely
 * while the service runs is repaired (versionstamp-checked), and the walk is
 * done again to show what is left.
 */
import type { Invariant, Problem } from "../kernel/invariants.ts";
import { orphanedBlobChunks } from "../kernel/kv/invariants.ts";
import { jobInvariants } from "../kernel/jobs_store.ts";
import { siteInvariants } from "../sites/invariants.ts";
import { formInvariants } from "../forms/invariants.ts";
import { mailInvariants } from "../mail/invariants.ts";
import { webhookInvariants } from "../webhooks/invariants.ts";
import { sequenceInvariants } from "../sequences/invariants.ts";
import { spamInvariants } from "../spam/invariants.ts";

/** Every invariant the doctor checks, by capability in the order of domain/. */
export const INVARIANTS: readonly Invariant[] = [
  ...siteInvariants,
  ...formInvariants,
  ...mailInvariants,
  ...webhookInvariants,
  ...sequenceInvariants,
  ...spamInvariants,
  ...jobInvariants,
  orphanedBlobChunks,
];

export type Finding = { invariant: string; subject: string; detail?: string; repairable: boolean };

export type DoctorReport = {
  /** Breaches found by the first walk. */
  findings: Finding[];
  /** Breaches repaired (with repair). */
  repaired: number;
  /** Breaches found by the walk after repairing (with repair; else = findings). */
  remaining: Finding[];
};

async function walk(
  kv: Deno.Kv,
  now: number,
  invariants: readonly Invariant[],
): Promise<{ invariant: Invariant; problem: Problem }[]> {
  const out: { invariant: Invariant; problem: Problem }[] = [];
  for (const invariant of invariants) {
    for (const problem of await invariant.find(kv, now)) out.push({ invariant, problem });
  }
  return out;
}

const asFinding = ({ invariant, problem }: { invariant: Invariant; problem: Problem }) => ({
  invariant: invariant.name,
  subject: problem.subject,
  detail: problem.detail,
  repairable: problem.repair !== undefined,
});

export async function runDoctor(
  kv: Deno.Kv,
  opts: { now: number; repair?: boolean; invariants?: readonly Invariant[] },
): Promise<DoctorReport> {
  const invariants = opts.invariants ?? INVARIANTS;
  const found = await walk(kv, opts.now, invariants);
  const findings = found.map(asFinding);
  if (!opts.repair) return { findings, repaired: 0, remaining: findings };
  let repaired = 0;
  for (const f of found) {
    if (f.problem.repair && await f.problem.repair()) repaired++;
  }
  const remaining = (await walk(kv, opts.now, invariants)).map(asFinding);
  return { findings, repaired, remaining };
}

/** The report as the command prints it. */
export function formatReport(r: DoctorReport, repair: boolean): string {
  const lines = [`doctor: ${INVARIANTS.length} invariants checked`];
  for (const f of r.findings) {
    lines.push(
      `  ${f.invariant}: ${f.subject}${f.detail ? ` (${f.detail})` : ""}` +
        (f.repairable ? "" : " [not repairable]"),
    );
  }
  lines.push(`doctor: findings ${r.findings.length}`);
  if (repair) lines.push(`doctor: repaired ${r.repaired}, remaining ${r.remaining.length}`);
  return lines.join("\n");
}
