/**
 * The API's own description: GET /api/v1/openapi.json (no key: it holds no
 * data, only shapes) and the reference page at /docs (Swagger UI from the
 * swagger-ui-dist npm package, served from here, no CDN), whose "Try it out"
 * calls this service. The operator document is served behind the operator
 * token by routes/admin/api_docs.ts.
 */
import { Hono } from "hono";
import { publicDocument } from "../../domain/api_docs/public_document.ts";
import type { AppEnv } from "../types.ts";

export function apiDocRoutes() {
  const r = new Hono<AppEnv>();
  let doc: string | null = null;
  r.get("/api/v1/openapi.json", (c) => {
    doc ??= JSON.stringify(publicDocument());
    return c.body(doc, 200, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=300",
      "access-control-allow-origin": "*",
    });
  });
  return r;
}
