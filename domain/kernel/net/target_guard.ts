/**
 * Outbound target guard (SSRF). The service posts to URLs that its users
 * choose (webhooks, later inbound-mail forwarding); without a guard such a URL
 * could reach the service's own machine, its private network or a cloud
 * metadata endpoint. Only public unicast addresses pass, unless the operator
 * allows private targets (SVC_ALLOW_PRIVATE_TARGETS=true: tests, development).
 *
 * The check runs before every attempt, on the literal address in the URL or
 * on every A and AAAA record of its host name. Deno's fetch resolves the name
 * again on its own (it has no DNS hook), so a name whose answer changes
 * between the check and the connect (DNS rebinding) is only fully stopped by a
 * filtering egress proxy (SVC_EGRESS_PROXY); see the README.
 */
import ipaddr from "ipaddr.js";

export type NameServer = { ipAddr: string; port: number };

export type GuardOptions = {
  /** Let private, loopback and other non-public addresses through. */
  allowPrivate: boolean;
  /** DNS server for the lookup; the system resolver when absent. */
  nameServer?: NameServer;
  /** Ends the lookup early (the attempt's timeout). */
  signal?: AbortSignal;
};

export type TargetCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: string };

/** The IPv4 address carried inside an IPv6 one, for the forms that carry one. */
function embeddedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const four = (hi: number, lo: number) =>
    new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (v6.range()) {
    // ::ffff:a.b.c.d (ipaddr.js also parses a dotted ::a.b.c.d so), SIIT, NAT64.
    case "ipv4Mapped":
    case "rfc6145":
    case "rfc6052":
      return four(p[6], p[7]);
    case "6to4": // 2002:AABB:CCDD::/48
      return four(p[1], p[2]);
    default:
      return null;
  }
}

/**
 * Why `ip` is not a public unicast address, or null when it is. IPv6 forms
 * that carry an IPv4 address (mapped, SIIT, NAT64, 6to4) are judged by that
 * IPv4 address; the deprecated IPv4-compatible form is refused outright.
 */
export function nonPublicReason(ip: string): string | null {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return `${ip} is not an IP address`;
  }
  const range = nonPublicRange(addr);
  return range === null ? null : `${ip} is a non-public address (${range})`;
}

/** The name of the non-public range `addr` is in, or null for public unicast. */
function nonPublicRange(addr: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  if (addr.kind() === "ipv4") {
    const range = addr.range();
    return range === "unicast" ? null : range;
  }
  const v6 = addr as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner !== null) {
    const range = nonPublicRange(inner);
    return range === null ? null : `${v6.range()} form of ${inner.toString()}, ${range}`;
  }
  const range = v6.range();
  if (range !== "unicast") return range;
  // ::/8 is reserved; it holds the deprecated IPv4-compatible form ::a.b.c.d,
  // which ipaddr.js calls unicast when written in hex (::7f00:1).
  return v6.parts[0] < 0x100 ? "reserved ::/8, IPv4-compatible" : null;
}

/** The URL's host as an IP address (brackets removed), or null for a host name. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(host) ? host : null;
}

function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  // RFC 6761: these always mean this machine, whatever DNS says; fetch finds
  // them in /etc/hosts even where a DNS lookup would not.
  return h === "localhost" || h.endsWith(".localhost");
}

/**
 * The part of the check that needs no DNS: scheme, literal addresses and
 * local names. Used to reject a URL when it is saved; null when nothing is
 * wrong yet (a host name still has to be resolved at send time).
 */
export function staticTargetProblem(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `scheme ${url.protocol} is not allowed; use http or https`;
  }
  if (allowPrivate) return null;
  const literal = literalAddress(url);
  if (literal !== null) return nonPublicReason(literal);
  if (isLocalName(url.hostname)) return `${url.hostname} names this machine`;
  return null;
}

async function lookup(
  host: string,
  type: "A" | "AAAA",
  opts: GuardOptions,
): Promise<string[]> {
  try {
    return await Deno.resolveDns(host, type, { nameServer: opts.nameServer, signal: opts.signal });
  } catch (e) {
    // No record of this type is an answer, not a failure.
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
}

/** Decides whether a request to `url` may be made now. Never throws. */
export async function checkTarget(url: URL, opts: GuardOptions): Promise<TargetCheck> {
  const problem = staticTargetProblem(url, opts.allowPrivate);
  if (problem !== null) return { ok: false, reason: `refused target: ${problem}` };
  const literal = literalAddress(url);
  if (literal !== null) return { ok: true, addresses: [literal] };
  if (opts.allowPrivate) return { ok: true, addresses: [] };
  let addresses: string[];
  try {
    const [a, aaaa] = await Promise.all([
      lookup(url.hostname, "A", opts),
      lookup(url.hostname, "AAAA", opts),
    ]);
    addresses = [...a, ...aaaa];
  } catch (e) {
    const why = opts.signal?.aborted ? "timed out" : (e as Error).message;
    return { ok: false, reason: `DNS lookup of ${url.hostname} failed: ${why}` };
  }
  if (addresses.length === 0) {
    return { ok: false, reason: `DNS lookup of ${url.hostname} found no address` };
  }
  // Every address must pass: fetch may connect to any of them.
  for (const a of addresses) {
    const why = nonPublicReason(a);
    if (why !== null) return { ok: false, reason: `refused target: ${url.hostname} -> ${why}` };
  }
  return { ok: true, addresses };
}
