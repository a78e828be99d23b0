/**
 * Builds an OpenAPI 3.1 document from a route table whose bodies and answers
 * are zod schemas (zod 4's `z.toJSONSchema`, input side: what a client sends
 * and may read, without `additionalProperties: false`, so added fields stay
 * additive). Nothing here is written by hand per field: a route table names
 * the schema, the envelope and the error codes; this file turns them into
 * paths, responses and reusable error envelopes.
 */
import { z } from "zod";

/** How an operation shapes its errors (routes/types.ts `Envelope`). */
export type DocEnvelope = "plain" | "ok_false" | "ok_false_reason" | "mail" | "admin";

export type JsonSchema = Record<string, unknown>;

/** Error codes answered with one status. */
export type ErrorCase = { status: number; codes: string[] };

/** A real request and the answer it gets from a freshly seeded service (the contract test sends it). */
export type Example = {
  /** Unique within the operation; the response example under `status` has the same name. */
  name: string;
  summary: string;
  /** Path parameter values (placeholders like `{site}` are filled by the contract test). */
  params?: Record<string, string>;
  body?: unknown;
  /** Extra request headers (beyond the key). */
  headers?: Record<string, string>;
  status: number;
  /** The answer body (an illustration; the test validates the real one against the schema). */
  answer?: unknown;
};

export type Operation = {
  method: "get" | "post" | "patch" | "delete";
  /** Path under the document's server, OpenAPI style: `/forms/render/{slug}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  envelope: DocEnvelope;
  body?: z.ZodType;
  query?: Record<string, { schema: JsonSchema; description: string }>;
  /** Optional request headers (their examples come from each Example's `headers`). */
  headers?: Record<string, { schema: JsonSchema; description: string }>;
  /** Success answer (a zod schema or a JSON Schema); `null` for an empty 204. */
  answer: z.ZodType | JsonSchema | null;
  /** Success status (default 200). */
  status?: number;
  /** More answers at the success status (e.g. mail/send's ok:false at HTTP 200), as `oneOf`. */
  alsoAtSuccess?: JsonSchema[];
  /** Response headers of the success answer. */
  answerHeaders?: Record<string, string>;
  errors: ErrorCase[];
  examples?: Example[];
  /** Operation without authentication (the documents themselves). */
  public?: boolean;
};

/** JSON Schema of a zod schema, as the client sends or reads it. */
export function jsonSchema(schema: z.ZodType | JsonSchema): JsonSchema {
  if (!(schema instanceof z.ZodType)) return schema;
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete out.$schema;
  return out;
}

const DETAILS: JsonSchema = {
  type: "array",
  description: "With invalid_payload: which fields failed and why.",
  items: {
    type: "object",
    required: ["field", "message"],
    properties: { field: { type: "string" }, message: { type: "string" } },
  },
};

/** The error body of an envelope, its codes listed (spec: Errors > Envelope). */
export function errorSchema(envelope: DocEnvelope, codes: string[]): JsonSchema {
  const code = { type: "string", enum: [...new Set(codes)] };
  const noOk = { not: { required: ["ok"] } };
  switch (envelope) {
    case "plain":
      return {
        type: "object",
        description: "No `ok` field: `{error}`.",
        required: ["error"],
        properties: { error: code, details: DETAILS, message: { type: "string" } },
        ...noOk,
      };
    case "ok_false":
      return {
        type: "object",
        description: "`{ok: false, error}`.",
        required: ["ok", "error"],
        properties: { ok: { const: false }, error: code, details: DETAILS },
      };
    case "ok_false_reason":
      return {
        type: "object",
        description: "`{ok: false, error, reason}` (both the code).",
        required: ["ok", "error", "reason"],
        properties: { ok: { const: false }, error: code, reason: code, details: DETAILS },
      };
    case "mail":
      return {
        type: "object",
        description:
          "`{ok: false, sent: false, reason, error}`: `reason` is the code; `error` is the code too, " +
          "except with send_failed, where it holds the failure text.",
        required: ["ok", "sent", "reason", "error"],
        properties: {
          ok: { const: false },
          sent: { const: false },
          reason: code,
          error: { type: "string" },
          details: DETAILS,
          filename: { type: "string", description: "With invalid_attachment: the file." },
        },
      };
    case "admin":
      return {
        type: "object",
        description: "`{error, message}`: a code and a sentence for people.",
        required: ["error", "message"],
        properties: { error: code, message: { type: "string" }, details: DETAILS },
        ...noOk,
      };
  }
}

const REASONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No content",
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  408: "Request body timeout",
  409: "Conflict",
  410: "Gone",
  413: "Request body too large",
  429: "Too many requests",
  500: "Service problem",
  502: "Bad gateway",
};

function mergeErrors(errors: ErrorCase[]): Map<number, string[]> {
  const by = new Map<number, string[]>();
  for (const e of errors) by.set(e.status, [...(by.get(e.status) ?? []), ...e.codes]);
  return by;
}

function examplesFor(examples: Example[], status: number, field: "answer" | "body") {
  // Every example has an answer example under its status (with no value when the
  // answer is not shown), so a reader finds each example's status there.
  const list = examples.filter((e) =>
    field === "body" ? e.body !== undefined : e.status === status
  );
  if (!list.length) return undefined;
  return Object.fromEntries(list.map((e) => {
    const value = field === "body" ? e.body : e.answer;
    return [e.name, { summary: e.summary, ...(value !== undefined && { value }) }];
  }));
}

function operationObject(op: Operation, security: string): Record<string, unknown> {
  const examples = op.examples ?? [];
  const success = op.status ?? 200;
  const responses: Record<string, unknown> = {};
  if (op.answer === null) {
    responses[String(success)] = { description: REASONS[success] ?? "OK" };
  } else {
    const main = jsonSchema(op.answer);
    const schema = op.alsoAtSuccess ? { oneOf: [main, ...op.alsoAtSuccess] } : main;
    responses[String(success)] = {
      description: REASONS[success] ?? "OK",
      ...(op.answerHeaders && {
        headers: Object.fromEntries(
          Object.entries(op.answerHeaders).map((
            [h, d],
          ) => [h, { description: d, schema: { type: "string" } }]),
        ),
      }),
      content: {
        "application/json": { schema, examples: examplesFor(examples, success, "answer") },
      },
    };
  }
  for (const [status, codes] of mergeErrors(op.errors)) {
    responses[String(status)] = {
      description: `${REASONS[status] ?? "Error"}: ${[...new Set(codes)].join(", ")}`,
      content: {
        "application/json": {
          schema: errorSchema(op.envelope, codes),
          examples: examplesFor(examples, status, "answer"),
        },
      },
    };
  }
  const params: Record<string, unknown>[] = [...op.path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)]
    .map((m) => {
      const named = examples.filter((e) => e.params?.[m[1]] !== undefined);
      return {
        name: m[1],
        in: "path",
        required: true,
        schema: { type: "string" },
        ...(named.length && {
          examples: Object.fromEntries(
            named.map((e) => [e.name, { summary: e.summary, value: e.params![m[1]] }]),
          ),
        }),
      };
    });
  for (const [name, h] of Object.entries(op.headers ?? {})) {
    const named = examples.filter((e) => e.headers?.[name] !== undefined);
    params.push({
      name,
      in: "header",
      required: false,
      schema: h.schema,
      description: h.description,
      ...(named.length && {
        examples: Object.fromEntries(
          named.map((e) => [e.name, { summary: e.summary, value: e.headers![name] }]),
        ),
      }),
    });
  }
  for (const [name, q] of Object.entries(op.query ?? {})) {
    params.push(
      { name, in: "query", required: false, schema: q.schema, description: q.description } as never,
    );
  }
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description && { description: op.description }),
    ...(params.length && { parameters: params }),
    ...(op.body && {
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: jsonSchema(op.body),
            examples: examplesFor(examples, success, "body"),
          },
        },
      },
    }),
    responses,
    ...(op.public ? { security: [] } : { security: [{ [security]: [] }] }),
  };
}

/** `post /sites/{id}/api-keys` → `postSitesIdApiKeys`. */
export function operationId(op: Pick<Operation, "method" | "path">): string {
  const words = op.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return op.method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

export type DocumentInput = {
  title: string;
  description: string;
  server: string;
  securityName: string;
  securityScheme: JsonSchema;
  tags: { name: string; description: string }[];
  ops: Operation[];
  webhooks?: Record<string, unknown>;
  components?: Record<string, unknown>;
};

/** The OpenAPI 3.1 document. */
export function buildDocument(d: DocumentInput): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of d.ops) {
    (paths[op.path] ??= {})[op.method] = operationObject(op, d.securityName);
  }
  return {
    openapi: "3.1.0",
    info: { title: d.title, version: "1.0.0", description: d.description },
    servers: [{ url: d.server }],
    tags: d.tags,
    paths,
    ...(d.webhooks && { webhooks: d.webhooks }),
    components: {
      ...d.components,
      securitySchemes: { [d.securityName]: d.securityScheme },
    },
  };
}
