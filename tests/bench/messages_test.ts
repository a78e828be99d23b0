/**
 * The bench's generated submissions are ordinary stock-phrased traffic
 * (bench/lib/stock_messages.ts): they share wordings as real messages do, and
 * the judgement must still answer them as legitimate (a message judged spam
 * is a bad answer in the forms rows).
 */
import assert from "node:assert/strict";
import { message, submissionBody } from "../../bench/lib/messages.ts";
import { STOCK_SENTENCES } from "../../bench/lib/stock_messages.ts";
import { judgeForm } from "../../domain/spam/form_judge.ts";
import { nearDuplicateBands } from "../../domain/spam/near_duplicates.ts";

Deno.test("the bench's messages are stock-phrased: built from the pool, sharing band keys as real traffic does", () => {
  assert.ok(STOCK_SENTENCES.length >= 60);
  assert.equal(message(7), message(7), "deterministic");
  assert.equal(submissionBody(3, "example.com").fields.message, message(3));
  // Every message says one of the stock sentences (names and numbers varied).
  const stems = STOCK_SENTENCES.map((s) => s.split("{")[0].slice(0, 18));
  for (let i = 0; i < 500; i++) {
    assert.ok(stems.some((st) => message(i).includes(st)), message(i));
  }
  // Unlike made-up words, stock sentences meet earlier messages' band keys often.
  const seen = new Set<string>();
  let shared = 0;
  for (let i = 0; i < 5_000; i++) {
    let hit = false;
    for (const b of nearDuplicateBands({ message: message(i) })) {
      if (seen.has(b)) hit = true;
      else seen.add(b);
    }
    if (hit) shared++;
  }
  assert.ok(shared > 1_000, `${shared} of 5,000 share a band key with an earlier message`);
});

Deno.test("the bench's messages: the content judgement alone takes almost none for spam", () => {
  let spam = 0;
  for (let i = 0; i < 5_000; i++) {
    const b = submissionBody(i, "site.example");
    const r = judgeForm({
      fields: b.fields,
      visitor: b.visitor,
      submitterEmail: b.fields.email,
      siteDomain: "site.example",
      siteId: "s",
      ip: b.visitor.ip,
      duplicateElsewhere: false,
      identities: [],
      memory: null,
    });
    if (r.classification === "spam") spam++;
  }
  assert.ok(spam <= 10, `${spam} of 5,000 judged spam`);
});
