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

/**
 * Visitor IPs as the rate limit and blocks see them (parsed with ipaddr.js).
 *
 * - An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) is the IPv4 address.
 * - IPv4 addresses count one by one.
 * - IPv6 addresses count per /64: one subscriber line or host normally gets a
 *   whole /64, so counting single IPv6 addresses would let one machine rotate
 *   through 2^64 of them. The key is the prefix in canonical form
 *   (`2001:db8:1:2::/64`); a block started by the rate limit carries it as its ip.
 * - A value that is not an IP (empty, "unknown", a host name) gives no key: the
 *   IP checks are skipped, as they are without an ip.
 */
export type VisitorIp = {
  /** Canonical address (IPv4 dotted, IPv6 RFC 5952). */
  address: string;
  /** What windows and rate-limit blocks are keyed by: the address, or its /64. */
  key: string;
  /** Keys under which an active block applies to this visitor (address and /64). */
  blockKeys: string[];
};

export function parseVisitorIp(raw: string | null | undefined): VisitorIp | null {
  const s = raw?.trim() ?? "";
  if (!s) return null;
  // Drop brackets and an IPv6 zone index ("fe80::1%eth0"): it names an
  // interface, not a host. The canonical form is the one operator blocks use.
  const address = normalizeIp(s.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, ""));
  if (address === null) return null;
  if (!address.includes(":")) return { address, key: address, blockKeys: [address] };
  const v6 = ipaddr.IPv6.parse(address);
  const prefix = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toRFC5952String();
  const key = `${prefix}/64`;
  return { address, key, blockKeys: [address, key] };
}

/** A list of addresses and CIDR ranges ("10.0.0.0/8, 2001:db8::/32, 192.0.2.7"), or the first bad entry. */
export function parseIpRanges(
  list: string,
): { ok: true; ranges: IpRange[] } | { ok: false; bad: string } {
  const ranges: IpRange[] = [];
  for (const raw of list.split(",").map((x) => x.trim()).filter(Boolean)) {
    const entry = raw.includes("/") ? raw : (raw.includes(":") ? `${raw}/128` : `${raw}/32`);
    if (!ipaddr.isValidCIDR(entry)) return { ok: false, bad: raw };
    const [addr, bits] = ipaddr.parseCIDR(entry);
    ranges.push(
      addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()
        ? [(addr as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)]
        : [addr, bits],
    );
  }
  return { ok: true, ranges };
}

export type IpRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Whether `ip` (any notation normalizeIp takes) lies in one of `ranges`. */
export function inRanges(ip: string, ranges: readonly IpRange[]): boolean {
  if (!ranges.length) return false;
  const n = normalizeIp(ip.replace(/^\[(.*)\]$/, "$1"));
  if (n === null) return false;
  const addr = ipaddr.parse(n);
  return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}
