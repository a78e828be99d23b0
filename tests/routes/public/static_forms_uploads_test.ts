/** POST /f/{id} with files: stored as blobs, listed, signed links; the limits answered clearly. */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import { eventsOf, startFormsService, withMail } from "../../helpers/forms.ts";
import { createEndpoint, multipart, png, postDoor } from "../../helpers/static_forms.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";

const JSON_ACCEPT = { accept: "application/json" };

Deno.test("a file is stored with the submission, listed in the notification and the event, and downloads signed", async () => {
  const clock = new ManualClock(Date.parse("2026-05-01T10:00:00Z"));
  await withMail(async (svc, smtp) => {
    svc.ctx.clock = clock;
    const { siteId } = await seedSite(svc);
    const e = await createEndpoint(svc, siteId);
    const bytes = png(200_000); // over one KV value: stored in chunks
    const r = await postDoor(
      svc,
      e.id,
      multipart({ email: "ann@example.org", message: "My plan is attached." }, [
        { field: "plan", name: "../../etc/plan$v2!.png", bytes, type: "text/html" },
      ]),
      JSON_ACCEPT,
    );
    assert.deepEqual([r.status, r.body], [200, { ok: true }]);
    const [ev] = (await eventsOf(svc, siteId)).filter((x) => x.type === "form.submitted");
    const files = ev.data.files as {
      field: string;
      name: string;
      size: number;
      content_type: string;
      url: string;
    }[];
    assert.equal(files.length, 1);
    assert.deepEqual(
      {
        field: files[0].field,
        name: files[0].name,
        size: files[0].size,
        type: files[0].content_type,
      },
      { field: "plan", name: "plan_v2_.png", size: bytes.length, type: "image/png" },
    );
    const [msg] = await smtp.waitFor(1);
    const html = String((await msg.parse()).html);
    assert.ok(html.includes("plan_v2_.png"));
    const link = html.match(/href="([^"]*\/uploads\/[^"]*)"/)![1].replaceAll("&amp;", "&");
    assert.equal(link, files[0].url);

    const path = new URL(link).pathname + new URL(link).search;
    const dl = await svc.app.request(path);
    assert.equal(dl.status, 200);
    assert.deepEqual(new Uint8Array(await dl.arrayBuffer()), bytes);
    assert.match(
      dl.headers.get("content-disposition") ?? "",
      /^attachment; filename="plan_v2_.png"/,
    );
    assert.equal(dl.headers.get("x-content-type-options"), "nosniff");

    // Another first character than the signature's own (a fixed "A" matched it one time in 64).
    const tampered = await svc.app.request(
      path.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`),
    );
    assert.equal(tampered.status, 404);
    await tampered.body?.cancel();
    const other = await svc.app.request(path.replace("/0?", "/1?"));
    assert.equal(other.status, 404);
    await other.body?.cancel();
    clock.advance(7 * 24 * 3600_000 + 1000);
    const expired = await svc.app.request(path);
    assert.equal(expired.status, 404);
    await expired.body?.cancel();
  });
});

Deno.test("uploads over SVC_UPLOAD_MAX_BYTES, over 10 files or of a refused type are answered clearly", async () => {
  const svc = await startFormsService({ runJobs: false, config: { SVC_UPLOAD_MAX_BYTES: 50_000 } });
  try {
    const { siteId } = await seedSite(svc);
    const e = await createEndpoint(svc, siteId);
    const big = multipart({ message: "Hello" }, [{
      field: "f",
      name: "a.png",
      bytes: png(60_000),
    }]);
    const page = await postDoor(svc, e.id, big);
    assert.equal(page.status, 413);
    assert.match(page.text, /The files are too large/);
    assert.match(page.text, /at most 50000 bytes/);
    const json = await postDoor(
      svc,
      e.id,
      multipart({ message: "Hello" }, [{ field: "f", name: "a.png", bytes: png(60_000) }]),
      JSON_ACCEPT,
    );
    assert.deepEqual([json.status, json.body.error], [413, "upload_too_large"]);
    // Two files, each under the limit, together over it.
    const two = await postDoor(
      svc,
      e.id,
      multipart({}, [
        { field: "a", name: "a.png", bytes: png(30_000) },
        { field: "b", name: "b.png", bytes: png(30_000) },
      ]),
      JSON_ACCEPT,
    );
    assert.deepEqual([two.status, two.body.error], [413, "upload_too_large"]);
    const eleven = await postDoor(
      svc,
      e.id,
      multipart(
        {},
        Array.from({ length: 11 }, (_, i) => ({ field: `f${i}`, name: `${i}.png`, bytes: png() })),
      ),
      JSON_ACCEPT,
    );
    assert.deepEqual([eleven.status, eleven.body.error], [413, "too_many_files"]);
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]);
    const exe = await postDoor(
      svc,
      e.id,
      multipart({}, [{ field: "doc", name: "cv.pdf", bytes: elf, type: "application/pdf" }]),
      JSON_ACCEPT,
    );
    assert.equal(exe.status, 400);
    assert.deepEqual(exe.body.fields, [{
      field: "doc",
      message: "this type of file is not accepted",
    }]);
  } finally {
    await svc.close();
  }
});
