/**
 * What the doctor (domain/ops/doctor.ts) checks of spam judgement's records.
 * The checks read KV, so they are written in reported_store.ts; other
 * capabilities import this module, never a store of ours.
 */
export { reportedInvariants as spamInvariants } from "./reported_store.ts";
