/**
 * The mail judgement reads a bounded head and tail of an email
 * (domain/spam/mail_bounds.ts): what lies in the middle of a long message
 * changes nothing, so its cost does not grow with its size, and what lies at
 * either end is read however long the message, so padding does not hide a
 * pitch.
 */
import assert from "node:assert/strict";
import { scoreEmail } from "../../../domain/spam/model/scorer.ts";
import { mailFeatures } from "../../../domain/spam/model/mail_features.ts";
import { BuiltinClassifier } from "../../../domain/spam/classifier.ts";
import { scoreContent } from "../../../domain/spam/mail_score.ts";
import {
  endsOf,
  headAndTail,
  HTML_HEAD,
  HTML_TAIL,
  htmlHeadAndTail,
  TEXT_HEAD,
  TEXT_TAIL,
} from "../../../domain/spam/mail_bounds.ts";
import { featurise } from "../../../spam_training/training.ts";
import { LEGIT_MAIL, SPAM_MAIL } from "./model_cases.ts";

const builtin = new BuiltinClassifier();
const features = (e: { subject: string; text?: string | null; html?: string | null }) => {
  const v = featurise(mailFeatures, e);
  return JSON.stringify([[...v.idx], [...v.val]]);
};

/** A middle of `size` characters: plain minutes, or every signal a judge looks for. */
function middle(loud: boolean, size: number): string {
  const parts = loud
    ? [
      "> On Monday, Sam wrote:",
      "Viagra and Cialis with no prescription, order now at http://198.51.100.7:8080/rx",
      "Click here to claim your prize: https://bit.ly/win-now !!!",
      "Reply with REMOVE to be removed. This is not spam.",
      "Your PayPal account is suspended, verify your account password within 24 hours.",
      "<a href='http://paypal.example.net/login'>https://www.paypal.com</a> <img src=x.gif>",
    ]
    : ["Thanks for the notes from Tuesday, I will send the revised plan tomorrow."];
  let out = "";
  for (let i = 0; out.length < size; i++) out += parts[i % parts.length] + "\n";
  return out.slice(0, size);
}

// Longer than every bound at either end, so that the middle is outside them.
const head = "Hi Sam,\n\nThe minutes of the meeting are below.\n\n" +
  "We agreed on the plan. ".repeat(HTML_HEAD / 20);
const tail = "\n\n" + "Next meeting on Friday. ".repeat(HTML_TAIL / 20) +
  "\n-- \nJo Park, Fernwood Books\nhttps://fernwoodbooks.com\n";

Deno.test("a long email's middle changes neither the model's features nor check 11 or check 12", () => {
  // Before the bounds, every signal but the words read the first 100,000 characters.
  const a = head + middle(false, 200_000) + tail;
  const b = head + middle(true, 200_000) + tail;
  assert.equal(
    features({ subject: "Minutes", text: a }),
    features({ subject: "Minutes", text: b }),
  );
  assert.deepEqual(scoreContent("Minutes", a), scoreContent("Minutes", b));
  const verdict = (text: string, html: string | null) =>
    builtin.classifySync({ from: "", to: "", subject: "Minutes", text, html });
  assert.deepEqual(verdict(a, null), verdict(b, null));

  const page = (m: string) =>
    `<html><head><style>p{margin:0}</style></head><body><p>${head}</p>${m}<p>${tail}</p></body></html>`;
  const ha = page(middle(false, 300_000).replace(/\n/g, "<br>"));
  const hb = page(middle(true, 300_000).replace(/\n/g, "<br>"));
  assert.equal(
    features({ subject: "Minutes", html: ha }),
    features({ subject: "Minutes", html: hb }),
  );
  assert.deepEqual(verdict("", ha), verdict("", hb));
  assert.deepEqual(verdict(a, ha), verdict(b, hb));
});

Deno.test("a pitch after 100 kB of filler is refused as one before it, and a letter after it is not", () => {
  // The words once read the first 3,000 characters alone: pharmacy spam after
  // 100 kB of blank lines scored 12. (Padding with innocent prose dilutes any
  // bag of words, wherever the pitch is: docs/spam.md, "Limits".)
  const fillers = { "blank lines": "\n".repeat(100_000), "dots": ". ".repeat(50_000) };
  for (const [filler, pad] of Object.entries(fillers)) {
    for (const [name, e] of Object.entries(SPAM_MAIL)) {
      if (!e.text) continue;
      const after = scoreEmail({ ...e, text: pad + "\n" + e.text }).score;
      const before = scoreEmail({ ...e, text: e.text + "\n" + pad }).score;
      assert.ok(after >= 60, `${name} after ${filler}: ${after}`);
      assert.ok(before >= 60, `${name} before ${filler}: ${before}`);
    }
    for (const [name, e] of Object.entries(LEGIT_MAIL)) {
      if (!e.text) continue;
      const after = scoreEmail({ ...e, html: null, text: pad + "\n" + e.text }).score;
      assert.ok(after < 60, `${name} after ${filler}: ${after}`);
    }
  }
});

Deno.test("head and tail: short input whole, long input cut once, HTML between tags", () => {
  assert.equal(headAndTail("abcdef", 3, 3), "abcdef");
  assert.equal(headAndTail("abcdefgh", 3, 3), "abc\nfgh");
  const long = "x".repeat(TEXT_HEAD + TEXT_TAIL + 50);
  const once = headAndTail(long, TEXT_HEAD, TEXT_TAIL);
  assert.equal(once.length, TEXT_HEAD + TEXT_TAIL + 1);
  assert.equal(headAndTail(once, TEXT_HEAD, TEXT_TAIL), once);
  assert.deepEqual(endsOf([1, 2, 3, 4, 5], 2, 1), [1, 2, 5]);
  assert.deepEqual(endsOf([1, 2, 3], 2, 1), [1, 2, 3]);

  const html = '<p class="row">' + "<a href='https://example.com/x'>link</a> text ".repeat(2_000);
  const view = htmlHeadAndTail(html);
  assert.ok(view.length <= HTML_HEAD + HTML_TAIL + 1);
  assert.equal(htmlHeadAndTail(view), view);
  const [start, end] = view.split("\n");
  assert.ok(end.startsWith("<"), "the tail starts at a tag");
  assert.ok(start.lastIndexOf("<") < start.lastIndexOf(">"), "the head ends after a whole tag");
});
