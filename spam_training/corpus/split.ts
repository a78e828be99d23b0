/**
 * Train / calibration / held-out split by a hash of the item's family (the
 * handwritten text it was filled from): 70 / 10 / 20 %. Every filling of one
 * text lands in the same split, so the held-out figures measure wordings the
 * model never saw, and the held-out split is used for nothing but reporting.
 */
import { fnv, mix32 } from "../../domain/spam/model/hashing.ts";

export type Split = "train" | "calibration" | "heldout";

export function splitOf(family: string): Split {
  const b = mix32(fnv("split:" + family)) % 100;
  return b < 70 ? "train" : b < 80 ? "calibration" : "heldout";
}

/**
 * The mail corpus's split: 60 / 20 / 20 %. The held-out share is the
 * same buckets as `splitOf` (so held-out stays what it was); a tenth of the
 * corpus moves from training to calibration, so that check 12's rule is
 * chosen on twice as much, and more varied, legitimate mail.
 */
export function mailSplitOf(family: string): Split {
  const b = mix32(fnv("split:" + family)) % 100;
  return b < 60 ? "train" : b < 80 ? "calibration" : "heldout";
}
