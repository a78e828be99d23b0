/**
 * A real DNS server on loopback (dns2, UDP, port 0) that answers TXT queries
 * from a map the test can change at any time. Names not in the map answer
 * NXDOMAIN. Each TXT record is a list of character-strings (chunks), so tests
 * can serve a long DKIM key split the way DNS providers split it; a single long
 * string is split at 255 characters.
 */
import dns2 from "dns2";

export type TestDnsServer = {
  /** "127.0.0.1:<port>", the form SVC_DNS_SERVER takes. */
  address: string;
  port: number;
  /** Sets the TXT records of a name (each record: one string or its chunks). */
  setTxt(name: string, records: (string | string[])[]): void;
  /** Removes every record of a name. */
  remove(name: string): void;
  /** Names asked for so far (lowercase). */
  queries: string[];
  close(): Promise<void>;
};

/** A character-string holds at most 255 octets: a longer value is split (ASCII here). */
function split255(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += 255) out.push(s.slice(i, i + 255));
  return out.length ? out : [""];
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const txt = new Map<string, string[][]>();
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: { type: "udp4" },
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question?.name ?? "").toLowerCase().replace(/\.$/, "");
      queries.push(name);
      const records = txt.get(name);
      if (!records) {
        response.header.rcode = 3; // NXDOMAIN
      } else if (question.type === Packet.TYPE.TXT) {
        for (const data of records) {
          response.answers.push(
            Packet.createResourceFromQuestion(question, { type: Packet.TYPE.TXT, ttl: 1, data }),
          );
        }
      }
      void send(response);
    },
  });
  const addrs = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = addrs.udp!.port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    setTxt(name, records) {
      txt.set(name.toLowerCase(), records.map((r) => (Array.isArray(r) ? r : split255(r))));
    },
    remove(name) {
      txt.delete(name.toLowerCase());
    },
    queries,
    close: () => server.close(),
  };
}
