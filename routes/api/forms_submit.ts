/** POST /api/v1/forms/submit (spec: POST /forms/submit). Errors: `{error}`, no ok. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import { FORMS_BODY_LIMIT, SubmitBody, type SubmitInput } from "../../domain/forms/schema.ts";
import { type SubmitAhead, submitAhead, submitForm } from "../../domain/forms/submit.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { readJson } from "../body.ts";
import { type ReadAhead, requireSite } from "./auth.ts";

const BODY = { badJson: "invalid_json", limit: FORMS_BODY_LIMIT };

type Plan = { input: SubmitInput; ahead: SubmitAhead };

export function formsSubmitRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  // A known key's body is read first, so that the submission's reads are made
  // with the key check.
  const readAhead: ReadAhead = {
    body: (c) => readJson(c, BODY),
    keys(json, hint) {
      const parsed = SubmitBody.safeParse(json);
      if (!parsed.success) return null;
      const ahead = submitAhead(ctx, parsed.data, hint);
      return ahead && { keys: ahead.keys, plan: { input: parsed.data, ahead } satisfies Plan };
    },
  };
  r.post("/forms/submit", envelope("plain"), requireSite(ctx, { readAhead }), async (c) => {
    const read = c.get("body");
    if (read && "error" in read) throw read.error;
    const pre = c.get("readAhead");
    const plan = pre?.plan as Plan | undefined;
    const input = plan?.input ??
      parseOrThrow(SubmitBody, read ? read.json : await readJson(c, BODY));
    return c.json(
      await submitForm(
        ctx,
        c.get("site"),
        input,
        plan && pre ? { plan: plan.ahead, entries: pre.entries } : undefined,
      ),
    );
  });
  return r;
}
