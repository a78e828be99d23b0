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

const VOWELS = new Set("aeiouy");

/** Letters only, ASCII, at least 6: the tokens whose shape can be judged. */
function judgeable(w: string): boolean {
  return w.length >= 6 && /^[A-Za-z]+$/.test(w);
}

/** Number of lower/upper switches along a word ("aBcD" has 3). */
function caseSwitches(w: string): number {
  let n = 0;
  for (let i = 1; i < w.length; i++) {
    const a = w[i - 1] === w[i - 1].toUpperCase();
    const b = w[i] === w[i].toUpperCase();
    if (a !== b) n++;
  }
  return n;
}

function longestConsonantRun(w: string): number {
  let best = 0;
  let run = 0;
  for (const ch of w.toLowerCase()) {
    if (VOWELS.has(ch)) run = 0;
    else best = Math.max(best, ++run);
  }
  return best;
}

/** A repeated chunk such as "dfgdfgdfg" or "asdasd". */
function isRepeatedChunk(w: string): boolean {
  const s = w.toLowerCase();
  for (let len = 2; len <= 4; len++) {
    if (s.length < len * 2) break;
    const chunk = s.slice(0, len);
    if (chunk.repeat(Math.ceil(s.length / len)).slice(0, s.length) === s) return true;
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
  const lower = w.toLowerCase();
  if (w === w.toUpperCase()) {
    // Acronyms and shouted words: only the shape of the letters counts.
    return longestConsonantRun(w) >= 6 || isRepeatedChunk(w);
  }
  if (caseSwitches(w) >= 4) return true;
  if (longestConsonantRun(w) >= 6) return true;
  if (isRepeatedChunk(w)) return true;
  return KEYBOARD_RUNS.some((k) => lower.includes(k));
}

/** A word that mixes Latin letters with Cyrillic or Greek ones (homoglyph disguise). */
export function isScriptMixed(w: string): boolean {
  const latin = /[A-Za-z]/.test(w);
  const cyrillic = /[\u0400-\u04FF]/.test(w);
  const greek = /[\u0370-\u03FF]/.test(w);
  return (latin && (cyrillic || greek)) || (cyrillic && greek);
}

/** Lowercase letters without accents, for comparing names with addresses. */
export function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
