/**
 * Corpus data: English customers who write a contact form like a letter. The
 * legitimate English messages were framed only casually ("Hi,", "Thanks,"),
 * while outreach and scam texts opened with "Dear Sir/Madam," and closed with
 * "Looking forward to hearing from you." and "Kind regards": the model learned
 * the formal frame itself, and a phone number typed into the text, as spam, and
 * took short polite requests written that way for pitches. (The other languages'
 * frames already had their formal forms: "Sehr geehrte Damen und Herren,",
 * "Madame, Monsieur,", "Mit freundlichen Grüßen".)
 *
 * A quarter of the English legitimate letter-style items get this frame: a
 * formal greeting, a closing line (often with the writer's number as people
 * type it: UK and Irish mobiles in groups, international prefixes) and a formal
 * sign-off. Its own generator, seeded by the item's id, so every other item is
 * built exactly as before. Written for this project from ordinary letter
 * conventions, not from any benchmark's or simulation's sentences.
 */
import { Rng } from "./common.ts";

export const FORMAL_SHARE = 0.25;

const GREETINGS = [
  "Dear Sir or Madam,",
  "Dear Sir/Madam,",
  "Dear Sir / Madam,",
  "Dear Sirs,",
  "Dear {owner},",
  "Dear team,",
  "Dear all,",
  "To whom it may concern,",
  "Good morning,",
  "Good afternoon,",
  "Dear Madam,",
  "Dear Sir,",
];

const CLOSINGS = [
  "Looking forward to hearing from you.",
  "I look forward to hearing from you.",
  "I look forward to your reply.",
  "Looking forward to your response.",
  "Thank you in advance for your time.",
  "Thank you for your time and assistance.",
  "I would be grateful for a reply at your earliest convenience.",
  "Please do not hesitate to contact me should you require any further information.",
  "I can be reached on {phone}.",
  "My telephone number is {phone}.",
  "My mobile number is {phone}, or you can reply to this email.",
  "You can contact me on {phone} during the day.",
  "Please feel free to call me on {phone}.",
  "My contact number is {phone}. Looking forward to hearing from you.",
  "I am available on {phone} most days. I look forward to hearing from you.",
  "Many thanks in advance. My number is {phone}.",
];

const SIGNOFFS = [
  "Kind regards,\n{full}",
  "Kind regards, {first}",
  "Yours faithfully,\n{full}",
  "Yours sincerely,\n{full}",
  "Best regards,\n{full}",
  "Regards,\n{full}",
  "With thanks,\n{first}",
  "Many thanks,\n{full}",
  "Warm regards,\n{first}",
  "Kind regards\n{full}\n{phone}",
];

/** Numbers as people type them into a message: in groups, with or without a prefix. */
function phone(rng: Rng): string {
  const d = (n: number) => Array.from({ length: n }, () => rng.int(10)).join("");
  return rng.pick([
    `07${d(3)} ${d(3)} ${d(3)}`,
    `07${d(3)} ${d(6)}`,
    `+44 7${d(3)} ${d(3)} ${d(3)}`,
    `+44 (0)${d(4)} ${d(6)}`,
    `0${d(3)} ${d(3)} ${d(4)}`,
    `08${d(1)} ${d(3)} ${d(4)}`,
    `+353 8${d(1)} ${d(3)} ${d(4)}`,
    `+1 ${d(3)} ${d(3)} ${d(4)}`,
    `(${d(3)}) ${d(3)}-${d(4)}`,
    `+61 4${d(2)} ${d(3)} ${d(3)}`,
    `+49 1${d(2)} ${d(3)} ${d(4)}`,
    `+33 6 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
    `+31 6 ${d(4)} ${d(4)}`,
  ]);
}

export type FormalFrame = {
  greetings: string[];
  signoffs: string[];
  /** A closing line, filled (null: none). */
  closing: string | null;
};

/**
 * The formal frame of one legitimate English item, or null (most items).
 * `who` fills the names; the phone and the choices come from the frame's own
 * generator.
 */
export function formalFrame(
  id: string,
  who: { first: string; full: string; owner: string },
): FormalFrame | null {
  const rng = new Rng(`formal:${id}`);
  if (!rng.chance(FORMAL_SHARE)) return null;
  const number = phone(rng);
  const put = (s: string) =>
    s.replace(
      /\{(phone|first|full|owner)\}/g,
      (_, k: string) => k === "phone" ? number : who[k as "first" | "full" | "owner"],
    );
  return {
    greetings: GREETINGS.map(put),
    signoffs: SIGNOFFS.map(put),
    closing: rng.chance(0.75) ? put(rng.pick(CLOSINGS)) : null,
  };
}
