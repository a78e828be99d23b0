/**
 * One outbound POST to a user-chosen URL (webhooks; later inbound-mail
 * forwarding): target guard first, then the request with a hard timeout that
 * covers the DNS check, the connect and the answer's headers. Redirects are
 * never followed (a 3xx is an answer, and not a 2xx). The outcome is a value,
 * never an exception, so callers can record it.
 */
import { checkTarget, type NameServer } from "./target_guard.ts";
import { ellipsize } from "../text.ts";

export type PostResult = {
  /** true for a 2xx answer. */
  ok: boolean;
  /** HTTP status, or null when no answer came (timeout, connection error, refused target). */
  status: number | null;
  duration_ms: number;
  /** Why it failed, in a sentence (up to 300 chars); null on a 2xx. */
  error: string | null;
};

/**
 * Per-context overrides of outbound settings, for tests: a shorter webhook
 * timeout, a local DNS server for the target guard. Production sets none.
 */
export type OutboundOverrides = {
  webhookTimeoutMs?: number;
  nameServer?: NameServer;
};

export type PostOptions = {
  timeoutMs: number;
  allowPrivate: boolean;
  nameServer?: NameServer;
  /** Client with the egress proxy, when one is configured. */
  client?: Deno.HttpClient;
};

const ERROR_MAX = 300;

function clip(s: string): string {
  return ellipsize(s, ERROR_MAX);
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

export async function postOnce(
  url: string,
  body: Uint8Array,
  headers: Record<string, string>,
  opts: PostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): PostResult => ({
    ok: error === null,
    status,
    duration_ms: Math.round(performance.now() - started),
    error: error === null ? null : clip(error),
  });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), opts.timeoutMs);
  try {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done(null, `not a valid URL: ${url}`);
    }
    const check = await checkTarget(target, {
      allowPrivate: opts.allowPrivate,
      nameServer: opts.nameServer,
      signal: abort.signal,
    });
    if (abort.signal.aborted) return done(null, `no answer within ${seconds(opts.timeoutMs)}`);
    if (!check.ok) return done(null, check.reason);
    const res = await fetch(target, {
      method: "POST",
      body: body as Uint8Array<ArrayBuffer>,
      headers,
      redirect: "manual",
      signal: abort.signal,
      client: opts.client,
    });
    // Only the status counts; the body is not read (a receiver may stream it slowly).
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status <= 299) return done(res.status, null);
    const text = `HTTP ${res.status}${res.statusText ? " " + res.statusText : ""}`;
    const where = res.headers.get("location");
    return done(
      res.status,
      res.status >= 300 && res.status <= 399
        ? `${text}: redirects are not followed${where ? ` (Location: ${where})` : ""}`
        : text,
    );
  } catch (e) {
    if (abort.signal.aborted) return done(null, `no answer within ${seconds(opts.timeoutMs)}`);
    return done(null, `request failed: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The client that sends through the egress proxy (SVC_EGRESS_PROXY), or
 * undefined when none is set. One per context (`ctx.egressClient`, made by
 * createCtx and closed with it): it pools connections through the proxy.
 */
export function createEgressClient(proxy: string | undefined): Deno.HttpClient | undefined {
  return proxy ? Deno.createHttpClient({ proxy: { url: proxy } }) : undefined;
}
