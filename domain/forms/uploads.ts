/**
 * Files posted with a static-site form (POST /f/{id}): their limits, the type
 * read from the bytes (npm `file-type`, magic numbers; the browser's declared
 * type is not trusted), sanitised names, storage as KV blobs referenced from
 * the submission, and the signed download links that need no key: an HMAC of
 * the submission, the file's place and the expiry under a key derived from the
 * service's encryption key, valid 7 days from the submission.
 */
import { Buffer } from "node:buffer";
import { fileTypeFromBuffer } from "file-type";
import type { Ctx } from "../kernel/context.ts";
import { constantTimeEqual, hmacSha256Base64Url, hmacSha256Hex } from "../kernel/crypto.ts";
import { getBlob, putBlob } from "../kernel/kv/blob.ts";
import { getSubmission, type StoredFile, type Submission } from "./submissions_store.ts";

/** Most files in one submission. */
export const MAX_FILES = 10;
/** How long a download link works, from the submission's time. */
export const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest stored file name, in characters (the extension is kept). */
const NAME_MAX = 100;

/** A file as the request carried it, before it is checked. */
export type UploadedFile = { field: string; name: string; bytes: Uint8Array };
/** A checked file, ready to store. */
export type CheckedFile = { field: string; name: string; content_type: string; bytes: Uint8Array };

/**
 * What may be uploaded, by the type read from the bytes: pictures, sound and
 * video, PDF, office documents and archives, and plain text (no magic number:
 * valid UTF-8 without NUL). Executables, scripts with a magic number and
 * anything unrecognised are refused.
 */
const ALLOWED_PREFIXES = ["image/", "audio/", "video/"];
const ALLOWED_TYPES = new Set([
  "application/pdf",
  "application/zip",
  "application/gzip",
  "application/x-7z-compressed",
  "application/rtf",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/x-cfb",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
]);
/** Image types a browser could run script in or that are not pictures to a person. */
const REFUSED_TYPES = new Set(["image/svg+xml", "application/x-msdownload"]);

/** The type of `bytes` read from their content, or null when it may not be uploaded. */
export async function contentTypeOf(bytes: Uint8Array): Promise<string | null> {
  const t = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (t) {
    if (REFUSED_TYPES.has(t.mime)) return null;
    if (ALLOWED_TYPES.has(t.mime) || ALLOWED_PREFIXES.some((p) => t.mime.startsWith(p))) {
      return t.mime;
    }
    return null;
  }
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "text/plain";
  } catch {
    return null;
  }
}

/**
 * A file name safe to store, show and send in Content-Disposition: the last
 * path part only, letters, digits, spaces and `._()-` kept, anything else
 * (controls, quotes, slashes, semicolons) an underscore, no leading dots, at
 * most 100 characters with the extension kept; "file" when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  let s = base.normalize("NFC").replace(/[^\p{L}\p{N} ._()-]/gu, "_").replace(/\s+/g, " ")
    .replace(/_+/g, "_").replace(/^[.\s_]+/, "").trim();
  const chars = [...s];
  if (chars.length > NAME_MAX) {
    const dot = s.lastIndexOf(".");
    const ext = dot > 0 && s.length - dot <= 12 ? s.slice(dot) : "";
    s = chars.slice(0, NAME_MAX - [...ext].length).join("") + ext;
  }
  return s === "" ? "file" : s;
}

/** The files checked: their types from the bytes and names sanitised; a message per refused file. */
export async function checkFiles(
  files: UploadedFile[],
): Promise<{ ok: CheckedFile[]; errors: { field: string; message: string }[] }> {
  const ok: CheckedFile[] = [];
  const errors: { field: string; message: string }[] = [];
  for (const f of files) {
    const type = await contentTypeOf(f.bytes);
    if (!type) {
      errors.push({ field: f.field, message: "this type of file is not accepted" });
      continue;
    }
    ok.push({ field: f.field, name: sanitizeFileName(f.name), content_type: type, bytes: f.bytes });
  }
  return { ok, errors };
}

/** Writes the files' blobs (before the record that refers to them is committed: blob.ts). */
export async function storeFiles(
  kv: Deno.Kv,
  files: CheckedFile[],
  opts: { expireIn?: number } = {},
): Promise<StoredFile[]> {
  const out: StoredFile[] = [];
  for (const f of files) {
    out.push({
      field: f.field,
      name: f.name,
      size: f.bytes.length,
      content_type: f.content_type,
      blob: await putBlob(kv, f.bytes, opts),
    });
  }
  return out;
}

// --- signed download links ---------------------------------------------------

const linkKeys = new WeakMap<Uint8Array, Uint8Array>();

/** A key of its own for download links, derived once per encryption key. */
function linkKey(encryptionKey: Uint8Array): Uint8Array {
  let k = linkKeys.get(encryptionKey);
  if (!k) {
    k = new Uint8Array(Buffer.from(hmacSha256Hex(encryptionKey, "svc-forms/upload-link"), "hex"));
    linkKeys.set(encryptionKey, k);
  }
  return k;
}

function signature(ctx: Ctx, submissionId: string, index: number, exp: number): string {
  return hmacSha256Base64Url(linkKey(ctx.config.encryptionKey), `${submissionId}/${index}/${exp}`);
}

/** The download link of a submission's file number `index`, valid 7 days from the submission. */
export function fileUrl(ctx: Ctx, s: Pick<Submission, "id" | "created_at">, index: number): string {
  const exp = Math.floor((Date.parse(s.created_at) + LINK_TTL_MS) / 1000);
  const base = ctx.config.SVC_BASE_URL.replace(/\/+$/, "");
  return `${base}/uploads/${s.id}/${index}?exp=${exp}&sig=${signature(ctx, s.id, index, exp)}`;
}

/** What `form.submitted` carries of each file. */
export function filesForEvent(
  ctx: Ctx,
  s: Pick<Submission, "id" | "created_at">,
  files: StoredFile[],
) {
  return files.map((f, i) => ({
    field: f.field,
    name: f.name,
    size: f.size,
    content_type: f.content_type,
    url: fileUrl(ctx, s, i),
  }));
}

export type Download = { name: string; content_type: string; bytes: Uint8Array };

/**
 * The file a download link names, or null when the link is not valid (a wrong
 * or missing signature, expired) or the file is gone. The signature is checked
 * in constant time before anything is read.
 */
export async function downloadFile(
  ctx: Ctx,
  submissionId: string,
  indexText: string,
  expText: string | undefined,
  sig: string | undefined,
): Promise<Download | null> {
  if (!/^\d{1,2}$/.test(indexText) || !expText || !/^\d{1,12}$/.test(expText) || !sig) return null;
  if (submissionId.length > 64) return null;
  const index = Number(indexText);
  const exp = Number(expText);
  if (!constantTimeEqual(sig, signature(ctx, submissionId, index, exp))) return null;
  if (ctx.clock.now() > exp * 1000) return null;
  return await fileOf(ctx, submissionId, index, null);
}

/** A file of a submission of `siteId` (the dashboard serves it to the site's users), or null. */
export async function siteSubmissionFile(
  ctx: Ctx,
  siteId: string,
  submissionId: string,
  indexText: string,
): Promise<Download | null> {
  if (!/^\d{1,2}$/.test(indexText) || submissionId.length > 64) return null;
  return await fileOf(ctx, submissionId, Number(indexText), siteId);
}

async function fileOf(
  ctx: Ctx,
  submissionId: string,
  index: number,
  siteId: string | null,
): Promise<Download | null> {
  const s = await getSubmission(ctx.kv, submissionId);
  if (!s || (siteId !== null && s.site_id !== siteId)) return null;
  const f = s.files?.[index];
  if (!f) return null;
  return { name: f.name, content_type: f.content_type, bytes: await getBlob(ctx.kv, f.blob) };
}

/** The headers of a file's download: always an attachment, never shown in the service's origin. */
export function downloadHeaders(file: Download): Record<string, string> {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return {
    "content-type": file.content_type,
    "content-length": String(file.bytes.length),
    "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${
      encodeURIComponent(file.name)
    }`,
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, no-store",
  };
}
