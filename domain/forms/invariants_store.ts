/** The form submissions' invariants for the doctor (domain/kernel/invariants.ts). */
import { keys } from "../kernel/kv/keys.ts";
import { indexPointsAtRecord } from "../kernel/kv/invariants.ts";
import type { Invariant } from "../kernel/invariants.ts";

export const formInvariants: Invariant[] = [
  indexPointsAtRecord(
    "submissions: site index points at a submission",
    keys.submissionBySite("", ""),
    keys.submission,
  ),
];
