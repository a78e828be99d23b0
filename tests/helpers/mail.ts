/**
 * Helpers for mail tests: the events a site emitted (oldest first), a verified
 * sending domain with a fresh DKIM key pair, and a DNS resolver for mailauth
 * that serves the domain's DKIM TXT record.
 */
import { generateKeyPairSync } from "node:crypto";
import { listEventsOfSite } from "../../domain/webhooks/store.ts";
import { unpackText } from "../../domain/kernel/kv/blob.ts";
import { createSendingDomain, type SendingDomain } from "../../domain/sending_domains/store.ts";
import { seal } from "../../domain/kernel/crypto.ts";
import { uuidv7 } from "../../domain/kernel/ids.ts";
import { updateSite } from "../../domain/sites/store.ts";
import type { TestService } from "./service.ts";

export type EventBody = {
  id: string;
  type: string;
  created_at: string;
  site_id: string;
  data: Record<string, unknown>;
};

/** Events of a site, oldest first; `type` filters. */
export async function siteEvents(
  svc: TestService,
  siteId: string,
  type?: string,
): Promise<EventBody[]> {
  const records = await listEventsOfSite(svc.ctx.kv, siteId, 1000);
  const bodies = await Promise.all(
    records.map(async (r) => JSON.parse(await unpackText(svc.ctx.kv, r.body)) as EventBody),
  );
  return bodies.reverse().filter((e) => !type || e.type === type);
}

export type TestDomain = { record: SendingDomain; publicKeyB64: string; dnsName: string };

/** A verified sending domain of the site, with a 2048-bit RSA key generated here. */
export async function addVerifiedDomain(
  svc: TestService,
  siteId: string,
  domain: string,
  opts: { status?: "verified" | "pending"; fromAddress?: string | null } = {},
): Promise<TestDomain> {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const spki = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const id = uuidv7();
  const now = new Date().toISOString();
  const record: SendingDomain = {
    id,
    site_id: siteId,
    domain,
    from_address: opts.fromAddress === undefined ? `hello@${domain}` : opts.fromAddress,
    status: opts.status ?? "verified",
    dkim: {
      selector: "svc1",
      public_key: spki,
      private_key: seal(svc.ctx.config.encryptionKey, pem, id),
    },
    verified_at: opts.status === "pending" ? null : now,
    last_checked_at: now,
    last_check_error: null,
    created_at: now,
    updated_at: now,
  };
  await createSendingDomain(svc.ctx.kv, record);
  return { record, publicKeyB64: spki, dnsName: `svc1._domainkey.${domain}` };
}

/** A resolver in the shape of dns.promises.resolve serving TXT records. */
export function txtResolver(records: Record<string, string>) {
  return (name: string, rr: string): Promise<string[][]> => {
    const v = records[name.toLowerCase()];
    if (rr === "TXT" && v) {
      // Long TXT values come as 255-byte strings, as DNS serves them.
      return Promise.resolve([v.match(/.{1,255}/g)!]);
    }
    const err = new Error(`queryTxt ENOTFOUND ${name}`) as Error & { code: string };
    err.code = "ENOTFOUND";
    return Promise.reject(err);
  };
}

export async function disableSite(svc: TestService, siteId: string) {
  await updateSite(svc.ctx, siteId, (s) => ({
    ...s,
    disabled: { automatic: true, reason: "test", at: new Date().toISOString() },
  }));
}

/** Base64 of `n` bytes (content irrelevant). */
export function base64OfSize(n: number): string {
  return btoa("x".repeat(3)).repeat(Math.floor(n / 3)) + (n % 3 ? btoa("y".repeat(n % 3)) : "");
}
