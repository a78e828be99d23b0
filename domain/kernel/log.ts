/** A small structured logger: one JSON line per entry on stderr. */
export type Level = "debug" | "info" | "warn" | "error" | "silent";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

/**
 * `scope`: fields of the work in progress added to every entry (the request
 * id, from the context's request scope: context.ts).
 */
export function createLogger(
  level: Level = "info",
  scope?: () => Record<string, unknown> | undefined,
): Logger {
  const min = ORDER[level];
  const write = (l: Exclude<Level, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[l] < min) return;
    const entry: Record<string, unknown> = { t: new Date().toISOString(), level: l, msg };
    const inScope = scope?.();
    if (inScope) Object.assign(entry, inScope);
    if (fields) {
      for (const [k, v] of Object.entries(fields)) {
        entry[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
      }
    }
    console.error(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}
