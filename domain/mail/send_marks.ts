/**
 * Checks 11 and 12 with the site owners' marks (spam/mail_marks.ts): the
 * verdict of the account's marks and the service-wide list on one send, and
 * the text's MinHash signature, computed only when marked texts are compared
 * or the send's record keeps it (mail refused, held or warned about, or
 * decided by marks: what a site owner's later mark on the record counts).
 * Clean mail of an account without marked texts, with an empty list, computes
 * and stores no signature.
 */
import type { ContentScore } from "../spam/mail_score.ts";
import {
  encodeSignature,
  judgeMarks,
  type MailMarksState,
  mailSignature,
  type MarksVerdict,
} from "../spam/mail_marks.ts";
import type { Signature } from "../spam/model/minhash.ts";
import type { EmailLogRecord } from "./email_log_store.ts";

export type SendMarks = {
  /** null: checks 11 and 12 do not run for this send. */
  marks: MarksVerdict | null;
  /** The account's ham marks let the mail through checks 11 and 12. */
  passed: boolean;
  /** Keeps the signature on the record (when the text is long enough to have one). */
  keepSignature(): void;
};

/** The marks' verdict on a send whose "sending" record (subject, from, spam) is `record`. */
export function sendMarks(
  state: MailMarksState | null,
  from: { address: string },
  record: EmailLogRecord,
  text: string,
): SendMarks {
  let sig: Signature | null | undefined;
  const signature = () => sig === undefined ? (sig = mailSignature(record.subject, text)) : sig;
  const keepSignature = () => {
    const s = signature();
    if (s) record.text_sig = encodeSignature(s);
  };
  const marks = state ? judgeMarks(state, from.address, signature) : null;
  if (marks && (marks.pass || marks.points || marks.listed)) {
    record.spam.marks = { pass: marks.pass, points: marks.points, listed: marks.listed };
    keepSignature();
  }
  return { marks, passed: !!marks?.pass, keepSignature };
}

/** Check 11's score with the points of the account's spam marks (and their rules). */
export function contentWithMarks(found: ContentScore, marks: MarksVerdict | null): ContentScore {
  return marks?.points
    ? { score: Math.min(100, found.score + marks.points), rules: [...found.rules, ...marks.rules] }
    : found;
}
