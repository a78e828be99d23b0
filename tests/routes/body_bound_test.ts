/**
 * Request bodies are bounded for every route: a chunked body (no
 * Content-Length) of 600 MiB sent to every POST route of the route table, with
 * the operator token, an API key or a dashboard session as the route needs,
 * is answered without a 5xx, the process stays up, and its peak resident set
 * stays bounded. The service runs in a child process (it is what is attacked);
 * each body stops once the answer has come, so the run is short when the
 * bound holds. Also: no route reads a body except through routes/body.ts.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { readForm } from "../../routes/body.ts";
import { ApiError } from "../../domain/kernel/errors.ts";

const TOKEN = "body-bound-test-operator-token-0123456789";
const TARGET = fileURLToPath(new URL("../helpers/flood_target.ts", import.meta.url));
const FLOOD_BYTES = 600 * 1024 * 1024;
const enc = new TextEncoder();
/**
 * Bytes that can be sent before an answer without the server reading them: the
 * loopback socket's buffers (Linux tcp_wmem 4 MiB and tcp_rmem 32 MiB at most).
 */
const IN_FLIGHT = 40 * 1024 * 1024;

/**
 * `sent`: bytes written when the answer's head arrived (the server read at most
 * that); `ms`: until the server closed the connection, or we gave up.
 */
type Flood = { status: number | null; closed: boolean; sent: number; ms: number };

/**
 * POSTs a chunked body of up to FLOOD_BYTES on a connection of its own and
 * stops sending once the answer's head arrived. `closed`: the server closed
 * the connection within 5 s of answering (the rest of the body unread).
 */
async function flood(
  port: number,
  path: string,
  headers: Record<string, string>,
  fill = "a",
): Promise<Flood> {
  const t0 = performance.now();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = [
    `POST ${path} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    "transfer-encoding: chunked",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ].join("\r\n");
  const piece = 64 * 1024;
  const chunk = enc.encode(`${piece.toString(16)}\r\n${fill.repeat(piece)}\r\n`);
  let answered = false;
  let sent = 0;
  const writing = (async () => {
    try {
      await conn.write(enc.encode(head));
      while (!answered && sent < FLOOD_BYTES) {
        let off = 0;
        while (off < chunk.length) off += await conn.write(chunk.subarray(off));
        sent += piece;
      }
      if (!answered) await conn.write(enc.encode("0\r\n\r\n"));
    } catch { /* the server closed the connection */ }
  })();
  let text = "";
  let status: number | null = null;
  let closed = false;
  let byUs = false;
  let sentAtAnswer = 0;
  const buf = new Uint8Array(16 * 1024);
  const giveUp = setTimeout(() => conn.close(), 120_000);
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) {
        closed = status !== null;
        break;
      }
      if (status === null) {
        text += new TextDecoder().decode(buf.subarray(0, n));
        const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
        if (m && text.includes("\r\n\r\n")) {
          status = Number(m[1]);
          sentAtAnswer = sent;
          answered = true;
          clearTimeout(giveUp);
          // Wait a little for the server to close; then stop either way.
          setTimeout(() => {
            byUs = true;
            try {
              conn.close();
            } catch { /* closed */ }
          }, 5000);
        }
      }
    }
  } catch {
    // Reset by the server (it closed with our bytes unread) or closed by us.
    closed = status !== null && !byUs;
  } finally {
    clearTimeout(giveUp);
    answered = true;
    try {
      conn.close();
    } catch { /* closed */ }
    await writing;
  }
  return {
    status,
    closed,
    sent: status === null ? sent : sentAtAnswer,
    ms: Math.round(performance.now() - t0),
  };
}

/** Starts tests/helpers/flood_target.ts; its port and POST routes. */
async function startTarget(): Promise<{ child: Deno.ChildProcess; port: number; posts: string[] }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", TARGET],
    env: { FLOOD_TOKEN: TOKEN },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the target exited before it listened: ${text}`);
    text += value;
  }
  reader.releaseLock();
  const { port, posts } = JSON.parse(text.slice(0, text.indexOf("\n")));
  return { child, port, posts };
}

async function stopTarget(child: Deno.ChildProcess) {
  try {
    child.kill("SIGTERM");
  } catch { /* already gone */ }
  await child.status;
  await child.stdout.cancel().catch(() => {});
}

function memKiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)![1]);
}

async function call(
  base: string,
  method: string,
  path: string,
  init: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  } else if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const res = await fetch(base + path, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

Deno.test({
  name:
    "a chunked 600 MiB body to every POST route is refused early; the process stays up and small",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const { child, port, posts } = await startTarget();
    try {
      const base = `http://127.0.0.1:${port}`;
      const bearer = { authorization: `Bearer ${TOKEN}` };

      // A site with a key, and a dashboard session (the operator's sign-in).
      const account = await call(base, "POST", "/admin/api/v1/accounts", {
        json: { name: "Acme" },
        headers: bearer,
      });
      const site = await call(base, "POST", "/admin/api/v1/sites", {
        json: { account_id: account.json().id, name: "S", domain: "flood.example.com" },
        headers: bearer,
      });
      const siteId = site.json().id as string;
      const key = await call(base, "POST", `/admin/api/v1/sites/${siteId}/api-keys`, {
        headers: bearer,
      });
      const apiKey = key.json().api_key as string;
      const signIn = await call(base, "POST", "/dashboard/operator", { form: { token: TOKEN } });
      assert.equal(signIn.status, 303, signIn.text);
      const cookie = signIn.headers.get("set-cookie")!.split(";")[0];

      const before = memKiB(child.pid, "VmHWM");
      const results: string[] = [];
      assert.ok(posts.length > 50, `the route table has ${posts.length} POST routes`);
      // Signing out ends the session the other dashboard routes use: last.
      posts.sort((a, b) =>
        Number(a === "/dashboard/sign-out") - Number(b === "/dashboard/sign-out")
      );
      for (const route of posts) {
        const path = route.replace(/:id\b/, siteId).replace(/:[A-Za-z_]+/g, "x");
        const headers: Record<string, string> = path.startsWith("/admin/")
          ? { ...bearer, "content-type": "application/json" }
          : path.startsWith("/api/")
          ? { "x-service-api-key": apiKey, "content-type": "application/json" }
          : { cookie, "content-type": "application/x-www-form-urlencoded" };
        const r = await flood(port, path, headers);
        results.push(`${route}: ${r.status} after ${r.sent} bytes, ${r.ms} ms`);
        assert.ok(r.status !== null, `${route}: no answer (${r.sent} bytes sent)`);
        assert.ok(r.status < 500, `${route}: ${r.status}`);
        // The largest limit is mail/send's 26 MiB.
        const bound = 26 * 1024 * 1024 + IN_FLIGHT;
        assert.ok(r.sent < bound, `${route}: read ${r.sent} bytes before answering`);
        // Past the limit, or answered with the body unread: either way the rest is not drained.
        assert.ok(r.closed, `${route}: answered ${r.status} but the connection stayed open`);
      }
      const health = await call(base, "GET", "/healthz");
      assert.equal(health.status, 200, "the process is still up");
      const grownMiB = (memKiB(child.pid, "VmHWM") - before) / 1024;
      if (Deno.env.get("TEST_VERBOSE")) {
        console.log(results.join("\n"));
        console.log(`peak RSS grew ${grownMiB.toFixed(1)} MiB over ${posts.length} routes`);
      }
      assert.ok(grownMiB < 160, `peak resident set grew by ${grownMiB.toFixed(0)} MiB`);
    } finally {
      await stopTarget(child);
    }
  },
});

Deno.test({
  name: "sign-in and JSON routes answer 413 past their limit and close the connection",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // Checked in the flood test above for every route that reads a body; here the
    // two forms the probe used, spelled out, on the small limit (no credentials).
    const { child, port } = await startTarget();
    try {
      for (const path of ["/dashboard/sign-in", "/dashboard/operator"]) {
        const r = await flood(port, path, { "content-type": "application/x-www-form-urlencoded" });
        assert.equal(r.status, 413, path);
        assert.ok(r.closed, `${path}: connection closed`);
        assert.ok(r.sent < 256 * 1024 + IN_FLIGHT, `${path}: ${r.sent} bytes read`);
      }
      const r = await flood(port, "/admin/api/v1/accounts", {
        authorization: `Bearer ${TOKEN}`,
        "content-type": "application/json",
      });
      assert.equal(r.status, 413);
      assert.ok(r.closed);
    } finally {
      await stopTarget(child);
    }
  },
});

Deno.test("no route reads a request body except through routes/body.ts", async () => {
  const root = fileURLToPath(new URL("../../routes/", import.meta.url));
  const offenders: string[] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = `${dir}${e.name}`;
      if (e.isDirectory) await walk(`${p}/`);
      else if (/\.tsx?$/.test(e.name) && p !== `${root}body.ts`) {
        const src = await Deno.readTextFile(p);
        const m = src.match(
          /\b(?:req|request)\.(?:parseBody|formData|json|text|arrayBuffer|blob|bytes)\(|\braw\.body\b/g,
        );
        if (m) offenders.push(`${p.slice(root.length)}: ${m.join(", ")}`);
      }
    }
  };
  await walk(root);
  assert.deepEqual(offenders, []);
});

Deno.test("readForm: urlencoded and multipart as strings (files left out), 413 with Connection: close past the limit", async () => {
  const app = new Hono();
  app.onError((e, c) =>
    e instanceof ApiError ? c.json({ error: e.code }, e.status as 413) : c.json({}, 500)
  );
  app.post("/f", async (c) => c.json({ ...(await readForm(c, 1024)) }));

  const url = await app.request("/f", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "a=1&b=%3Cx%3E&a=2",
  });
  assert.deepEqual(await url.json(), { a: "2", b: "<x>" });

  const form = new FormData();
  form.set("name", "Ann");
  form.set("upload", new File(["data"], "x.txt"));
  const multi = await app.request("/f", { method: "POST", body: form });
  assert.deepEqual(await multi.json(), { name: "Ann" });

  // Counted as it arrives: a stream with no length, one byte over the limit.
  const big = new Response("a=" + "x".repeat(1023)).body!;
  const over = await app.request("/f", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: big,
    duplex: "half",
  } as RequestInit);
  assert.equal(over.status, 413);
  assert.equal(over.headers.get("connection"), "close");

  // Another Content-Type is no form: nothing is read.
  const other = await app.request("/f", { method: "POST", body: "a=1" });
  assert.deepEqual(await other.json(), {});
});
