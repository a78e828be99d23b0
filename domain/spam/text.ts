/**
 * Long file: spam's one text module, the measures of the rules and of the
 * models side by side, so that a change to how words, links or scripts are
 * read happens in one place.
 * Text measures: normalisation, words (Intl.Segmenter for scripts written
 * without spaces), writing systems, links, spintax and unfilled template
 * markers for the models; links as written, words, gibberish and script
 * mixing for the rules. Everything is bounded: callers cap the text first.
 * The rules and the models read links and words in their own way on purpose:
 * the weights were trained on the models' reading and the rules' points were
 * set on theirs, so each keeps its own function.
 */
/** Lowercase, compatibility-normalised (full-width letters, ligatures), digits kept. */
export function normalize(s: string): string {
  // NFKC leaves ASCII as it is.
  return isAscii(s) ? s.toLowerCase() : s.normalize("NFKC").toLowerCase();
}

// deno-lint-ignore no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;

/** Whether every character is ASCII (then the Unicode-aware paths below have cheaper twins). */
export function isAscii(s: string): boolean {
  return !NON_ASCII.test(s);
}

// Writing systems counted per letter.
export const SCRIPTS = [
  "latin",
  "cyrillic",
  "greek",
  "han",
  "kana",
  "hangul",
  "arabic",
  "hebrew",
  "thai",
  "devanagari",
  "other",
] as const;
export type Script = typeof SCRIPTS[number];

export function scriptOfCodePoint(cp: number): number {
  if (cp < 0x250) return 0; // Basic Latin to Latin Extended-B
  if (cp >= 0x1e00 && cp <= 0x1eff) return 0;
  if (cp >= 0x400 && cp <= 0x52f) return 1;
  if (cp >= 0x370 && cp <= 0x3ff) return 2;
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf)) return 3;
  if (cp >= 0x3040 && cp <= 0x30ff) return 4;
  if ((cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0x1100 && cp <= 0x11ff)) return 5;
  if ((cp >= 0x600 && cp <= 0x6ff) || (cp >= 0x750 && cp <= 0x77f)) return 6;
  if (cp >= 0x590 && cp <= 0x5ff) return 7;
  if (cp >= 0xe00 && cp <= 0xe7f) return 8;
  if (cp >= 0x900 && cp <= 0x97f) return 9;
  return 10;
}

const LETTER = /\p{L}/u;

/** Whether a code point is a letter (\p{L}); the BMP's answers are kept. */
const LETTER_BMP = new Uint8Array(0x10000); // 0 not yet known, 1 yes, 2 no
function isLetterCodePoint(cp: number): boolean {
  if (cp > 0xffff) return LETTER.test(String.fromCodePoint(cp));
  let k = LETTER_BMP[cp];
  if (k === 0) LETTER_BMP[cp] = k = LETTER.test(String.fromCharCode(cp)) ? 1 : 2;
  return k === 1;
}

export type ScriptStats = { counts: number[]; letters: number; dominant: Script | null };

/** Letters per writing system. */
export function scriptStats(text: string): ScriptStats {
  const counts = new Array(SCRIPTS.length).fill(0);
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp < 0x80) {
      if ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a) {
        counts[0]++;
        letters++;
      }
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    if (!isLetterCodePoint(cp)) continue;
    counts[scriptOfCodePoint(cp)]++;
    letters++;
  }
  let best = -1;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] > 0 && (best < 0 || counts[i] > counts[best])) best = i;
  }
  return { counts, letters, dominant: best < 0 ? null : SCRIPTS[best] };
}

/** The script a site's language is written in (null when unknown). */
export function scriptOfLanguage(lang: string | null | undefined): Script | null {
  if (!lang) return null;
  const l = lang.toLowerCase().split(/[-_]/)[0];
  if (["ru", "uk", "bg", "sr", "mk", "be", "kk", "ky", "mn", "tg"].includes(l)) return "cyrillic";
  if (["zh"].includes(l)) return "han";
  if (["ja"].includes(l)) return "kana";
  if (["ko"].includes(l)) return "hangul";
  if (["ar", "fa", "ur", "ps"].includes(l)) return "arabic";
  if (["he", "yi"].includes(l)) return "hebrew";
  if (["th"].includes(l)) return "thai";
  if (["hi", "mr", "ne"].includes(l)) return "devanagari";
  if (["el"].includes(l)) return "greek";
  return /^[a-z]{2,3}$/.test(l) ? "latin" : null;
}

/** The script a country-code domain suggests (".de" latin, ".ru" cyrillic), else null. */
export function scriptOfSuffix(suffix: string): Script | null {
  const tld = suffix.slice(suffix.lastIndexOf(".") + 1);
  if (["ru", "by", "kz", "ua", "bg", "рф"].includes(tld)) return "cyrillic";
  if (["cn", "tw", "hk"].includes(tld)) return "han";
  if (tld === "jp") return "kana";
  if (tld === "kr") return "hangul";
  if (["sa", "ae", "eg", "ir", "iq", "jo", "qa", "kw", "ma", "dz", "tn"].includes(tld)) {
    return "arabic";
  }
  if (tld === "il") return "hebrew";
  if (tld === "th") return "thai";
  if (tld === "gr") return "greek";
  if (
    [
      "de",
      "at",
      "ch",
      "fr",
      "es",
      "it",
      "nl",
      "be",
      "pl",
      "pt",
      "br",
      "mx",
      "ar",
      "cl",
      "co",
      "uk",
      "us",
      "ca",
      "au",
      "nz",
      "ie",
      "se",
      "no",
      "dk",
      "fi",
      "cz",
      "sk",
      "hu",
      "ro",
      "tr",
    ].includes(tld)
  ) return "latin";
  return null;
}

// Scripts written without spaces between words.
const NO_SPACE_SCRIPT = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u0e00-\u0e7f\u1780-\u17ff]/;
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*/gu;
let segmenter: Intl.Segmenter | null = null;

/**
 * Words of a normalised text, digits folded to 0 ("555-0143" gives "000" and
 * "0000"). Chinese, Japanese, Thai and Khmer go through Intl.Segmenter.
 */
export function wordsOf(text: string, max: number): string[] {
  const out: string[] = [];
  if (NO_SPACE_SCRIPT.test(text)) {
    segmenter ??= new Intl.Segmenter("und", { granularity: "word" });
    for (const s of segmenter.segment(text)) {
      if (!s.isWordLike) continue;
      out.push(s.segment.replace(/\d/g, "0"));
      if (out.length >= max) break;
    }
    return out;
  }
  if (isAscii(text)) return asciiWords(text, max, out);
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m; m = WORD_RE.exec(text)) {
    const w = m[0];
    if (w.length <= 40) out.push(/\d/.test(w) ? w.replace(/\d/g, "0") : w);
    if (out.length >= max) break;
  }
  return out;
}

const isAsciiLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isAsciiAlnum = (c: number) => isAsciiLetter(c) || (c >= 0x30 && c <= 0x39);

/**
 * WORD_RE's words of an ASCII text, scanned by hand: a run of letters and
 * digits, then any number of "'" followed by letters ("don't", "o'neil's").
 */
function asciiWords(text: string, max: number, out: string[]): string[] {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAsciiAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let digits = false;
    for (let c = text.charCodeAt(i); i < n && isAsciiAlnum(c); c = text.charCodeAt(++i)) {
      if (c <= 0x39) digits = true;
    }
    while (i + 1 < n && text.charCodeAt(i) === 0x27 && isAsciiLetter(text.charCodeAt(i + 1))) {
      i += 2;
      while (i < n && isAsciiLetter(text.charCodeAt(i))) i++;
    }
    const w = text.slice(start, i);
    if (w.length <= 40) out.push(digits ? w.replace(/\d/g, "0") : w);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Links written in a text: http(s) and www. URLs, and bare host names with a
 * path ("example.ru/abc") or on a known suffix ("cheap-pills.xyz"). Hosts are
 * checked against the public suffix list by the caller.
 */
const LINK_RE =
  /\bhttps?:\/\/[^\s<>"'\])]+|\bwww\.[^\s<>"'\])]+|(?<![@\w.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,24}|xn--[a-z0-9-]+|рф)(?:\/[^\s<>"'\])]*)?/giu;

export type FoundLink = { raw: string; host: string; scheme: boolean };

export function findLinks(text: string, max: number): FoundLink[] {
  const out: FoundLink[] = [];
  LINK_RE.lastIndex = 0;
  for (let m = LINK_RE.exec(text); m; m = LINK_RE.exec(text)) {
    const raw = m[0].replace(/[.,;:!?]+$/, "");
    const scheme = /^https?:\/\//i.test(raw);
    let host = raw.replace(/^https?:\/\//i, "");
    host = host.replace(/[/?#].*$/s, "").replace(/^[^@]*@/, "").replace(/:\d+$/, "")
      .toLowerCase();
    if (!host) continue;
    out.push({ raw, host, scheme });
    if (out.length >= max) break;
  }
  return out;
}

/** Spintax left unresolved by a mass-mailing tool: "{Hi|Hello|Hey}". */
export function countSpintax(text: string): number {
  return (text.match(/\{[^{}|\n]{1,60}\|[^{}\n]{1,200}\}/g) ?? []).length;
}

/** Unfilled template markers: {{first_name}}, [Company Name], %NAME%, ${name}, {website}. */
export function countTemplateMarkers(text: string): number {
  return (text.match(
    /\{\{\s*[\w .-]{1,30}\s*\}\}|\$\{\w{1,30}\}|%[A-Z_]{3,20}%|\{(?:name|first_?name|company|website|url|domain|site|business|city|keyword)\}|\[(?:your |first |company |business |website |client |recipient ?)?(?:name|company|website|url|domain|business name|company name|first name|city|keyword|niche)\]/gi,
  ) ?? []).length;
}

/** Words that mix Latin letters with Cyrillic or Greek ones ("pаypal" with a Cyrillic а). */
export function countHomoglyphWords(text: string): number {
  if (!CYRILLIC_OR_GREEK.test(text)) return 0; // no word can mix what the text lacks
  // Word by word: one regex with two lookaheads over the rest of the word
  // rescanned the word from each of its letters (quadratic on a long word).
  let n = 0;
  LETTER_RUN.lastIndex = 0;
  for (let m = LETTER_RUN.exec(text); m; m = LETTER_RUN.exec(text)) {
    if (isHomoglyphWord(m[0])) n++;
  }
  return n;
}

const LETTER_RUN = /\p{L}{3,}/gu;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC_OR_GREEK = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** A word (letters only) with Latin letters and Cyrillic or Greek ones. */
export function isHomoglyphWord(word: string): boolean {
  return LATIN.test(word) && CYRILLIC_OR_GREEK.test(word);
}

/** Whether a text has a homoglyph word (linear: see countHomoglyphWords). */
export function hasHomoglyphWord(text: string): boolean {
  if (!CYRILLIC_OR_GREEK.test(text)) return false;
  LETTER_RUN.lastIndex = 0;
  for (let m = LETTER_RUN.exec(text); m; m = LETTER_RUN.exec(text)) {
    if (isHomoglyphWord(m[0])) return true;
  }
  return false;
}

/** Bucket of a count for a feature name: 0, 1, 2, 3-4, 5-9, 10+. */
export function countBucket(n: number): string {
  if (n <= 2) return String(n);
  if (n <= 4) return "3-4";
  if (n <= 9) return "5-9";
  return "10+";
}

/** Bucket of a length: log-scale. */
export function lengthBucket(n: number): string {
  if (n === 0) return "0";
  if (n < 10) return "1-9";
  if (n < 40) return "10-39";
  if (n < 120) return "40-119";
  if (n < 400) return "120-399";
  if (n < 1200) return "400-1199";
  return "1200+";
}

// The rules' measures (form_score.ts).

// http(s) URLs, bare www. hosts, and bare host/path links such as example.ru/abc.
// A bare host starts where a run of host characters starts (not inside one):
// started from every character of "a-a-a-..." or "a.a.a...", the host part
// rescanned the rest of the run each time (quadratic; seconds for 50 kB).
const URL_RE =
  /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+|(?<![a-z0-9.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|ru|xyz|top|site|online|store|shop|click|link|io|co|me|us|uk|de|cn|in|pro|live|life|club|fun|space|website|icu|tk)\/[^\s<>"']*/gi;

/** The links in a text, each as written (the rules' reading; the model's is `findLinks`). */
export function writtenLinks(text: string): string[] {
  return text.match(URL_RE) ?? [];
}

/** Host of a link (lowercase, without www.), or null. */
export function linkHost(link: string): string | null {
  try {
    const u = new URL(/^https?:\/\//i.test(link) ? link : `http://${link}`);
    return u.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Words: runs of letters, digits, apostrophes inside words. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

/** Letters only, ASCII, at least 6: the tokens whose shape can be judged. */
function judgeable(w: string): boolean {
  if (w.length < 6) return false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) return false;
  }
  return true;
}

// The helpers below see judgeable words only (ASCII letters), so they compare
// character codes: an upper-case ASCII letter is below 0x61 ("a").

/** Number of lower/upper switches along a word ("aBcD" has 3). */
function caseSwitches(w: string): number {
  let n = 0;
  let a = w.charCodeAt(0) < 0x61;
  for (let i = 1; i < w.length; i++) {
    const b = w.charCodeAt(i) < 0x61;
    if (a !== b) n++;
    a = b;
  }
  return n;
}

// a, e, i, o, u, y (lower case, as bits of the letter's index in the alphabet).
const VOWEL_BITS = (1 << 0) | (1 << 4) | (1 << 8) | (1 << 14) | (1 << 20) | (1 << 24);

function longestConsonantRun(w: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < w.length; i++) {
    const k = (w.charCodeAt(i) | 0x20) - 0x61;
    if ((VOWEL_BITS >>> k) & 1) run = 0;
    else if (++run > best) best = run;
  }
  return best;
}

/** A repeated chunk such as "dfgdfgdfg" or "asdasd" (case-insensitive). */
function isRepeatedChunk(w: string): boolean {
  for (let len = 2; len <= 4; len++) {
    if (w.length < len * 2) break;
    let same = true;
    for (let i = len; i < w.length && same; i++) {
      same = (w.charCodeAt(i) | 0x20) === (w.charCodeAt(i % len) | 0x20);
    }
    if (same) return true;
  }
  return false;
}

const KEYBOARD_RUNS = ["qwert", "asdfg", "zxcvb", "yxcvb", "qwertz", "azerty", "hjkl", "sdfgh"];

/**
 * Whether a word looks typed at random: a run of six consonants, random casing
 * (four or more switches, which names like McDonald or MacKenzie stay under),
 * a repeated chunk ("dfgdfg"), or a keyboard row ("qwert"). A low share of
 * vowels alone is not enough: Schultz, strengths.
 */
export function isGibberishWord(w: string): boolean {
  if (!judgeable(w)) return false;
  if (allUpper(w)) {
    // Acronyms and shouted words: only the shape of the letters counts.
    return longestConsonantRun(w) >= 6 || isRepeatedChunk(w);
  }
  if (caseSwitches(w) >= 4) return true;
  if (longestConsonantRun(w) >= 6) return true;
  if (isRepeatedChunk(w)) return true;
  const lower = w.toLowerCase();
  return KEYBOARD_RUNS.some((k) => lower.includes(k));
}

function allUpper(w: string): boolean {
  for (let i = 0; i < w.length; i++) if (w.charCodeAt(i) >= 0x61) return false;
  return true;
}

/** A word that mixes Latin letters with Cyrillic or Greek ones (homoglyph disguise). */
export function isScriptMixed(w: string): boolean {
  let latin = false, cyrillic = false, greek = false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 0x80) latin ||= (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
    else if (c >= 0x400 && c <= 0x4ff) cyrillic = true;
    else if (c >= 0x370 && c <= 0x3ff) greek = true;
  }
  return (latin && (cyrillic || greek)) || (cyrillic && greek);
}

/** Lowercase letters without accents, for comparing names with addresses. */
export function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
