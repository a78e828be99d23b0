/**
 * A captcha provider stand-in on loopback that speaks the siteverify protocol
 * of Turnstile, hCaptcha and reCAPTCHA: a form-encoded POST of secret,
 * response and remoteip (hCaptcha also sitekey, Turnstile idempotency_key),
 * answered with JSON {success, error-codes, ...} (reCAPTCHA v3 adds score).
 *
 * Like the real ones it checks the secret first: a request with another secret
 * than the one configured for that endpoint gets invalid-input-secret. Tokens:
 * - a token listed in `valid` passes (for reCAPTCHA with the score given);
 * - "slow:<ms>:<token>" answers after <ms> milliseconds;
 * - "http500" answers HTTP 500;
 * - anything else is invalid-input-response.
 */

export type VerifyCall = {
  provider: "turnstile" | "hcaptcha" | "recaptcha";
  contentType: string | null;
  params: Record<string, string>;
};

export type CaptchaStandIn = {
  /** siteverify URLs, ready for SVC_*_VERIFY_URL. */
  urls: { turnstile: string; hcaptcha: string; recaptcha: string };
  calls: VerifyCall[];
  /** A URL on a port where nothing listens. */
  unreachableUrl: string;
  close(): Promise<void>;
};

export function startCaptchaProvider(opts: {
  /** Secrets each endpoint accepts. */
  secrets: { turnstile: string[]; hcaptcha: string[]; recaptcha: string[] };
  /** token -> reCAPTCHA v3 score (null for a v2/other token). */
  valid: Record<string, number | null>;
}): Promise<CaptchaStandIn> {
  const calls: VerifyCall[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const paths: Record<string, VerifyCall["provider"]> = {
    "/turnstile/v0/siteverify": "turnstile",
    "/hcaptcha/siteverify": "hcaptcha",
    "/recaptcha/api/siteverify": "recaptcha",
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const provider = paths[new URL(req.url).pathname];
    if (!provider || req.method !== "POST") return new Response("not found", { status: 404 });
    const contentType = req.headers.get("content-type");
    const params = Object.fromEntries(new URLSearchParams(await req.text()));
    calls.push({ provider, contentType, params });
    const json = (body: Record<string, unknown>) => Response.json(body);
    let token = params.response ?? "";
    const slow = /^slow:(\d+):(.*)$/.exec(token);
    if (slow) {
      token = slow[2];
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, Number(slow[1]));
        timers.add(t);
        req.signal.addEventListener("abort", () => {
          clearTimeout(t);
          timers.delete(t);
          resolve();
        });
      });
    }
    if (token === "http500") return new Response("oops", { status: 500 });
    if (contentType !== "application/x-www-form-urlencoded") {
      return json({ success: false, "error-codes": ["bad-request"] });
    }
    if (!params.secret) return json({ success: false, "error-codes": ["missing-input-secret"] });
    if (!opts.secrets[provider].includes(params.secret)) {
      return json({ success: false, "error-codes": ["invalid-input-secret"] });
    }
    if (!params.response) {
      return json({ success: false, "error-codes": ["missing-input-response"] });
    }
    if (!(token in opts.valid)) {
      return json({ success: false, "error-codes": ["invalid-input-response"] });
    }
    const base = { success: true, challenge_ts: new Date().toISOString(), hostname: "localhost" };
    const score = opts.valid[token];
    if (provider === "recaptcha" && score !== null) {
      return json({ ...base, score, action: "submit" });
    }
    return json({ ...base, "error-codes": [] });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  // A port that was free a moment ago: nothing listens there.
  const probe = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const deadPort = (probe.addr as Deno.NetAddr).port;
  probe.close();
  return Promise.resolve({
    urls: {
      turnstile: `${base}/turnstile/v0/siteverify`,
      hcaptcha: `${base}/hcaptcha/siteverify`,
      recaptcha: `${base}/recaptcha/api/siteverify`,
    },
    calls,
    unreachableUrl: `http://127.0.0.1:${deadPort}/siteverify`,
    async close() {
      for (const t of timers) clearTimeout(t);
      await server.shutdown();
    },
  });
}
