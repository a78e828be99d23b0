/**
 * The built-in verdict of check 12 (ai_flagged): the trained mail model
 * (spam/model/) together with the built-in phishing signals (classifier.ts)
 * and the content rules (mail_score.ts), combined conservatively.
 *
 * It refuses:
 *
 * - when the model is confident (MODEL_CONFIDENT, 80+); or
 * - when the model finds the message spam (60+) and an independent signal
 *   agrees: a phishing signal, or any content rule (CONTENT_AGREES); or
 * - when the model finds it suspicious (30+) and two phishing signals agree
 *   (a gift-card request with a deadline from "the boss").
 *
 * Chosen on the calibration split (phase 3): every rule tried ("60 alone",
 * "70 alone", "60 alone or 30+ with two signals", the first two clauses)
 * refused no legitimate calibration mail; the first two clauses caught as
 * much spam as "60 alone" (87.5 %) and are more cautious; the third clause
 * (from "30+ with two signals", also 0 false positives there) keeps the
 * gift-card fraud the model alone scores under 60. Phase 2's rule (90+ and a
 * signal, or 60+ and two signals) caught 39 % there. The SpamAssassin outside
 * check was run after the choice, once.
 *
 * No single signal refuses: a link whose text shows one domain and goes to
 * another (click tracking does that) is one signal among others.
 */
import { scoreEmail } from "./model/scorer.ts";
import { scoreContent } from "./mail_score.ts";

export const MODEL_CONFIDENT = 80;
export const MODEL_SPAM = 60;
export const MODEL_SUSPICIOUS = 30;
/** A content score from which the content rules count as agreeing (any rule that fired). */
export const CONTENT_AGREES = 10;

export type MailJudgement = {
  spam: boolean;
  /** The model's calibrated score, 0 to 100. */
  model: number;
  /** The content rules' score (check 11's). */
  content: number;
  /** The phishing signals that fired. */
  signals: string[];
};

export function judgeEmail(
  e: { subject: string; text: string; html: string | null },
  signals: string[],
): MailJudgement {
  const model = scoreEmail(e).score;
  const content = scoreContent(e.subject, e.text).score;
  const agrees = signals.length >= 1 || content >= CONTENT_AGREES;
  const spam = model >= MODEL_CONFIDENT || (model >= MODEL_SPAM && agrees) ||
    (model >= MODEL_SUSPICIOUS && signals.length >= 2);
  return { spam, model, content, signals };
}
