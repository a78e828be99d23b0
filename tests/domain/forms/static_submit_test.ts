/** The multipart limits of POST /f/{id}: files counted as they are read, at most 10, types from bytes. */
import assert from "node:assert/strict";
import { ApiError } from "../../../domain/kernel/errors.ts";
import { startTestService } from "../../helpers/service.ts";
import { multipart, png } from "../../helpers/static_forms.ts";
import {
  doorBodyLimit,
  MULTIPART_FIELDS_ROOM,
  parseDoorBody,
} from "../../../domain/forms/static_submit.ts";
import { checkFiles, contentTypeOf } from "../../../domain/forms/uploads.ts";
import { FORMS_BODY_LIMIT } from "../../../domain/forms/schema.ts";

async function encode(form: FormData): Promise<{ type: string; bytes: Uint8Array }> {
  const req = new Request("http://x/", { method: "POST", body: form });
  return {
    type: req.headers.get("content-type")!,
    bytes: new Uint8Array(await req.arrayBuffer()),
  };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "none";
  } catch (e) {
    if (e instanceof ApiError) return `${e.status} ${e.code}`;
    throw e;
  }
}

Deno.test("multipart limits: files up to SVC_UPLOAD_MAX_BYTES pass, one byte more is 413", async () => {
  const svc = await startTestService({ runJobs: false, config: { SVC_UPLOAD_MAX_BYTES: 10_000 } });
  try {
    const base = png().length;
    const exact = await encode(
      multipart({ a: "1" }, [
        { field: "f", name: "a.png", bytes: png(5_000 - base) },
        { field: "g", name: "b.png", bytes: png(5_000 - base) },
      ]),
    );
    const got = await parseDoorBody(svc.ctx, exact.type, exact.bytes);
    assert.deepEqual(got.files.map((f) => f.bytes.length), [5_000, 5_000]);
    assert.equal(got.fields.get("a"), "1");
    const over = await encode(
      multipart({}, [
        { field: "f", name: "a.png", bytes: png(5_000 - base) },
        { field: "g", name: "b.png", bytes: png(5_001 - base) },
      ]),
    );
    assert.equal(await code(parseDoorBody(svc.ctx, over.type, over.bytes)), "413 upload_too_large");
    // The reader's bound: the files' limit plus room for the fields, multipart only.
    assert.equal(doorBodyLimit(svc.ctx, over.type), 10_000 + MULTIPART_FIELDS_ROOM);
    assert.equal(doorBodyLimit(svc.ctx, "application/x-www-form-urlencoded"), FORMS_BODY_LIMIT);
  } finally {
    await svc.close();
  }
});

Deno.test("multipart limits: 10 files pass, the 11th is 413 too_many_files; empty file inputs do not count", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const ten = Array.from(
      { length: 10 },
      (_, i) => ({ field: `f${i}`, name: `${i}.png`, bytes: png() }),
    );
    const form = multipart({}, ten);
    form.append("empty", new File([], ""));
    const ok = await encode(form);
    assert.equal((await parseDoorBody(svc.ctx, ok.type, ok.bytes)).files.length, 10);
    const eleven = await encode(
      multipart({}, [...ten, { field: "x", name: "x.png", bytes: png() }]),
    );
    assert.equal(
      await code(parseDoorBody(svc.ctx, eleven.type, eleven.bytes)),
      "413 too_many_files",
    );
  } finally {
    await svc.close();
  }
});

Deno.test("repeated names are joined; a broken multipart body is 400; other media types 415", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const form = new FormData();
    form.append("topic", "Sales");
    form.append("topic", "Support");
    const e = await encode(form);
    assert.equal(
      (await parseDoorBody(svc.ctx, e.type, e.bytes)).fields.get("topic"),
      "Sales, Support",
    );
    // Without a boundary the parts cannot be told apart.
    const broken = new TextEncoder().encode("--b\r\nContent-Disposition: form-data\r\n\r\nx");
    assert.equal(
      await code(parseDoorBody(svc.ctx, "multipart/form-data", broken)),
      "400 invalid_body",
    );
    assert.equal(
      await code(parseDoorBody(svc.ctx, "text/xml", new Uint8Array())),
      "415 unsupported_media_type",
    );
  } finally {
    await svc.close();
  }
});

Deno.test("file types come from the bytes, not the name or the declared type", async () => {
  assert.equal(await contentTypeOf(png()), "image/png");
  assert.equal(await contentTypeOf(new TextEncoder().encode("plain notes\n")), "text/plain");
  assert.equal(await contentTypeOf(new TextEncoder().encode("%PDF-1.7\n%...")), "application/pdf");
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
  // Without a magic number it is text: stored and served as text/plain, a download.
  assert.equal(await contentTypeOf(svg), "text/plain");
  const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]);
  assert.equal(await contentTypeOf(elf), null);
  assert.equal(await contentTypeOf(new Uint8Array([0, 1, 2, 3, 0xff, 0xfe])), null);
  const checked = await checkFiles([
    { field: "cv", name: "cv.pdf", bytes: elf },
    { field: "photo", name: "me.jpg", bytes: png() },
  ]);
  assert.deepEqual(checked.errors, [{ field: "cv", message: "this type of file is not accepted" }]);
  assert.deepEqual(checked.ok.map((f) => [f.name, f.content_type]), [["me.jpg", "image/png"]]);
});
