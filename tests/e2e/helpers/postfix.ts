/**
 * A private Postfix instance for end-to-end tests: its own config and queue in
 * a temporary folder, smtpd on a free loopback port, every message relayed to
 * `relayPort` (the test's SMTP server), log lines in a file. Needs root and the
 * Debian package postfix (installed by .ci/run). The system instance is left
 * alone; only `alternate_config_directories` in /etc/postfix/main.cf names the
 * temporary folder while the instance runs (postfix refuses unknown folders).
 */
const SYSTEM_MAIN_CF = "/etc/postfix/main.cf";

export type Postfix = { port: number; dir: string; log(): Promise<string>; stop(): Promise<void> };

async function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(cmd, { args, env, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed: ${text}`);
  return text;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function setAlternateDirs(change: (dirs: string[]) => string[]) {
  let text = "";
  try {
    text = await Deno.readTextFile(SYSTEM_MAIN_CF);
  } catch { /* no system config: "No configuration" install */ }
  const m = /^alternate_config_directories\s*=\s*(.*)$/m.exec(text);
  const dirs = change(m ? m[1].split(/[\s,]+/).filter(Boolean) : []);
  const line = `alternate_config_directories = ${dirs.join(", ")}`;
  text = m
    ? text.replace(m[0], line)
    : `${text}${text && !text.endsWith("\n") ? "\n" : ""}${line}\n`;
  await Deno.writeTextFile(SYSTEM_MAIN_CF, text);
}

/** `extra`: more main.cf lines (e.g. a transport_maps that routes one domain elsewhere). */
export async function startPostfix(relayPort: number, extra: string[] = []): Promise<Postfix> {
  try {
    await run("postconf", ["-d", "mail_version"]);
  } catch {
    throw new Error("Postfix is not installed: apt-get install postfix (see .ci/run)");
  }
  if (Deno.uid() !== 0) throw new Error("the Postfix e2e tests need root (postfix start)");
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "svc-postfix-" });
  await Deno.chmod(dir, 0o755);
  const port = freePort();
  await Deno.mkdir(`${dir}/queue`);
  await Deno.mkdir(`${dir}/data`);
  await Deno.writeTextFile(
    `${dir}/main.cf`,
    [
      "compatibility_level = 3.6",
      `queue_directory = ${dir}/queue`,
      `data_directory = ${dir}/data`,
      "inet_interfaces = 127.0.0.1",
      "inet_protocols = ipv4",
      "myhostname = relay.e2e.test",
      "mydomain = e2e.test",
      "myorigin = relay.e2e.test",
      "mydestination =",
      "mynetworks = 127.0.0.0/8",
      `relayhost = [127.0.0.1]:${relayPort}`,
      "smtpd_relay_restrictions = permit_mynetworks, reject",
      "smtp_tls_security_level = none",
      "smtpd_tls_security_level = none",
      `maillog_file = ${dir}/maillog`,
      "maillog_file_prefixes = /tmp",
      ...extra,
      "",
    ].join("\n"),
  );
  // The package's services, with no chroot (the queue is not a chroot jail) and
  // smtpd on our port instead of 25.
  const master = (await Deno.readTextFile("/etc/postfix/master.cf")).split("\n").map((line) => {
    const f = line.split(/\s+/);
    if (/^smtp\s+inet\s/.test(line)) return `127.0.0.1:${port} inet n - n - - smtpd`;
    if (f.length >= 8 && /^(inet|unix|unix-dgram|fifo|pass)$/.test(f[1]) && !line.startsWith("#")) {
      f[4] = "n";
      return f.join(" ");
    }
    return line;
  }).join("\n");
  await Deno.writeTextFile(`${dir}/master.cf`, master);
  await setAlternateDirs((d) => [...d.filter((x) => x !== dir), dir]);
  await run("postfix", ["post-install", "create-missing"], { MAIL_CONFIG: dir });
  await run("chown", ["postfix", `${dir}/data`, `${dir}/queue`]);
  await run("postfix", ["-c", dir, "start"]);
  for (let i = 0; i < 100; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    dir,
    log: () => Deno.readTextFile(`${dir}/maillog`).catch(() => ""),
    async stop() {
      await run("postfix", ["-c", dir, "stop"]).catch(() => {});
      await setAlternateDirs((d) => d.filter((x) => x !== dir));
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
