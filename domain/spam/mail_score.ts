/**
 * Content scoring of an email's subject and body (spec rule 3 of POST
 * /mail/send): 0 to 100 from weighted rules. 30 to 59 is sent with a warning in
 * the log; 60 or more is refused with content_flagged. The rules are plain and
 * listed in the log record, so an operator can see why a message scored.
 */
import { headAndTail, textView } from "./mail_bounds.ts";

export type ContentScore = { score: number; rules: string[] };

export const WARN_SCORE = 30;
export const FLAG_SCORE = 60;

type PhraseRule = { name: string; weight: number; cap: number; phrases: RegExp[] };

const w = (s: string) => new RegExp(`\\b${s}\\b`, "i");

const PHRASES: PhraseRule[] = [
  {
    name: "pharma",
    weight: 35,
    cap: 70,
    phrases: [w("viagra"), w("cialis"), w("levitra"), w("online pharmacy"), w("no prescription")],
  },
  {
    name: "gambling",
    weight: 20,
    cap: 40,
    phrases: [w("online casino"), w("casino"), w("free spins"), w("jackpot"), w("sports betting")],
  },
  {
    name: "adult",
    weight: 25,
    cap: 50,
    phrases: [w("hot singles"), w("adult dating"), w("xxx"), w("porn")],
  },
  {
    name: "money_scam",
    weight: 15,
    cap: 60,
    phrases: [
      w("you (?:have|'ve) won"),
      w("claim your prize"),
      w("lottery"),
      w("wire transfer"),
      w("western union"),
      w("inheritance"),
      w("million (?:dollars|usd)"),
      w("100% free"),
      w("risk[- ]free"),
      w("guaranteed income"),
      w("make money fast"),
      w("double your (?:money|income|bitcoin)"),
      w("cash bonus"),
      w("no credit check"),
      w("bitcoin investment"),
      w("crypto profits?"),
      w("forex signals"),
    ],
  },
  {
    name: "pressure",
    weight: 8,
    cap: 32,
    phrases: [
      w("act now"),
      w("limited time offer"),
      w("buy now"),
      w("order now"),
      w("click here"),
      w("don'?t delete"),
      w("this is not spam"),
      w("urgent(?:ly)?"),
      w("once in a lifetime"),
    ],
  },
];

const SHORTENERS =
  /https?:\/\/(?:bit\.ly|tinyurl\.com|goo\.gl|t\.co|ow\.ly|is\.gd|cutt\.ly|rb\.gy|shorturl\.at)\//i;
const IP_URL = /https?:\/\/\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:\/|\b)/i;
const SHADY_TLD =
  /https?:\/\/[^\s/"'<>]+\.(?:xyz|top|click|loan|work|gq|tk|ml|cf|ga|zip|mov)(?:[/:"'\s>]|$)/i;
const URL_RE = /https?:\/\/[^\s"'<>]+/gi;

const LIST_TAIL =
  /mailman\/listinfo|yahoogroups\.com|-unsubscribe@|-request@|\bsf\.net email is sponsored|\bmailing list\b/i;

/** Signs of a discussion: a list's footer, or quoted lines with an attribution or a signature. */
export function isDiscussion(body: string): boolean {
  if (LIST_TAIL.test(body.slice(-1500))) return true;
  const quoted = /^>/m.test(body);
  return quoted && (/(?:wrote|schrieb|escribió|a écrit):\s*$/m.test(body.slice(0, 20_000)) ||
    /^-- ?$/m.test(body));
}

/** Scores subject and body text (the text part, or the text of the HTML). */
export function scoreContent(fullSubject: string, fullBody: string): ContentScore {
  // A bounded head and tail (mail_bounds.ts): the cost does not grow with the message.
  const subject = headAndTail(fullSubject, 500, 500);
  const body = textView(fullBody);
  const all = `${subject}\n${body}`;
  const rules: string[] = [];
  let score = 0;
  const add = (name: string, n: number) => {
    if (n <= 0) return;
    rules.push(name);
    score += n;
  };

  // A discussion (a mailing list's footer, or quoted lines with an attribution
  // or a signature) mentions pills, casinos and lotteries to talk about them:
  // there its phrases count half (a list post about spam was once refused).
  const discussion = isDiscussion(body);
  for (const r of PHRASES) {
    let n = 0;
    for (const p of r.phrases) if (p.test(all)) n += r.weight;
    n = Math.min(r.cap, n);
    add(discussion ? `${r.name} (in a discussion)` : r.name, discussion ? Math.floor(n / 2) : n);
  }

  const letters = subject.replace(/[^A-Za-z]/g, "");
  if (letters.length >= 8 && letters.replace(/[^A-Z]/g, "").length / letters.length >= 0.8) {
    add("subject_all_caps", 15);
  }
  if ((subject.match(/!/g) ?? []).length >= 3) add("subject_exclamations", 10);
  if (/(?:\$\$\$|€€€|£££)/.test(all)) add("money_symbols", 15);
  if ((all.match(/[$€£]\s?\d/g) ?? []).length > 5) add("many_amounts", 10);

  const urls = all.match(URL_RE) ?? [];
  if (urls.length > 10) add("many_links", 10);
  if (SHORTENERS.test(all)) add("url_shortener", 15);
  if (IP_URL.test(all)) add("ip_address_link", 20);
  if (SHADY_TLD.test(all)) add("suspicious_tld", 10);
  if (/[\u200b-\u200d\u2060\ufeff]/.test(all)) add("hidden_characters", 10);

  return { score: Math.min(100, score), rules };
}
