/** GET /healthz: 200 with the KV read time while KV answers, 503 without internals when it does not. */
import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { buildApp } from "../../../routes/app.ts";

Deno.test("healthz answers 200 with kv ok and the read time while KV answers", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const r = await buildApp(svc.ctx).request("/healthz");
    assert.equal(r.status, 200);
    const body = await r.json();
    assert.deepEqual(Object.keys(body), ["ok", "kv", "kv_ms"]);
    assert.equal(body.ok, true);
    assert.equal(body.kv, "ok");
    assert.equal(typeof body.kv_ms, "number");
  } finally {
    await svc.close();
  }
});

Deno.test("healthz answers 503 kv unreachable when the KV read fails", async () => {
  const svc = await startTestService({ runJobs: false });
  const broken = await Deno.openKv(":memory:");
  broken.close();
  const errors: string[] = [];
  try {
    const log = { ...svc.ctx.log, error: (msg: string) => void errors.push(msg) };
    const r = await buildApp({ ...svc.ctx, kv: broken, log }).request("/healthz");
    assert.equal(r.status, 503);
    assert.deepEqual(await r.json(), { ok: false, kv: "unreachable" });
    assert.deepEqual(errors, ["health check: KV unreachable"]);
  } finally {
    await svc.close();
  }
});
