/** The sequences' invariants for the doctor (domain/kernel/invariants.ts). */
import { keys } from "../kernel/kv/keys.ts";
import { indexPointsAtRecord } from "../kernel/kv/invariants.ts";
import type { Invariant } from "../kernel/invariants.ts";

export const sequenceInvariants: Invariant[] = [
  indexPointsAtRecord(
    "sequences: account index points at a sequence",
    keys.sequenceByAccount("", ""),
    keys.sequence,
  ),
  indexPointsAtRecord(
    "enrollments: site index points at an enrollment",
    keys.enrollmentBySite("", ""),
    keys.enrollment,
  ),
];
