/**
 * The layout rules of CONTRIBUTING.md, checked on every run so that they hold
 * without anyone remembering them:
 * - the top level is the fixed set;
 * - routes/ and workers/ never import a store module or the key layout, and
 *   never name a Deno.Kv type: KV lives behind each capability's functions;
 * - only store modules import the key layout;
 * - forms/ and mail/ reach another capability through its use-case, rules or
 *   type modules, never its store;
 * - only the kernel's job modules and KV layer touch the queue;
 * - no import circles (type imports count: a circle of types is a circle of ideas);
 * - no source file over 400 lines without a reason written at its top.
 */
import assert from "node:assert/strict";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
const SOURCE_DIRS = ["routes", "domain", "workers"];
const MAX_LINES = 400;
/** The marker a long file carries in its header comment, followed by the reason. */
const LONG_FILE_MARKER = "Long file:";

function walk(dir: string, out: string[] = []): string[] {
  for (const e of Deno.readDirSync(join(ROOT, dir))) {
    const p = join(dir, e.name);
    if (e.isDirectory) walk(p, out);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const SOURCES = SOURCE_DIRS.flatMap((d) => walk(d)).concat(["main.ts"]);
const TEXT = new Map(SOURCES.map((f) => [f, Deno.readTextFileSync(join(ROOT, f))]));

/** spawned: a worker's entry point, loaded in its own isolate (no import edge). */
type Import = { target: string; spawned: boolean };

/** Relative imports of a file, resolved to repository paths. */
function importsOf(file: string): Import[] {
  const src = TEXT.get(file)!;
  const out: Import[] = [];
  const re =
    /(?:^|\n)\s*(import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of src.matchAll(re)) {
    out.push({
      target: relative(ROOT, resolve(ROOT, dirname(file), m[2])),
      spawned: false,
    });
  }
  for (const m of src.matchAll(/new (?:URL|Worker)\(\s*["'](\.{1,2}\/[^"']+\.ts)["']/g)) {
    const target = relative(ROOT, resolve(ROOT, dirname(file), m[1]));
    out.push({ target, spawned: true });
  }
  return out;
}

/** Store modules: a capability's `store.ts` / `*_store.ts`, and the kernel's KV layer. */
function isStore(path: string): boolean {
  return path.startsWith("domain/") &&
    (/(^|\/|_)store\.ts$/.test(path) || path.startsWith("domain/kernel/kv/"));
}
const KEY_LAYOUT = "domain/kernel/kv/keys.ts";

Deno.test("the top level holds only the fixed set of entries", () => {
  const allowed = new Set([
    ".ci",
    ".git",
    ".gitignore",
    "CONTRIBUTING.md",
    "README.md",
    "bench",
    "clients",
    "data",
    "deno.json",
    "deno.lock",
    "docs",
    "domain",
    "main.ts",
    "node_modules",
    "routes",
    "tests",
    "workers",
  ]);
  const tracked = new TextDecoder().decode(
    new Deno.Command("git", { args: ["ls-files"], cwd: ROOT, stdout: "piped" }).outputSync()
      .stdout,
  ).split("\n").filter(Boolean).map((f) => f.split("/")[0]);
  const extra = [...new Set(tracked)].filter((e) => !allowed.has(e));
  assert.deepEqual(extra, [], `unexpected top-level entries: ${extra.join(", ")}`);
});

Deno.test("routes/ and workers/ never import a store module or the key layout", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    if (!f.startsWith("routes/") && !f.startsWith("workers/")) continue;
    for (const i of importsOf(f)) if (isStore(i.target)) bad.push(`${f} -> ${i.target}`);
  }
  assert.deepEqual(bad, []);
});

Deno.test("routes/ and workers/ never name a Deno.Kv type", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    if (!f.startsWith("routes/") && !f.startsWith("workers/")) continue;
    const m = TEXT.get(f)!.match(/\bDeno\.(Kv\w*|AtomicOperation|openKv)\b/);
    if (m) bad.push(`${f}: ${m[0]}`);
  }
  assert.deepEqual(bad, []);
});

Deno.test("only store modules import the key layout", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    if (isStore(f)) continue;
    for (const i of importsOf(f)) if (i.target === KEY_LAYOUT) bad.push(f);
  }
  assert.deepEqual(bad, []);
});

Deno.test("only the kernel's job modules and KV layer touch the queue", () => {
  const allowed = (f: string) =>
    /^domain\/kernel\/(jobs|job_runner)\.ts$|^domain\/kernel\/kv\//.test(f);
  const bad = SOURCES.filter((f) =>
    !allowed(f) && /\.enqueue\(|\.listenQueue\(/.test(TEXT.get(f)!)
  );
  assert.deepEqual(bad, []);
});

Deno.test("no import circles, type imports included", () => {
  const graph = new Map(
    SOURCES.map((
      f,
    ) => [f, importsOf(f).filter((i) => !i.spawned).map((i) => i.target)]),
  );
  const state = new Map<string, "visiting" | "done">();
  const cycles: string[] = [];
  const stack: string[] = [];
  const visit = (f: string) => {
    if (state.get(f) === "done") return;
    if (state.get(f) === "visiting") {
      cycles.push([...stack.slice(stack.indexOf(f)), f].join(" -> "));
      return;
    }
    state.set(f, "visiting");
    stack.push(f);
    for (const t of graph.get(f) ?? []) if (graph.has(t)) visit(t);
    stack.pop();
    state.set(f, "done");
  };
  for (const f of SOURCES) visit(f);
  assert.deepEqual(cycles, []);
});

Deno.test(`no source file over ${MAX_LINES} lines without a reason at its top`, () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    const text = TEXT.get(f)!;
    const lines = text.split("\n").length;
    if (lines <= MAX_LINES) continue;
    const header = text.slice(0, 2000);
    if (!header.includes(LONG_FILE_MARKER)) bad.push(`${f} (${lines} lines)`);
  }
  assert.deepEqual(bad, []);
});

/** The capability a domain/ path belongs to (null: kernel or not in domain/). */
function capabilityOf(path: string): string | null {
  const m = /^domain\/([a-z_]+)\//.exec(path);
  return m && m[1] !== "kernel" ? m[1] : null;
}

Deno.test("forms/ and mail/ never import another capability's store module", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    const own = capabilityOf(f);
    if (own !== "forms" && own !== "mail") continue;
    for (const i of importsOf(f)) {
      const other = capabilityOf(i.target);
      if (other && other !== own && isStore(i.target)) bad.push(`${f} -> ${i.target}`);
    }
  }
  assert.deepEqual(bad, []);
});
