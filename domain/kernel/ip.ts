/**
 * IP addresses as the service stores and compares them (ipaddr.js): IPv4 in
 * dotted decimal, IPv6 in its short RFC 5952 form, IPv4-mapped IPv6 as IPv4. A
 * block and a visitor's address only match when both went through `normalizeIp`.
 */
import ipaddr from "ipaddr.js";

/** The canonical form of an address, or null when it is not one. */
export function normalizeIp(s: string): string | null {
  const v = s.trim();
  // Only the usual notations: no zone ids, no "0x7f.1"-style IPv4 shorthands.
  if (v.length > 64 || v.includes("%")) return null;
  if (ipaddr.IPv4.isValidFourPartDecimal(v)) return ipaddr.IPv4.parse(v).toString();
  if (v.includes(":") && ipaddr.IPv6.isValid(v)) return ipaddr.process(v).toString();
  return null;
}
