/**
 * A real DNS server on loopback (dns2, UDP, port 0) answering A, AAAA and TXT
 * queries from tables the test can change at any time. A name with no record
 * of any type answers NXDOMAIN; a known name without the asked type answers
 * an empty NOERROR. Each TXT record is a list of character-strings (chunks), so
 * tests can serve a long DKIM key split the way DNS providers split it; a single
 * long string is split at 255 characters.
 */
import dns2 from "dns2";

export type Records = { A?: string[]; AAAA?: string[]; TXT?: (string | string[])[] };

export type TestDnsServer = {
  /** "127.0.0.1:<port>", the form SVC_DNS_SERVER takes. */
  address: string;
  port: number;
  /** The form Deno.resolveDns and the target guard take. */
  nameServer: { ipAddr: string; port: number };
  /** Sets the TXT records of a name (each record: one string or its chunks). */
  setTxt(name: string, records: (string | string[])[]): void;
  /** Sets the addresses of a name. */
  setAddresses(name: string, records: { A?: string[]; AAAA?: string[] }): void;
  /** Removes every record of a name. */
  remove(name: string): void;
  /** Questions asked so far, as "TYPE name" (lowercase name, e.g. "TXT x._domainkey.a.com"). */
  queries: string[];
  close(): Promise<void>;
};

/** A character-string holds at most 255 octets: a longer value is split (ASCII here). */
function split255(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += 255) out.push(s.slice(i, i + 255));
  return out.length ? out : [""];
}

export async function startDnsServer(
  initial: Record<string, Records> = {},
): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const table = new Map<string, { A: string[]; AAAA: string[]; TXT: string[][] }>();
  const entry = (name: string) => {
    const key = name.toLowerCase().replace(/\.$/, "");
    let e = table.get(key);
    if (!e) table.set(key, e = { A: [], AAAA: [], TXT: [] });
    return e;
  };
  const queries: string[] = [];
  const typeName = (t: number) =>
    t === Packet.TYPE.A
      ? "A"
      : t === Packet.TYPE.AAAA
      ? "AAAA"
      : t === Packet.TYPE.TXT
      ? "TXT"
      : String(t);
  const server = dns2.createServer({
    udp: { type: "udp4" },
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const q of request.questions) {
        const name = String(q.name ?? "").toLowerCase().replace(/\.$/, "");
        const type = typeName(q.type);
        queries.push(`${type} ${name}`);
        const e = table.get(name);
        if (!e) {
          response.header.rcode = 3; // NXDOMAIN
          continue;
        }
        if (type === "TXT") {
          for (const data of e.TXT) {
            response.answers.push(
              Packet.createResourceFromQuestion(q, { type: Packet.TYPE.TXT, ttl: 1, data }),
            );
          }
        } else if (type === "A" || type === "AAAA") {
          for (const address of e[type]) {
            response.answers.push(Packet.createResourceFromQuestion(q, { ttl: 1, address }));
          }
        }
      }
      void send(response);
    },
  });
  const addrs = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = addrs.udp!.port;
  const dns: TestDnsServer = {
    address: `127.0.0.1:${port}`,
    port,
    nameServer: { ipAddr: "127.0.0.1", port },
    setTxt(name, records) {
      entry(name).TXT = records.map((r) => (Array.isArray(r) ? r : split255(r)));
    },
    setAddresses(name, records) {
      const e = entry(name);
      e.A = records.A ?? [];
      e.AAAA = records.AAAA ?? [];
    },
    remove(name) {
      table.delete(name.toLowerCase().replace(/\.$/, ""));
    },
    queries,
    close: () => server.close(),
  };
  for (const [name, r] of Object.entries(initial)) {
    if (r.A || r.AAAA) dns.setAddresses(name, r);
    if (r.TXT) dns.setTxt(name, r.TXT);
  }
  return dns;
}
