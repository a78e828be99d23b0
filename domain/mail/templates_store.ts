/**
 * Mail templates owned by an account. Slugs are unique per account (guarded by
 * the slug index); bodies can reach 500,000 characters, so they are packed.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, listByIndex, recordsOf, sweepPrefix } from "../kernel/kv/kv.ts";
import { blobKeys, blobOf, deleteBlob, type Packed } from "../kernel/kv/blob.ts";

export type TemplateRecord = {
  id: string;
  account_id: string;
  name: string;
  slug: string;
  subject: string | null;
  html: Packed<string> | null;
  text: Packed<string> | null;
  created_at: string;
  updated_at: string;
};

export async function createTemplate(kv: Deno.Kv, t: TemplateRecord): Promise<void> {
  await commit(
    kv.atomic()
      .check({ key: keys.template(t.id), versionstamp: null })
      .check({ key: keys.templateBySlug(t.account_id, t.slug), versionstamp: null })
      .set(keys.template(t.id), t)
      .set(keys.templateBySlug(t.account_id, t.slug), t.id)
      .set(keys.templateByAccount(t.account_id, t.id), t.id),
    `template slug ${t.slug} is taken`,
  );
}

export async function getTemplateEntry(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<TemplateRecord>> {
  return await kv.get<TemplateRecord>(keys.template(id));
}

export async function getTemplate(kv: Deno.Kv, id: string): Promise<TemplateRecord | null> {
  return (await kv.get<TemplateRecord>(keys.template(id))).value;
}

export async function getTemplateBySlug(
  kv: Deno.Kv,
  accountId: string,
  slug: string,
): Promise<TemplateRecord | null> {
  const id = (await kv.get<string>(keys.templateBySlug(accountId, slug))).value;
  return id ? await getTemplate(kv, id) : null;
}

/** Replaces a template if unchanged since `versionstamp`; moves the slug index when it changes. */
export async function replaceTemplate(
  kv: Deno.Kv,
  versionstamp: string,
  prev: TemplateRecord,
  next: TemplateRecord,
): Promise<void> {
  const op = kv.atomic()
    .check({ key: keys.template(next.id), versionstamp })
    .set(keys.template(next.id), next);
  if (next.slug !== prev.slug) {
    op.check({ key: keys.templateBySlug(next.account_id, next.slug), versionstamp: null })
      .delete(keys.templateBySlug(prev.account_id, prev.slug))
      .set(keys.templateBySlug(next.account_id, next.slug), next.id);
  }
  for (const [a, b] of [[prev.html, next.html], [prev.text, next.text]] as const) {
    const old = a && blobOf(a);
    if (old && old.blob !== (b && blobOf(b))?.blob) deleteBlob(op, old);
  }
  await commit(op, `template ${next.id} changed concurrently or slug taken`);
}

export async function deleteTemplate(kv: Deno.Kv, t: TemplateRecord): Promise<void> {
  const op = kv.atomic()
    .delete(keys.template(t.id))
    .delete(keys.templateBySlug(t.account_id, t.slug))
    .delete(keys.templateByAccount(t.account_id, t.id));
  for (const p of [t.html, t.text]) {
    const b = p && blobOf(p);
    if (b) deleteBlob(op, b);
  }
  await commit(op, "delete template");
}

export function listTemplatesOfAccount(kv: Deno.Kv, accountId: string): Promise<TemplateRecord[]> {
  return listByIndex<TemplateRecord>(kv, keys.templatesByAccount(accountId), keys.template);
}

/** One batch of deleting a deleted account's templates (with slugs and blobs); 0 when done. */
export function sweepTemplatesOfAccount(
  kv: Deno.Kv,
  accountId: string,
  limit: number,
): Promise<number> {
  return sweepPrefix(kv, keys.templatesByAccount(accountId), limit, async (entries) => {
    const ts = await recordsOf<TemplateRecord>(kv, entries, keys.template);
    return ts.map((t, i) => {
      if (!t) return [entries[i].key];
      const blobs = [t.html, t.text].map((p) => p && blobOf(p)).filter((b) => !!b);
      return [
        entries[i].key,
        keys.template(t.id),
        keys.templateBySlug(accountId, t.slug),
        ...blobs.flatMap((b) => blobKeys(b!)),
      ];
    });
  });
}
