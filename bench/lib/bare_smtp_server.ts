/**
 * The SMTP library's ceiling: smtp-server accepting every message and keeping
 * nothing, as the inbound listener is built on it. Prints "port <n>".
 */
import { SMTPServer } from "smtp-server";

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => callback());
  },
});
server.listen(0, "127.0.0.1", () => {
  console.log(`port ${(server.server.address() as { port: number }).port}`);
});
