/**
 * Operator actions on inbound domains: mail received for any address at such
 * a domain is posted to its URL (forward.ts). Create (201 {id, secret}), list,
 * read, change (domain, url, site_id), delete, rotate the secret. The secret
 * (`svc_in_` + 32 random bytes) is shown once and stored sealed.
 *
 * The return-path domain cannot be an inbound domain: bounces and feedback
 * reports arrive there.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { ApiError, ConflictError, invalidPayload } from "../kernel/errors.ts";
import { randomToken, seal } from "../kernel/crypto.ts";
import { httpUrl, str } from "../kernel/validation.ts";
import { staticTargetProblem } from "../kernel/net/target_guard.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import { domainName } from "../sites/sites.ts";
import { readSite } from "../sites/sites.ts";
import { returnPathDomain } from "./intake.ts";
import {
  createInboundDomain,
  deleteInboundDomain,
  findInboundDomain,
  getInboundDomain,
  type InboundDomain,
  listInboundDomains,
  updateInboundDomain,
} from "./store.ts";

export const INBOUND_SECRET_PREFIX = "svc_in_";

export const InboundDomainCreate = z.object({
  domain: domainName(),
  url: httpUrl(2000),
  site_id: str(100).nullable().optional(),
});

export const InboundDomainPatch = InboundDomainCreate.partial();

export type InboundDomainView = Omit<InboundDomain, "secret">;

export function inboundDomainView(d: InboundDomain): InboundDomainView {
  const { secret: _secret, ...rest } = d;
  return rest;
}

/** The URL in normal form, or invalid_payload when it may never be a target. */
function checkedUrl(ctx: Ctx, raw: string): string {
  const url = new URL(raw.trim());
  if (url.username || url.password) {
    throw invalidPayload([{
      field: "url",
      message: "must not carry credentials: receivers check the X-SVC-Signature instead",
    }]);
  }
  const problem = staticTargetProblem(url, ctx.config.SVC_ALLOW_PRIVATE_TARGETS);
  if (problem !== null) {
    throw invalidPayload([{
      field: "url",
      message:
        `not an allowed target: ${problem} (private targets need SVC_ALLOW_PRIVATE_TARGETS=true)`,
    }]);
  }
  url.hash = "";
  return url.href;
}

function checkedDomain(ctx: Ctx, domain: string): string {
  if (domain === returnPathDomain(ctx)) {
    throw invalidPayload([{
      field: "domain",
      message: "is the return-path domain, where bounces and feedback reports arrive",
    }]);
  }
  return domain;
}

async function checkedSite(ctx: Ctx, siteId: string | null | undefined): Promise<string | null> {
  if (siteId === undefined || siteId === null) return null;
  if (!(await readSite(ctx, siteId))) {
    throw invalidPayload([{ field: "site_id", message: "no such site" }]);
  }
  return siteId;
}

const taken = (domain: string) =>
  new ApiError("conflict", 409, { message: `The inbound domain ${domain} exists already.` });

const newSecret = () => INBOUND_SECRET_PREFIX + randomToken(32);

export async function newInboundDomain(
  ctx: Ctx,
  input: z.output<typeof InboundDomainCreate>,
): Promise<InboundDomainView & { secret: string }> {
  const domain = checkedDomain(ctx, input.domain);
  const url = checkedUrl(ctx, input.url);
  const siteId = await checkedSite(ctx, input.site_id);
  const now = ctx.clock.now();
  const id = uuidv7(now);
  const secret = newSecret();
  const d: InboundDomain = {
    id,
    domain,
    url,
    site_id: siteId,
    secret: seal(ctx.config.encryptionKey, secret, id),
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
  try {
    await createInboundDomain(ctx.kv, d);
  } catch (e) {
    if (e instanceof ConflictError) throw taken(domain);
    throw e;
  }
  return { ...inboundDomainView(d), secret };
}

export async function readInboundDomain(ctx: Ctx, id: string): Promise<InboundDomainView | null> {
  const d = await getInboundDomain(ctx.kv, id);
  return d && inboundDomainView(d);
}

export async function listInboundDomainViews(
  ctx: Ctx,
  limit: number,
): Promise<InboundDomainView[]> {
  return (await listInboundDomains(ctx.kv, limit)).map(inboundDomainView);
}

export async function patchInboundDomain(
  ctx: Ctx,
  id: string,
  input: z.output<typeof InboundDomainPatch>,
): Promise<InboundDomainView | null> {
  const domain = input.domain === undefined ? undefined : checkedDomain(ctx, input.domain);
  const url = input.url === undefined ? undefined : checkedUrl(ctx, input.url);
  const siteId = input.site_id === undefined ? undefined : await checkedSite(ctx, input.site_id);
  try {
    const d = await retryOnConflict(async () => {
      // A name taken by another record is no race to retry.
      if (domain !== undefined) {
        const cur = await getInboundDomain(ctx.kv, id);
        if (cur && cur.domain !== domain && (await isTaken(ctx, domain))) throw taken(domain);
      }
      return await updateInboundDomain(ctx.kv, id, (d) => ({
        ...d,
        ...(domain !== undefined && { domain }),
        ...(url !== undefined && { url }),
        ...(siteId !== undefined && { site_id: siteId }),
        updated_at: isoTime(ctx.clock.now()),
      }));
    });
    return d && inboundDomainView(d);
  } catch (e) {
    if (e instanceof ConflictError && domain !== undefined) throw taken(domain);
    throw e;
  }
}

async function isTaken(ctx: Ctx, domain: string): Promise<boolean> {
  return (await findInboundDomain(ctx.kv, domain)) !== null;
}

export function removeInboundDomain(ctx: Ctx, id: string): Promise<boolean> {
  return deleteInboundDomain(ctx.kv, id);
}

/** Replaces the secret; the old one stops signing at once. */
export async function rotateInboundSecret(
  ctx: Ctx,
  id: string,
): Promise<{ id: string; secret: string } | null> {
  const secret = newSecret();
  const d = await retryOnConflict(() =>
    updateInboundDomain(ctx.kv, id, (d) => ({
      ...d,
      secret: seal(ctx.config.encryptionKey, secret, d.id),
      updated_at: isoTime(ctx.clock.now()),
    }))
  );
  return d ? { id: d.id, secret } : null;
}
