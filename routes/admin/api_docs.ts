/** GET /admin/api/v1/openapi.json: the operator API's document, behind the operator token. */
import { Hono } from "hono";
import { adminDocument } from "../../domain/api_docs/admin_api.ts";
import type { AppEnv } from "../types.ts";

export function adminDocRoutes() {
  const r = new Hono<AppEnv>();
  let doc: string | null = null;
  r.get("/openapi.json", (c) => {
    doc ??= JSON.stringify(adminDocument());
    return c.body(doc, 200, { "content-type": "application/json; charset=utf-8" });
  });
  return r;
}
