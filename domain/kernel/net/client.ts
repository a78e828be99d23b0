/**
 * The client of a request as the listener (domain/kernel/net/http_server.ts) passes it
 * to the app, and the address that per-client limits count by.
 */
import { parseVisitorIp } from "../ip.ts";

/** What the listener passes with each request (Hono's `c.env`). */
export type ConnInfo = {
  /** The TCP peer. X-Forwarded-For is not trusted: there is no trusted-proxy setting. */
  remoteAddr: Deno.NetAddr;
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
