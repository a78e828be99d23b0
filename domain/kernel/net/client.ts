/**
 * The client of a request as the listener (domain/kernel/net/http_server.ts) passes it
 * to the app, and the address that per-client limits count by.
 */
import { inRanges, type IpRange, normalizeIp, parseVisitorIp } from "../ip.ts";

/** What the listener passes with each request (Hono's `c.env`). */
export type ConnInfo = {
  /** The TCP peer. */
  remoteAddr: Deno.NetAddr;
  /**
   * The client's address: the TCP peer, or, when the peer is one of
   * SVC_TRUSTED_PROXIES, what X-Forwarded-For says (see `forwardedClient`).
   */
  clientHost?: string;
  /** `Date.now()` by which the request body must have arrived (SVC_BODY_TIMEOUT_MS). */
  bodyDeadline?: number;
};

/**
 * What failures and connections are counted by: an IPv4 address as it is, an
 * IPv6 address by its /64 like the forms IP limit (domain/kernel/ip.ts), an
 * IPv4-mapped one as the IPv4 address. Null for a peer without an IP (no
 * address is known when a test calls the app directly).
 */
export function addressKey(hostname: string | undefined): string | null {
  if (!hostname) return null;
  // Deno gives IPv4 peers in canonical dotted form: no parsing on the hot path.
  if (!hostname.includes(":")) return hostname;
  return parseVisitorIp(hostname)?.key ?? hostname;
}

/**
 * The client behind trusted proxies, the way nginx's real_ip_recursive reads
 * X-Forwarded-For: from the right, skip addresses of trusted proxies; the first
 * one that is not trusted is the client. Entries left of it were written by the
 * client itself and prove nothing. An entry that is not an address stops the
 * walk at the last trusted hop. A peer that is not trusted is the client
 * whatever the header says.
 */
export function forwardedClient(
  peer: string,
  xff: string | null,
  trusted: readonly IpRange[],
): string {
  if (!xff || !inRanges(peer, trusted)) return peer;
  let client = peer;
  const hops = xff.split(",");
  for (let i = hops.length - 1; i >= 0 && i >= hops.length - 20; i--) {
    const ip = normalizeIp(hops[i].trim().replace(/^\[(.*)\]$/, "$1"));
    if (ip === null) break;
    client = ip;
    if (!inRanges(ip, trusted)) break;
  }
  return client;
}
