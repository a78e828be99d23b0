/**
 * The dashboard's static files, served by the service itself (no CDN: it must
 * work offline): htmx and Pico CSS from their npm packages, and two small files
 * of our own. Cached for a day; the names carry no version, so not immutable.
 */
import { Hono } from "hono";
import htmx from "htmx.org/dist/htmx.min.js" with { type: "text" };
import pico from "@picocss/pico/css/pico.min.css" with { type: "text" };
import type { AppEnv } from "../types.ts";

/** Copy buttons: `data-copy="<id>"` copies the text of the element with that id. */
const DASHBOARD_JS = `document.addEventListener("click", (e) => {
  const b = e.target.closest("[data-copy]");
  if (!b) return;
  const el = document.getElementById(b.getAttribute("data-copy"));
  if (!el || !navigator.clipboard) return;
  navigator.clipboard.writeText(el.textContent.trim()).then(() => { b.textContent = "Copied"; });
});
`;

const DASHBOARD_CSS = `form.inline { display: inline; margin: 0; }
form.inline button { margin: 0; padding: 0.25rem 0.75rem; }
.notice.error { color: var(--pico-del-color); }
.notice.ok { color: var(--pico-ins-color); }
.shown-once code { word-break: break-all; }
th, td { white-space: nowrap; vertical-align: top; }
td.wrap { white-space: normal; min-width: 16rem; }
td.wrap code, main p code { overflow-wrap: anywhere; }
button { white-space: nowrap; }
header nav, header nav ul { flex-wrap: wrap; }
header nav small { overflow-wrap: anywhere; }
header nav li { padding-left: 0.45rem; padding-right: 0.45rem; }
nav[aria-label="Site"] ul { flex-wrap: wrap; margin-left: 0; }
nav[aria-label="Site"] li { padding-top: 0.25rem; padding-bottom: 0.25rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.actions { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; }
.actions form { margin: 0; }
ol.field-list { padding-left: 1.25rem; }
ol.field-list li { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; justify-content: space-between; align-items: center; padding: 0.5rem 0; border-bottom: 1px solid var(--pico-muted-border-color); }
ol.field-list .field-facts { overflow-wrap: anywhere; min-width: 0; }
ol.field-list .actions { gap: 0.35rem; }
ol.field-list .actions button { margin: 0; padding: 0.25rem 0.7rem; font-size: 0.875rem; }
.snippet pre { margin-bottom: 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.snippet { margin-bottom: 1rem; }
div.mark { display: flex; gap: 0.25rem 0.5rem; flex-wrap: wrap; align-items: center; margin-top: 0.25rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dl.facts dd { margin: 0; }
fieldset.step-row { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 0 1rem; align-items: end; }
.event-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 0 1rem; }
iframe.preview { width: 100%; height: 28rem; border: 1px solid var(--pico-muted-border-color); border-radius: var(--pico-border-radius); background: #fff; }
pre.preview-text { white-space: pre-wrap; overflow-wrap: anywhere; padding: 1rem; }
textarea.code { font-family: var(--pico-font-family-monospace); font-size: 0.85em; }
.usage-chart svg { width: 100%; height: auto; }
.usage-chart .grid line { stroke: var(--pico-muted-border-color); stroke-width: 1; }
.usage-chart text { fill: var(--pico-muted-color); font-size: 11px; }
.usage-chart .series { stroke-width: 2; stroke-linejoin: round; }
.usage-chart ul.legend { display: flex; flex-wrap: wrap; gap: 0 1.25rem; padding: 0; margin: 0.25rem 0 0; }
.usage-chart ul.legend li { list-style: none; display: flex; align-items: center; gap: 0.4rem; margin: 0; }
.swatch { display: inline-block; width: 1rem; height: 0.25rem; border-radius: 2px; }
.usage-chart .dot { stroke: none; }
@media (max-width: 600px) { .usage-chart text { font-size: 20px; } .usage-chart .series { stroke-width: 3; } }
.dot.sent { fill: #2563eb; } .dot.opened { fill: #16a34a; } .dot.clicked { fill: #9333ea; }
.dot.bounced { fill: #dc2626; } .dot.submissions { fill: #d97706; }
nav[aria-label="Site"] { margin-bottom: 1rem; }
a.flag { margin-left: 0.5rem; font-size: 0.85em; color: var(--pico-del-color); }
.series.sent { stroke: #2563eb; } .swatch.sent { background: #2563eb; }
.series.opened { stroke: #16a34a; } .swatch.opened { background: #16a34a; }
.series.clicked { stroke: #9333ea; } .swatch.clicked { background: #9333ea; }
.series.bounced { stroke: #dc2626; } .swatch.bounced { background: #dc2626; }
.series.submissions { stroke: #d97706; } .swatch.submissions { background: #d97706; }
`;

const FILES: Record<string, { body: string; type: string }> = {
  "htmx.min.js": { body: htmx, type: "text/javascript; charset=utf-8" },
  "pico.min.css": { body: pico, type: "text/css; charset=utf-8" },
  "dashboard.js": { body: DASHBOARD_JS, type: "text/javascript; charset=utf-8" },
  "dashboard.css": { body: DASHBOARD_CSS, type: "text/css; charset=utf-8" },
};

export function assetRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/dashboard/assets/:name", (c) => {
    const f = Object.hasOwn(FILES, c.req.param("name")) ? FILES[c.req.param("name")] : undefined;
    if (!f) return c.text("not found", 404);
    return c.body(f.body, 200, {
      "content-type": f.type,
      "cache-control": "public, max-age=86400",
    });
  });
  return r;
}
