/**
 * The API's own description: GET /api/v1/openapi.json (no key: it holds no
 * data, only shapes) and the reference page at /docs: Swagger UI from the
 * swagger-ui-dist npm package, served from here (no CDN), whose "Try it out"
 * calls this same service (relative server /api/v1). The operator document is
 * served behind the operator token by routes/admin/api_docs.ts.
 */
import { Hono } from "hono";
import css from "swagger-ui-dist/swagger-ui.css" with { type: "text" };
import { publicDocument } from "../../domain/api_docs/public_document.ts";
import type { AppEnv } from "../types.ts";

/**
 * The page's own policy (routes/security_headers.ts keeps a page's CSP): the
 * scripts and styles are files from here; Swagger UI sets inline styles and
 * inlines its icons as data: URLs; "Try it out" fetches this origin only.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs.js"></script>
</body>
</html>
`;

// validatorUrl null: no badge fetched from swagger.io.
const INIT_JS = `window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
});
`;

/**
 * Swagger UI's bundle, read on its first request. Imported as text at start it
 * stayed in the HTTP thread's heap for good, and as a string of two bytes a
 * character (it holds characters above U+00FF): 3.5 MB (docs/performance.md,
 * "Memory and start"). The import is the fallback where the file cannot be read, and
 * keeps the package in the module graph.
 */
async function readBundle(): Promise<string | Uint8Array<ArrayBuffer>> {
  try {
    const url = new URL(import.meta.resolve("swagger-ui-dist/swagger-ui-bundle.js"));
    if (url.protocol === "file:") return await Deno.readFile(url);
  } catch {
    // Not readable here: import it.
  }
  return (await import("swagger-ui-dist/swagger-ui-bundle.js", { with: { type: "text" } }))
    .default;
}

const ASSETS: Record<string, { body: string; type: string }> = {
  "swagger-ui.css": { body: css, type: "text/css; charset=utf-8" },
  "docs.js": { body: INIT_JS, type: "text/javascript; charset=utf-8" },
};

export function apiDocRoutes() {
  const r = new Hono<AppEnv>();
  let doc: string | null = null;
  let bundle: Promise<string | Uint8Array<ArrayBuffer>> | undefined;
  r.get("/api/v1/openapi.json", (c) => {
    doc ??= JSON.stringify(publicDocument());
    return c.body(doc, 200, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=300",
      "access-control-allow-origin": "*",
    });
  });
  r.get("/docs", (c) => {
    c.header("Content-Security-Policy", DOCS_CSP);
    return c.html(PAGE);
  });
  r.get("/docs/assets/:name", async (c) => {
    const name = c.req.param("name");
    if (name === "swagger-ui-bundle.js") {
      bundle ??= readBundle();
      return c.body(await bundle, 200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "public, max-age=86400",
      });
    }
    const f = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!f) return c.text("not found", 404);
    return c.body(f.body, 200, {
      "content-type": f.type,
      "cache-control": "public, max-age=86400",
    });
  });
  return r;
}
