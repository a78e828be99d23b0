/**
 * `deno task spam:bench`: CPU time of scoring one form submission and one
 * email with the trained models (weights already decoded; the first call
 * decodes them once).
 */
import { buildFormCorpus } from "../spam_training/corpus/forms.ts";
import { buildMailCorpus } from "../spam_training/corpus/mail.ts";
import { scoreEmail, scoreFormSubmission } from "../domain/spam/model/scorer.ts";
import { judgeForm } from "../domain/spam/form_judge.ts";
import { nearDuplicateBands } from "../domain/spam/near_duplicates.ts";
import { BuiltinClassifier } from "../domain/spam/classifier.ts";
import { loadAllowed } from "../spam_training/assassin_split.ts";
import { ADVERSARIAL_BODIES } from "../tests/domain/spam/model_robustness_test.ts";

const builtin = new BuiltinClassifier();
let k = 0;

const forms = buildFormCorpus().map((i) => i.input);
const mails = buildMailCorpus().map((i) => i.input);
// Real mail of 2002 (the allowed SpamAssassin groups), as mail/send receives it.
const realMails = (await loadAllowed()).map((m) => m.input);
const longest = forms.reduce((
  a,
  b,
) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
const newsletter = mails.reduce((a, b) => ((b.html ?? "").length > (a.html ?? "").length ? b : a));
const huge = {
  ...longest,
  fields: {
    ...longest.fields,
    message: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(180),
  },
};
const bigNewsletter = { ...newsletter, html: (newsletter.html ?? "").repeat(16) };
scoreFormSubmission(forms[0]);
scoreEmail(mails[0]);

let i = 0;
Deno.bench("form submission (corpus, round robin)", { group: "forms", baseline: true }, () => {
  scoreFormSubmission(forms[i++ % forms.length]);
});
Deno.bench(`form submission (longest in corpus, ${JSON.stringify(longest).length} chars)`, {
  group: "forms",
}, () => {
  scoreFormSubmission(longest);
});
Deno.bench("form submission with a 10,000-character message", { group: "forms" }, () => {
  scoreFormSubmission(huge);
});
let j = 0;
Deno.bench("email (corpus, round robin)", { group: "mail", baseline: true }, () => {
  scoreEmail(mails[j++ % mails.length]);
});
let r = 0;
Deno.bench(`email (SpamAssassin allowed groups, ${realMails.length}, round robin)`, {
  group: "mail",
}, () => {
  scoreEmail(realMails[r++ % realMails.length]);
});
Deno.bench(`email (largest HTML in corpus, ${(newsletter.html ?? "").length} chars)`, {
  group: "mail",
}, () => {
  scoreEmail(newsletter);
});
Deno.bench(`email with a ${Math.round((bigNewsletter.html ?? "").length / 1000)} kB HTML part`, {
  group: "mail",
}, () => {
  scoreEmail(bigNewsletter);
});

// What forms/submit runs per submission: the model, the rules and the judgement (no KV).
Deno.bench("forms/submit judgement (model + rules + hard evidence)", { group: "forms" }, () => {
  const f = forms[k++ % forms.length];
  judgeForm({
    fields: f.fields as Record<string, string>,
    visitor: f.visitor ?? null,
    submitterEmail: null,
    siteDomain: f.site?.domain ?? "example.com",
    siteId: "bench",
    ip: "192.0.2.1",
    duplicateElsewhere: false,
    identities: [],
    memory: null,
  });
});
Deno.bench("near-duplicate band keys of one submission (MinHash)", { group: "forms" }, () => {
  nearDuplicateBands(forms[k++ % forms.length].fields as Record<string, string>);
});
// What check 12 runs per email: the model and the phishing signals (the content rules are check 11).
const check12 = (m: { subject: string; text?: string | null; html?: string | null }) =>
  builtin.classifySync({
    from: "",
    to: "",
    subject: m.subject,
    text: m.text ?? "",
    html: m.html ?? null,
  });
Deno.bench("check 12 built-in verdict (model + signals)", { group: "mail" }, () => {
  check12(mails[k++ % mails.length]);
});

// The largest allowed SpamAssassin messages: the judgement reads a bounded head
// and tail of each (domain/spam/mail_bounds.ts), so they cost about what a
// page of text does.
const largestText = realMails.filter((m) => !m.html).reduce((a, b) =>
  (b.text ?? "").length > (a.text ?? "").length ? b : a
);
const largestHtml = realMails.reduce((a, b) =>
  (b.html ?? "").length > (a.html ?? "").length ? b : a
);
Deno.bench(
  `email, largest plain text of the allowed groups (${
    Math.round((largestText.text ?? "").length / 1000)
  } kB)`,
  { group: "large" },
  () => {
    scoreEmail(largestText);
  },
);
Deno.bench("check 12 built-in verdict, the same", { group: "large" }, () => {
  check12(largestText);
});
Deno.bench(
  `email, largest HTML of the allowed groups (${
    Math.round((largestHtml.html ?? "").length / 1000)
  } kB HTML, ${Math.round((largestHtml.text ?? "").length / 1000)} kB text)`,
  {
    group: "large",
  },
  () => {
    scoreEmail(largestHtml);
  },
);
Deno.bench("check 12 built-in verdict, the same", { group: "large" }, () => {
  check12(largestHtml);
});
Deno.bench(
  `check 12 built-in verdict, a ${
    Math.round((bigNewsletter.html ?? "").length / 1000)
  } kB HTML part`,
  { group: "large" },
  () => {
    check12(bigNewsletter);
  },
);

// Hostile bodies of 1 MB (the shapes of tests/domain/spam/model_robustness_test.ts,
// once quadratic in a feature regex): text and HTML part at once, through check 12.
for (const [shape, body] of Object.entries(ADVERSARIAL_BODIES)) {
  Deno.bench(`check 12 built-in verdict, 1 MB of ${shape} as text and HTML`, {
    group: "hostile",
  }, () => {
    builtin.classifySync({ from: "", to: "", subject: "Hello", text: body, html: body });
  });
}
const oneWord = ADVERSARIAL_BODIES["one word"];
const hyphens = "a-".repeat(500_000);
Deno.bench("email with a 1 MB single-word body", { group: "hostile" }, () => {
  scoreEmail({ subject: "Hello", text: oneWord });
});
Deno.bench("forms/submit judgement, 1 MB 'a-a-a-' message", { group: "hostile" }, () => {
  judgeForm({
    fields: { "your-message": hyphens },
    visitor: null,
    submitterEmail: null,
    siteDomain: "example.com",
    siteId: "bench",
    ip: "192.0.2.1",
    duplicateElsewhere: false,
    identities: [],
    memory: null,
  });
});
