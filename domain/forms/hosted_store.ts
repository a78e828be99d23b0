/** Hosted forms built in the dashboard; slugs are unique per account. */
import { keys } from "../kernel/kv/keys.ts";
import { ConflictError } from "../kernel/errors.ts";
import type { Ctx } from "../kernel/context.ts";
import { commit, listByIndex, recordsOf, serializeOnKey, sweepPrefix } from "../kernel/kv/kv.ts";
import type { HostedForm } from "./hosted_schema.ts";

// Modules written before hosted_schema.ts import the form's types from here.
export {
  FORM_FIELD_TYPES,
  type FormField,
  type FormFieldType,
  type FormSettings,
  type HostedForm,
} from "./hosted_schema.ts";

export async function createHostedForm(kv: Deno.Kv, f: HostedForm): Promise<HostedForm> {
  await commit(
    kv.atomic()
      .check({ key: keys.form(f.id), versionstamp: null })
      .check({ key: keys.formBySlug(f.account_id, f.slug), versionstamp: null })
      .set(keys.form(f.id), f)
      .set(keys.formBySlug(f.account_id, f.slug), f.id)
      .set(keys.formByAccount(f.account_id, f.id), f.id),
    `slug ${f.slug} is already used by a form of this account`,
  );
  return f;
}

export async function getHostedForm(kv: Deno.Kv, id: string): Promise<HostedForm | null> {
  return (await kv.get<HostedForm>(keys.form(id))).value;
}

export async function getHostedFormBySlug(
  kv: Deno.Kv,
  accountId: string,
  slug: string,
): Promise<HostedForm | null> {
  const id = (await kv.get<string>(keys.formBySlug(accountId, slug))).value;
  return id ? await getHostedForm(kv, id) : null;
}

/** Read-modify-write; keeps the slug index in step. ConflictError on a taken slug. */
export function updateHostedForm(
  ctx: Pick<Ctx, "kv" | "locks">,
  id: string,
  change: (f: HostedForm) => HostedForm,
): Promise<HostedForm | null> {
  // Like updateSite: a race lost to another process re-applies `change`.
  const { kv } = ctx;
  return serializeOnKey(ctx.locks, keys.form(id), async () => {
    for (let attempt = 1;; attempt++) {
      const r = await kv.get<HostedForm>(keys.form(id));
      if (!r.value) return null;
      const prev = r.value;
      const next = change(prev);
      const op = kv.atomic().check(r).set(keys.form(id), next);
      if (next.slug !== prev.slug) {
        op.check({ key: keys.formBySlug(next.account_id, next.slug), versionstamp: null })
          .delete(keys.formBySlug(prev.account_id, prev.slug))
          .set(keys.formBySlug(next.account_id, next.slug), id);
      }
      if ((await op.commit()).ok) return next;
      const now = await kv.get(keys.form(id));
      if (now.versionstamp === r.versionstamp || attempt >= 10) {
        throw new ConflictError(`slug ${next.slug} is already used by a form of this account`);
      }
    }
  });
}

export function listHostedForms(kv: Deno.Kv, accountId: string): Promise<HostedForm[]> {
  return listByIndex<HostedForm>(kv, keys.formsByAccount(accountId), keys.form);
}

/** One batch of deleting a deleted account's hosted forms (their slugs too); 0 when done. */
export function sweepFormsOfAccount(
  kv: Deno.Kv,
  accountId: string,
  limit: number,
): Promise<number> {
  return sweepPrefix(kv, keys.formsByAccount(accountId), limit, async (entries) => {
    const fs = await recordsOf<HostedForm>(kv, entries, keys.form);
    return fs.map((f, i) =>
      f ? [entries[i].key, keys.form(f.id), keys.formBySlug(accountId, f.slug)] : [entries[i].key]
    );
  });
}
