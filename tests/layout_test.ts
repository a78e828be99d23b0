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
 * - the kernel imports no capability; no capability imports another's store;
 * - no import circles (type imports and dynamic imports count: a circle of
 *   types is a circle of ideas, and a module loaded later is still depended on);
 * - nothing under domain/ imports routes/; the product (domain/, routes/,
 *   workers/, main.ts) never imports spam_training/, bench/ or tests/ (they
 *   may import it);
 * - only what runs lives in domain/, routes/, workers/: every file there is
 *   reachable from main.ts, a workers/ entry file or a file the product's own
 *   tasks run (start, dev, doctor, backup, restore);
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

/**
 * Relative imports of a file, resolved to repository paths: static, type and
 * dynamic (`await import("./x.ts")`: the kernel's import of the mail services
 * hid that way from the rules).
 */
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
  // A dynamic import with a literal specifier is an edge too (loaded on first use).
  for (const m of src.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
    out.push({ target: relative(ROOT, resolve(ROOT, dirname(file), m[1])), spawned: false });
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

/** The capability folder of a domain/ path (kernel is not a capability), or null. */
function capabilityOf(path: string): string | null {
  const m = path.match(/^domain\/([^/]+)\//);
  return m && m[1] !== "kernel" ? m[1] : null;
}

/** A capability's own store module: `store.ts` or `*_store.ts` directly in its folder or below. */
function isCapabilityStore(path: string): boolean {
  return capabilityOf(path) !== null && /(^|\/|_)store\.ts$/.test(path);
}

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
    "spam_training",
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

Deno.test("the kernel imports no capability", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    if (!f.startsWith("domain/kernel/")) continue;
    for (const i of importsOf(f)) if (capabilityOf(i.target)) bad.push(`${f} -> ${i.target}`);
  }
  assert.deepEqual(bad, []);
});

Deno.test("no capability imports another capability's store module", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    const own = capabilityOf(f);
    if (!own) continue;
    for (const i of importsOf(f)) {
      if (!isCapabilityStore(i.target) || capabilityOf(i.target) === own) continue;
      bad.push(`${f} -> ${i.target}`);
    }
  }
  assert.deepEqual([...new Set(bad)], []);
});

Deno.test("no import circles, type and dynamic imports included", () => {
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

Deno.test("nothing under domain/ imports routes/", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    if (!f.startsWith("domain/")) continue;
    for (const i of importsOf(f)) {
      if (i.target.startsWith("routes/")) bad.push(`${f} -> ${i.target}`);
    }
  }
  assert.deepEqual(bad, []);
});

Deno.test("the product never imports spam_training/, bench/ or tests/", () => {
  const bad: string[] = [];
  for (const f of SOURCES) {
    for (const i of importsOf(f)) {
      if (/^(spam_training|bench|tests)\//.test(i.target)) bad.push(`${f} -> ${i.target}`);
    }
  }
  assert.deepEqual(bad, []);
});

/**
 * The files the product starts: main.ts, every workers/ entry file, and the
 * .ts files named by the tasks an operator runs (start, dev, doctor, backup,
 * restore), read from deno.json so that a new task entry counts at once.
 */
function entryPoints(): string[] {
  const tasks = JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json"))).tasks as Record<
    string,
    string
  >;
  const fromTasks = ["start", "dev", "doctor", "backup", "restore"].flatMap((t) =>
    (tasks[t] ?? "").split(/\s+/).filter((w) => /\.tsx?$/.test(w))
  );
  const workers = SOURCES.filter((f) => /^workers\/[^/]+\.tsx?$/.test(f));
  return [...new Set(["main.ts", ...workers, ...fromTasks])];
}

Deno.test("every file in domain/, routes/, workers/ is reachable from what the product starts", () => {
  const entries = entryPoints();
  assert.ok(entries.includes("domain/ops/cli.ts"), "the operations CLI is an entry point");
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f) || !TEXT.has(f)) continue;
    seen.add(f);
    for (const i of importsOf(f)) todo.push(i.target);
  }
  const unreachable = SOURCES.filter((f) => !seen.has(f));
  assert.deepEqual(unreachable, [], "move what the product does not run out of the product");
});
