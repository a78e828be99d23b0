/** The small HTML page every public mail page answers with (unsubscribe, bad links). */
import { escapeHtml } from "../../domain/mail/render.ts";

/** Answers nobody should cache or index: each is about one recipient. */
export const NO_STORE = { "cache-control": "no-store", "x-robots-tag": "noindex" };

/** A page with a title and an HTML body; the title is escaped here, the body by the caller. */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:48px 16px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:8px;padding:32px;line-height:1.5}
button{background:#2563eb;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:16px;cursor:pointer}</style>
</head><body><main><h1 style="font-size:20px;margin-top:0">${
    escapeHtml(title)
  }</h1>${body}</main></body></html>`;
}
