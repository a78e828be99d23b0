/** Modules an entry point loads when it starts: its static imports (type imports and dynamic ones left out). */
export async function staticGraph(entry: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    stdout: "piped",
    stderr: "null",
  }).output();
  type Dep = { code?: { specifier?: string }; isDynamic?: boolean };
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    roots: string[];
    modules: { specifier: string; dependencies?: Dep[] }[];
    redirects: Record<string, string>;
  };
  const mods = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const todo = [...info.roots];
  while (todo.length) {
    const s = todo.pop()!;
    if (seen.has(s) || !mods.has(s)) continue;
    seen.add(s);
    for (const d of mods.get(s)!.dependencies ?? []) {
      const to = d.code?.specifier;
      if (to && !d.isDynamic) todo.push(info.redirects[to] ?? to);
    }
  }
  return [...seen];
}
