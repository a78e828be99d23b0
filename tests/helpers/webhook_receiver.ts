/**
 * A real HTTP receiver on loopback (port 0) that records every request it
 * gets, byte for byte, and answers as the test tells it to.
 */
export type Received = {
  /** performance.now() when the request arrived. */
  at: number;
  method: string;
  url: string;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
};

export type Respond = (req: Received, n: number, tools: { hang(): Promise<Response> }) =>
  | Response
  | Promise<Response>;

export type Receiver = {
  /** Base URL, e.g. http://127.0.0.1:4711/hook */
  url: string;
  port: number;
  requests: Received[];
  /** Waits until `n` requests have arrived (fails after `ms`). */
  waitFor(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
};

/** Answers 200 to everything. */
export const always200: Respond = () => new Response("ok");

/** Answers with the given statuses in order, then 200. */
export function statuses(...list: number[]): Respond {
  return (_req, n) => new Response(null, { status: list[n - 1] ?? 200 });
}

export function startReceiver(
  respond: Respond = always200,
  opts: { hostname?: string; path?: string } = {},
): Receiver {
  const requests: Received[] = [];
  let release!: () => void;
  const closing = new Promise<void>((r) => (release = r));
  const hang = () => closing.then(() => new Response("too late", { status: 200 }));
  const hostname = opts.hostname ?? "127.0.0.1";
  const server = Deno.serve({ port: 0, hostname, onListen: () => {} }, async (req) => {
    const at = performance.now();
    const bytes = new Uint8Array(await req.arrayBuffer());
    const r: Received = {
      at,
      method: req.method,
      url: req.url,
      headers: req.headers,
      bytes,
      text: new TextDecoder().decode(bytes),
    };
    requests.push(r);
    return await respond(r, requests.length, { hang });
  });
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  return {
    url: `http://${host}:${server.addr.port}${opts.path ?? "/hook"}`,
    port: server.addr.port,
    requests,
    async waitFor(n, ms = 8000) {
      const until = Date.now() + ms;
      while (requests.length < n) {
        if (Date.now() > until) {
          throw new Error(`receiver got ${requests.length} of ${n} requests within ${ms} ms`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      release();
      await server.shutdown();
    },
  };
}
