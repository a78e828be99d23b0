/**
 * The spam classifier behind the ai_flagged check (spec rule 3 of POST
 * /mail/send). One interface, two engines:
 * - `BuiltinClassifier`: the trained mail model (spam/model/) with phishing and
 *   scam signals that word scoring misses (deceptive links, brand
 *   impersonation, credential requests, homoglyphs, gift-card fraud), combined
 *   conservatively in mail_judge.ts. No network, tens of microseconds.
 * - `SpamdClassifier` / `RspamdClassifier`: a real engine, chosen by
 *   SVC_SPAM_CLASSIFIER_URL (`spamd://host:783` for SpamAssassin's spamd,
 *   `http://host:11333` for rspamd's /checkv2). When the engine cannot be reached
 *   the built-in verdict is used and a warning is logged: a broken filter must
 *   not stop mail.
 */
import { Buffer } from "node:buffer";
import type { Logger } from "../kernel/log.ts";
import { anchorLinks, tooManyTags } from "../kernel/html.ts";
import { judgeMail } from "./mail_judge.ts";
import { headAndTail, htmlHeadAndTail, textView } from "./mail_bounds.ts";
import { WARN_SCORE } from "./mail_score.ts";
import { hasHomoglyphWord } from "./text.ts";

export type ClassifierInput = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
};

export type ClassifierVerdict = {
  engine: string;
  spam: boolean;
  /** Engine-specific score (probability 0..1 for the built-in model, points for spamd/rspamd). */
  score: number;
  detail: string | null;
  /**
   * Doubtful but sent: the built-in model scored 30 to 59 (the spec's warning
   * band). External engines decide spam or not and leave it unset.
   */
  warning?: boolean;
};

export interface SpamClassifier {
  readonly engine: string;
  classify(input: ClassifierInput): Promise<ClassifierVerdict>;
}

/** The classifier runs on every email while a site has fewer log entries than this. */
export const CLASSIFY_ALL_BELOW = 100;
/** After that, on about 1 in this many emails, chosen by a hash of the subject. */
export const CLASSIFY_ONE_IN = 20;

/** Whether the classifier runs on this email (spec: every email below 100, then ~1 in 20 by subject). */
export function shouldClassify(siteLogTotal: number, subject: string): boolean {
  if (siteLogTotal < CLASSIFY_ALL_BELOW) return true;
  // FNV-1a over the subject: stable, so the same subject is always sampled the same way.
  let h = 0x811c9dc5;
  for (let i = 0; i < subject.length; i++) {
    h ^= subject.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % CLASSIFY_ONE_IN === 0;
}

// ---------------------------------------------------------------------------
// Built-in model

/** Brands phishing mail impersonates, in the order they are looked for (whole words). */
const BRANDS = (
  "paypal,apple,microsoft,office365,netflix,amazon,google,facebook,instagram,dhl,fedex,ups," +
  "wells fargo,chase,bank of america,coinbase,binance"
).split(",");

const BRAND_WORDS = BRANDS.map((b) => new RegExp(`\\b${b}\\b`));

type Feature = { name: string; test: (f: Facts) => boolean };

type Facts = {
  subject: string;
  text: string;
  all: string;
  /** href host, and the visible text of each link in the HTML part. */
  links: { host: string; href: string; label: string }[];
  urls: string[];
};

/**
 * An http(s) URL whose host is plain ASCII labels ending in a letter-led one
 * (no IPv4 number, no punycode to check, no port, userinfo, escapes, spaces
 * or backslashes), followed by its path, query, fragment or nothing: WHATWG
 * URL parsing gives that host lower-cased and cannot fail on the rest. Most
 * links are of this shape; URL parsing costs a microsecond or more each.
 */
const PLAIN_HOST = /^https?:\/\/((?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*)(?=[/?#]|$)/i;

/** The host of a URL as WHATWG URL parsing reads it, lower-cased; "" when it does not parse. */
export function hostOf(url: string): string {
  const plain = PLAIN_HOST.exec(url);
  if (plain && !/xn--/i.test(plain[1])) return plain[1].toLowerCase();
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

const URL_RE = /https?:\/\/[^\s"'<>)]+/gi;
/** Links examined per message (of the bounded head and tail): bounded work for any input. */
const MAX_LINKS = 30;

function facts(input: ClassifierInput): Facts {
  const all = `${input.subject}\n${input.text}`;
  return {
    subject: input.subject,
    text: input.text,
    all,
    links: input.html && !tooManyTags(input.html)
      ? anchorLinks(input.html, MAX_LINKS).map((l) => ({ host: hostOf(l.href), ...l }))
      : [],
    urls: (all.match(URL_RE) ?? []).slice(0, MAX_LINKS),
  };
}

const FEATURES: Feature[] = [
  {
    // Visible text names one host, the link goes to another.
    name: "deceptive_link",
    test: (f) =>
      f.links.some((l) => {
        const m = /(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})/i.exec(l.label);
        if (!m || !l.host) return false;
        const shown = m[1].toLowerCase().replace(/^www\./, "");
        const real = l.host.replace(/^www\./, "");
        return real !== shown && !real.endsWith("." + shown);
      }),
  },
  {
    name: "credential_request",
    test: (f) =>
      /\b(?:verify|confirm|update|validate|re-?activate)\b.{0,40}\b(?:account|password|login|billing|payment details|identity)\b/i
        .test(f.all),
  },
  {
    name: "account_threat",
    test: (f) =>
      /\b(?:account|mailbox|access)\b.{0,40}\b(?:suspended|locked|disabled|terminated|closed|restricted|deactivated)\b/i
        .test(f.all),
  },
  {
    name: "brand_mismatch",
    test: (f) => {
      const lower = f.all.toLowerCase();
      const brand = BRANDS.find((_, i) => BRAND_WORDS[i].test(lower));
      if (!brand) return false;
      const hosts = [...f.links.map((l) => l.host), ...f.urls.map(hostOf)].filter(Boolean);
      const key = brand.replace(/\s+/g, "");
      return hosts.length > 0 && hosts.every((h) => !h.includes(key));
    },
  },
  {
    name: "userinfo_or_ip_link",
    test: (f) =>
      [...f.urls, ...f.links.map((l) => l.href)].some((u) =>
        /^https?:\/\/[^/\s]*@/i.test(u) || /^https?:\/\/\d{1,3}(?:\.\d{1,3}){3}\b/.test(u)
      ),
  },
  {
    name: "punycode_link",
    test: (f) => [...f.urls, ...f.links.map((l) => l.href)].some((u) => /xn--/i.test(u)),
  },
  {
    name: "homoglyphs",
    // A word mixing Latin and Cyrillic or Greek letters ("pаypal" with a Cyrillic а).
    test: (f) => hasHomoglyphWord(f.all),
  },
  {
    name: "gift_card_fraud",
    test: (f) =>
      /\b(?:gift ?cards?|itunes cards?|steam cards?)\b/i.test(f.all) &&
      /\b(?:buy|purchase|send|scratch|codes?)\b/i.test(f.all),
  },
  {
    name: "advance_fee",
    test: (f) =>
      /\b(?:beneficiary|next of kin|unclaimed funds|transfer of \$?[\d,.]+ ?(?:million|usd)|barrister|diplomatic courier)\b/i
        .test(f.all),
  },
  {
    name: "sensitive_data_request",
    test: (f) =>
      /\b(?:social security number|ssn|credit card number|cvv|bank (?:login|details)|seed phrase|recovery phrase)\b/i
        .test(f.all),
  },
  {
    name: "urgency",
    test: (f) =>
      /\b(?:within 24 hours|immediately|final notice|last warning|expires today)\b/i.test(f.all),
  },
];

export class BuiltinClassifier implements SpamClassifier {
  readonly engine = "builtin";
  classify(input: ClassifierInput): Promise<ClassifierVerdict> {
    return Promise.resolve(this.classifySync(input));
  }
  classifySync(full: ClassifierInput): ClassifierVerdict {
    // Every judge below reads a bounded head and tail (mail_bounds.ts), so that
    // one message costs a fraction of a millisecond whatever its size.
    const input = {
      ...full,
      subject: headAndTail(full.subject, 500, 500),
      text: textView(full.text),
      html: full.html === null ? null : htmlHeadAndTail(full.html),
    };
    const f = facts(input);
    const fired = FEATURES.filter((x) => x.test(f)).map((x) => x.name);
    // The signals are combined with the trained model (mail_judge.ts): none refuses alone.
    const j = judgeMail({ subject: input.subject, text: input.text, html: input.html }, fired);
    return {
      engine: this.engine,
      spam: j.spam,
      score: j.model / 100,
      detail: [`model ${j.model}`, ...fired].join(", "),
      warning: !j.spam && j.model >= WARN_SCORE,
    };
  }
}

// ---------------------------------------------------------------------------
// External engines

/** A minimal RFC 822 message for an engine that wants one. */
export function classifierMessage(input: ClassifierInput): Uint8Array {
  const b = "svc-classify-boundary";
  const enc = (s: string) => `=?UTF-8?B?${Buffer.from(s).toString("base64")}?=`;
  const lines = [
    `From: ${input.from}`,
    `To: ${input.to}`,
    `Subject: ${enc(input.subject)}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${b}"`,
    "",
    `--${b}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from(input.text).toString("base64").replace(/.{76}/g, "$&\r\n"),
  ];
  if (input.html) {
    lines.push(
      `--${b}`,
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from(input.html).toString("base64").replace(/.{76}/g, "$&\r\n"),
    );
  }
  lines.push(`--${b}--`, "");
  return new TextEncoder().encode(lines.join("\r\n"));
}

const ENGINE_TIMEOUT_MS = 5000;

/** SpamAssassin's spamd, SPAMC/1.5 CHECK over TCP. */
export class SpamdClassifier implements SpamClassifier {
  readonly engine = "spamd";
  constructor(readonly host: string, readonly port: number) {}

  async classify(input: ClassifierInput): Promise<ClassifierVerdict> {
    const msg = classifierMessage(input);
    const conn = await Deno.connect({ hostname: this.host, port: this.port });
    const timer = setTimeout(() => conn.close(), ENGINE_TIMEOUT_MS);
    try {
      const head = new TextEncoder().encode(
        `CHECK SPAMC/1.5\r\nContent-length: ${msg.length}\r\nUser: svc\r\n\r\n`,
      );
      await writeAll(conn, head);
      await writeAll(conn, msg);
      await conn.closeWrite();
      const reply = await readAll(conn, 64 * 1024);
      // SPAMD/1.1 0 EX_OK\r\nSpam: True ; 15.3 / 5.0\r\n\r\n
      const status = /^SPAMD\/[\d.]+ (\d+) (\S+)/.exec(reply);
      if (!status || status[1] !== "0") throw new Error(`spamd answered ${reply.slice(0, 80)}`);
      const m = /^Spam:\s*(True|False|Yes|No)\s*;\s*(-?[\d.]+)\s*\/\s*(-?[\d.]+)/im.exec(reply);
      if (!m) throw new Error("spamd answer has no Spam header");
      const spam = /^(true|yes)$/i.test(m[1]);
      return { engine: this.engine, spam, score: Number(m[2]), detail: `${m[2]}/${m[3]}` };
    } finally {
      clearTimeout(timer);
      try {
        conn.close();
      } catch { /* already closed by the timer or the peer */ }
    }
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  let off = 0;
  while (off < bytes.length) off += await conn.write(bytes.subarray(off));
}

async function readAll(conn: Deno.Conn, max: number): Promise<string> {
  const parts: Uint8Array[] = [];
  let size = 0;
  const buf = new Uint8Array(8192);
  for (;;) {
    const n = await conn.read(buf);
    if (n === null) break;
    parts.push(buf.slice(0, n));
    size += n;
    if (size > max) break;
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}

/** rspamd's HTTP protocol: POST /checkv2 with the raw message. */
export class RspamdClassifier implements SpamClassifier {
  readonly engine = "rspamd";
  constructor(readonly baseUrl: string) {}

  async classify(input: ClassifierInput): Promise<ClassifierVerdict> {
    const res = await fetch(new URL("/checkv2", this.baseUrl), {
      method: "POST",
      body: classifierMessage(input) as Uint8Array<ArrayBuffer>,
      headers: { "content-type": "message/rfc822" },
      signal: AbortSignal.timeout(ENGINE_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`rspamd answered HTTP ${res.status}`);
    }
    const j = await res.json() as { action?: string; score?: number; required_score?: number };
    if (typeof j.score !== "number") throw new Error("rspamd answer has no score");
    const required = typeof j.required_score === "number" ? j.required_score : 15;
    const spam = j.action === "reject" || j.score >= required;
    return {
      engine: this.engine,
      spam,
      score: j.score,
      detail: `${j.action ?? "?"} ${j.score}/${required}`,
    };
  }
}

/** An external engine with the built-in model as the fallback when it fails. */
export class FallbackClassifier implements SpamClassifier {
  constructor(
    readonly primary: SpamClassifier,
    readonly fallback: SpamClassifier,
    readonly log: Logger,
  ) {}
  get engine() {
    return this.primary.engine;
  }
  async classify(input: ClassifierInput): Promise<ClassifierVerdict> {
    try {
      return await this.primary.classify(input);
    } catch (e) {
      this.log.warn("spam classifier unreachable; using the built-in model", {
        engine: this.primary.engine,
        error: e instanceof Error ? e.message : String(e),
      });
      const v = await this.fallback.classify(input);
      return { ...v, engine: `${v.engine} (fallback from ${this.primary.engine})` };
    }
  }
}

/** The classifier for SVC_SPAM_CLASSIFIER_URL (unset: the built-in model). */
export function classifierFromUrl(url: string | undefined, log: Logger): SpamClassifier {
  const builtin = new BuiltinClassifier();
  if (!url) return builtin;
  const u = new URL(url);
  if (u.protocol === "spamd:") {
    return new FallbackClassifier(
      new SpamdClassifier(u.hostname.replace(/^\[|\]$/g, ""), Number(u.port || 783)),
      builtin,
      log,
    );
  }
  return new FallbackClassifier(new RspamdClassifier(url), builtin, log);
}
