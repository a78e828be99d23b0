/** Text measures used by the spam rules: links, words, gibberish, script mixing. */

// http(s) URLs, bare www. hosts, and bare host/path links such as example.ru/abc.
// A bare host starts where a run of host characters starts (not inside one):
// started from every character of "a-a-a-..." or "a.a.a...", the host part
// rescanned the rest of the run each time (quadratic; seconds for 50 kB).
const URL_RE =
  /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+|(?<![a-z0-9.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|ru|xyz|top|site|online|store|shop|click|link|io|co|me|us|uk|de|cn|in|pro|live|life|club|fun|space|website|icu|tk)\/[^\s<>"']*/gi;

/** The links in a text, each as written. */
export function findLinks(text: string): string[] {
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
