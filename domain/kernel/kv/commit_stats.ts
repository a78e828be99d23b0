/** The group committer's running figures of a KV handle (group_commit.ts), for /metrics. */
import { GroupCommitKv } from "./group_commit.ts";

export type CommitStats = { commits: number; operations: number; commitMs: number };

/** Null for a handle that does not commit through a group committer. */
export function commitStats(kv: Deno.Kv): CommitStats | null {
  if (!(kv instanceof GroupCommitKv)) return null;
  const s = kv.stats;
  return { commits: s.commits, operations: s.operations, commitMs: s.commitMs };
}
