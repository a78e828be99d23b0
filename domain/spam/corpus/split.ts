/**
 * Train / calibration / held-out split by a hash of the item's family (the
 * handwritten text it was filled from): 70 / 10 / 20 %. Every filling of one
 * text lands in the same split, so the held-out figures measure wordings the
 * model never saw, and the held-out split is used for nothing but reporting.
 */
import { fnv, mix32 } from "../model/hashing.ts";

export type Split = "train" | "calibration" | "heldout";

export function splitOf(family: string): Split {
  const b = mix32(fnv("split:" + family)) % 100;
  return b < 70 ? "train" : b < 80 ? "calibration" : "heldout";
}
