/**
 * SVC_PROFILE=deploy: the service on Deno Deploy (docs/operations.md). Deploy
 * gives KV (FoundationDB) and Deno.cron, but no KV queues, no TCP listener
 * besides HTTP, no writable files, and it refuses outbound SMTP to ports 25,
 * 465 and 587. So the profile's defaults turn off what cannot run there (the
 * SMTP listeners, worker threads), jobs are started by the due-index sweep,
 * and a configuration that cannot work is refused at start with a sentence
 * saying why. SMTP in runs as a second, self-hosted process on the same
 * database over KV Connect.
 */

/** Defaults of the profile (a variable that is set still wins, then is checked below). */
export const DEPLOY_DEFAULTS: Record<string, string> = {
  SVC_KV_PATH: "platform",
  SVC_JOB_TRIGGER: "sweep",
  SVC_SMTP_INBOUND_PORT: "0",
  SVC_SMTP_SUBMISSION_PORT: "0",
  SVC_JOB_WORKERS: "0",
  SVC_SMTP_WORKERS: "0",
};

/** Ports Deploy refuses for outbound SMTP. */
export const DEPLOY_BLOCKED_SMTP_PORTS = [25, 465, 587];

type DeployEnv = {
  SVC_KV_PATH: string;
  SVC_JOB_TRIGGER?: string;
  SVC_SMTP_URL?: string;
  SVC_SMTP_INBOUND_PORT: number;
  SVC_SMTP_SUBMISSION_PORT: number;
  SVC_HTTP_REDIRECT_PORT?: number;
  SVC_TLS_CERT?: string;
  SVC_ADMIN_TOKEN?: string;
  SVC_ENCRYPTION_KEY?: string;
  SVC_RELAY_DKIM_KEY?: string;
};

/** Why this configuration cannot run on Deploy, or null when it can. */
export function deployProblem(e: DeployEnv): string | null {
  const kv = e.SVC_KV_PATH;
  if (kv !== "platform" && kv !== ":memory:" && !/^https:\/\//.test(kv)) {
    return `SVC_KV_PATH is a file path (${kv}), and Deploy has no writable files: leave it ` +
      "unset (Deploy's own KV) or set a KV Connect URL (https://...).";
  }
  if (e.SVC_JOB_TRIGGER === "queue") {
    return "SVC_JOB_TRIGGER=queue cannot work: Deploy has no KV queues; use sweep or leave it unset.";
  }
  if (e.SVC_SMTP_URL) {
    const u = new URL(e.SVC_SMTP_URL);
    const port = Number(u.port || (u.protocol === "smtps:" ? 465 : 587));
    if (DEPLOY_BLOCKED_SMTP_PORTS.includes(port)) {
      return `SVC_SMTP_URL uses port ${port}, which Deploy refuses for outbound SMTP ` +
        "(25, 465, 587): use the relay's port 2525 (most relays offer it).";
    }
  }
  const listeners: [string, number | undefined][] = [
    ["SVC_SMTP_INBOUND_PORT", e.SVC_SMTP_INBOUND_PORT],
    ["SVC_SMTP_SUBMISSION_PORT", e.SVC_SMTP_SUBMISSION_PORT],
    ["SVC_HTTP_REDIRECT_PORT", e.SVC_HTTP_REDIRECT_PORT],
  ];
  for (const [name, port] of listeners) {
    if (port !== undefined && port !== 0) {
      return `${name}=${port} asks for a listener besides HTTP, which Deploy does not allow: ` +
        "run SMTP in as a self-hosted process on the same KV database (docs/operations.md).";
    }
  }
  if (e.SVC_TLS_CERT) return "SVC_TLS_CERT is set, but Deploy terminates TLS itself: unset it.";
  for (const name of ["SVC_ADMIN_TOKEN", "SVC_ENCRYPTION_KEY", "SVC_RELAY_DKIM_KEY"] as const) {
    if (!e[name]) {
      return `${name} is not set, and Deploy has no data folder to generate it into: set it.`;
    }
  }
  return null;
}
