/**
 * The key check from memory (domain/sites/auth.ts with domain/kernel/presence.ts):
 * while this instance is alone on its database, a keyed request (forms/render,
 * and forms/submit, a write path that reads its own keys in the key check's
 * place) does not read the key's index entry; a revocation, rotation or site
 * disablement by this process fails the next request at once; a second
 * process on the same KV file ends the cache before it can revoke, so its
 * revocation is refused on the first process's next request; and no cached
 * answer is used while two instances are alive.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { legitBody, submit } from "../../helpers/forms.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";

const PEER = fileURLToPath(new URL("../../helpers/presence_peer.ts", import.meta.url));

/** Counts reads of API key index entries on the service's KV handle. */
function countKeyReads(svc: TestService): { n: number } {
  const counter = { n: 0 };
  const kv = svc.ctx.kv;
  const isIndex = (k: Deno.KvKey) => k[0] === "api_keys_by_hash";
  const get = kv.get.bind(kv);
  const getMany = kv.getMany.bind(kv);
  Object.assign(kv, {
    get: (key: Deno.KvKey, o?: { consistency?: Deno.KvConsistencyLevel }) => {
      if (isIndex(key)) counter.n++;
      return get(key, o);
    },
    getMany: (ks: Deno.KvKey[], o?: { consistency?: Deno.KvConsistencyLevel }) => {
      counter.n += ks.filter(isIndex).length;
      return getMany(ks, o);
    },
  });
  return counter;
}

/** A keyed request and its status for an accepted key. */
type Kind = { name: string; ok: number; call: (svc: TestService, key: string) => Promise<number> };
const KINDS: Kind[] = [
  {
    name: "forms/render",
    ok: 404,
    call: async (svc, key) => (await svc.api("GET", "forms/render/contact", { key })).status,
  },
  {
    name: "forms/submit",
    ok: 200,
    call: async (svc, key) => (await submit(svc, key, legitBody("example.com"))).status,
  },
];

/** A relay for the submissions' notifications, and the service's config for it. */
async function relay(): Promise<{ smtp: TestSmtp; config: Record<string, string> }> {
  const smtp = await startSmtp();
  return { smtp, config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" } };
}

for (const { name, ok, call } of KINDS) {
  const render = call;
  Deno.test(`${name}, alone: the key check answers from memory, and this process's revocation, rotation and disablement fail at once`, async () => {
    const { smtp, config } = await relay();
    const svc = await startTestService({ runJobs: false, config });
    try {
      const s = await seedSite(svc);
      const reads = countKeyReads(svc);
      // Not joined yet: every request reads the index, as with several instances.
      assert.equal(await render(svc, s.key), ok);
      assert.equal(await render(svc, s.key), ok);
      assert.equal(reads.n, 2);
      await svc.ctx.presence.join();
      assert.equal(await render(svc, s.key), ok);
      const afterFill = reads.n;
      for (let i = 0; i < 5; i++) assert.equal(await render(svc, s.key), ok);
      assert.equal(reads.n, afterFill, "no index read while alone");

      // Disable the site: 403 on the very next request; enable: accepted again.
      assert.equal(
        (await svc.admin("POST", `/sites/${s.siteId}/disable`, { reason: "test" })).status,
        200,
      );
      assert.equal(await render(svc, s.key), 403);
      assert.equal((await svc.admin("POST", `/sites/${s.siteId}/enable`)).status, 200);
      assert.equal(await render(svc, s.key), ok);

      // Rotate: the old value fails at once, the new one works.
      const rot = await svc.admin("POST", `/sites/${s.siteId}/api-keys/${s.keyId}/rotate`);
      assert.equal(rot.status, 200);
      assert.equal(await render(svc, s.key), 401);
      const rotated = rot.body.api_key as string;
      assert.equal(await render(svc, rotated), ok);
      assert.equal(await render(svc, rotated), ok);

      // Revoke: fails at once.
      assert.equal(
        (await svc.admin("DELETE", `/sites/${s.siteId}/api-keys/${s.keyId}`)).status,
        204,
      );
      assert.equal(await render(svc, rotated), 401);
    } finally {
      await svc.close();
      await smtp.close();
    }
  });

  Deno.test(`${name}: a second process on the same KV file: no cached answer while it lives, and its revocation is refused on the next request`, async () => {
    const dir = await Deno.makeTempDir();
    const path = `${dir}/svc.kv`;
    const { smtp, config } = await relay();
    const svc = await startTestService({ runJobs: false, kvPath: path, config });
    const peer = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", PEER, path],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    });
    let child: Deno.ChildProcess | null = null;
    try {
      const s = await seedSite(svc);
      // A first submission marks the site verified (a site write: the epoch moves).
      assert.equal(await render(svc, s.key), ok);
      await svc.ctx.presence.join();
      const reads = countKeyReads(svc);
      assert.equal(await render(svc, s.key), ok);
      assert.equal(await render(svc, s.key), ok);
      assert.equal(reads.n, 1, "alone: one read fills the cache");

      child = peer.spawn();
      const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      const waitFor = async (word: string) => {
        let seen = "";
        while (!seen.includes(word)) {
          const { value, done } = await out.read();
          if (done) throw new Error(`peer exited before "${word}": ${seen}`);
          seen += value;
        }
      };
      const stdin = child.stdin.getWriter();
      await waitFor("joined");
      // The peer waited JOIN_WAIT_MS after registering: this instance has seen it.
      assert.equal(svc.ctx.presence.alone(), false);
      const before = reads.n;
      for (let i = 0; i < 5; i++) assert.equal(await render(svc, s.key), ok);
      assert.equal(reads.n - before, 5, "every request reads the index while two instances live");

      await stdin.write(new TextEncoder().encode(`revoke ${s.siteId} ${s.keyId}\n`));
      await waitFor("revoked");
      assert.equal(await render(svc, s.key), 401, "refused on the next request");
      await stdin.close();
      assert.equal((await child.status).code, 0);
      child = null;
    } finally {
      if (child) {
        child.kill();
        await child.status;
      }
      await svc.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true });
    }
  });
}
