/**
 * `deno bench --allow-read bench/mail_marks_bench.ts`: CPU time of what site
 * owners' marks on mail add to a send (issue 13, phase 6): the text's MinHash
 * (only when marked texts are compared or the log keeps it), and judging a
 * send against a full account value (100 marked texts, 40 senders) and a full
 * service-wide list (200 texts). Prints the stored values' sizes.
 */
import { deserialize, serialize } from "node:v8";
import { buildMailCorpus } from "../spam_training/corpus/mail.ts";
import {
  type AccountMailMarks,
  emptyAccountMarks,
  judgeMarks,
  mailSignature,
  MAX_LISTED,
  MAX_MARKED_TEXTS,
  MAX_SENDERS,
  type ServiceSpamList,
  withListed,
  withMark,
} from "../domain/spam/mail_marks.ts";
import type { Signature } from "../domain/spam/model/minhash.ts";

const mails = buildMailCorpus().map((i) => i.input);
const sigs = mails.map((m) => mailSignature(m.subject, m.text ?? "")).filter((s): s is Signature =>
  !!s
);

let account: AccountMailMarks = emptyAccountMarks();
for (let i = 0; i < MAX_MARKED_TEXTS + MAX_SENDERS; i++) {
  account = withMark(account, {
    logId: `log-${i}`,
    mark: i % 3 ? "ham" : "spam",
    before: null,
    sig: i < MAX_MARKED_TEXTS ? sigs[i] : null,
    from: `sender${i}@site${i}.example`,
  });
}
let list: ServiceSpamList | null = null;
// Corpus families are near-duplicates of each other (200 texts from 1000 on made 81 entries):
// add texts until the list holds 200 distinct entries.
for (let i = 1000; (list?.accounts.length ?? 0) < MAX_LISTED; i++) {
  list = withListed(list, sigs[i % sigs.length], 3, Date.now());
}
const full = { account, list };
console.log(
  `stored sizes: account marks ${serialize(account).length} bytes, ` +
    `service-wide list ${serialize(list).length} bytes`,
);

let i = 0;
Deno.bench("mail text MinHash (corpus, round robin)", { group: "marks", baseline: true }, () => {
  const m = mails[i++ % mails.length];
  mailSignature(m.subject, m.text ?? "");
});
let j = 0;
Deno.bench("judge a send: full account and list, signature given", { group: "marks" }, () => {
  const sig = sigs[2000 + (j++ % 500)];
  judgeMarks(full, "news@shop.example", () => sig);
});
Deno.bench("judge a send: no marks, empty list (no MinHash)", { group: "marks" }, () => {
  judgeMarks({ account: null, list: null }, "news@shop.example", () => null);
});
const stored = [serialize(account), serialize(list)];
Deno.bench("read the full account value and list (V8 deserialize, as KV does)", {
  group: "marks",
}, () => {
  deserialize(stored[0]);
  deserialize(stored[1]);
});
