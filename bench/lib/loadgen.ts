/**
 * A closed-loop HTTP load generator, run as its own process so that it does not
 * share an event loop with the server it measures. `concurrency` workers each
 * send a request, wait for the answer, and send the next, for `seconds`.
 * Requests come round-robin from a JSON file of {method, path, headers, body}.
 * Prints one JSON line: {count, errors, seconds, latencies_ms: [...], statuses}.
 *
 *   deno run -A bench/lib/loadgen.ts <base-url> <requests.json> <concurrency> <seconds> [warmup-seconds] [expect-field]
 * With `expect-field` (e.g. `email_sent`), an answer counts only when that JSON
 * field is true.
 */
type Req = { method: string; path: string; headers?: Record<string, string>; body?: string };

// A response is a success when it is 2xx and, for JSON answers with `ok`, ok is true.
function success(status: number, text: string, expect?: string): boolean {
  if (status < 200 || status > 299) return false;
  if (!text.startsWith("{")) return !expect;
  try {
    const j = JSON.parse(text);
    return j.ok !== false && (!expect || j[expect] === true);
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const [base, file, conc, secs, warm, expect] = Deno.args;
  const reqs: Req[] = JSON.parse(await Deno.readTextFile(file));
  const concurrency = Number(conc);
  const seconds = Number(secs);
  const warmup = Number(warm ?? "1");
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let measuring = false;
  let stop = false;
  const sample: string[] = [];

  const worker = async () => {
    while (!stop) {
      const r = reqs[next++ % reqs.length];
      const t0 = performance.now();
      try {
        const res = await fetch(base + r.path, {
          method: r.method,
          headers: r.headers,
          body: r.body,
        });
        const text = await res.text();
        const dt = performance.now() - t0;
        if (!measuring) continue;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (success(res.status, text, expect)) latencies.push(dt);
        else {
          errors++;
          if (sample.length < 3) sample.push(`${res.status} ${text.slice(0, 200)}`);
        }
      } catch (e) {
        if (measuring) {
          errors++;
          if (sample.length < 3) sample.push(String(e));
        }
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  await new Promise((r) => setTimeout(r, warmup * 1000));
  measuring = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(workers);
  console.log(
    JSON.stringify({
      count: latencies.length,
      errors,
      seconds: elapsed,
      latencies_ms: latencies,
      statuses,
      sample,
    }),
  );
}
