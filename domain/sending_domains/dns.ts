/**
 * TXT lookups for sending-domain checks, through the system resolver or the
 * name server in SVC_DNS_SERVER. Failures become one readable sentence (an
 * operator reads it as last_check_error), never an exception of another kind.
 */

/** How long one lookup may take before it counts as failed. */
export const DNS_TIMEOUT_MS = 5000;

export type TxtLookup =
  | { ok: true; records: string[] }
  | { ok: false; kind: "not_found" | "error"; error: string };

export type NameServer = { ipAddr: string; port: number };

/** Parses "host:port" / "[v6]:port" (SVC_DNS_SERVER) into Deno's nameServer option. */
export function parseNameServer(hostPort: string | undefined): NameServer | undefined {
  if (!hostPort) return undefined;
  const m = /^\[([0-9a-fA-F:]+)\]:(\d+)$/.exec(hostPort) ?? /^([^:]+):(\d+)$/.exec(hostPort);
  if (!m) throw new Error(`SVC_DNS_SERVER must be ip:port (got "${hostPort}")`);
  return { ipAddr: m[1], port: Number(m[2]) };
}

/**
 * The TXT records of `name`, each record's character-strings joined (RFC 6376
 * section 3.6.2.2: a long key is split into several strings of one record).
 */
export async function lookupTxt(
  name: string,
  nameServer: NameServer | undefined,
  timeoutMs = DNS_TIMEOUT_MS,
): Promise<TxtLookup> {
  const via = nameServer ? ` via ${nameServer.ipAddr}:${nameServer.port}` : "";
  try {
    const answer = await Deno.resolveDns(name, "TXT", {
      ...(nameServer && { nameServer }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { ok: true, records: answer.map((chunks) => chunks.join("")) };
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      return { ok: false, kind: "not_found", error: `no TXT record found at ${name}` };
    }
    const why = e instanceof Deno.errors.TimedOut || (e as Error)?.name === "TimeoutError"
      ? "the name server did not answer in time"
      : String((e as Error)?.message ?? e).slice(0, 200);
    return { ok: false, kind: "error", error: `DNS lookup of ${name}${via} failed: ${why}` };
  }
}
