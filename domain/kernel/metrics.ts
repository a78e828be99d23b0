/**
 * In-memory counters and histograms for GET /metrics (Prometheus text
 * format, domain/ops/metrics.ts). Cheap enough for every request: one Map
 * lookup by a label string and a few additions; no KV. Job worker threads keep
 * their own and send what they counted to the HTTP thread each second
 * (`drain` there, `absorb` here: workers/job_pool.ts).
 */

/** Upper bounds (seconds) of the latency histograms' buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = Record<string, string>;
type Histogram = { counts: number[]; sum: number; count: number };

export type MetricsData = {
  counters: [string, string, number][];
  histograms: [string, string, Histogram][];
};

const NEEDS_ESCAPE = /[\\"\n]/;

/** `{a="x",b="y"}` with Prometheus escaping (the hot path: no regex replace unless needed). */
export function labelString(labels: Labels): string {
  let out = "";
  for (const k in labels) {
    let v = labels[k];
    if (NEEDS_ESCAPE.test(v)) {
      v = v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
    }
    out += (out ? "," : "{") + k + '="' + v + '"';
  }
  return out ? out + "}" : "";
}

export class Metrics {
  /** name -> label string -> value */
  readonly #counters = new Map<string, Map<string, number>>();
  readonly #histograms = new Map<string, Map<string, Histogram>>();
  readonly #help = new Map<string, string>();

  constructor(help: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(help)) this.#help.set(k, v);
  }

  inc(name: string, labels: Labels = {}, n = 1): void {
    this.#add(name, labelString(labels), n);
  }

  /** `inc` with the label string already built (`labelString`): the per-request middleware caches it. */
  incKey(name: string, key: string, n = 1): void {
    this.#add(name, key, n);
  }

  #add(name: string, key: string, n: number): void {
    let m = this.#counters.get(name);
    if (!m) this.#counters.set(name, m = new Map());
    m.set(key, (m.get(key) ?? 0) + n);
  }

  /** Records one observation (seconds) in the histogram `name`. */
  observe(name: string, labels: Labels, seconds: number): void {
    this.observeKey(name, labelString(labels), seconds);
  }

  /** `observe` with the label string already built (`labelString`). */
  observeKey(name: string, key: string, seconds: number): void {
    const h = this.#histogram(name, key);
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= LATENCY_BUCKETS[i]) h.counts[i]++;
    }
    h.sum += seconds;
    h.count++;
  }

  #histogram(name: string, key: string): Histogram {
    let m = this.#histograms.get(name);
    if (!m) this.#histograms.set(name, m = new Map());
    let h = m.get(key);
    if (!h) m.set(key, h = { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 });
    return h;
  }

  /** Everything counted since the last drain, which starts again from zero. */
  drain(): MetricsData {
    const data: MetricsData = { counters: [], histograms: [] };
    for (const [name, m] of this.#counters) {
      for (const [k, v] of m) data.counters.push([name, k, v]);
    }
    for (const [name, m] of this.#histograms) {
      for (const [k, h] of m) data.histograms.push([name, k, h]);
    }
    this.#counters.clear();
    this.#histograms.clear();
    return data;
  }

  /** Adds what another thread drained. */
  absorb(data: MetricsData): void {
    for (const [name, k, v] of data.counters) this.#add(name, k, v);
    for (const [name, k, h] of data.histograms) {
      const mine = this.#histogram(name, k);
      h.counts.forEach((c, i) => (mine.counts[i] += c));
      mine.sum += h.sum;
      mine.count += h.count;
    }
  }

  /** The Prometheus text of every metric, plus `gauges` read at scrape time. */
  render(gauges: { name: string; help: string; labels?: Labels; value: number }[] = []): string {
    const out: string[] = [];
    const head = (name: string, type: string, help?: string) => {
      out.push(`# HELP ${name} ${help ?? this.#help.get(name) ?? name}`, `# TYPE ${name} ${type}`);
    };
    for (const [name, m] of [...this.#counters].sort()) {
      head(name, "counter");
      for (const [k, v] of m) out.push(`${name}${k} ${v}`);
    }
    for (const [name, m] of [...this.#histograms].sort()) {
      head(name, "histogram");
      for (const [k, h] of m) {
        const inner = k.slice(1, -1);
        const withLe = (le: string) => `{${inner ? inner + "," : ""}le="${le}"}`;
        LATENCY_BUCKETS.forEach((b, i) =>
          out.push(`${name}_bucket${withLe(String(b))} ${h.counts[i]}`)
        );
        out.push(`${name}_bucket${withLe("+Inf")} ${h.count}`);
        out.push(`${name}_sum${k} ${h.sum}`, `${name}_count${k} ${h.count}`);
      }
    }
    const seen = new Set<string>();
    for (const g of gauges) {
      if (!seen.has(g.name)) head(g.name, "gauge", g.help), seen.add(g.name);
      out.push(`${g.name}${labelString(g.labels ?? {})} ${g.value}`);
    }
    return out.join("\n") + "\n";
  }
}

/** The HELP lines of the counters and histograms the service keeps. */
export const METRIC_HELP: Record<string, string> = {
  svc_http_requests_total: "HTTP requests by route pattern, method and status",
  svc_http_request_duration_seconds: "HTTP request latency by route pattern",
  svc_job_runs_total: "Job runs by kind and outcome (ok, failed, buried)",
  svc_webhook_attempts_total: "Webhook delivery attempts by outcome (success, failure)",
  svc_smtp_sends_total: "Mail handed to the SMTP relay by result (sent, failed)",
  svc_smtp_send_duration_seconds: "Time to hand one mail to the relay",
};
