/**
 * A private MariaDB server for one test run: its own data folder and socket
 * under a temporary folder, no TCP port. Debian's mariadb-server provides the
 * binaries; the system's own server is not used (nor started).
 */
export type MariaDb = { socket: string; stop: () => Promise<void>; log: () => Promise<string> };

async function run(cmd: string, args: string[]): Promise<{ ok: boolean; out: string }> {
  const r = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  const dec = new TextDecoder();
  return { ok: r.success, out: dec.decode(r.stdout) + dec.decode(r.stderr) };
}

function which(names: string[]): string {
  for (const n of names) {
    for (const dir of ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]) {
      try {
        Deno.statSync(`${dir}/${n}`);
        return `${dir}/${n}`;
      } catch { /* next */ }
    }
  }
  throw new Error(`none of ${names.join(", ")} is installed (apt-get install mariadb-server)`);
}

export async function startMariaDb(dir: string): Promise<MariaDb> {
  const datadir = `${dir}/data`;
  const socket = `${dir}/mysqld.sock`;
  const errLog = `${dir}/mysqld.err`;
  const client = which(["mariadb", "mysql"]);
  // Idempotent: a data folder that already holds the system tables is reused.
  let installed = false;
  try {
    Deno.statSync(`${datadir}/mysql`);
    installed = true;
  } catch { /* new */ }
  if (!installed) {
    await Deno.mkdir(datadir, { recursive: true });
    const r = await run(which(["mariadb-install-db", "mysql_install_db"]), [
      "--no-defaults",
      `--datadir=${datadir}`,
      "--user=root",
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
    ]);
    if (!r.ok) throw new Error(`mariadb-install-db failed: ${r.out}`);
  }
  const proc = new Deno.Command(which(["mariadbd", "mysqld"]), {
    args: [
      "--no-defaults",
      `--datadir=${datadir}`,
      `--socket=${socket}`,
      `--pid-file=${dir}/mysqld.pid`,
      `--log-error=${errLog}`,
      "--skip-networking",
      "--user=root",
      "--innodb-buffer-pool-size=32M",
      "--performance-schema=OFF",
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await run(client, [`--socket=${socket}`, "-uroot", "-e", "SELECT 1"]);
    if (r.ok) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`MariaDB did not start: ${await Deno.readTextFile(errLog).catch(() => "")}`);
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  const created = await run(client, [
    `--socket=${socket}`,
    "-uroot",
    "-e",
    "CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4",
  ]);
  if (!created.ok) throw new Error(`CREATE DATABASE failed: ${created.out}`);
  return {
    socket,
    log: () => Deno.readTextFile(errLog).catch(() => ""),
    stop: async () => {
      try {
        proc.kill("SIGTERM");
      } catch { /* gone */ }
      const t = setTimeout(() => {
        try {
          proc.kill("SIGKILL");
        } catch { /* gone */ }
      }, 20_000);
      await proc.status;
      clearTimeout(t);
    },
  };
}
