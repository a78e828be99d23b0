import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { HostedFormRecord } from "../../../domain/forms/hosted_schema.ts";
import { readHostedForm } from "../../../domain/forms/hosted.ts";

Deno.test("a hosted form as stored matches the record schema its type comes from", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await svc.admin("POST", "/accounts", { name: "Acme" });
    const r = await svc.admin("POST", `/accounts/${a.body.id}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [
        { name: "email", label: "Email", type: "email", required: true },
        { name: "topic", label: "Topic", type: "select", options: ["Sales", "Support"] },
      ],
      settings: { submit_label: "Send", card_wrap: "soft" },
    });
    assert.equal(r.status, 201, r.text);
    await svc.admin("POST", `/forms/${r.body.id}/archive`);
    const stored = await readHostedForm(svc.ctx, r.body.id as string);
    assert.ok(stored?.archived);
    // Every key of the record is one the schema names: nothing stored is untyped.
    assert.deepEqual(HostedFormRecord.strict().parse(stored), stored);
  } finally {
    await svc.close();
  }
});
