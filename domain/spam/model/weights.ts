/**
 * The weights file: hashed logistic regression weights quantised to one byte
 * each on a square-root scale (small weights keep their precision), stored
 * sparse (varint gaps between non-zero buckets) or dense, whichever is
 * smaller, base64 in JSON. Decoded once into a Float32Array.
 */
import { Buffer } from "node:buffer";
import { BUCKETS } from "./hashing.ts";
import type { Platt } from "./calibration.ts";

export type WeightsFile = {
  format: "svc-spam-hashed-logreg/1";
  model: "forms" | "mail";
  buckets: number;
  bias: number;
  platt: Platt;
  /** Weight of each feature group (word, bigram, char, field, meta), as trained. */
  groups: number[];
  /** Largest absolute weight: byte q stands for sign(q) * (|q|/127)^2 * max. */
  max: number;
  encoding: "sparse" | "dense";
  nonzero: number;
  data: string;
  trained: Record<string, unknown>;
};

export function quantise(w: ArrayLike<number>): { q: Int8Array; max: number } {
  let max = 0;
  for (let i = 0; i < w.length; i++) max = Math.max(max, Math.abs(w[i]));
  const q = new Int8Array(w.length);
  if (max === 0) return { q, max };
  for (let i = 0; i < w.length; i++) {
    const r = Math.sqrt(Math.abs(w[i]) / max) * 127;
    q[i] = Math.sign(w[i]) * Math.round(r);
  }
  return { q, max };
}

export function dequantise(q: Int8Array, max: number): Float32Array {
  const w = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) {
    const r = q[i] / 127;
    w[i] = Math.sign(r) * r * r * max;
  }
  return w;
}

function encodeSparse(q: Int8Array): Uint8Array {
  const out: number[] = [];
  let prev = -1;
  for (let i = 0; i < q.length; i++) {
    if (q[i] === 0) continue;
    let gap = i - prev - 1;
    prev = i;
    while (gap >= 0x80) {
      out.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    out.push(gap);
    out.push(q[i] & 0xff);
  }
  return Uint8Array.from(out);
}

function decodeSparse(bytes: Uint8Array, size: number): Int8Array {
  const q = new Int8Array(size);
  let pos = -1;
  let i = 0;
  while (i < bytes.length) {
    let gap = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[i++];
      gap |= (b & 0x7f) << shift;
      if (b < 0x80) break;
      shift += 7;
    }
    pos += gap + 1;
    q[pos] = (bytes[i++] << 24) >> 24;
  }
  return q;
}

export function encodeWeights(
  model: WeightsFile["model"],
  w: ArrayLike<number>,
  bias: number,
  platt: Platt,
  trained: Record<string, unknown>,
  groups: readonly number[] = [1, 1, 1, 1, 1],
): WeightsFile {
  const { q, max } = quantise(w);
  const sparse = encodeSparse(q);
  const useSparse = sparse.length < q.length;
  let nonzero = 0;
  for (const v of q) if (v !== 0) nonzero++;
  const bytes = useSparse ? sparse : new Uint8Array(q.buffer);
  return {
    format: "svc-spam-hashed-logreg/1",
    model,
    buckets: w.length,
    bias,
    platt,
    groups: [...groups],
    max,
    encoding: useSparse ? "sparse" : "dense",
    nonzero,
    data: Buffer.from(bytes).toString("base64"),
    trained,
  };
}

export function decodeWeights(f: WeightsFile): Float32Array {
  if (f.format !== "svc-spam-hashed-logreg/1" || f.buckets !== BUCKETS) {
    throw new Error(`weights file of an unknown format (${f.format}, ${f.buckets} buckets)`);
  }
  const bytes = new Uint8Array(Buffer.from(f.data, "base64"));
  const q = f.encoding === "sparse"
    ? decodeSparse(bytes, f.buckets)
    : new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  return dequantise(q, f.max);
}
