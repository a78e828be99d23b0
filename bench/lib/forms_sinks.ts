/**
 * The peers of the forms bench, in their own process: an SMTP sink
 * (smtp-server, accepts every message) and a webhook receiver (Deno.serve,
 * answers 204). GET /stats on the receiver gives both counts. Prints
 * "smtp <port> http <port>".
 */
import { SMTPServer } from "smtp-server";

let mails = 0;
let hooks = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  maxClients: 1000,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      mails++;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
const smtpPort = (smtp.server.address() as { port: number }).port;

const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
  if (req.method === "GET") return Response.json({ smtp: mails, webhooks: hooks });
  await req.arrayBuffer();
  hooks++;
  return new Response(null, { status: 204 });
});
console.log(`smtp ${smtpPort} http ${http.addr.port}`);
