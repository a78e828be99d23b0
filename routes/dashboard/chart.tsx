/**
 * The usage chart: an inline SVG drawn here on the server (no chart library,
 * no script), one line per kind over the days, with a y scale, day ticks and a
 * legend; the same numbers follow in a table for screen readers and copying.
 * Colours come from classes in dashboard.css (the CSP allows no inline style).
 * It knows no domain module: the page that shows it names the series, so the
 * chart is a leaf any page can use.
 */

/** One line of the chart: its key in each day's counts (also its CSS class), its legend. */
export type Series<K extends string> = { kind: K; label: string };

type Day<K extends string> = { day: string; counts: Record<K, number> };

const W = 720;
const H = 260;
const PAD = { left: 44, right: 20, top: 12, bottom: 28 };

/**
 * The y axis's top: four even steps of 1, 2 or 5 times a power of ten (4, 8,
 * 20, 40, 80, 200...), so every grid line sits on a whole, round number.
 */
export function niceMax(v: number): number {
  for (let p = 1;; p *= 10) {
    for (const m of [1, 2, 5]) if (4 * m * p >= v) return 4 * m * p;
  }
}

export function DailyChart<K extends string>(
  props: { title: string; series: Series<K>[]; days: Day<K>[] },
) {
  const { days, series: SERIES } = props;
  const top = niceMax(Math.max(0, ...days.flatMap((d) => SERIES.map((s) => d.counts[s.kind]))));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length > 1 ? (i * plotW) / (days.length - 1) : 0);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = [0, 1, 2, 3, 4].map((i) => (top / 4) * i);
  return (
    <figure class="usage-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="chart-title"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id="chart-title">{props.title}</title>
        {ticks.map((t) => (
          <g class="grid">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t) + 4} text-anchor="end">{t}</text>
          </g>
        ))}
        {days.map((d, i) =>
          i % 5 === 0 || i === days.length - 1
            ? (
              <text
                class="tick"
                x={x(i).toFixed(1)}
                y={H - 8}
                text-anchor={i === days.length - 1 ? "end" : i === 0 ? "start" : "middle"}
              >
                {d.day.slice(5)}
              </text>
            )
            : null
        )}
        {SERIES.map((s) => (
          <polyline
            class={`series ${s.kind}`}
            fill="none"
            points={days.map((d, i) => `${x(i).toFixed(1)},${y(d.counts[s.kind]).toFixed(1)}`)
              .join(" ")}
          />
        ))}
        {SERIES.map((s) =>
          days.map((d, i) =>
            d.counts[s.kind] > 0
              ? (
                <circle
                  class={`dot ${s.kind}`}
                  cx={x(i).toFixed(1)}
                  cy={y(d.counts[s.kind]).toFixed(1)}
                  r="3"
                />
              )
              : null
          )
        )}
      </svg>
      <figcaption>
        <ul class="legend">
          {SERIES.map((s) => (
            <li>
              <span class={`swatch ${s.kind}`} aria-hidden="true"></span>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
