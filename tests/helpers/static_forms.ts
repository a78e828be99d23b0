/** Helpers for the static-site form tests: endpoints, posts to /f/{id}, sample files. */
import type { Answer, TestService } from "./service.ts";
import { BROWSER_UA } from "./forms.ts";

/** Creates a form endpoint on a site through the operator API. */
export async function createEndpoint(
  svc: TestService,
  siteId: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; url: string }> {
  const r = await svc.admin("POST", `/sites/${siteId}/form-endpoints`, body);
  if (r.status !== 201) throw new Error(`endpoint: ${r.status} ${r.text}`);
  return { id: r.body.id as string, url: r.body.url as string };
}

/** A post to /f/{id} as a browser sends it (user agent and referrer set unless given). */
export async function postDoor(
  svc: TestService,
  id: string,
  body: BodyInit,
  headers: Record<string, string> = {},
  ip?: string,
): Promise<Answer & { location: string | null }> {
  const h = { "user-agent": BROWSER_UA, ...headers };
  const env = ip === undefined
    ? undefined
    : { remoteAddr: { transport: "tcp" as const, hostname: ip, port: 40000 } };
  const res = await svc.app.request(`/f/${id}`, { method: "POST", headers: h, body }, env);
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch { /* a page */ }
  return {
    status: res.status,
    body: parsed,
    headers: res.headers,
    text,
    location: res.headers.get("location"),
  };
}

/** A urlencoded body. */
export function urlencoded(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** A multipart body with fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; bytes: Uint8Array; type?: string }[] = [],
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const x of files) {
    f.append(
      x.field,
      new File([x.bytes as Uint8Array<ArrayBuffer>], x.name, {
        type: x.type ?? "application/octet-stream",
      }),
    );
  }
  return f;
}

/** A small valid PNG (1x1), with `extra` bytes of padding after its end chunk. */
export function png(extra = 0): Uint8Array {
  const b64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  const head = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const out = new Uint8Array(head.length + extra);
  out.set(head);
  for (let i = head.length; i < out.length; i++) out[i] = i % 251;
  return out;
}
