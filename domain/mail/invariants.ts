/**
 * What the doctor (domain/ops/doctor.ts) checks of this capability's records.
 * The checks read KV, so they are written in invariants_store.ts; other
 * capabilities import this module, never a store of ours.
 */
export { mailInvariants } from "./invariants_store.ts";
