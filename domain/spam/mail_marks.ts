/**
 * Site owners' marks on their own mail: what a mark on an
 * email log record does to the same account's later mail/send checks 11 and
 * 12, and to every account through the service-wide list. Pure functions over
 * what mail_marks_store.ts keeps; no KV here.
 *
 * The text compared is the subject and the text part (MinHash over word
 * 2-shingles, model/minhash.ts; near-duplicates share 60 % of the minima, as
 * forms). In order, for a send of an account:
 *
 * 1. **Service-wide list**: near-duplicate of text that 3 or more accounts
 *    marked spam: refused (check 11, content_flagged), whatever the account's
 *    own marks say. Ham is never service-wide: accounts that a spammer holds
 *    must not be able to clear its text for anyone, its own account included.
 * 2. **The account's marked texts**: near-duplicates of texts the account
 *    marked, newest marks counting like older ones; more ham than spam (or as
 *    many) and checks 11 and 12 let the mail through; more spam: check 11 adds
 *    MARKED_TEXT_POINTS, and check 12 counts the mark as agreeing content.
 * 3. **The sender** (the From address and its domain): marked ham TRUST_AFTER
 *    times (and more ham than spam) and the account's mail from it passes
 *    checks 11 and 12; marked spam twice adds SENDER_SPAM_POINTS, once
 *    SENDER_ONCE_POINTS.
 *
 * Only one side of an account's marks applies: a text's own marks come before
 * the sender's (a trusted sender's newsletter the owner marked spam is spam).
 */
import { HASHES, minhash, NEAR_DUPLICATE, type Signature } from "./model/minhash.ts";

export type Mark = "spam" | "ham";
export type SenderCounts = { spam: number; ham: number };

/** An account's marks on its mail, as kept in one value (mail_marks_store.ts). */
export type AccountMailMarks = {
  /** Log ids of the marked texts, oldest first. */
  ids: string[];
  /** Each text's mark, in the order of `ids`. */
  marks: Mark[];
  /** Each text's MinHash signature, HASHES values per text, in the order of `ids`. */
  sigs: Uint32Array;
  /** Per sender ("address:news@shop.example", "domain:shop.example"). */
  senders: Record<string, SenderCounts>;
};

/** The service-wide list: texts that 3 or more accounts marked spam. */
export type ServiceSpamList = {
  /** HASHES values per text. */
  sigs: Uint32Array;
  /** How many accounts had marked near-duplicate text spam when the entry was added or renewed. */
  accounts: number[];
  /** When each entry was added or renewed (ms). */
  at: number[];
};

/** What a send reads of the marks (null: nothing kept). */
export type MailMarksState = { account: AccountMailMarks | null; list: ServiceSpamList | null };

export const NO_MARKS: MailMarksState = { account: null, list: null };

/** How long a service-wide list entry is kept after it was added or last renewed. */
export const LIST_TTL_MS = 30 * 24 * 3600_000;

/** The marks from the entries a send read (expired list entries left out). */
export function mailMarksOf(
  got: { list: Deno.KvEntryMaybe<unknown>; account?: Deno.KvEntryMaybe<unknown> },
  now: number,
): MailMarksState {
  const list = got.list.value as ServiceSpamList | null;
  const live = list && withoutExpired(list, now - LIST_TTL_MS);
  return {
    account: (got.account?.value ?? null) as AccountMailMarks | null,
    list: live && live.accounts.length ? live : null,
  };
}

/** Check 11 points for a near-duplicate of text the account marked spam. */
export const MARKED_TEXT_POINTS = 40;
/** Check 11 points for a sender the account marked spam twice (more spam than ham). */
export const SENDER_SPAM_POINTS = 30;
/** ... and once. */
export const SENDER_ONCE_POINTS = 10;
/** Ham marks on one sender from which the account's mail from it is trusted. */
export const TRUST_AFTER = 2;
/** Distinct accounts whose spam marks on near-duplicate text list it service-wide. */
export const LIST_ACCOUNTS = 3;

export type MarksVerdict = {
  /** Near-duplicate of text on the service-wide list (refused), with its accounts. */
  listed: number | null;
  /** Why the account's own marks let the mail through checks 11 and 12, or null. */
  pass: string | null;
  /** Check 11 points from spam marks, and their rules. */
  points: number;
  rules: string[];
};

/** The text of a mail that marks compare: subject and text part. */
export function mailSignature(subject: string, text: string): Signature | null {
  return minhash(`${subject}\n${text}`);
}

/** The sender identities of a From address (lowercase). */
export function senderKeys(address: string): string[] {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf("@");
  return at > 0 ? [`address:${a}`, `domain:${a.slice(at + 1)}`] : [`address:${a}`];
}

/** The address of a formatted mailbox (`"Name" <a@b>` or `a@b`). */
export function addressOfMailbox(mailbox: string): string {
  const m = /<([^<>]*)>\s*$/.exec(mailbox);
  return (m ? m[1] : mailbox).trim().toLowerCase();
}

/** Index of the first text in `sigs` that is a near-duplicate of `sig` from `from` on, or -1. */
export function nearDuplicateAt(sigs: Uint32Array, sig: Signature, from = 0): number {
  const need = Math.ceil(NEAR_DUPLICATE * HASHES);
  const n = Math.floor(sigs.length / HASHES);
  for (let i = from; i < n; i++) {
    const base = i * HASHES;
    let same = 0;
    for (let k = 0; k < HASHES; k++) if (sigs[base + k] === sig[k]) same++;
    if (same >= need) return i;
  }
  return -1;
}

/**
 * The marks' say on one send. `signature` is called only when some text is
 * marked (so a send of an account without marked texts, with an empty list,
 * computes no MinHash).
 */
export function judgeMarks(
  state: MailMarksState,
  fromAddress: string,
  signature: () => Signature | null,
): MarksVerdict {
  const verdict: MarksVerdict = { listed: null, pass: null, points: 0, rules: [] };
  const account = state.account;
  const needText = (state.list?.accounts.length ?? 0) > 0 || (account?.ids.length ?? 0) > 0;
  const sig = needText ? signature() : null;
  if (sig && state.list) {
    const i = nearDuplicateAt(state.list.sigs, sig);
    if (i >= 0) {
      verdict.listed = state.list.accounts[i];
      verdict.rules.push(`marked_spam_by_accounts (${verdict.listed})`);
      verdict.points = 100;
      return verdict;
    }
  }
  if (!account) return verdict;
  if (sig) {
    let spam = 0, ham = 0;
    for (let i = nearDuplicateAt(account.sigs, sig); i >= 0;) {
      if (account.marks[i] === "spam") spam++;
      else ham++;
      i = nearDuplicateAt(account.sigs, sig, i + 1);
    }
    if (ham > 0 && ham >= spam) {
      verdict.pass = "marked_ham (near-duplicate)";
      return verdict;
    }
    if (spam > 0) {
      verdict.points = MARKED_TEXT_POINTS;
      verdict.rules.push("marked_spam (near-duplicate)");
      return verdict;
    }
  }
  let trusted: string | null = null;
  for (const key of senderKeys(fromAddress)) {
    const c = account.senders[key];
    if (!c) continue;
    const kind = key.slice(0, key.indexOf(":"));
    if (c.spam > c.ham) {
      const points = c.spam >= 2 ? SENDER_SPAM_POINTS : SENDER_ONCE_POINTS;
      if (points > verdict.points) {
        verdict.points = points;
        verdict.rules = [`marked_spam (sender ${kind})`];
      }
    } else if (c.ham >= TRUST_AFTER && c.ham > c.spam) trusted ??= `trusted_sender (${kind})`;
  }
  // A sender marked spam (address or domain) is not trusted through the other.
  if (verdict.points === 0) verdict.pass = trusted;
  return verdict;
}

// --- Changing the kept marks (the use case reads, applies these, writes back) ---------------------

export const MAX_MARKED_TEXTS = 100;
export const MAX_SENDERS = 40;
export const MAX_LISTED = 200;

export function emptyAccountMarks(): AccountMailMarks {
  return { ids: [], marks: [], sigs: new Uint32Array(0), senders: {} };
}

/**
 * The account's marks after marking log record `logId` (whose mark was
 * `before`) as `mark`: its text (when the log kept its signature) and its
 * sender move from one side to the other. Bounded: the oldest texts and the
 * least marked senders go first.
 */
export function withMark(
  m: AccountMailMarks,
  change: { logId: string; mark: Mark; before: Mark | null; sig: Signature | null; from: string },
): AccountMailMarks {
  let ids = [...m.ids];
  let marks = [...m.marks];
  let sigs = m.sigs;
  const at = ids.indexOf(change.logId);
  if (at >= 0) marks[at] = change.mark;
  else if (change.sig) {
    ids.push(change.logId);
    marks.push(change.mark);
    const next = new Uint32Array(sigs.length + HASHES);
    next.set(sigs);
    next.set(change.sig, sigs.length);
    sigs = next;
    const drop = Math.max(0, ids.length - MAX_MARKED_TEXTS);
    if (drop) {
      ids = ids.slice(drop);
      marks = marks.slice(drop);
      sigs = sigs.slice(drop * HASHES);
    }
  }
  const senders = { ...m.senders };
  for (const key of senderKeys(change.from)) {
    const c = { ...(senders[key] ?? { spam: 0, ham: 0 }) };
    if (change.before) c[change.before] = Math.max(0, c[change.before] - 1);
    c[change.mark]++;
    senders[key] = c;
  }
  const names = Object.keys(senders);
  if (names.length > MAX_SENDERS) {
    const total = (k: string) => senders[k].spam + senders[k].ham;
    for (
      const k of names.sort((a, b) => total(a) - total(b)).slice(0, names.length - MAX_SENDERS)
    ) {
      delete senders[k];
    }
  }
  return { ids, marks, sigs, senders };
}

/**
 * The list with a text that `accounts` accounts marked spam: a near-duplicate
 * entry is renewed, else the text is added (the oldest entries go first).
 */
export function withListed(
  list: ServiceSpamList | null,
  sig: Signature,
  accounts: number,
  now: number,
): ServiceSpamList {
  const sigs = list?.sigs ?? new Uint32Array(0);
  const counts = [...(list?.accounts ?? [])];
  const at = [...(list?.at ?? [])];
  const i = nearDuplicateAt(sigs, sig);
  if (i >= 0) {
    counts[i] = Math.max(counts[i], accounts);
    at[i] = now;
    return { sigs, accounts: counts, at };
  }
  const next = new Uint32Array(sigs.length + HASHES);
  next.set(sigs);
  next.set(sig, sigs.length);
  counts.push(accounts);
  at.push(now);
  const drop = Math.max(0, counts.length - MAX_LISTED);
  return drop
    ? { sigs: next.slice(drop * HASHES), accounts: counts.slice(drop), at: at.slice(drop) }
    : { sigs: next, accounts: counts, at };
}

/** The list without entries older than `since` (ms). */
export function withoutExpired(list: ServiceSpamList, since: number): ServiceSpamList {
  if (list.at.every((t) => t > since)) return list;
  const keep = list.at.map((t, i) => t > since ? i : -1).filter((i) => i >= 0);
  const sigs = new Uint32Array(keep.length * HASHES);
  keep.forEach((i, j) => sigs.set(list.sigs.subarray(i * HASHES, (i + 1) * HASHES), j * HASHES));
  return { sigs, accounts: keep.map((i) => list.accounts[i]), at: keep.map((i) => list.at[i]) };
}

/**
 * The id of list entry `i` (16 hex digits): a hash of its signature, so the
 * list that every send reads carries no ids (two 32-bit FNV-1a lanes).
 */
export function listEntryId(sigs: Uint32Array, i: number): string {
  let a = 0x811c9dc5, b = 0x01000193 ^ 0x5bd1e995;
  for (let k = i * HASHES; k < (i + 1) * HASHES; k++) {
    a = Math.imul(a ^ sigs[k], 0x01000193);
    b = Math.imul(b ^ sigs[k], 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** Index of the entry with id `id`, or -1. */
export function listEntryAt(list: ServiceSpamList, id: string): number {
  for (let i = 0; i < list.accounts.length; i++) if (listEntryId(list.sigs, i) === id) return i;
  return -1;
}

/** The list without entry `i`. */
export function withoutEntry(list: ServiceSpamList, i: number): ServiceSpamList {
  const sigs = new Uint32Array(list.sigs.length - HASHES);
  sigs.set(list.sigs.subarray(0, i * HASHES));
  sigs.set(list.sigs.subarray((i + 1) * HASHES), i * HASHES);
  const drop = <T>(xs: T[]) => xs.filter((_, j) => j !== i);
  return { sigs, accounts: drop(list.accounts), at: drop(list.at) };
}

/** A signature as kept on a log record (base64 of its bytes, 172 characters). */
export function encodeSignature(sig: Signature): string {
  const bytes = new Uint8Array(sig.buffer, sig.byteOffset, sig.byteLength);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function decodeSignature(text: string): Signature | null {
  try {
    const raw = atob(text);
    if (raw.length !== HASHES * 4) return null;
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return new Uint32Array(bytes.buffer);
  } catch {
    return null;
  }
}
