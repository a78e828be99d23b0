/**
 * A real DNS server (dns2, UDP on loopback, port 0) that answers A and AAAA
 * queries from a table; names not in it get an empty answer.
 */
import dns2 from "dns2";
import type { NameServer } from "../../domain/net/target_guard.ts";

export type DnsTable = Record<string, { A?: string[]; AAAA?: string[] }>;

export type LocalDns = { nameServer: NameServer; queries: string[]; close(): Promise<void> };

export async function startLocalDns(table: DnsTable): Promise<LocalDns> {
  const { Packet } = dns2;
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const q of request.questions) {
        const entry = table[q.name.toLowerCase()];
        const type = q.type === Packet.TYPE.AAAA ? "AAAA" : q.type === Packet.TYPE.A ? "A" : null;
        queries.push(`${type ?? q.type} ${q.name}`);
        if (!entry || !type) continue;
        for (const address of entry[type] ?? []) {
          response.answers.push(Packet.createResourceFromQuestion(q, { ttl: 1, address }));
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const { port } = (server.addresses() as { udp: { port: number } }).udp;
  return {
    nameServer: { ipAddr: "127.0.0.1", port },
    queries,
    async close() {
      await server.close();
    },
  };
}
