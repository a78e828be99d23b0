/**
 * A WordPress site for one test run: Debian's WordPress (/usr/share/wordpress)
 * copied into a temporary docroot with a wp-config.php of its own, installed
 * through WordPress's PHP API (Debian has no wp-cli), the plugin's zip (as
 * `deno task wp:zip` builds it) unpacked by WordPress's unzip_file() and
 * activated, served by `php -S`.
 */
import { buildZip } from "../../../clients/wordpress/build_zip.ts";

const WP_SOURCE = "/usr/share/wordpress";
export const PLUGIN_FILE = "svc-forms-mail/svc-forms-mail.php";

export type WordPress = {
  root: string;
  home: string;
  /** The same server by its IP (what a system cron would call). */
  direct: string;
  port: number;
  /** Runs PHP with WordPress loaded; the code's output (stdout) is returned. */
  php: (code: string) => Promise<string>;
  /** Like php(), with the output parsed as JSON. */
  phpJson: <T = unknown>(code: string) => Promise<T>;
  debugLog: () => Promise<string>;
  stop: () => Promise<void>;
};

/** Pids of a process's direct children (from /proc). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${e.name}/stat`);
      // The command name is in parentheses and may hold spaces: read after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(e.name));
    } catch { /* ended meanwhile */ }
  }
  return out;
}

async function runPhp(root: string, file: string): Promise<string> {
  const r = await new Deno.Command("php", {
    args: ["-d", "display_errors=stderr", file],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(r.stdout);
  const err = new TextDecoder().decode(r.stderr);
  if (!r.success) throw new Error(`php ${file} failed (${r.code}):\n${out}\n${err}`);
  return out;
}

export async function startWordPress(
  dir: string,
  opts: { socket: string; port: number; host: string },
): Promise<WordPress> {
  const root = `${dir}/wp`;
  const home = `http://${opts.host}:${opts.port}`;
  const cp = await new Deno.Command("cp", { args: ["-a", `${WP_SOURCE}/.`, root] }).output();
  if (!cp.success) {
    throw new Error(`cp ${WP_SOURCE} failed: ${new TextDecoder().decode(cp.stderr)}`);
  }
  await Deno.remove(`${root}/.htaccess`).catch(() => {});
  // The installable zip of `deno task wp:zip`, unpacked below by WordPress itself.
  const zipPath = await buildZip(`${dir}/dist`);

  const salt = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0"))
      .join("");
  const keys = [
    "AUTH_KEY",
    "SECURE_AUTH_KEY",
    "LOGGED_IN_KEY",
    "NONCE_KEY",
    "AUTH_SALT",
    "SECURE_AUTH_SALT",
    "LOGGED_IN_SALT",
    "NONCE_SALT",
  ].map((k) => `define('${k}', '${salt()}');`).join("\n");
  await Deno.writeTextFile(
    `${root}/wp-config.php`,
    `<?php
// Written by the WordPress end-to-end test.
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${opts.socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${keys}
$table_prefix = 'wp_';
define('WP_HOME', '${home}');
define('WP_SITEURL', '${home}');
// WP-Cron runs when wp-cron.php is requested (as with a system cron), not on page views.
define('DISABLE_WP_CRON', true);
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);
define('WP_DEBUG_LOG', '${dir}/debug.log');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('FS_METHOD', 'direct');
if (!isset($_SERVER['HTTP_HOST'])) { $_SERVER['HTTP_HOST'] = '${opts.host}:${opts.port}'; }
if (!defined('ABSPATH')) { define('ABSPATH', __DIR__ . '/'); }
require_once ABSPATH . 'wp-settings.php';
`,
  );

  let n = 0;
  const php = async (code: string) => {
    const file = `${root}/e2e-${++n}.php`;
    await Deno.writeTextFile(
      file,
      `<?php
define('WP_USE_THEMES', false);
require __DIR__ . '/wp-load.php';
${code}
`,
    );
    try {
      return await runPhp(root, file);
    } finally {
      await Deno.remove(file).catch(() => {});
    }
  };
  const phpJson = async <T>(code: string) => {
    const out = await php(code);
    try {
      return JSON.parse(out) as T;
    } catch {
      throw new Error(`not JSON: ${out}`);
    }
  };

  // Install WordPress and activate the plugin through WordPress's PHP API.
  const installFile = `${root}/e2e-install.php`;
  await Deno.writeTextFile(
    installFile,
    `<?php
define('WP_INSTALLING', true);
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
// No mail leaves during the install (the plugin is not active yet).
add_filter('pre_wp_mail', '__return_true');
if (!is_blog_installed()) {
  wp_install('E2E Shop', 'admin', 'admin@shop.example', true, '', 'e2e-admin-password');
}
echo json_encode(['installed' => is_blog_installed()]);
`,
  );
  await runPhp(root, installFile);
  await Deno.remove(installFile);
  const activated = await phpJson<{ active: boolean; error: string | null }>(`
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
WP_Filesystem();
$unzipped = unzip_file('${zipPath}', WP_PLUGIN_DIR);
if (is_wp_error($unzipped)) { echo json_encode(['active' => false, 'error' => $unzipped->get_error_message()]); exit; }
$r = activate_plugin('${PLUGIN_FILE}');
echo json_encode(['active' => is_plugin_active('${PLUGIN_FILE}'), 'error' => is_wp_error($r) ? $r->get_error_message() : null]);
`);
  if (!activated.active) throw new Error(`the plugin did not activate: ${activated.error}`);

  const server = new Deno.Command("php", {
    args: ["-S", `127.0.0.1:${opts.port}`, "-t", root],
    cwd: root,
    env: { PHP_CLI_SERVER_WORKERS: "3" },
    stdout: "null",
    stderr: "null",
  }).spawn();
  const direct = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const r = await fetch(`${direct}/wp-login.php`);
      await r.body?.cancel();
      if (r.status < 500) break;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error("php -S did not answer");
    await new Promise((res) => setTimeout(res, 200));
  }

  return {
    root,
    home,
    direct,
    port: opts.port,
    php,
    phpJson,
    debugLog: () => Deno.readTextFile(`${dir}/debug.log`).catch(() => ""),
    stop: async () => {
      // php -S forks its workers: end them by pid first, then the server.
      for (const pid of childrenOf(server.pid)) {
        try {
          Deno.kill(pid, "SIGTERM");
        } catch { /* gone */ }
      }
      try {
        server.kill("SIGTERM");
      } catch { /* gone */ }
      await server.status;
    },
  };
}
