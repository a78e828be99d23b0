/**
 * Writes clients/typescript/schema.d.ts from the public OpenAPI document
 * (openapi-typescript). Run by `deno task client:types`; the client test
 * fails when the committed file differs from a fresh generation.
 */
import openapiTS, { astToString } from "openapi-typescript";
import { publicDocument } from "../../domain/api_docs/public_document.ts";

const HEADER = `/**
 * Generated from GET /api/v1/openapi.json by clients/typescript/generate.ts
 * (deno task client:types) with openapi-typescript. Do not edit.
 */
`;

export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(publicDocument() as never, { alphabetize: true });
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  const out = new URL("./schema.d.ts", import.meta.url);
  await Deno.writeTextFile(out, await generateTypes());
  console.log(`wrote ${out.pathname}`);
}
