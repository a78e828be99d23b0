/**
 * The DKIM header canonicalization of compose.ts against nodemailer's own
 * (dkim/sign.js), which it replaced (docs/performance.md, "The delivery worker"): the same
 * canonical header block and field list, the same folded signature.
 */
import assert from "node:assert/strict";
import dkimSign from "nodemailer/lib/dkim/sign.js";
import {
  DKIM_SIGNED_HEADERS,
  foldSignature,
  relaxedSignedHeaders,
} from "../../../domain/mail/compose.ts";

const relaxedHeaders = (dkimSign as unknown as {
  relaxedHeaders(
    headers: { key: string; line: string }[],
    fieldNames: string,
  ): { headers: string; fieldNames: string };
}).relaxedHeaders;

/** What compose.ts handed nodemailer before: each field line with its lower-case name. */
const theirs = (lines: string[]) =>
  relaxedHeaders(
    lines.map((line) => ({ key: line.slice(0, line.indexOf(":")).trim().toLowerCase(), line })),
    DKIM_SIGNED_HEADERS,
  );

const NAMES = [
  "From",
  "to",
  "SUBJECT",
  "Date",
  "Message-ID",
  "Content-Type",
  "List-Unsubscribe",
  "Feedback-ID",
  "X-Custom",
  "Received",
  "Reply-To ",
  "MIME-Version",
];
const VALUES = [" a@example.com", "  two  spaces\t\tand tabs  ", "", " folded\r\n  line", "x"];

Deno.test("relaxed signed headers are nodemailer's relaxedHeaders on random header blocks", () => {
  for (let k = 0; k < 3000; k++) {
    const n = Math.floor(Math.random() * 14);
    const lines = Array.from({ length: n }, () => {
      const name = NAMES[Math.floor(Math.random() * NAMES.length)];
      return `${name}:${VALUES[Math.floor(Math.random() * VALUES.length)]}`;
    });
    if (Math.random() < 0.05) lines.push("no colon here");
    assert.deepEqual(relaxedSignedHeaders(lines), theirs(lines), JSON.stringify(lines));
  }
});

Deno.test("the signature folds as nodemailer's regular expression folds it", () => {
  const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let len = 0; len <= 700; len++) {
    const sig = Array.from({ length: len }, (_, i) => b64[(i * 7) % 64]).join("");
    const expected = sig.replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, "$&\r\n ").trim();
    assert.equal(foldSignature(sig), expected, `length ${len}`);
  }
});
