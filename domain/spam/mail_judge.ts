/**
 * `judgeMail`, spam's judgement of an email (a form submission's is
 * `judgeForm`, form_judge.ts). mail/send reaches it through the classifier
 * interface (classifier.ts, check 12 ai_flagged), so that an external engine
 * can stand in for it. It combines, conservatively, the trained mail model
 * (spam/model/), the built-in phishing signals (classifier.ts) and the content
 * rules (mail_score.ts, check 11).
 *
 * It refuses:
 *
 * - when the model is very confident (MODEL_CONFIDENT, 90+); or
 * - when the model finds the message spam (60+) and an independent signal
 *   agrees: a phishing signal, or any content rule (CONTENT_AGREES); or
 * - when two phishing signals agree and the model does not find the message
 *   plainly legitimate (MODEL_TWO_SIGNALS, 30+): a gift-card request with a
 *   deadline from "the boss".
 *
 * The thresholds were chosen on the larger calibration split (291
 * legitimate, 231 spam; spam_training/mail_rules.ts). Every candidate
 * ("70, 80, 90, 95 alone" with "50, 60, 70 with a signal") refused no
 * legitimate calibration mail, so that criterion could not choose; a margin
 * was added then, after seeing the grid: each threshold at least 10 points
 * above the highest score of known legitimate mail it applies to (calibration
 * mail: 27 for the model alone, 3 with a signal or a content rule; the
 * service's own starter templates filled with placeholder values: the email
 * verification scores 78, tests/domain/spam/starter_templates_test.ts). That
 * leaves "90 alone" (83.5 % of calibration spam with checks 11 + 12; "80
 * alone" would catch 90.9 %, "70 alone" 92.2 % and refuses that template).
 * "60 with a signal" was kept (50 catches one calibration spam more). No
 * legitimate mail of the train or calibration splits shows two phishing
 * signals, so the last clause's threshold is not constrained by the corpus.
 * It stays at 30, the safer rule since no data supports a lower one: 10 was
 * tried while the gift-card request of tests/domain/spam/classifier_test.ts
 * scored 17; with gift-card and wire-change requests added to the corpus it
 * scored 88 by the model alone, and 30 came back.
 *
 * No single signal refuses: a link whose text shows one domain and goes to
 * another (click tracking does that) is one signal among others.
 *
 * `marked`, the points the account's own spam marks add to check 11
 * (a near-duplicate of text it marked spam, a sender it marked spam;
 * mail_marks.ts), count with the content rules: a site owner's mark agrees
 * with the model as a content rule does. Ham marks and the service-wide list
 * act in mail/checks.ts, around this verdict.
 */
import { scoreEmail } from "./model/scorer.ts";
import { scoreContent } from "./mail_score.ts";

export const MODEL_CONFIDENT = 90;
export const MODEL_SPAM = 60;
/** Two phishing signals refuse unless the model finds the message plainly legitimate. */
export const MODEL_TWO_SIGNALS = 30;
/** A content score from which the content rules count as agreeing (any rule that fired). */
export const CONTENT_AGREES = 10;

export type MailJudgement = {
  spam: boolean;
  /** The model's calibrated score, 0 to 100. */
  model: number;
  /** The content rules' score (check 11's, with the points of the account's spam marks). */
  content: number;
  /** The phishing signals that fired. */
  signals: string[];
};

export function judgeMail(
  e: { subject: string; text: string; html: string | null },
  signals: string[],
  marked = 0,
): MailJudgement {
  const model = scoreEmail(e).score;
  const content = scoreContent(e.subject, e.text).score + marked;
  const agrees = signals.length >= 1 || content >= CONTENT_AGREES;
  const spam = model >= MODEL_CONFIDENT || (model >= MODEL_SPAM && agrees) ||
    (model >= MODEL_TWO_SIGNALS && signals.length >= 2);
  return { spam, model, content, signals };
}
