/** The HTTP ceiling: a bare Deno.serve answering a small JSON body. Prints its port. */
const server = Deno.serve(
  { port: 0, hostname: "127.0.0.1", onListen: () => {} },
  () => new Response('{"ok":true}', { headers: { "content-type": "application/json" } }),
);
console.log(`port ${server.addr.port}`);
