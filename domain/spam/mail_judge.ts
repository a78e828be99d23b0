/**
 * The built-in verdict of check 12 (ai_flagged): the trained mail model
 * (spam/model/) together with the built-in phishing signals (classifier.ts)
 * and the content rules (mail_score.ts), combined conservatively.
 *
 * The model catches spam it has never seen but, on old mailing-list mail it
 * was never trained on, refuses too much when it decides alone (docs/spam.md,
 * outside check). So it refuses only:
 *
 * - when it is very confident (MODEL_CONFIDENT) and an independent signal
 *   agrees: a phishing signal, or any content rule (CONTENT_AGREES); or
 * - when it finds the message spam (60+) and two phishing signals agree.
 *
 * No single signal refuses: a link whose text shows one domain and goes to
 * another (click tracking does that) is one signal among others.
 */
import { scoreEmail } from "./model/scorer.ts";
import { scoreContent } from "./mail_score.ts";

export const MODEL_CONFIDENT = 90;
export const MODEL_SPAM = 60;
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
  const spam = (model >= MODEL_CONFIDENT && agrees) ||
    (model >= MODEL_SPAM && signals.length >= 2);
  return { spam, model, content, signals };
}
