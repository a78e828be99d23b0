/**
 * Starts job workers (workers/job_worker.ts) and keeps them running: a worker
 * that dies is replaced, so jobs keep moving. Jobs are safe to run from any
 * thread or process (they are claimed in KV), so a replaced worker loses
 * nothing: overdue jobs are taken over by the next sweep.
 */
import type { Config } from "../domain/kernel/config.ts";
import type { Logger } from "../domain/kernel/log.ts";
import type { Metrics } from "../domain/kernel/metrics.ts";

export type JobPool = {
  /**
   * Stops the workers: each waits for its running jobs at most `graceMs`
   * (unbounded when not given), and is terminated 1 s after that at the latest.
   */
  stop(graceMs?: number): Promise<void>;
};

const WORKER_URL = new URL("./job_worker.ts", import.meta.url).href;

function waitFor(w: Worker, type: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`job worker: no ${type} within ${ms} ms`)), ms);
    w.addEventListener("message", function on(e: MessageEvent) {
      if (e.data?.type === type) {
        clearTimeout(timer);
        w.removeEventListener("message", on);
        resolve();
      }
    });
  });
}

/** `metrics`: the HTTP thread's, into which the workers' counts are added (GET /metrics). */
export async function startJobPool(
  config: Config,
  count: number,
  log: Logger,
  metrics?: Metrics,
): Promise<JobPool> {
  const workers: (Worker | null)[] = new Array(count).fill(null);
  let stopping = false;

  const spawn = async (i: number): Promise<void> => {
    const w = new Worker(WORKER_URL, { type: "module", name: `jobs-${i}` });
    w.onerror = (e) => {
      e.preventDefault();
      log.error("job worker failed; replacing it", { worker: i, error: e.message });
      w.terminate();
      workers[i] = null;
      if (!stopping) setTimeout(() => void spawn(i).catch(() => {}), 1000);
    };
    w.addEventListener("message", (e: MessageEvent) => {
      if (e.data?.type === "metrics") metrics?.absorb(e.data.data);
    });
    const started = waitFor(w, "started", 30_000);
    w.postMessage({ type: "start", config, index: i, count });
    await started;
    workers[i] = w;
  };

  await Promise.all(workers.map((_, i) => spawn(i)));
  log.info("job workers started", { count });

  return {
    async stop(graceMs?: number) {
      stopping = true;
      const limit = graceMs === undefined ? 30_000 : graceMs + 1_000;
      await Promise.all(workers.map(async (w) => {
        if (!w) return;
        const stopped = waitFor(w, "stopped", limit).catch((e) => log.warn(String(e)));
        w.postMessage({ type: "stop", graceMs });
        await stopped;
        w.terminate();
      }));
    },
  };
}
