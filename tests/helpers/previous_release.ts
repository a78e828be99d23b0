/**
 * Makes a KV file the way the previous release wrote it: the release's sources
 * at PREVIOUS_RELEASE are taken from git (`git archive`) into a temporary
 * folder and run there (`deno run -A main.ts`) on the given KV file, and an
 * account, a site, an API key, a webhook and a form submission are created
 * through its API. Returns null with the reason where git has no such commit
 * (a shallow clone).
 */
import { fileURLToPath } from "node:url";

/** main before schema versions and migrations (the release this one upgrades). */
export const PREVIOUS_RELEASE = "4465d0230fc0ad809178456f5fb09205872974c0";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TOKEN = "previous-release-admin-token-0123456789";

export type PreviousData = { siteId: string; key: string; submissionId: string };

async function git(args: string[], cwd = ROOT) {
  return await new Deno.Command("git", { args, cwd, stdout: "piped", stderr: "piped" }).output();
}

export async function makePreviousReleaseKv(
  kvPath: string,
  encryptionKeyB64: string,
): Promise<PreviousData | { skipped: string }> {
  const has = await git(["cat-file", "-e", `${PREVIOUS_RELEASE}^{commit}`]).catch(() => null);
  if (!has?.success) return { skipped: `git has no commit ${PREVIOUS_RELEASE} (shallow clone?)` };
  const src = await Deno.makeTempDir({ prefix: "svc-prev-release-" });
  try {
    const tar = await git(["archive", "--format=tar", PREVIOUS_RELEASE]);
    const untar = new Deno.Command("tar", { args: ["-x", "-C", src], stdin: "piped" }).spawn();
    const w = untar.stdin.getWriter();
    await w.write(tar.stdout);
    await w.close();
    if (!(await untar.status).success) return { skipped: "tar could not unpack the release" };
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: src,
      env: {
        SVC_KV_PATH: kvPath,
        SVC_PORT: "0",
        SVC_HOST: "127.0.0.1",
        SVC_ADMIN_TOKEN: TOKEN,
        SVC_ENCRYPTION_KEY: encryptionKeyB64,
        SVC_ALLOW_PRIVATE_TARGETS: "true",
        SVC_SMTP_INBOUND_PORT: "0",
        SVC_SMTP_SUBMISSION_PORT: "0",
        SVC_LOG_LEVEL: "error",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    try {
      const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      let out = "";
      while (!/Service ready on port (\d+)/.test(out)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`previous release did not start: ${out}`);
        out += value;
      }
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })().catch(() => {});
      const base = `http://127.0.0.1:${/Service ready on port (\d+)/.exec(out)![1]}`;
      const call = async (path: string, body: unknown, key?: string) => {
        const res = await fetch(base + path, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(key ? { "x-service-api-key": key } : { authorization: `Bearer ${TOKEN}` }),
          },
          body: JSON.stringify(body),
        });
        const json = await res.json();
        if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
        return json;
      };
      const account = await call("/admin/api/v1/accounts", { name: "Old" });
      const site = await call("/admin/api/v1/sites", {
        account_id: account.id,
        name: "Old Site",
        domain: "old.example.com",
        default_notify_email: "owner@old.example.com",
      });
      const key = await call(`/admin/api/v1/sites/${site.id}/api-keys`, {});
      await call(`/admin/api/v1/sites/${site.id}/webhooks`, {
        url: "http://127.0.0.1:9/hook",
        events: ["all"],
      });
      const sub = await call("/api/v1/forms/submit", {
        form_id: 1,
        form_name: "Contact",
        fields: { name: "Ada", email: "ada@example.org", message: "Hello from the old release." },
      }, key.api_key);
      return { siteId: site.id, key: key.api_key, submissionId: sub.id };
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await child.stderr.cancel().catch(() => {});
    }
  } finally {
    await Deno.remove(src, { recursive: true });
  }
}
