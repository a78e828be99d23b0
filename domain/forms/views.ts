/** The stored submission as the operator API shows it: fields unpacked. */
import type { Ctx } from "../context.ts";
import { unpackText } from "../store/blob.ts";
import type { Submission } from "../store/submissions.ts";

export async function submissionView(ctx: Ctx, s: Submission) {
  const { fields, ...rest } = s;
  return {
    ...rest,
    fields: JSON.parse(await unpackText(ctx.kv, fields)) as Record<string, string>,
  };
}
