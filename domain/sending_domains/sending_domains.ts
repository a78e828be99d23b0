/**
 * Sending domains: registration (DKIM key generation, DNS records to publish),
 * the DNS check that moves a domain between pending and verified with its
 * event, and the public domain-status report.
 *
 * Rules:
 * - the From address must belong to the domain: its domain part equals the
 *   domain or is a subdomain of it (news@mail.example.com belongs to
 *   example.com);
 * - a domain is verified when the TXT record at <selector>._domainkey.<domain>
 *   carries this domain's DKIM public key (chunks joined, whitespace, quotes
 *   and tag order tolerated) and its From address belongs to it;
 * - pending -> verified emits domain.verified; verified -> failing check emits
 *   domain.unverified and the domain is pending again; the state change and the
 *   event commit in one atomic operation.
 */
import { Buffer } from "node:buffer";
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import type { Config } from "../kernel/config.ts";
import { isoTime } from "../kernel/clock.ts";
import { ApiError, ConflictError } from "../kernel/errors.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { newRsaKeyPair, seal } from "../kernel/crypto.ts";
import { emailKey } from "../kernel/validation.ts";
import { domainName } from "../sites/sites.ts";
import { prepareEvent } from "../webhooks/events.ts";
import { lookupTxt, parseNameServer } from "./dns.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import type { Site } from "../sites/schema.ts";
import * as store from "./store.ts";
import type { SendingDomain } from "./store.ts";

/** Whether `address` is at `domain` or at one of its subdomains. */
export function addressBelongsTo(address: string, domain: string): boolean {
  const at = address.lastIndexOf("@");
  if (at < 0) return false;
  const host = address.slice(at + 1).toLowerCase().replace(/\.$/, "");
  const d = domain.toLowerCase();
  return host === d || host.endsWith("." + d);
}

const fromAddress = () => emailKey();

export const SendingDomainCreate = z.object({
  domain: domainName(),
  from_address: fromAddress(),
}).superRefine((v, ctx) => {
  if (!addressBelongsTo(v.from_address, v.domain)) {
    ctx.addIssue({
      code: "custom",
      path: ["from_address"],
      message: `must be an address at ${v.domain} or one of its subdomains`,
    });
  }
});

export const SendingDomainPatch = z.object({ from_address: fromAddress() });

export type DnsRecord = {
  type: "TXT";
  name: string;
  value: string;
  /** What the record is for; only dkim decides verification. */
  purpose: "dkim" | "spf" | "dmarc";
  required: boolean;
};

/** Host of the SPF include shown to operators (SVC_SPF_INCLUDE, else from the relay From). */
export function spfInclude(config: Config): string {
  if (config.SVC_SPF_INCLUDE) return config.SVC_SPF_INCLUDE;
  const relayDomain = config.SVC_RELAY_FROM.slice(config.SVC_RELAY_FROM.lastIndexOf("@") + 1);
  return `_spf.${relayDomain}`;
}

export function dkimRecordName(d: Pick<SendingDomain, "domain" | "dkim">): string {
  return `${d.dkim.selector}._domainkey.${d.domain}`;
}

/** The records the operator publishes: DKIM (required), SPF and DMARC (recommended). */
export function dnsRecords(config: Config, d: SendingDomain): DnsRecord[] {
  return [
    {
      type: "TXT",
      name: dkimRecordName(d),
      value: `v=DKIM1; k=rsa; p=${d.dkim.public_key}`,
      purpose: "dkim",
      required: true,
    },
    {
      type: "TXT",
      name: d.domain,
      value: `v=spf1 include:${spfInclude(config)} ~all`,
      purpose: "spf",
      required: false,
    },
    {
      type: "TXT",
      name: `_dmarc.${d.domain}`,
      value: `v=DMARC1; p=none; adkim=r; aspf=r; rua=mailto:postmaster@${d.domain}`,
      purpose: "dmarc",
      required: false,
    },
  ];
}

/** The domain as the operator API shows it (no key material beyond the public key). */
export function sendingDomainView(config: Config, d: SendingDomain) {
  return {
    id: d.id,
    site_id: d.site_id,
    domain: d.domain,
    status: d.status,
    from_address: d.from_address,
    dkim_selector: d.dkim.selector,
    dns_records: dnsRecords(config, d),
    verified_at: d.verified_at,
    last_checked_at: d.last_checked_at,
    last_check_error: d.last_check_error,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** A fresh selector per key, so a re-added domain never meets a cached old key. */
function newSelector(): string {
  const b = crypto.getRandomValues(new Uint8Array(4));
  return "svc" + Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** Registers a domain for a site with a new 2048-bit DKIM key; 409 when taken. */
export async function addSendingDomain(
  ctx: Ctx,
  siteId: string,
  input: z.output<typeof SendingDomainCreate>,
): Promise<SendingDomain> {
  const { publicDer, privatePem } = await newRsaKeyPair();
  const now = ctx.clock.now();
  const id = uuidv7(now);
  const d: SendingDomain = {
    id,
    site_id: siteId,
    domain: input.domain,
    from_address: input.from_address,
    status: "pending",
    dkim: {
      selector: newSelector(),
      public_key: Buffer.from(publicDer).toString("base64"),
      private_key: seal(ctx.config.encryptionKey, privatePem, id),
    },
    verified_at: null,
    last_checked_at: null,
    last_check_error: null,
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
  try {
    return await store.createSendingDomain(ctx.kv, d);
  } catch (e) {
    if (e instanceof ConflictError) {
      throw new ApiError("conflict", 409, {
        message: `The domain ${d.domain} is already registered.`,
      });
    }
    throw e;
  }
}

/** The domain with this id, or null. */
export function readSendingDomain(ctx: Ctx, id: string): Promise<SendingDomain | null> {
  return store.getSendingDomain(ctx.kv, id);
}

/** A site's domains, newest first. */
export function listSendingDomainsOfSite(ctx: Ctx, siteId: string): Promise<SendingDomain[]> {
  return store.listSendingDomainsOfSite(ctx.kv, siteId);
}

/** Removes a domain, its indexes and its place in the site's routing; false when unknown. */
export function removeSendingDomain(ctx: Ctx, id: string): Promise<boolean> {
  return store.deleteSendingDomain(ctx.kv, id);
}

/** Parses a DKIM tag list ("v=DKIM1; k=rsa; p=...") into lowercase tag -> value. */
export function parseDkimTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  // Quotes can end up inside a record when a zone editor quoted pasted text.
  for (const part of record.replace(/"/g, "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const tag = part.slice(0, eq).trim().toLowerCase();
    if (tag && !tags.has(tag)) tags.set(tag, part.slice(eq + 1).trim());
  }
  return tags;
}

/** Why the DKIM TXT records do not carry `publicKey`, or null when one does. */
export function dkimMismatch(name: string, records: string[], publicKey: string): string | null {
  const dkim = records.map(parseDkimTags).filter((t) => t.has("p"));
  if (dkim.length === 0) {
    return `the TXT record at ${name} is not a DKIM record (it has no p= tag)`;
  }
  for (const t of dkim) {
    const k = (t.get("k") ?? "rsa").toLowerCase();
    const p = (t.get("p") ?? "").replace(/\s+/g, "");
    if (k === "rsa" && p === publicKey) return null;
  }
  if (dkim.some((t) => (t.get("p") ?? "").trim() === "")) {
    return `the DKIM record at ${name} has an empty p= (a revoked key)`;
  }
  return `the DKIM record at ${name} carries a different public key; publish the value shown in dns_records`;
}

export type CheckResult = { ok: true } | { ok: false; error: string };

/** Runs the DNS part of the check (no writes). */
export async function checkDns(ctx: Ctx, d: SendingDomain): Promise<CheckResult> {
  if (!d.from_address || !addressBelongsTo(d.from_address, d.domain)) {
    return { ok: false, error: `the From address does not belong to ${d.domain}` };
  }
  const name = dkimRecordName(d);
  let nameServer;
  try {
    nameServer = parseNameServer(ctx.config.SVC_DNS_SERVER);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const r = await lookupTxt(name, nameServer);
  if (!r.ok) return { ok: false, error: r.error };
  const why = dkimMismatch(name, r.records, d.dkim.public_key);
  return why ? { ok: false, error: why } : { ok: true };
}

/**
 * Checks a domain's DNS now and records the outcome. Idempotent: two checks
 * racing on one domain commit one transition and one event (the loser of the
 * versionstamp race re-reads and only updates the check time). Returns the
 * domain as stored afterwards, or null when it no longer exists.
 */
export async function checkSendingDomain(ctx: Ctx, id: string): Promise<SendingDomain | null> {
  const first = await store.getSendingDomainEntry(ctx.kv, id);
  if (!first.value) return null;
  const result = await checkDns(ctx, first.value);
  return await retryOnConflict(async () => {
    const entry = await store.getSendingDomainEntry(ctx.kv, id);
    const prev = entry.value;
    if (!prev || !entry.versionstamp) return null;
    const now = isoTime(ctx.clock.now());
    const next: SendingDomain = {
      ...prev,
      status: result.ok ? "verified" : "pending",
      verified_at: result.ok ? (prev.status === "verified" ? prev.verified_at : now) : null,
      last_checked_at: now,
      last_check_error: result.ok ? null : result.error,
      updated_at: now,
    };
    const event = prev.status !== next.status
      ? await prepareEvent(
        ctx,
        prev.site_id,
        next.status === "verified" ? "domain.verified" : "domain.unverified",
        { domain: next.domain, from_address: next.from_address, status: next.status },
      )
      : null;
    await store.replaceSendingDomain(
      ctx.kv,
      entry.versionstamp,
      prev,
      next,
      (op) => event?.apply(op),
    );
    if (event) {
      ctx.log.info(event.event.type, { domain: next.domain, site_id: next.site_id });
    }
    return next;
  });
}

/** Changes the From address (it must belong to the domain). */
export async function changeFromAddress(
  ctx: Ctx,
  id: string,
  input: z.output<typeof SendingDomainPatch>,
): Promise<SendingDomain | null> {
  return await retryOnConflict(async () => {
    const entry = await store.getSendingDomainEntry(ctx.kv, id);
    const prev = entry.value;
    if (!prev || !entry.versionstamp) return null;
    if (!addressBelongsTo(input.from_address, prev.domain)) {
      throw new ApiError("invalid_payload", 400, {
        details: [{
          field: "from_address",
          message: `must be an address at ${prev.domain} or one of its subdomains`,
        }],
      });
    }
    const next = {
      ...prev,
      from_address: input.from_address,
      updated_at: isoTime(ctx.clock.now()),
    };
    await store.replaceSendingDomain(ctx.kv, entry.versionstamp, prev, next);
    return next;
  });
}

/** The body of GET /mail/domain-status for a site. */
export async function domainStatus(ctx: Ctx, site: Site) {
  const all = await store.listSendingDomainsOfSite(ctx.kv, site.id);
  const verified = all.find((d) => d.status === "verified" && d.from_address) ?? null;
  const base = ctx.config.SVC_BASE_URL.replace(/\/+$/, "");
  return {
    ok: true as const,
    site: { name: site.name, domain: site.domain },
    has_verified_domain: verified !== null,
    effective_mode: verified ? "domain" as const : "relay" as const,
    verified: verified
      ? {
        domain: verified.domain,
        from_address: verified.from_address,
        verified_at: verified.verified_at,
      }
      : null,
    domains: all.map((d) => ({
      domain: d.domain,
      status: d.status,
      from_address: d.from_address,
      verified_at: d.verified_at,
      last_checked_at: d.last_checked_at,
      created_at: d.created_at,
    })),
    dashboard_url: `${base}/dashboard/sites/${site.id}/sending-domains`,
  };
}
