/**
 * `deno task wp:zip`: builds the installable zip of the WordPress plugin,
 * clients/wordpress/dist/svc-forms-mail-<version>.zip, holding the folder
 * svc-forms-mail/ (what Plugins → Add New → Upload Plugin takes).
 *
 * A small zip writer (deflate through CompressionStream, CRC-32 by table),
 * so that the build needs nothing but Deno.
 */
const HERE = new URL(".", import.meta.url).pathname;
export const PLUGIN_SLUG = "svc-forms-mail";

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(
    new CompressionStream("deflate-raw"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** MS-DOS time and date of a moment (local fields, as zip tools read them). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export type ZipEntry = { name: string; data: Uint8Array; mtime: Date };

/** A zip archive of the entries (deflated when that is smaller). */
export async function zip(entries: ZipEntry[]): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const crc = crc32(e.data);
    const deflated = await deflateRaw(e.data);
    const stored = deflated.length >= e.data.length;
    const body = stored ? e.data : deflated;
    const { time, date } = dosTime(e.mtime);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true); // version needed
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint16(8, stored ? 0 : 8, true);
    local.setUint16(10, time, true);
    local.setUint16(12, date, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, body.length, true);
    local.setUint32(22, e.data.length, true);
    local.setUint16(26, name.length, true);
    local.setUint16(28, 0, true);
    chunks.push(new Uint8Array(local.buffer), name, body);

    const c = new DataView(new ArrayBuffer(46));
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, (3 << 8) | 20, true); // made by Unix, 2.0
    c.setUint16(6, 20, true);
    c.setUint16(8, 0x0800, true);
    c.setUint16(10, stored ? 0 : 8, true);
    c.setUint16(12, time, true);
    c.setUint16(14, date, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, body.length, true);
    c.setUint32(24, e.data.length, true);
    c.setUint16(28, name.length, true);
    c.setUint32(38, (0o100644 << 16) >>> 0, true); // -rw-r--r--
    c.setUint32(42, offset, true);
    central.push(new Uint8Array(c.buffer), name);
    offset += 30 + name.length + body.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...chunks, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of all) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

async function collect(dir: string, prefix: string, out: ZipEntry[]) {
  const names = [];
  for await (const e of Deno.readDir(dir)) names.push(e);
  names.sort((a, b) => a.name < b.name ? -1 : 1);
  for (const e of names) {
    if (e.name.startsWith(".")) continue;
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) await collect(path, `${prefix}${e.name}/`, out);
    else if (e.isFile) {
      out.push({
        name: `${prefix}${e.name}`,
        data: await Deno.readFile(path),
        mtime: (await Deno.stat(path)).mtime ?? new Date(),
      });
    }
  }
}

/** The plugin's version, from its header. */
export async function pluginVersion(pluginDir = `${HERE}${PLUGIN_SLUG}`): Promise<string> {
  const main = await Deno.readTextFile(`${pluginDir}/${PLUGIN_SLUG}.php`);
  const m = /^\s*\*\s*Version:\s*(\S+)/m.exec(main);
  if (!m) throw new Error("no Version: line in the plugin header");
  return m[1];
}

/** Builds the zip; returns its path. */
export async function buildZip(outDir = `${HERE}dist`): Promise<string> {
  const pluginDir = `${HERE}${PLUGIN_SLUG}`;
  const version = await pluginVersion(pluginDir);
  const readme = await Deno.readTextFile(`${pluginDir}/readme.txt`);
  const stable = /^Stable tag:\s*(\S+)/m.exec(readme)?.[1];
  if (stable !== version) {
    throw new Error(`readme.txt's Stable tag (${stable}) is not the plugin's Version (${version})`);
  }
  const entries: ZipEntry[] = [];
  await collect(pluginDir, `${PLUGIN_SLUG}/`, entries);
  await Deno.mkdir(outDir, { recursive: true });
  const path = `${outDir}/${PLUGIN_SLUG}-${version}.zip`;
  await Deno.writeFile(path, await zip(entries));
  return path;
}

if (import.meta.main) {
  const path = await buildZip();
  console.log(`Built ${path}`);
}
