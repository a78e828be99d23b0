/** The framework's ceiling: a bare Hono app answering a small JSON body. Prints its port. */
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.json({ ok: true }));
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
console.log(`port ${server.addr.port}`);
