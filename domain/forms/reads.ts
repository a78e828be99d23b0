/**
 * Everything one submission reads, in one KV round trip: the IP's blocks
 * (started at once), and in one getMany the IP window, the content marker, the
 * account and its form usage, the notification's send state (site routing,
 * send window part, the recipients' suppressions) and what spam judgement
 * remembers of the text and sender.
 *
 * For a key seen before, the keys are planned from the body and the site as the
 * key last saw it, and read with the key check's own getMany
 * (`planSubmissionReads`, the key check's prefetch); `readSubmission` uses
 * what was read only when the site as it is gives the same keys, else it reads.
 */
import type { Ctx } from "../kernel/context.ts";
import { utcMonth } from "../kernel/clock.ts";
import { sameKeys } from "../kernel/kv/kv.ts";
import { parseVisitorIp, type VisitorIp } from "../kernel/ip.ts";
import type { Site } from "../sites/schema.ts";
import type { KeyHint, Prefetched } from "../sites/auth.ts";
import {
  notificationStateRead,
  type SendStateKeys,
  type SendStateQuery,
  sendStateReadKeys,
} from "../mail/reservation.ts";
import {
  completeFormMemoryRead,
  formMemoryRead,
  reportedBandsNow,
  type SpamMemoryKeys,
  spamMemoryKeys,
  type SpamMemoryQuery,
} from "../spam/memory.ts";
import {
  readSubmitState,
  type SubmitRead,
  type SubmitReadKeys,
  submitReadKeys,
  submitReadOf,
  type SubmitStateQuery,
} from "./submissions_store.ts";
import type { SubmitEntry } from "./schema.ts";
import { type Parties, submissionParties } from "./addresses.ts";
import { IP_WINDOW, IP_WINDOW_MS, ipIsBlocked } from "./ip_limit.ts";

/** What a submission reads beside its own state: the notification's send state, spam memory. */
export type AlongsideKeys = { mail: SendStateKeys; spam: SpamMemoryKeys };

/** What one submission read, and the queries that a retry reads again. */
export type SubmissionReads = {
  now: number;
  parties: Parties;
  ip: VisitorIp | null;
  /** Whether an active block covers the visitor's IP or its /64. */
  ipBlocked: boolean;
  query: SubmitStateQuery;
  mailQuery: SendStateQuery;
  spamQuery: SpamMemoryQuery;
  read: SubmitRead<AlongsideKeys>;
};

type SiteHint = Pick<Site, "id" | "account_id" | "default_notify_email" | "domain">;

/** The queries and keys of a submission of `input` to `site` at `now`. */
function planOf(ctx: Ctx, site: SiteHint, input: SubmitEntry, now: number) {
  const parties = submissionParties(input, site);
  const ip = parseVisitorIp(input.visitor?.ip);
  const spam = formMemoryRead(
    site,
    input,
    parties.submitter,
    now,
    ctx.caches.settledFields,
    reportedBandsNow(ctx),
  );
  const mail = notificationStateRead(site, parties.notifyTo, now, ctx.config.encryptionKey);
  const query: SubmitStateQuery = {
    windowName: IP_WINDOW,
    ipKey: ip?.key ?? null,
    fingerprint: spam.fingerprint,
    accountId: site.account_id,
    now,
    windowMs: IP_WINDOW_MS,
  };
  const keys = submitReadKeys(query, { mail: mail.keys, spam: spam.keys });
  return { parties, ip, query, mailQuery: mail.query, spamQuery: spam.query, keys };
}

/** The reads of a submission planned before its key check. */
export type SubmitPlan = {
  input: SubmitEntry;
  site: SiteHint;
  planned: ReturnType<typeof planOf>;
  keys: SubmitReadKeys<AlongsideKeys>;
  /** Whether a block applies to the visitor's IP; null when the check failed. */
  ipBlocked: Promise<boolean | null>;
};

/**
 * The key check's prefetch, for a key seen before: the keys a submission will
 * read, from its site as the key last saw it, and the IP block check started
 * now. Null when nothing would be read (no notification address).
 */
export function planSubmissionReads(
  ctx: Ctx,
  input: SubmitEntry,
  site: KeyHint,
): SubmitPlan | null {
  const now = ctx.clock.now();
  const planned = planOf(ctx, site, input, now);
  if (planned.parties.notifyTo.length === 0) return null;
  return {
    input,
    site: {
      id: site.id,
      account_id: site.account_id,
      default_notify_email: site.default_notify_email,
      domain: site.domain,
    },
    planned,
    keys: planned.keys,
    ipBlocked: planned.ip
      ? ipIsBlocked(ctx, planned.ip, now).catch(() => null)
      : Promise.resolve(false),
  };
}

/** The plan's queries at `now`, when the site still has what they came from. */
function replan(plan: SubmitPlan, input: SubmitEntry, site: Site, now: number) {
  const h = plan.site;
  const p = plan.planned;
  if (
    plan.input !== input || h.id !== site.id || h.account_id !== site.account_id ||
    h.default_notify_email !== site.default_notify_email || h.domain !== site.domain ||
    utcMonth(p.query.now) !== utcMonth(now) // the form usage key is the month's
  ) return null;
  return {
    ...p,
    query: { ...p.query, now },
    mailQuery: { ...p.mailQuery, now },
    spamQuery: { ...p.spamQuery, now },
  };
}

/**
 * What a submission of `input` to the checked `site` reads (see above), from
 * the key check's prefetch when it planned the same keys. Null when the
 * submission has no notification address: then nothing is read.
 */
export async function readSubmission(
  ctx: Ctx,
  site: Site,
  input: SubmitEntry,
  prefetched?: Prefetched<SubmitPlan> | null,
): Promise<SubmissionReads | null> {
  const now = ctx.clock.now();
  const p = (prefetched && replan(prefetched.plan, input, site, now)) ??
    planOf(ctx, site, input, now);
  if (p.parties.notifyTo.length === 0) return null;
  const { parties, ip, query, mailQuery, spamQuery } = p;
  const early = prefetched && sameKeys(prefetched.plan.keys, p.keys)
    ? await prefetched.plan.ipBlocked
    : null;
  const [ipBlocked, first] = early !== null
    ? [early, submitReadOf(query, prefetched!.entries)]
    : await Promise.all([
      ip ? ipIsBlocked(ctx, ip, now) : false,
      readSubmitState(ctx.kv, query, alongsideKeys(mailQuery, spamQuery)),
    ]);
  const read = await completed(ctx, spamQuery, first);
  return { now, parties, ip, ipBlocked, query, mailQuery, spamQuery, read };
}

/** The same reads again (the IP block aside), for a retry after a lost race. */
export async function rereadSubmission(
  ctx: Ctx,
  r: SubmissionReads,
): Promise<SubmitRead<AlongsideKeys>> {
  const read = await readSubmitState(ctx.kv, r.query, alongsideKeys(r.mailQuery, r.spamQuery));
  return await completed(ctx, r.spamQuery, read);
}

/** The read with the band reports its plan left out while the reported set changed. */
async function completed(
  ctx: Ctx,
  spamQuery: SpamMemoryQuery,
  read: SubmitRead<AlongsideKeys>,
): Promise<SubmitRead<AlongsideKeys>> {
  const spam = await completeFormMemoryRead(ctx, spamQuery, read.alongside.spam);
  return spam === read.alongside.spam ? read : { ...read, alongside: { ...read.alongside, spam } };
}

function alongsideKeys(mailQuery: SendStateQuery, spamQuery: SpamMemoryQuery): AlongsideKeys {
  return { mail: sendStateReadKeys(mailQuery), spam: spamMemoryKeys(spamQuery) };
}
