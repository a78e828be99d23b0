/** The two corpora with their extractors, as the train and eval tools use them. */
import { buildFormCorpus } from "../../domain/spam/corpus/forms.ts";
import { buildMailCorpus } from "../../domain/spam/corpus/mail.ts";
import { splitOf } from "../../domain/spam/corpus/split.ts";
import { formFeatures } from "../../domain/spam/model/form_features.ts";
import { mailFeatures } from "../../domain/spam/model/mail_features.ts";
import type { LabelledItem } from "../../domain/spam/model/training.ts";
import type { FeatureSink } from "../../domain/spam/model/vector.ts";

export type CorpusSpec = {
  model: "forms" | "mail";
  items: () => (LabelledItem<unknown> & { lang: string })[];
  extract: (sink: FeatureSink, input: unknown) => void;
  path: URL;
};

export const CORPORA: CorpusSpec[] = [
  {
    model: "forms",
    items: buildFormCorpus,
    extract: formFeatures as (sink: FeatureSink, input: unknown) => void,
    path: new URL("../../domain/spam/model/weights/forms.json", import.meta.url),
  },
  {
    model: "mail",
    items: buildMailCorpus,
    extract: mailFeatures as (sink: FeatureSink, input: unknown) => void,
    path: new URL("../../domain/spam/model/weights/mail.json", import.meta.url),
  },
];

export { splitOf };

export function selected(args: string[]): CorpusSpec[] {
  const names = args.filter((a) => !a.startsWith("-"));
  return names.length ? CORPORA.filter((c) => names.includes(c.model)) : CORPORA;
}
