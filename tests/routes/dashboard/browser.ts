/**
 * A small cookie-keeping client for dashboard tests over `app.request()`: it
 * sends the dashboard's Origin on POSTs (as a browser does) and reads the
 * CSRF token from the last page.
 */
import type { TestService } from "../../helpers/service.ts";

export const ORIGIN = "http://localhost";

export type Page = { status: number; text: string; headers: Headers; location: string | null };

export class Browser {
  cookie = "";
  last = "";
  constructor(readonly svc: TestService, readonly ip = "192.0.2.10") {}

  async request(method: string, path: string, init: {
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {}): Promise<Page> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    if (method === "POST" && !("origin" in headers)) headers.origin = ORIGIN;
    for (const [k, v] of Object.entries(headers)) if (v === "") delete headers[k];
    const env = { remoteAddr: { transport: "tcp", hostname: this.ip, port: 40000 } };
    const res = await this.svc.app.request(`${ORIGIN}${path}`, { method, headers, body }, env);
    const set = res.headers.get("set-cookie");
    if (set) {
      const m = /^svc_dashboard=([^;]*)/.exec(set);
      if (m) this.cookie = m[1] ? `svc_dashboard=${m[1]}` : "";
    }
    const text = await res.text();
    this.last = text;
    return {
      status: res.status,
      text,
      headers: res.headers,
      location: res.headers.get("location"),
    };
  }

  get(path: string) {
    return this.request("GET", path);
  }

  /** POSTs a form with the CSRF token of the last page (unless the form names its own). */
  post(path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) {
    const csrf = /name="_csrf" value="([^"]+)"/.exec(this.last)?.[1] ?? "";
    return this.request("POST", path, { form: { _csrf: csrf, ...form }, headers });
  }

  async signIn(email: string, password: string): Promise<Page> {
    await this.get("/dashboard/");
    return await this.request("POST", "/dashboard/sign-in", { form: { email, password } });
  }
}

/** A fresh account with one user (password "correct horse battery") and one site. */
export async function seedUser(svc: TestService, name = "Acme", siteName = "Main site") {
  const a = await svc.admin("POST", "/accounts", { name });
  const accountId = a.body.id as string;
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const u = await svc.admin("POST", `/accounts/${accountId}/users`, {
    email,
    password: "correct horse battery",
  });
  if (u.status !== 201) throw new Error(`seed user: ${u.status} ${u.text}`);
  const s = await svc.admin("POST", "/sites", {
    account_id: accountId,
    name: siteName,
    domain: `s-${crypto.randomUUID().slice(0, 8)}.example.com`,
    default_notify_email: "owner@example.com",
  });
  return { accountId, email, password: "correct horse battery", siteId: s.body.id as string };
}
