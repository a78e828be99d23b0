/**
 * Contract: every example of both OpenAPI documents is sent to a started
 * service (real HTTP on loopback), and the answer must have the example's
 * status and match the schema the document gives for that status (ajv, JSON
 * Schema 2020-12).
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { seedSite, startTestService } from "../../helpers/service.ts";

type Example = { summary: string; value: unknown };
type Media = { schema?: unknown; examples?: Record<string, Example> };
type Op = {
  parameters?: { name: string; in: string; examples?: Record<string, Example> }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Doc = { paths: Record<string, Record<string, Op>> };

/** Each example name of an operation: its body, and the status its answer example sits under. */
function examples(op: Op): { name: string; body?: unknown; status: number }[] {
  const names = new Set<string>();
  const bodies = op.requestBody?.content["application/json"].examples ?? {};
  for (const n of Object.keys(bodies)) names.add(n);
  const statusOf = new Map<string, number>();
  for (const [status, r] of Object.entries(op.responses)) {
    for (const n of Object.keys(r.content?.["application/json"]?.examples ?? {})) {
      names.add(n);
      statusOf.set(n, Number(status));
    }
  }
  return [...names].map((name) => ({
    name,
    body: bodies[name]?.value,
    // A body example without an answer example is a success example.
    status: statusOf.get(name) ?? Number(Object.keys(op.responses)[0]),
  }));
}

Deno.test("every example of the public document gets its documented status and shape", async () => {
  const svc = await startTestService();
  try {
    const base = await svc.listen();
    const seeded = await seedSite(svc);
    // forms/render's example names the form "contact".
    const form = await svc.admin("POST", `/accounts/${seeded.accountId}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [{ name: "email", label: "Email", type: "email", required: true }],
    });
    assert.equal(form.status, 201, form.text);
    const doc = await (await fetch(`${base}/api/v1/openapi.json`)).json() as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const list = examples(op);
        if (path !== "/openapi.json") {
          assert.ok(list.length > 0, `${method} ${path} has no example`);
        }
        for (const ex of list) {
          // Path parameters: the parameter's example of the same name.
          const url = path.replace(
            /\{([a-z_]+)\}/g,
            (_, p: string) =>
              String(op.parameters?.find((x) => x.name === p)?.examples?.[ex.name]?.value ?? p),
          );
          const res = await fetch(`${base}/api/v1${url}`, {
            method: method.toUpperCase(),
            headers: {
              ...Object.fromEntries(
                (op.parameters ?? []).filter((x) => x.in === "header" && x.examples?.[ex.name])
                  .map((x) => [x.name, String(x.examples![ex.name].value)]),
              ),
              "x-service-api-key": seeded.key,
              ...(ex.body !== undefined && { "content-type": "application/json" }),
            },
            body: ex.body === undefined ? undefined : JSON.stringify(ex.body),
          });
          const text = await res.text();
          const what = `${method} ${path} example ${ex.name}: ${res.status} ${text.slice(0, 300)}`;
          assert.equal(res.status, ex.status, what);
          const schema = op.responses[String(res.status)]?.content?.["application/json"]?.schema;
          assert.ok(schema, `no schema for ${what}`);
          const validate = ajv.compile(schema as object);
          assert.ok(validate(JSON.parse(text)), `${what}\n${JSON.stringify(validate.errors)}`);
          sent++;
        }
      }
    }
    assert.ok(sent >= 15, `only ${sent} examples sent`);
  } finally {
    await svc.close();
  }
});

Deno.test("every example of the operator document gets its documented status and shape", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const base = await svc.listen();
    const doc = (await svc.admin("GET", "/openapi.json")).body as unknown as Doc;
    // Examples name seeded objects by placeholder.
    const seeded = await seedSite(svc);
    const ids: Record<string, string> = { "{site}": seeded.siteId, "{account}": seeded.accountId };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const ex of examples(op)) {
          const url = path.replace(/\{([a-zA-Z_]+)\}/g, (_, p: string) => {
            const v = String(op.parameters?.find((x) => x.name === p)?.examples?.[ex.name]?.value);
            assert.ok(ids[v], `${method} ${path} example ${ex.name}: no seeded ${v}`);
            return ids[v];
          });
          const res = await fetch(`${base}/admin/api/v1${url}`, {
            method: method.toUpperCase(),
            headers: {
              authorization: `Bearer ${svc.ctx.config.adminToken}`,
              "content-type": "application/json",
            },
            body: ex.body === undefined ? undefined : JSON.stringify(ex.body),
          });
          const text = await res.text();
          const what = `${method} ${path} example ${ex.name}: ${res.status} ${text.slice(0, 300)}`;
          assert.equal(res.status, ex.status, what);
          const schema = op.responses[String(res.status)]?.content?.["application/json"]?.schema;
          const validate = ajv.compile(schema as object);
          assert.ok(validate(JSON.parse(text)), `${what}\n${JSON.stringify(validate.errors)}`);
          sent++;
        }
      }
    }
    assert.ok(sent >= 12, `only ${sent} examples sent`);
  } finally {
    await svc.close();
  }
});
