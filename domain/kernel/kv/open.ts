/**
 * Opening the KV store: a local file (owner-only, see restrictKvFiles), ":memory:",
 * or a KV Connect URL; always behind the group committer (group_commit.ts).
 * Called by openCtx (domain/kernel/context.ts), which main.ts and the job
 * worker threads use.
 */
import { dirname } from "node:path";
import { withGroupCommit } from "./group_commit.ts";

/** The KV file and its SQLite companions, when they exist, to mode 0600. */
export async function restrictKvFiles(path: string): Promise<void> {
  for (const f of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    try {
      await Deno.chmod(f, 0o600);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
}

/**
 * Opens the KV store behind a group committer. "platform": the runtime's own
 * database (`Deno.openKv()` without a path: Deno Deploy's KV).
 */
export async function openKv(path: string): Promise<Deno.Kv> {
  if (path === "platform") return withGroupCommit(await Deno.openKv());
  if (path === ":memory:" || path.includes("://")) {
    return withGroupCommit(await Deno.openKv(path));
  }
  // Owner-only: the KV file holds personal data and sealed secrets.
  await Deno.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const kv = await Deno.openKv(path);
  // Files made before (an older version, another umask) or just now without
  // the umask: chmod them too. A -wal made later inherits the umask.
  try {
    await restrictKvFiles(path);
  } catch (e) {
    kv.close();
    throw e;
  }
  return withGroupCommit(kv);
}

/**
 * Whether jobs can be triggered by KV queue messages: a local file or memory
 * can; KV Connect refuses enqueue, so there the due-index sweep alone runs them.
 */
export function kvHasQueue(path: string): boolean {
  return !path.includes("://");
}
