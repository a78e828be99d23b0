/**
 * The scoring code may be made cheaper, never different: every corpus item
 * (forms, mail, the newsletter probe, a few edge inputs) must give the same
 * features, the same rule results and the same near-duplicate bands as the
 * committed digests (spam_training/digests.ts; `--write` after a change
 * that is meant to move them), and the streaming dot product must agree with
 * a plain one over the recorded features to 1e-9.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import digestsJson from "./scoring_digests.json" with { type: "json" };
import { buildFormCorpus } from "../../../spam_training/corpus/forms.ts";
import { buildMailCorpus } from "../../../spam_training/corpus/mail.ts";
import { formModel, mailModel } from "../../../domain/spam/model/scorer.ts";
import { normalize, scriptStats, wordsOf } from "../../../domain/spam/text.ts";
import { isGibberishWord, isScriptMixed, words } from "../../../domain/spam/text.ts";
import type { HashedModel } from "../../../domain/spam/model/model.ts";
import { brandInForeignHost, nonAsciiUpper } from "../../../domain/spam/model/text_features.ts";
import { BRANDS } from "../../../domain/spam/model/domains.ts";
import { G_META, GROUP_COUNT } from "../../../domain/spam/model/vector.ts";
import {
  computeDigests,
  edgeForms,
  edgeMails,
  RecordSink,
} from "../../../spam_training/digests.ts";

Deno.test("scoring identity: features and rule results of every corpus item match the committed digests", () => {
  const now = computeDigests();
  const old = digestsJson as Record<string, string>;
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].sort();
  const moved = keys.filter((k) => old[k] !== now[k]);
  assert.deepEqual(moved, [], `digests changed for: ${moved.join(", ")}`);
});

/** The margin as the dot product was first written: per group sums in emission order. */
function plainMargin<T>(model: HashedModel<T>, input: T): number {
  const sink = new RecordSink();
  model.extract(sink, input);
  const sums = new Float64Array(GROUP_COUNT);
  const counts = new Uint32Array(GROUP_COUNT);
  for (let i = 0; i < sink.groups.length; i++) {
    sums[sink.groups[i]] += model.weights[sink.buckets[i]];
    counts[sink.groups[i]]++;
  }
  let z = model.file.bias;
  const gw = model.file.groups;
  for (let g = 0; g < GROUP_COUNT; g++) {
    if (counts[g] > 0) z += sums[g] * (g === G_META ? gw[g] : gw[g] / Math.sqrt(counts[g]));
  }
  return z;
}

Deno.test("scoring identity: the streaming margin equals a plain dot product (1e-9)", () => {
  let worst = 0;
  for (const f of [...buildFormCorpus().map((i) => i.input), ...edgeForms()]) {
    const d = Math.abs(formModel().margin(f) - plainMargin(formModel(), f));
    worst = Math.max(worst, d);
  }
  for (const m of [...buildMailCorpus().map((i) => i.input), ...edgeMails()]) {
    const d = Math.abs(mailModel().margin(m) - plainMargin(mailModel(), m));
    worst = Math.max(worst, d);
  }
  assert.ok(worst <= 1e-9, `largest difference ${worst}`);
});

// The rewritten helpers against the expressions they replaced, on short random texts.
const alphabet = fc.constantFrom(
  ..."aAbZqwrtsdfgxyz019 '’.-\n!?Жжπé😀\u0301".split(""),
  "\ud83d", // a lone surrogate
  "ﬁ",
  "Ｆ",
);
const asciiAlphabet = fc.constantFrom(..."aAbZqwrtsdfgxyz019 '.-\n!?%$".split(""));
// Half of the texts ASCII only (the fast paths), half mixed (the general ones).
const shortText = fc.oneof(
  fc.array(alphabet, { maxLength: 40 }),
  fc.array(asciiAlphabet, { maxLength: 40 }),
).map((a) => a.join(""));
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*/gu;

function wordsBefore(text: string, max: number): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD_RE)) {
    if (m[0].length <= 40) out.push(/\d/.test(m[0]) ? m[0].replace(/\d/g, "0") : m[0]);
    if (out.length >= max) break;
  }
  return out;
}

function gibberishBefore(w: string): boolean {
  if (!(w.length >= 6 && /^[A-Za-z]+$/.test(w))) return false;
  const lower = w.toLowerCase();
  const run = () => {
    let best = 0, r = 0;
    for (const ch of lower) best = Math.max(best, "aeiouy".includes(ch) ? (r = 0) : ++r);
    return best;
  };
  const repeated = () => {
    for (let len = 2; len <= 4 && lower.length >= len * 2; len++) {
      const c = lower.slice(0, len);
      if (c.repeat(Math.ceil(lower.length / len)).slice(0, lower.length) === lower) return true;
    }
    return false;
  };
  if (w === w.toUpperCase()) return run() >= 6 || repeated();
  let switches = 0;
  for (let i = 1; i < w.length; i++) {
    if ((w[i - 1] === w[i - 1].toUpperCase()) !== (w[i] === w[i].toUpperCase())) switches++;
  }
  if (switches >= 4 || run() >= 6 || repeated()) return true;
  return ["qwert", "asdfg", "zxcvb", "yxcvb", "qwertz", "azerty", "hjkl", "sdfgh"].some((k) =>
    lower.includes(k)
  );
}

Deno.test("scoring identity: words, normalisation and script counts equal the expressions they replaced", () => {
  fc.assert(
    fc.property(shortText, (s) => {
      assert.equal(normalize(s), s.normalize("NFKC").toLowerCase());
      const n = normalize(s);
      if (!/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u0e00-\u0e7f\u1780-\u17ff]/.test(n)) {
        assert.deepEqual(wordsOf(n, 500), wordsBefore(n, 500));
      }
      let letters = 0;
      for (const ch of s) if (/\p{L}/u.test(ch)) letters++;
      assert.equal(scriptStats(s).letters, letters);
    }),
    { numRuns: 3000 },
  );
});

Deno.test("scoring identity: capitals outside ASCII are counted as the Unicode property counts them", () => {
  const letters = fc.constantFrom(
    ..."aAZzЖжΣσÉé𝐁𝐛😀\ud83d\udc00Ｆｆǅ1 ".split(""),
    "\ud835",
    "\udc01",
  );
  fc.assert(
    fc.property(fc.array(letters, { maxLength: 40 }).map((a) => a.join("")), (s) => {
      const upper = (s.match(/\p{Lu}/gu) ?? []).length;
      assert.equal((s.match(/[A-Z]/g) ?? []).length + nonAsciiUpper(s), upper);
    }),
    { numRuns: 3000 },
  );
});

Deno.test("scoring identity: a brand in a foreign host is found as the token scan found it", () => {
  const before = (host: string, label: string) => {
    const tokens = host.split(/[-.]/);
    for (const b of BRANDS) {
      if (label === b) return false;
      if (tokens.some((t) => t === b || (b.length >= 5 && t.startsWith(b)))) return true;
    }
    return false;
  };
  const piece = fc.constantFrom(...BRANDS, "pay", "x", "secure", "-", ".", "login", "com", "1");
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }), fc.array(piece, { maxLength: 3 }), (h, l) => {
      const host = h.join("");
      const label = l.join("");
      assert.equal(brandInForeignHost(host, label), before(host, label));
      const first = host.split(".")[0];
      assert.equal(brandInForeignHost(host, first), before(host, first));
    }),
    { numRuns: 5000 },
  );
});

Deno.test("scoring identity: the rules' word shapes equal the expressions they replaced", () => {
  const word = fc.array(fc.constantFrom(..."aAeEqQwWsSdDfFgGxXzZyYЖπ1'".split("")), {
    maxLength: 14,
  }).map((a) => a.join(""));
  fc.assert(
    fc.property(word, (w) => {
      assert.equal(isGibberishWord(w), gibberishBefore(w), w);
      const latin = /[A-Za-z]/.test(w), cyr = /[\u0400-\u04FF]/.test(w);
      const greek = /[\u0370-\u03FF]/.test(w);
      assert.equal(isScriptMixed(w), (latin && (cyr || greek)) || (cyr && greek), w);
    }),
    { numRuns: 5000 },
  );
  for (const w of ["dfgdfgdfg", "QWERTYUIOP", "McDonald", "AbCdEfGh", "strengths"]) {
    assert.equal(isGibberishWord(w), gibberishBefore(w), w);
  }
  assert.deepEqual(words("don't stop o'neil's 3x"), ["don't", "stop", "o'neil's", "3x"]);
});
