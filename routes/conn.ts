/**
 * What the listener (domain/kernel/net/http_server.ts) passes with each request as
 * Hono's `c.env`: the client's address and the body deadline. A test that calls
 * `app.request()` without an env has neither: no address is counted and bodies
 * have no deadline.
 */
import type { Context } from "hono";
import { addressKey, type ConnInfo } from "../domain/kernel/net/client.ts";

function connInfo(c: Context): Partial<ConnInfo> | undefined {
  return c.env as Partial<ConnInfo> | undefined;
}

/**
 * The client's address as limits count it (IPv6 by /64), or null when unknown:
 * the TCP peer, or the client a trusted proxy names (SVC_TRUSTED_PROXIES).
 */
export function clientAddress(c: Context): string | null {
  const info = connInfo(c);
  return addressKey(info?.clientHost ?? info?.remoteAddr?.hostname);
}

/**
 * The client's own address (not keyed by /64), or null when unknown: the TCP
 * peer, or the client a trusted proxy names (SVC_TRUSTED_PROXIES).
 */
export function clientIp(c: Context): string | null {
  const info = connInfo(c);
  return info?.clientHost ?? info?.remoteAddr?.hostname ?? null;
}

/** `Date.now()` by which the request body must have arrived, if any. */
export function bodyDeadline(c: Context): number | undefined {
  return connInfo(c)?.bodyDeadline;
}
