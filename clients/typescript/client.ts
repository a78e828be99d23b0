/**
 * A thin typed client of the public v1 API. The types come from the OpenAPI
 * document (schema.d.ts, generated with openapi-typescript); the code is plain
 * `fetch`, so it runs in Deno, Node 18+, Bun and browsers alike.
 *
 * Every method answers `{status, body, headers}` as a union over the
 * documented statuses: read `body.ok` (mail/send reports rate_limited,
 * over_quota and send_failed with HTTP 200).
 */
import type { operations } from "./schema.d.ts";

type Op = keyof operations;

/** The JSON body an operation takes. */
export type RequestBody<O extends Op> = operations[O] extends
  { requestBody: { content: { "application/json": infer B } } } ? B : never;

type Responses<O extends Op> = operations[O]["responses"];
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : undefined;

/** One answer of an operation: its status, its body as documented for that status, its headers. */
export type Answer<O extends Op> = {
  [S in keyof Responses<O>]: { status: S; body: JsonOf<Responses<O>[S]>; headers: Headers };
}[keyof Responses<O>];

export type ClientOptions = {
  /** The service root, e.g. https://svc.example.net (the client adds /api/v1). */
  baseUrl: string;
  /** The site's API key: `svc_live_...`, or a `svc_test_...` sandbox key. */
  apiKey: string;
  /** Another fetch (a proxy agent, a test double); default globalThis.fetch. */
  fetch?: typeof fetch;
};

export type Client = ReturnType<typeof createClient>;

export function createClient(opts: ClientOptions) {
  const root = opts.baseUrl.replace(/\/+$/, "") + "/api/v1";
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);

  async function call<O extends Op>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<O>> {
    const res = await doFetch(root + path, {
      method,
      headers: {
        "x-service-api-key": opts.apiKey,
        accept: "application/json",
        ...(body !== undefined && { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text === "" ? undefined : JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers } as Answer<O>;
  }

  return {
    /**
     * POST /mail/send. With `idempotencyKey` a retry (same key, same body,
     * within 24 h) answers the first answer again and sends nothing.
     */
    sendMail: (body: RequestBody<"postMailSend">, o: { idempotencyKey?: string } = {}) =>
      call<"postMailSend">(
        "POST",
        "/mail/send",
        body,
        o.idempotencyKey === undefined ? {} : { "idempotency-key": o.idempotencyKey },
      ),
    /** POST /forms/submit: abuse is answered 200 with ok true (silent success). */
    submitForm: (body: RequestBody<"postFormsSubmit">) =>
      call<"postFormsSubmit">("POST", "/forms/submit", body),
    /** GET /forms/render/{slug}. */
    renderForm: (slug: string) =>
      call<"getFormsRenderSlug">("GET", `/forms/render/${encodeURIComponent(slug)}`),
    /** GET /mail/domain-status. */
    domainStatus: () => call<"getMailDomainStatus">("GET", "/mail/domain-status"),
    /** GET /sites/captcha. */
    captcha: () => call<"getSitesCaptcha">("GET", "/sites/captcha"),
    /** POST /sites/captcha. */
    saveCaptcha: (body: RequestBody<"postSitesCaptcha">) =>
      call<"postSitesCaptcha">("POST", "/sites/captcha", body),
    /** POST /sites/verify. */
    verifySite: (body: RequestBody<"postSitesVerify">) =>
      call<"postSitesVerify">("POST", "/sites/verify", body),
    /** GET /blocks/status. */
    blockStatus: () => call<"getBlocksStatus">("GET", "/blocks/status"),
    /** POST /blocks/lift. */
    liftBlock: (body: RequestBody<"postBlocksLift">) =>
      call<"postBlocksLift">("POST", "/blocks/lift", body),
    /** POST /sequences/enroll. */
    enroll: (body: RequestBody<"postSequencesEnroll">) =>
      call<"postSequencesEnroll">("POST", "/sequences/enroll", body),
  };
}
