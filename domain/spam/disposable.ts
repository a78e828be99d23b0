/**
 * Disposable (throw-away) mail domains, from the maintained
 * `disposable-email-domains` npm package (about 120,000 domains). A subdomain
 * of a listed domain counts too.
 *
 * The list is held compactly (docs/performance.md, "Memory and start"): the domains
 * joined into one string, their start offsets in a Uint32Array and an
 * open-addressing hash table of entry numbers in an Int32Array, about 3 MB of
 * heap where the JSON array and a `Set` of its strings held about 13 MB (and
 * a second `Set` in `model/domains.ts` 2.5 MB more). The JSON is read as a
 * file and parsed, not imported: a JSON module keeps its array and its source
 * text (5 MB: the list has a few non-Latin-1 names, so two bytes a character)
 * for the life of the isolate. The import below is the fallback where the
 * file cannot be read (no read permission), and keeps the package in the
 * module graph that `deno install` and `deno compile` fetch.
 */

/** Exact membership in a fixed list of strings, answering as `new Set(list).has` does. */
export class CompactStringSet {
  /** The Latin-1 entries joined (a one-byte string: 1 byte per character). */
  #joined: string;
  /** Entry i is #joined.slice(#starts[i], #starts[i + 1]). */
  #starts: Uint32Array;
  /** Entry numbers by hash, -1 where empty; linear probing. */
  #table: Int32Array;
  #mask: number;
  /** The few entries with a character above U+00FF, which would make #joined two bytes a character. */
  #wide: Set<string>;

  constructor(entries: readonly string[]) {
    const narrow: string[] = [];
    this.#wide = new Set();
    for (const e of entries) {
      if (isWide(e)) this.#wide.add(e);
      else narrow.push(e);
    }
    // A duplicate entry is stored twice; has() answers the same.
    let size = 16;
    while (size < narrow.length * 2) size *= 2;
    this.#table = new Int32Array(size).fill(-1);
    this.#mask = size - 1;
    this.#joined = narrow.join("");
    this.#starts = new Uint32Array(narrow.length + 1);
    let at = 0;
    for (let i = 0; i < narrow.length; i++) {
      this.#starts[i] = at;
      at += narrow[i].length;
      let h = hashOf(narrow[i]) & this.#mask;
      while (this.#table[h] >= 0) h = (h + 1) & this.#mask;
      this.#table[h] = i;
    }
    this.#starts[narrow.length] = at;
  }

  /** Entries held (a duplicate counts twice). */
  get size(): number {
    return this.#starts.length - 1 + this.#wide.size;
  }

  has(s: string): boolean {
    if (this.#wide.size > 0 && this.#wide.has(s)) return true;
    let h = hashOf(s) & this.#mask;
    for (;;) {
      const i = this.#table[h];
      if (i < 0) return false;
      const start = this.#starts[i];
      // Same length and same characters from the entry's start: the entry is s.
      if (this.#starts[i + 1] - start === s.length && this.#joined.startsWith(s, start)) {
        return true;
      }
      h = (h + 1) & this.#mask;
    }
  }
}

function isWide(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return true;
  return false;
}

/** FNV-1a over UTF-16 code units with murmur3's finaliser (well-mixed low bits). */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The list as a compact set. Everything happens in here: a top-level `await`
 * keeps the module's temporaries (the parsed array) alive for good.
 */
async function loadList(): Promise<CompactStringSet> {
  let list: string[] | undefined;
  try {
    const url = new URL(import.meta.resolve("disposable-email-domains/index.json"));
    if (url.protocol === "file:") list = JSON.parse(Deno.readTextFileSync(url));
  } catch {
    // Not readable here: import it.
  }
  list ??= (await import("disposable-email-domains/index.json", { with: { type: "json" } }))
    .default as string[];
  // The list is lowercase already; lowercasing keeps the old Set's promise.
  for (let i = 0; i < list.length; i++) list[i] = list[i].toLowerCase();
  return new CompactStringSet(list);
}

/** The listed domains, lowercased. */
export const DISPOSABLE_DOMAINS: CompactStringSet = await loadList();

/** Whether a domain, or a parent of it short of the suffix, is listed; `domain` as given (lowercase it first). */
export function isListedDisposable(domain: string): boolean {
  let d = domain;
  // Walk up the labels: x.mailinator.com is as disposable as mailinator.com.
  for (;;) {
    if (DISPOSABLE_DOMAINS.has(d)) return true;
    const dot = d.indexOf(".");
    if (dot < 0 || d.indexOf(".", dot + 1) < 0) return false;
    d = d.slice(dot + 1);
  }
}

export function isDisposableDomain(domain: string): boolean {
  return isListedDisposable(domain.trim().toLowerCase().replace(/\.$/, ""));
}

export function isDisposableAddress(address: string): boolean {
  const at = address.lastIndexOf("@");
  return at > 0 && isDisposableDomain(address.slice(at + 1));
}
