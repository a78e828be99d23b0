/**
 * The public door of static sites' forms (docs/static-forms.md): POST /f/{id}
 * with its CORS preflight, and the signed download links of uploaded files,
 * GET /uploads/{submission}/{n}. No key: the endpoint id names the site, and a
 * link's HMAC signature is its permission. The rules are in
 * domain/forms/static_submit.ts and uploads.ts; here only HTTP: the bounded
 * body, the answer as JSON (Accept: application/json), a 303 redirect or a
 * small page.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { escapeHtml } from "../../domain/kernel/html.ts";
import { readFormEndpoint } from "../../domain/forms/endpoints.ts";
import type { FormEndpoint } from "../../domain/forms/endpoints_schema.ts";
import {
  doorBodyLimit,
  type FieldError,
  originAllowed,
  submitToEndpoint,
} from "../../domain/forms/static_submit.ts";
import { downloadFile, downloadHeaders } from "../../domain/forms/uploads.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { readRaw } from "../body.ts";
import { clientIp } from "../conn.ts";
import { NO_STORE, page } from "./page.ts";

/** How much of an oversized upload is read and thrown away so the browser sees the answer. */
const DRAIN_BYTES = 64 * 1024 * 1024;

/** Whether the caller asked for JSON (a script) rather than a page (a browser's form post). */
function wantsJson(c: Context): boolean {
  const accept = c.req.header("accept") ?? "";
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

function cors(c: Context, e: FormEndpoint | null): void {
  const origin = c.req.header("origin");
  c.header("Vary", "Origin");
  if (e && originAllowed(e, origin)) c.header("Access-Control-Allow-Origin", origin!);
}

const ERROR_TITLES: Record<string, string> = {
  not_found: "This form does not exist",
  upload_too_large: "The files are too large",
  too_many_files: "Too many files",
  invalid_fields: "Please check the form",
  invalid_body: "The form could not be read",
  unsupported_media_type: "The form could not be read",
  site_disabled: "This form is not accepting submissions",
  form_archived: "This form is closed",
  no_notify_email_configured: "This form is not set up yet",
  request_timeout: "The form took too long to arrive",
};

/** The page a browser sees for a refused post; every value escaped. */
function errorPage(e: ApiError): string {
  const title = ERROR_TITLES[e.code] ?? "The form could not be sent";
  const fields = (e.extra.fields ?? []) as FieldError[];
  const message = typeof e.extra.message === "string" ? e.extra.message : "";
  const list = fields.length > 0
    ? `<ul>${fields.map((f) => `<li>${escapeHtml(f.message)}</li>`).join("")}</ul>`
    : "";
  return page(
    title,
    `${message ? `<p>${escapeHtml(message)}</p>` : ""}${list}` +
      "<p>Go back, correct it and send the form again.</p>",
  );
}

export function staticFormRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();

  r.options("/f/:id", async (c) => {
    const e = await readFormEndpoint(ctx, c.req.param("id"));
    cors(c, e);
    if (e && originAllowed(e, c.req.header("origin"))) {
      c.header("Access-Control-Allow-Methods", "POST");
      c.header("Access-Control-Allow-Headers", "Content-Type, Accept");
      c.header("Access-Control-Max-Age", "600");
    }
    return c.body(null, 204);
  });

  r.post("/f/:id", envelope("plain"), async (c) => {
    const json = wantsJson(c);
    let e: FormEndpoint | null = null;
    try {
      e = await readFormEndpoint(ctx, c.req.param("id"));
      cors(c, e);
      if (!e) throw new ApiError("not_found", 404);
      const contentType = c.req.header("content-type") ?? "";
      const bytes = await readRaw(
        c,
        doorBodyLimit(ctx, contentType),
        () => new ApiError("invalid_body", 400),
        "upload_too_large",
        DRAIN_BYTES,
        {
          message: `Files may add up to at most ${ctx.config.SVC_UPLOAD_MAX_BYTES} bytes per ` +
            "submission.",
        },
      );
      const answer = await submitToEndpoint(ctx, e, {
        contentType,
        bytes,
        userAgent: c.req.header("user-agent") ?? null,
        referrer: c.req.header("referer") ?? null,
        ip: clientIp(c),
      });
      if (json) return c.json({ ok: true });
      if (answer.redirect) return c.redirect(answer.redirect, 303);
      c.header("Cache-Control", "no-store");
      return c.html(page("Thank you", `<p>${escapeHtml(answer.message)}</p>`));
    } catch (err) {
      if (json || !(err instanceof ApiError)) throw err;
      return c.html(errorPage(err), err.status as ContentfulStatusCode, NO_STORE);
    }
  });

  r.get("/uploads/:submission/:n", async (c) => {
    const file = await downloadFile(
      ctx,
      c.req.param("submission"),
      c.req.param("n"),
      c.req.query("exp"),
      c.req.query("sig"),
    );
    if (!file) {
      return c.html(
        page("This link does not work", "<p>The link is wrong or has expired.</p>"),
        404,
        NO_STORE,
      );
    }
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, downloadHeaders(file));
  });
  return r;
}
