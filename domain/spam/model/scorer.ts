/**
 * The shipped models: weights files committed under weights/ (rebuilt by
 * `deno task spam:train`), decoded once on first use. Scoring a submission or
 * an email streams its features into a dot product: tens of microseconds.
 *
 *   scoreFormSubmission({ fields, form_name?, visitor?, site? }) -> { score, classification, margin }
 *   scoreEmail({ subject, text?, html? })                       -> { score, classification, margin }
 *
 * score is 0 to 100 (the calibrated probability of spam in percent): under 30
 * legitimate, 30 to 59 suspicious, 60 or more spam.
 */
import formsWeights from "./weights/forms.json" with { type: "json" };
import mailWeights from "./weights/mail.json" with { type: "json" };
import { formFeatures, type FormSubmission } from "./form_features.ts";
import { type EmailMessage, mailFeatures } from "./mail_features.ts";
import { HashedModel, type ModelScore } from "./model.ts";
import type { Contribution } from "./vector.ts";
import type { WeightsFile } from "./weights.ts";

export type { EmailMessage, FormSubmission, ModelScore };

let forms: HashedModel<FormSubmission> | null = null;
let mail: HashedModel<EmailMessage> | null = null;

export function formModel(): HashedModel<FormSubmission> {
  return forms ??= new HashedModel(formsWeights as WeightsFile, formFeatures);
}

export function mailModel(): HashedModel<EmailMessage> {
  return mail ??= new HashedModel(mailWeights as WeightsFile, mailFeatures);
}

export function scoreFormSubmission(s: FormSubmission): ModelScore {
  return formModel().score(s);
}

export function scoreEmail(e: EmailMessage): ModelScore {
  return mailModel().score(e);
}

/** The features that moved a submission's score most (slower: for logs and debugging). */
export function explainFormSubmission(s: FormSubmission, top = 10): Contribution[] {
  return formModel().explain(s, top);
}

export function explainEmail(e: EmailMessage, top = 10): Contribution[] {
  return mailModel().explain(e, top);
}
