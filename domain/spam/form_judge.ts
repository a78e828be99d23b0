/**
 * `judgeForm`, spam's one entry point for a form submission (forms/submit
 * calls it; mail is judged by `judgeMail`, mail_judge.ts): the trained model's
 * calibrated score, nudged by the rules, raised by hard evidence and moved by
 * the site owner's marks.
 *
 * - The model (spam/model/) gives 0 to 100.
 * - Soft rules (links, phrases, gibberish, missing referrer, ...: form_score.ts)
 *   add a quarter of their points, at most SOFT_MAX, and only when the model
 *   already finds the message suspicious (30+): a message the model calls
 *   legitimate stays legitimate. One soft rule alone never takes a message to
 *   60: with fewer than two soft rules the nudge stops at 59.
 * - Hard evidence sets a floor of HARD_FLOOR (one) or more (several): a filled
 *   honeypot, a known bot user agent, a campaign-sized spread of one text
 *   (sameness.ts: CAMPAIGN_SOURCES people to CAMPAIGN_SITES sites; one person
 *   writing to several businesses is one source), a text that three accounts
 *   marked spam (a copy: SAME_TEXT_BANDS shared bands, not one), a sender
 *   the account marked spam twice, and a learned honeypot (a field the form's
 *   legitimate submissions always left empty, after LEARNED_HONEYPOT_AFTER of
 *   them) filled with what a machine puts there while the text is suspicious
 *   anyway, or two such fields filled.
 * - Sameness below campaign size (a long text from two sources at two sites)
 *   and a learned honeypot filled by an otherwise ordinary message are soft:
 *   a message the model finds clean stays clean. The exact copy from another
 *   site is listed with 0 points: people send one request to several
 *   businesses every day.
 * - The account's marks: a sender address, business domain or IP marked ham
 *   twice (more ham than spam) is trusted by that account: its score stops at
 *   TRUSTED_MAX unless hard evidence says spam (a sender marked spam twice
 *   is hard evidence for that account); one mark moves the score by MARK_SHIFT.
 */
import { senderKind } from "./model/domains.ts";
import { scoreFormSubmission } from "./model/scorer.ts";
import {
  BOT_UA,
  classify,
  scoreSubmission,
  type SpamReason,
  type SpamResult,
} from "./form_score.ts";
import type { Identity, SpamMemory } from "./store.ts";
import { comparableText } from "./near_duplicates.ts";
import {
  CAMPAIGN_MIN_WORDS,
  CAMPAIGN_SITES,
  CAMPAIGN_SOURCES,
  SAME_TEXT_BANDS,
  senderTag,
  spreadOf,
  wordCount,
} from "./sameness.ts";

export const SOFT_MAX = 15;
export const HARD_FLOOR = 70;
export const REPORTING_ACCOUNTS = 3;
export const TRUSTED_MAX = 20;
export const MARK_SHIFT = 10;
/** Legitimate submissions that must have had a field, all leaving it empty, before filling it is hard evidence. */
export const LEARNED_HONEYPOT_AFTER = 100;
/** Soft points of a text seen from two sources at two sites (a quarter counts). */
const SHARED_TEXT_POINTS = 40;
const HARD_RULES = new Set(["honeypot"]);

export type JudgeInput = {
  fields: Record<string, string>;
  visitor: { user_agent?: string | null; referrer?: string | null } | null;
  submitterEmail: string | null;
  siteDomain: string;
  siteId: string;
  ip: string | null;
  /** The same content (exact fingerprint) came from another site within minutes (soft). */
  duplicateElsewhere: boolean;
  /** The submission's identities, in the order the memory was read with. */
  identities: Identity[];
  /** What KV remembers (null: nothing read, as in unit tests without storage). */
  memory: SpamMemory | null;
};

/** The sender identities a mark counts on: address, business domain, IP. */
export function identitiesOf(submitterEmail: string | null, ip: string | null): Identity[] {
  const out: Identity[] = [];
  if (submitterEmail) {
    const address = submitterEmail.trim().toLowerCase();
    out.push({ kind: "address", value: address });
    const domain = address.slice(address.lastIndexOf("@") + 1);
    // Marking one gmail.com sender must not mark all of them.
    if (domain && senderKind(domain) !== "free") out.push({ kind: "domain", value: domain });
  }
  if (ip) out.push({ kind: "ip", value: ip });
  return out;
}

/** The distinct sources, sites and IPs that sent copies of this text, this one included. */
export function nearDuplicateSpread(
  memory: SpamMemory,
  ip: string | null,
  siteId: string,
  submitterEmail: string | null = null,
) {
  return spreadOf(memory.sightings, { ip, from: senderTag(submitterEmail), site: siteId });
}

/** A link, an address or a copy of another field's value: what form-filling bots put in every field. */
function looksMachineFilled(name: string, fields: Record<string, string>): boolean {
  const v = String(fields[name] ?? "").trim();
  if (!v) return false;
  if (/https?:\/\/|www\.|<a\s|\[url/i.test(v)) return true;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return true;
  const lower = v.toLowerCase();
  return Object.entries(fields).some(([n, o]) =>
    n !== name && String(o).trim().toLowerCase() === lower
  );
}

/** The spam score and class of one form submission, with the reasons that moved it. */
export function judgeForm(input: JudgeInput): SpamResult {
  const rules = scoreSubmission({
    fields: input.fields,
    visitor: input.visitor,
    submitterEmail: input.submitterEmail,
    siteDomain: input.siteDomain,
    duplicateElsewhere: false,
  });
  const model = scoreFormSubmission({
    fields: input.fields,
    visitor: input.visitor,
    site: { domain: input.siteDomain },
  });
  const hard: string[] = [];
  const soft: SpamReason[] = [];
  const ua = input.visitor?.user_agent?.trim() ?? "";
  for (const r of rules.reasons) {
    if (HARD_RULES.has(r.rule)) hard.push(r.rule);
    else if (r.rule === "user_agent_bot" && BOT_UA.test(ua)) hard.push(r.rule);
    else soft.push(r);
  }
  let shift = 0;
  let trusted = false;
  const mem = input.memory;
  if (mem) {
    const spread = nearDuplicateSpread(mem, input.ip, input.siteId, input.submitterEmail);
    const label = `(${spread.sources} sources, ${spread.sites} sites)`;
    const long = spread.sources >= 2 && spread.sites >= 2 &&
      wordCount(comparableText(input.fields, input.siteDomain)) >= CAMPAIGN_MIN_WORDS;
    if (long && spread.sources >= CAMPAIGN_SOURCES && spread.sites >= CAMPAIGN_SITES) {
      hard.push(`near_duplicate_campaign ${label}`);
    } else if (long) {
      soft.push({ rule: `near_duplicate ${label}`, points: SHARED_TEXT_POINTS });
    }
    const honeypots = (mem.fields ?? []).filter((f) =>
      f.present >= LEARNED_HONEYPOT_AFTER && f.filled === 0
    );
    // An optional field nobody happened to fill yet looks the same as a
    // honeypot, and people fill a rare "website" field with a link or a rare
    // "company" field with their own name: filling it is hard evidence only
    // when the text is suspicious anyway or two such fields hold what a
    // machine puts in every field (a link, an address, another field's value).
    const machineMade = honeypots.filter((f) => looksMachineFilled(f.name, input.fields));
    if (machineMade.length >= 2 || (machineMade.length && model.score >= 30)) {
      hard.push(`learned_honeypot (${machineMade.map((f) => f.name).join(", ")})`);
    } else if (honeypots.length) {
      soft.push({ rule: `learned_honeypot_filled (${honeypots[0].name})`, points: 20 });
    }
    // Accounts that reported a copy of this text: on SAME_TEXT_BANDS of its bands.
    const bandsOf = new Map<string, number>();
    for (const r of mem.reporters) {
      for (const a of new Set(r)) bandsOf.set(a, (bandsOf.get(a) ?? 0) + 1);
    }
    const reporters = [...bandsOf.values()].filter((n) => n >= SAME_TEXT_BANDS).length;
    if (reporters >= REPORTING_ACCOUNTS) hard.push(`reported_by_accounts (${reporters})`);
    input.identities.forEach((id, i) => {
      const m = mem.marks[i];
      if (!m) return;
      if (m.spam >= 2 && m.spam > m.ham) hard.push(`blocked_by_owner (${id.kind})`);
      else if (m.ham >= 2 && m.ham > m.spam) trusted = true;
      else shift += MARK_SHIFT * (Math.min(m.spam, 1) - Math.min(m.ham, 1));
    });
  }
  // The exact copy from another site is, nearly always, the same person
  // writing to two businesses (names and addresses are part of the copy):
  // listed for the owner, weighing nothing. A campaign shows in the spread.
  if (input.duplicateElsewhere) soft.push({ rule: "duplicate_elsewhere", points: 0 });

  // With nothing filled in there is no text to judge: the rules' score stands.
  const typed = Object.values(input.fields).some((v) => String(v).trim() !== "");
  const base = typed ? model.score : rules.score;
  const reasons: SpamReason[] = [{ rule: typed ? "model" : "rules", points: base }];
  let score = base;
  // Soft rules count only when the model finds the message suspicious; listed with 0 otherwise.
  const nudged = typed && model.score >= 30;
  if (nudged && soft.length) {
    const nudge = Math.min(SOFT_MAX, Math.round(soft.reduce((s, r) => s + r.points, 0) / 4));
    score = soft.length < 2 ? Math.max(score, Math.min(score + nudge, 59)) : score + nudge;
  }
  if (typed) {
    for (const r of soft) {
      reasons.push({ rule: r.rule, points: nudged ? Math.round(r.points / 4) : 0 });
    }
  } else reasons.push(...soft);
  if (shift) {
    score += shift;
    reasons.push({ rule: shift > 0 ? "owner_marked_spam" : "owner_marked_ham", points: shift });
  }
  // The owner's trust gives way to hard evidence only.
  if (trusted && hard.length === 0) {
    score = Math.min(score, TRUSTED_MAX);
    reasons.push({ rule: "trusted_by_owner", points: 0 });
  }
  if (hard.length) {
    const floor = Math.min(100, HARD_FLOOR + 10 * (hard.length - 1));
    for (const h of hard) reasons.push({ rule: h, points: HARD_FLOOR });
    score = Math.max(score, floor);
  }
  score = Math.max(0, Math.min(100, Math.round(score)));
  return { score, classification: classify(score), reasons };
}
