/** POST /api/v1/sequences/enroll. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { enroll, EnrollBody } from "../../domain/sequences/sequences.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { readJson } from "../body.ts";
import { requireSite } from "./auth.ts";

export function sequenceApiRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post(
    "/sequences/enroll",
    envelope("ok_false_reason"),
    requireSite(ctx),
    async (c) => {
      // The spec: bad JSON (and a body not declared as JSON) is invalid_payload here.
      const json = await readJson(c, {
        badJson: "invalid_payload",
        badJsonExtra: {
          details: [{
            field: "(body)",
            message: "must be a JSON object (Content-Type: application/json)",
          }],
        },
      });
      const input = parseOrThrow(EnrollBody, json);
      return c.json(await enroll(ctx, c.get("site"), input));
    },
  );
  return r;
}
