/**
 * Ordinary contact-form submissions for the load, written the way people write
 * them: stock contact-form sentences with names, numbers and phones varied
 * (stock_messages.ts, the pool the base-rate simulation and the judgement
 * tests use). Many of them share wordings, as real traffic does; the spam
 * judgement must answer them as legitimate (a message judged spam is a bad
 * answer in the forms rows).
 */
import { BROWSER_UAS, person, rng, stockMessage } from "./stock_messages.ts";

/** The murmur3 finalizer: independent-looking seeds for neighbouring requests. */
function mix(n: number): number {
  let h = n >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function parts(i: number) {
  const r = rng(mix(i + 0x2545f491));
  const who = person(r, i);
  return { r, who, text: stockMessage(r, who) };
}

/** The message of the `i`th request: deterministic, stock-phrased. */
export function message(i: number): string {
  return parts(i).text;
}

/**
 * The forms/submit body of the `i`th request to a site on `domain`: its own
 * visitor IP (the per-IP limit stays honest), a person and their message.
 */
export function submissionBody(i: number, domain: string) {
  const { r, who, text } = parts(i);
  return {
    form_id: 1 + (i % 5),
    form_name: "Contact",
    fields: { name: `${who.first} ${who.last}`, email: who.email, phone: who.phone, message: text },
    visitor: {
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      user_agent: BROWSER_UAS[Math.floor(r() * BROWSER_UAS.length)],
      referrer: `https://${domain}/contact`,
    },
  };
}
