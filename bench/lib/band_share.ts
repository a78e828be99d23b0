/**
 * How many of the bench's generated messages (messages.ts) meet an earlier
 * one's near-duplicate band key: such a submission on another site is judged
 * part of a campaign (spam, no notification), which the load must not provoke.
 * `deno run -A bench/lib/band_share.ts 120000` prints the share per 20,000.
 */
import { message } from "./messages.ts";
import { nearDuplicateBands } from "../../domain/spam/near_duplicates.ts";

/** Per block of `block` messages, the share (0 to 1) whose bands an earlier message had. */
export function bandShare(count: number, block = 20_000): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  let hits = 0;
  for (let i = 0; i < count; i++) {
    let hit = false;
    for (const b of nearDuplicateBands({ message: message(i) })) {
      if (seen.has(b)) hit = true;
      else seen.add(b);
    }
    if (hit) hits++;
    if ((i + 1) % block === 0 || i + 1 === count) {
      out.push(hits / ((i % block) + 1));
      hits = 0;
    }
  }
  return out;
}

if (import.meta.main) {
  const count = Number(Deno.args[0] ?? 120_000);
  bandShare(count).forEach((s, i) =>
    console.log(
      `messages ${i * 20_000} to ${Math.min(count, (i + 1) * 20_000)}: ${(100 * s).toFixed(2)} %`,
    )
  );
}
