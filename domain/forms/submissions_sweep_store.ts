/**
 * Deleting and finding stored submissions: one with everything it owns (record,
 * site index, mark, release, blob chunks), a site's in batches (deletion,
 * retention), and those whose fields name someone (export, erase).
 */
import { keys } from "../kernel/kv/keys.ts";
import { deleteKeyGroups, eachByIndex, sweepIndexOldestFirst } from "../kernel/kv/kv.ts";
import { blobKeys, unpackText } from "../kernel/kv/blob.ts";
import { type Submission, submissionBlobs } from "./submissions_store.ts";

/** Every key a submission owns: the record, its index, mark, release and blob chunks. */
function submissionKeys(s: Submission): Deno.KvKey[] {
  return [
    keys.submission(s.id),
    keys.submissionBySite(s.site_id, s.id),
    keys.submissionMark(s.id),
    keys.submissionRelease(s.id),
    ...submissionBlobs(s).flatMap(blobKeys),
  ];
}

/** Deletes submissions with everything they own, each in one operation. */
export async function deleteSubmissions(kv: Deno.Kv, subs: Submission[]): Promise<void> {
  await deleteKeyGroups(kv, subs.map(submissionKeys));
}

/**
 * One batch of deleting a site's submissions, oldest first: up to `limit`, and
 * with `before` (ms) only those created before it (retention). Returns how many
 * went; 0 when none is left to delete.
 */
export async function sweepSubmissionsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
  before?: number,
): Promise<number> {
  const gone = await sweepIndexOldestFirst<Submission>(
    kv,
    keys.submissionsBySite(siteId),
    keys.submission,
    limit,
    before,
    (found) => found.map((f) => submissionKeys(f.record)),
  );
  return gone.length;
}

/** A site's submissions whose fields (as stored JSON text) `match`, oldest first. */
export async function findSubmissionsOfSite(
  kv: Deno.Kv,
  siteId: string,
  match: (fieldsJson: string) => boolean,
): Promise<Submission[]> {
  const out: Submission[] = [];
  for await (
    const s of eachByIndex<Submission>(kv, keys.submissionsBySite(siteId), keys.submission)
  ) {
    if (match(await unpackText(kv, s.fields))) out.push(s);
  }
  return out;
}
