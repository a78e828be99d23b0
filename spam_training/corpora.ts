/** The two corpora with their extractors, as the train and eval tools use them. */
import { buildFormCorpus, FORM_KINDS_FOR_MAIL } from "./corpus/forms.ts";
import { buildMailCorpus } from "./corpus/mail.ts";
import { mailSplitOf, type Split, splitOf } from "./corpus/split.ts";
import { formFeatures, roleOf } from "../domain/spam/model/form_features.ts";
import { type EmailMessage, mailFeatures } from "../domain/spam/model/mail_features.ts";
import type { LabelledItem } from "./training.ts";
import { DEFAULT_TRAIN, type TrainOptions } from "../domain/spam/model/logistic.ts";
import type { FeatureSink } from "../domain/spam/model/vector.ts";
import { fnv, mix32 } from "../domain/spam/model/hashing.ts";
import { loadAllowed } from "./assassin_split.ts";

export type CorpusSpec = {
  model: "forms" | "mail";
  items: () => (LabelledItem<unknown> & { lang: string })[];
  /** Items of the other corpus, train split only, that also teach this model (at `weight`). */
  auxiliary?: () => { items: LabelledItem<unknown>[]; weight: number };
  extract: (sink: FeatureSink, input: unknown) => void;
  path: URL;
  /** Which split a family belongs to (mail: a larger calibration split). */
  split: (family: string) => Split;
  /** Training options (feature group weights chosen by cross-validation on the train split). */
  train: TrainOptions;
};

export const CORPORA: CorpusSpec[] = [
  {
    model: "forms",
    items: buildFormCorpus,
    split: splitOf,
    extract: formFeatures as (sink: FeatureSink, input: unknown) => void,
    path: new URL("../domain/spam/model/weights/forms.json", import.meta.url),
    // No legitimate calibration item at 50 or more, and at most 0.5 % of
    // the train split's legitimate items at 60+ out of fold (docs/spam.md).
    train: {
      ...DEFAULT_TRAIN,
      groups: [1.5, 1.5, 0.7, 1, 1],
      legitCeiling: 50,
      oofFolds: 5,
      oofMaxLegitRate: 0.005,
    },
  },
  {
    model: "mail",
    items: () => [...buildMailCorpus(), ...ASSASSIN_ALLOWED],
    split: mailCorpusSplitOf,
    auxiliary: () => ({ items: formsAsMail(), weight: AUX_WEIGHT }),
    extract: mailFeatures as (sink: FeatureSink, input: unknown) => void,
    path: new URL("../domain/spam/model/weights/mail.json", import.meta.url),
    // Real ham is held to a rate at 60+ (the intercept rule in training.ts), out of fold:
    // a commercial newsletter at most 4 %, list and personal mail at most 0.5 %, and the
    // team's own legitimate mail (transactional, newsletters, letters) at most 0.5 %.
    train: {
      ...DEFAULT_TRAIN,
      groups: [1, 2, 0.7, 1, 1],
      calibrationFolds: 5,
      kindMaxRate: { "assassin:easy-ham-1": 0.005, "assassin:hard-ham-1": 0.04 },
      otherMaxRate: 0.005,
    },
  },
];

export { mailSplitOf, splitOf };

/** The kind, id and family prefix of the SpamAssassin items. */
export const ASSASSIN = "assassin:";

/**
 * The allowed part of the SpamAssassin corpus (assassin_split.ts) as mail
 * items: each file its own family (folds and splits go by file), each group a
 * kind. Read once, when a tool imports this module.
 */
export const ASSASSIN_ALLOWED: AssassinItem[] = (await loadAllowed()).map((m) => ({
  id: `${ASSASSIN}${m.group}/${m.name}`,
  family: `${ASSASSIN}${m.group}/${m.name}`,
  kind: ASSASSIN + m.group,
  label: m.label,
  input: m.input,
  lang: "en" as const,
  position: m.position,
  date: m.date,
}));

/** A SpamAssassin item, with its file's position in its group and its Date header (the forward check's order). */
export type AssassinItem = LabelledItem<EmailMessage> & {
  lang: "en";
  position: number;
  date: number | null;
};

/**
 * The mail split: the team's corpus by mailSplitOf; the SpamAssassin files
 * 80 % train and 20 % calibration (their outside check is the reserved part,
 * so none is held out here).
 */
export function mailCorpusSplitOf(family: string): Split {
  if (!family.startsWith(ASSASSIN)) return mailSplitOf(family);
  return mix32(fnv("split:" + family)) % 100 < 80 ? "train" : "calibration";
}

export function selected(args: string[]): CorpusSpec[] {
  const names = args.filter((a) => !a.startsWith("-"));
  return names.length ? CORPORA.filter((c) => names.includes(c.model)) : CORPORA;
}

const AUX_WEIGHT = 0.5;

/**
 * The form corpus's messages as emails (subject and message text): pitches and
 * scams that reach contact forms reach inboxes too, and customers write the
 * same way in both. Only the form train split is used.
 */
export function formsAsMail(): LabelledItem<EmailMessage>[] {
  const style = new Map(FORM_KINDS_FOR_MAIL.map((k) => [k.kind, k.style]));
  // Spam written as a letter (sales pitches, scams) carries over to mail; bot junk does not.
  // A fixed set of form kinds: widening the form corpus does not move the mail model.
  return buildFormCorpus(FORM_KINDS_FOR_MAIL).filter((it) =>
    splitOf(it.family) === "train" &&
    (it.label === "legitimate" || ["outreach", "scam"].includes(style.get(it.kind) ?? ""))
  ).map((it) => {
    const entries = Object.entries(it.input.fields).filter(([, v]) => typeof v === "string" && v);
    const subject = entries.find(([k, v]) => roleOf(k, String(v)) === "subject")?.[1] ?? "";
    const message = entries.filter(([k, v]) => roleOf(k, String(v)) === "message").map(([, v]) => v)
      .join("\n");
    return {
      id: "form:" + it.id,
      family: "form:" + it.family,
      kind: "form:" + it.kind,
      label: it.label,
      input: {
        subject: String(subject),
        text: message || String(entries.at(-1)?.[1] ?? ""),
        html: null,
      },
    };
  });
}
