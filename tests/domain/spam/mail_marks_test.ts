/** What marks on mail do (domain/spam/mail_marks.ts), without KV: order, bounds, encoding. */
import assert from "node:assert/strict";
import {
  addressOfMailbox,
  decodeSignature,
  emptyAccountMarks,
  encodeSignature,
  judgeMarks,
  mailSignature,
  MAX_LISTED,
  MAX_MARKED_TEXTS,
  MAX_SENDERS,
  withListed,
  withMark,
  withoutExpired,
} from "../../../domain/spam/mail_marks.ts";

const TEXT =
  "Our charity casino night is back on Friday with roulette and blackjack tables for the school roof";
const sig = (s: string) => mailSignature("Casino night", s)!;
const A = sig(TEXT);
const A2 = sig(`${TEXT} and a raffle`);
const B = sig("Opening hours change next week: we open at nine on Sundays from now on, thanks");
const FROM = "news@pub.example";

function marked(mark: "spam" | "ham", s = A, from = FROM, logId = crypto.randomUUID()) {
  return { logId, mark, before: null, sig: s, from };
}

Deno.test("mail marks: near-duplicate ham passes, spam adds 40, unrelated text only sees the sender", () => {
  const ham = withMark(emptyAccountMarks(), marked("ham"));
  assert.equal(
    judgeMarks({ account: ham, list: null }, FROM, () => A2).pass,
    "marked_ham (near-duplicate)",
  );
  const spam = withMark(emptyAccountMarks(), marked("spam"));
  const v = judgeMarks({ account: spam, list: null }, FROM, () => A2);
  assert.deepEqual([v.pass, v.points, v.rules], [null, 40, ["marked_spam (near-duplicate)"]]);
  // Unrelated text: the one spam mark on the sender adds 10.
  const u = judgeMarks({ account: spam, list: null }, FROM, () => B);
  assert.deepEqual([u.points, u.rules], [10, ["marked_spam (sender address)"]]);
  // Another sender of the same account: only the text counts.
  assert.equal(judgeMarks({ account: spam, list: null }, "x@other.example", () => B).points, 0);
});

Deno.test("mail marks: the list comes first, a text's marks before its sender's", () => {
  let m = withMark(emptyAccountMarks(), marked("ham", B));
  m = withMark(
    m,
    marked("ham", sig("Another note about the quiz night on Tuesday at eight o clock")),
  );
  const list = withListed(null, A, 3, 0);
  const listed = judgeMarks({ account: withMark(m, marked("ham")), list }, FROM, () => A2);
  assert.deepEqual([listed.listed, listed.pass, listed.points], [3, null, 100]);
  // Trusted sender (ham twice), but this text was marked spam: the text decides.
  const t = judgeMarks({ account: withMark(m, marked("spam")), list: null }, FROM, () => A2);
  assert.deepEqual([t.pass, t.points], [null, 40]);
  assert.equal(
    judgeMarks({ account: m, list: null }, FROM, () => A2).pass,
    "trusted_sender (address)",
  );
});

Deno.test("mail marks: no marked text and an empty list compute no signature", () => {
  let called = 0;
  const m = withMark(emptyAccountMarks(), { ...marked("ham"), sig: null });
  judgeMarks({ account: m, list: null }, FROM, () => (called++, A));
  judgeMarks({ account: null, list: null }, FROM, () => (called++, A));
  assert.equal(called, 0);
});

Deno.test("mail marks: changing a mark moves it; the kept marks are bounded", () => {
  const id = crypto.randomUUID();
  let m = withMark(emptyAccountMarks(), marked("spam", A, FROM, id));
  m = withMark(m, { ...marked("ham", A, FROM, id), before: "spam" });
  assert.deepEqual([m.ids, m.marks], [[id], ["ham"]]);
  assert.deepEqual(m.senders[`address:${FROM}`], { spam: 0, ham: 1 });
  assert.deepEqual(m.senders["domain:pub.example"], { spam: 0, ham: 1 });
  for (let i = 0; i < MAX_MARKED_TEXTS + 5; i++) {
    m = withMark(m, marked("spam", sig(`${TEXT} number ${i} of many`), `s${i}@x${i}.example`));
  }
  assert.equal(m.ids.length, MAX_MARKED_TEXTS);
  assert.equal(m.sigs.length, MAX_MARKED_TEXTS * 32);
  assert.ok(!m.ids.includes(id), "the oldest text went first");
  assert.equal(Object.keys(m.senders).length, MAX_SENDERS);
});

Deno.test("mail marks: the list renews near-duplicates, drops the oldest and expired entries", () => {
  let list = withListed(null, A, 3, 1000);
  list = withListed(list, A2, 4, 2000);
  assert.deepEqual([list.accounts, list.at], [[4], [2000]]);
  for (let i = 0; i < MAX_LISTED + 3; i++) {
    list = withListed(
      list,
      sig(`listed text ${i} ${"word ".repeat(i % 7)} one two three four five`),
      3,
      3000 + i,
    );
  }
  assert.ok(list.accounts.length <= MAX_LISTED);
  const live = withoutExpired(list, 3000 + MAX_LISTED);
  assert.ok(live.at.every((t) => t > 3000 + MAX_LISTED));
  assert.equal(live.sigs.length, live.at.length * 32);
});

Deno.test("mail marks: signatures survive the log record; mailbox addresses parse", () => {
  assert.deepEqual(decodeSignature(encodeSignature(A)), A);
  assert.equal(encodeSignature(A).length, 172);
  assert.equal(decodeSignature("not base64!"), null);
  assert.equal(decodeSignature(btoa("short")), null);
  assert.equal(addressOfMailbox('"The <Red> Lion" <News@Pub.example>'), "news@pub.example");
  assert.equal(addressOfMailbox("plain@pub.example"), "plain@pub.example");
});
