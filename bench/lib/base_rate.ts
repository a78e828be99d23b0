/**
 * The base-rate simulation of spam judgement: a day of a service's legitimate
 * form traffic (stock-phrased messages, bench/lib/stock_messages.ts; a long
 * tail of quiet sites and some busy ones; people who send one request to three
 * to five businesses; optional fields that a few visitors fill), pushed in
 * time order through the real judgement (judgeForm) with the real memory
 * semantics (store.ts spamMemoryKeys / spamMemoryOf / addSightings /
 * addFieldCounts over an in-memory map, the exact-copy marker of
 * fingerprint.ts), then one outreach campaign (one text from 25 IPs to 25
 * sites within half an hour). Everything but KV is the service's own code.
 */
import { identitiesOf, judgeForm } from "../../domain/spam/form_judge.ts";
import { nearDuplicateBands } from "../../domain/spam/near_duplicates.ts";
import { contentFingerprint, DUPLICATE_WINDOW_MS } from "../../domain/spam/fingerprint.ts";
import { senderTag } from "../../domain/spam/sameness.ts";
import {
  addFieldCounts,
  addSightings,
  formFieldsQuery,
  noteSettledFields,
  spamMemoryKeys,
  spamMemoryOf,
  type SpamMemoryQuery,
} from "../../domain/spam/store.ts";
import { submitterAddress } from "../../domain/forms/addresses.ts";
import { outreachMessage, person, rng, stockBody, stockMessage } from "./stock_messages.ts";

export type SimOptions = {
  sites: number;
  seed?: number;
  /** Share of people who send the same request to three to five businesses. */
  multiShare?: number;
  /** How many misjudged messages to keep for reading (20). */
  samples?: number;
};

export type SimResult = {
  sites: number;
  legitimate: number;
  /** Legitimate messages judged spam, and by which evidence. */
  spam: number;
  spamBySameness: number;
  spamByModel: number;
  spamByHoneypot: number;
  /** Legitimate messages that carried the soft near-duplicate signal (a long text, 2+ sources at 2+ sites). */
  softSameness: number;
  /** The most sources any legitimate long text reached (campaign-sized is CAMPAIGN_SOURCES). */
  maxSources: number;
  multiSenders: number;
  /** The campaign's copies judged spam, and those of them on the campaign-sized spread. */
  campaign: { sent: number; spam: number; bySameness: number };
  /** A few legitimate messages judged spam, with their reasons (to read). */
  samples: { text: string; reasons: string[] }[];
  falsePositiveRate: number;
  ms: number;
};

type Entry = { value: unknown; expires: number };

/** The slice of Deno.Kv's atomic operation that the memory writes use, over a map. */
class MapOp {
  constructor(private map: Map<string, Entry>, private now: number) {}
  set(key: Deno.KvKey, value: unknown, opts?: { expireIn?: number }) {
    this.map.set(JSON.stringify(key), {
      value,
      expires: opts?.expireIn ? this.now + opts.expireIn : Infinity,
    });
    return this;
  }
  sum(key: Deno.KvKey, n: bigint) {
    const k = JSON.stringify(key);
    const was = (this.map.get(k)?.value as { value: bigint } | undefined)?.value ?? 0n;
    this.map.set(k, { value: { value: was + n }, expires: Infinity });
    return this;
  }
}

type Planned = {
  at: number;
  site: number;
  body: ReturnType<typeof stockBody>;
  campaign: boolean;
};

/** A site's messages in a day: lognormal (median 3, mean about 8), and 1 in 500 sites busy. */
function dailyVolume(r: () => number): number {
  if (r() < 0.002) return 300 + Math.floor(r() * 700);
  const z = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  return Math.min(2000, Math.round(Math.exp(1.1 + 1.3 * z)));
}

/** A time of day weighted to office hours (8:00 to 20:00 three times as likely). */
function timeOfDay(r: () => number): number {
  const h = r() < 0.75 ? 8 + r() * 12 : r() * 24;
  return Math.floor(h * 60 * 60 * 1000);
}

const ipOf = (r: () => number) =>
  `${1 + Math.floor(r() * 222)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${
    1 + Math.floor(r() * 254)
  }`;

export function simulate(opts: SimOptions): SimResult {
  const t0 = performance.now();
  const r = rng(opts.seed ?? 25);
  const multiShare = opts.multiShare ?? 0.05;
  const domains = Array.from({ length: opts.sites }, (_, i) => `site${i}.example.com`);
  // A third of the forms have an optional company field and a website field.
  const optional = domains.map(() => r() < 0.33);
  const plan: Planned[] = [];
  let people = 0;
  let multiSenders = 0;
  for (let site = 0; site < opts.sites; site++) {
    const n = dailyVolume(r);
    for (let k = 0; k < n; k++) {
      const who = person(r, people++);
      const text = stockMessage(r, who);
      const ip = ipOf(r);
      const at = timeOfDay(r);
      const targets = [site];
      if (r() < multiShare) {
        multiSenders++;
        const more = 2 + Math.floor(r() * 3);
        while (targets.length < 1 + more) {
          const t = Math.floor(r() * opts.sites);
          if (!targets.includes(t)) targets.push(t);
        }
      }
      targets.forEach((t, j) => {
        // The same person, minutes apart; one in four from a second device.
        const from = j > 0 && r() < 0.25 ? ipOf(r) : ip;
        const body = stockBody(r, who, domains[t], from, text);
        if (optional[t]) {
          const f = body.fields as Record<string, string>;
          f.company = r() < 0.015
            ? (r() < 0.5 ? `${who.first} ${who.last}` : "Hill & Sons Ltd")
            : "";
          f.website = r() < 0.01 ? `https://www.${who.last.toLowerCase()}-family.com` : "";
        }
        plan.push({
          at: at + j * Math.floor(r() * 10 * 60 * 1000),
          site: t,
          body,
          campaign: false,
        });
      });
    }
  }
  // The campaign: one outreach text, 25 IPs, 25 sites, a minute or so apart, mid-afternoon.
  for (let i = 0; i < 25; i++) {
    const site = Math.floor(r() * opts.sites);
    const who = person(r, people++);
    const body = stockBody(r, who, domains[site], ipOf(r), outreachMessage(domains[site], i));
    plan.push({ at: 15 * 60 * 60 * 1000 + i * 70_000, site, body, campaign: true });
  }
  plan.sort((a, b) => a.at - b.at);

  const map = new Map<string, Entry>();
  const marks = new Map<string, { site: number; at: number }>();
  // As the service's context keeps them (ctx.caches.settledFields).
  const settled = new Map<string, true>();
  let legitimate = 0, spam = 0, bySameness = 0, byModel = 0, byHoneypot = 0, softSameness = 0;
  const samples: SimResult["samples"] = [];
  let maxSources = 0;
  let campaignSpam = 0, campaignSame = 0, seq = 0, lastPrune = 0;
  const base = Date.UTC(2026, 0, 5);
  for (const p of plan) {
    const now = base + p.at;
    if (now - lastPrune > 60 * 60 * 1000) {
      for (const [k, e] of map) if (e.expires <= now) map.delete(k);
      lastPrune = now;
    }
    const fields = p.body.fields as Record<string, string>;
    const siteId = `s${p.site}`;
    const submitter = submitterAddress(fields);
    const q: SpamMemoryQuery = {
      accountId: `a${p.site}`,
      form: formFieldsQuery(siteId, 1, fields, settled),
      bands: nearDuplicateBands(fields, domains[p.site]),
      identities: identitiesOf(submitter, p.body.visitor.ip),
      now,
    };
    const got: Record<string, { value: unknown } | undefined> = {};
    for (const [name, key] of Object.entries(spamMemoryKeys(q))) {
      const e = map.get(JSON.stringify(key));
      got[name] = e && e.expires > now ? { value: e.value } : undefined;
    }
    const memory = spamMemoryOf(q, got as Record<string, Deno.KvEntryMaybe<unknown>>);
    noteSettledFields(q, memory, settled);
    const fp = contentFingerprint(fields);
    const mark = fp ? marks.get(fp) : undefined;
    const verdict = judgeForm({
      fields,
      visitor: p.body.visitor,
      submitterEmail: submitter,
      siteDomain: domains[p.site],
      siteId,
      ip: p.body.visitor.ip,
      duplicateElsewhere: !!mark && mark.site !== p.site && now - mark.at < DUPLICATE_WINDOW_MS,
      identities: q.identities,
      memory,
    });
    const op = new MapOp(map, now) as unknown as Deno.AtomicOperation;
    if (fp) marks.set(fp, { site: p.site, at: now });
    addSightings(op, q, memory, {
      ip: p.body.visitor.ip,
      site: siteId,
      at: now,
      from: senderTag(submitter),
      id: (seq++).toString(36),
    });
    if (verdict.classification === "legitimate") addFieldCounts(op, q, fields);
    const isSpam = verdict.classification === "spam";
    if (p.campaign) {
      if (isSpam) campaignSpam++;
      if (verdict.reasons.some((x) => x.rule.startsWith("near_duplicate_campaign"))) campaignSame++;
      continue;
    }
    legitimate++;
    const rules = verdict.reasons.map((x) => x.rule);
    const near = rules.find((x) => x.startsWith("near_duplicate"));
    if (near) {
      softSameness++;
      maxSources = Math.max(maxSources, Number(near.match(/\((\d+) sources/)?.[1] ?? 0));
    }
    if (!isSpam) continue;
    spam++;
    const sample = { text: fields.message, reasons: rules.filter((x) => x !== "model") };
    if (samples.length < (opts.samples ?? 20)) samples.push(sample);
    if (rules.some((x) => x.startsWith("near_duplicate"))) bySameness++;
    else if (rules.some((x) => x.startsWith("learned_honeypot ("))) byHoneypot++;
    else byModel++;
  }
  return {
    sites: opts.sites,
    legitimate,
    spam,
    spamBySameness: bySameness,
    spamByModel: byModel,
    spamByHoneypot: byHoneypot,
    softSameness,
    maxSources,
    multiSenders,
    campaign: { sent: 25, spam: campaignSpam, bySameness: campaignSame },
    samples,
    falsePositiveRate: spam / Math.max(1, legitimate),
    ms: Math.round(performance.now() - t0),
  };
}
