/**
 * Platt scaling: the model's margin z becomes a probability sigmoid(a*z + b),
 * fitted on a calibration split that training never saw. Targets are smoothed
 * as Platt proposed ((N+ + 1)/(N+ + 2) and 1/(N- + 2)) so that a split the
 * model separates perfectly does not drive the slope to infinity. The score is
 * that probability times 100: 60 or more means the model puts the chance that
 * the message is spam at 60 % or more, on a corpus with as much spam as
 * legitimate mail.
 */
import { sigmoid } from "./logistic.ts";

export type Platt = { a: number; b: number };

export function fitPlatt(margins: number[], labels: (0 | 1)[]): Platt {
  const pos = labels.filter((y) => y === 1).length;
  const neg = labels.length - pos;
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  const t = labels.map((y) => (y === 1 ? hi : lo));
  let a = 1;
  let b = 0;
  // Newton's method on the two parameters, with a small ridge for stability.
  for (let iter = 0; iter < 100; iter++) {
    let ga = 0, gb = 0, haa = 1e-6, hab = 0, hbb = 1e-6;
    for (let i = 0; i < margins.length; i++) {
      const z = margins[i];
      const p = sigmoid(a * z + b);
      const d = p - t[i];
      ga += d * z;
      gb += d;
      const s = p * (1 - p);
      haa += s * z * z;
      hab += s * z;
      hbb += s;
    }
    const det = haa * hbb - hab * hab;
    if (det <= 0) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-10) break;
  }
  return { a, b };
}

/** 0 to 100, the calibrated probability of spam in percent. */
export function scoreOf(z: number, p: Platt): number {
  return Math.max(0, Math.min(100, Math.round(100 * sigmoid(p.a * z + p.b))));
}
