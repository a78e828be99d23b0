/**
 * A form endpoint of a static site: the public door `/f/{id}` that a pasted
 * HTML form posts to. Its operator input and its stored record, as zod schemas
 * (the types come from them).
 */
import { z } from "zod";
import { httpUrl } from "../kernel/validation.ts";
import { slug } from "./hosted_schema.ts";
import { ConfirmSettings } from "./schema.ts";

/** Most origins one endpoint lets read its answers (CORS). */
export const MAX_ALLOWED_ORIGINS = 20;
/** Most endpoints of one site: a listing and the dashboard page stay small. */
export const MAX_ENDPOINTS_PER_SITE = 50;

/** `https://example.com` or `http://localhost:8080`: a scheme, a host and maybe a port, nothing else. */
const origin = () =>
  z.string().max(300).check((ctx) => {
    let u: URL | null = null;
    try {
      u = new URL(ctx.value);
    } catch { /* below */ }
    if (
      !u || (u.protocol !== "https:" && u.protocol !== "http:") || u.origin !== ctx.value ||
      u.username !== "" || u.password !== ""
    ) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message: "must be an origin such as https://example.com (scheme, host, port; no path)",
      });
    }
  });

export const EndpointCreate = z.object({
  /** The slug of a hosted form of the site's account; absent: any fields are accepted. */
  form: slug().nullish(),
  redirect_url: httpUrl(2000).nullish(),
  allowed_origins: z.array(origin()).max(
    MAX_ALLOWED_ORIGINS,
    `must have at most ${MAX_ALLOWED_ORIGINS} items`,
  ).nullish(),
  /** The auto-reply to the visitor: forms/submit's `confirm`, which the door passes on. */
  auto_reply: ConfirmSettings.nullish(),
});
export type EndpointInput = z.output<typeof EndpointCreate>;

/**
 * PATCH of an endpoint: only its auto-reply (null removes it). The form link,
 * redirect and origins are fixed at creation: a new endpoint is cheap, and
 * changing them under a pasted snippet would surprise its page.
 */
export const EndpointPatch = z.object({
  auto_reply: ConfirmSettings.nullable(),
});
export type EndpointPatchInput = z.output<typeof EndpointPatch>;

export const FormEndpointRecord = z.object({
  id: z.string(),
  site_id: z.string(),
  /** The linked hosted form (its id and, for the operator, the slug it was linked by). */
  form_id: z.string().nullable(),
  form_slug: z.string().nullable(),
  redirect_url: z.string().nullable(),
  allowed_origins: z.array(z.string()),
  /** Absent on endpoints stored before auto-replies: none. */
  auto_reply: ConfirmSettings.nullish(),
  created_at: z.string(),
});
export type FormEndpoint = z.output<typeof FormEndpointRecord>;
