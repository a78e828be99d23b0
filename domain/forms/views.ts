/** The stored submission as the operator API shows it: fields unpacked. */
import type { Ctx } from "../kernel/context.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import type { Submission } from "./submissions_store.ts";

export async function submissionView(ctx: Ctx, s: Submission) {
  const { fields, ...rest } = s;
  return {
    ...rest,
    fields: JSON.parse(await unpackText(ctx.kv, fields)) as Record<string, string>,
  };
}
