/**
 * RSA-SHA256 signatures (PKCS#1 v1.5, as DKIM's rsa-sha256 needs) with
 * OpenSSL's libcrypto through FFI when this process may load it (`--allow-ffi`,
 * which `deno task start` grants, and libcrypto.so.3 present, as on Debian):
 * 0.3 ms per 2048-bit signature on the bench machine, against 2 ms for
 * node:crypto's (Deno implements it in pure Rust). That difference was most of
 * a relayed message's CPU (docs/performance.md). Without FFI, node:crypto
 * signs; both give the same bytes (PKCS#1 v1.5 is deterministic).
 */
import { Buffer } from "node:buffer";
import { createPrivateKey, type KeyObject, sign } from "node:crypto";

const SYMBOLS = {
  BIO_new_mem_buf: { parameters: ["buffer", "i32"], result: "pointer" },
  BIO_free: { parameters: ["pointer"], result: "i32" },
  PEM_read_bio_PrivateKey: {
    parameters: ["pointer", "pointer", "pointer", "pointer"],
    result: "pointer",
  },
  EVP_PKEY_free: { parameters: ["pointer"], result: "void" },
  EVP_PKEY_get_size: { parameters: ["pointer"], result: "i32" },
  EVP_MD_CTX_new: { parameters: [], result: "pointer" },
  EVP_MD_CTX_free: { parameters: ["pointer"], result: "void" },
  EVP_sha256: { parameters: [], result: "pointer" },
  EVP_DigestSignInit: {
    parameters: ["pointer", "pointer", "pointer", "pointer", "pointer"],
    result: "i32",
  },
  EVP_DigestSign: { parameters: ["pointer", "buffer", "buffer", "buffer", "usize"], result: "i32" },
} as const;

type Lib = Deno.DynamicLibrary<typeof SYMBOLS>["symbols"];
type NativeKey = { pkey: Deno.PointerValue; size: number };

const MAX_KEYS = 100;
let lib: Lib | null | undefined;
const nativeKeys = new Map<string, NativeKey>();
const nodeKeys = new Map<string, KeyObject>();

/** libcrypto's symbols, or null when this process may not or cannot load it (checked once). */
function openssl(): Lib | null {
  if (lib !== undefined) return lib;
  lib = null;
  try {
    if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") return lib;
    lib = Deno.dlopen("libcrypto.so.3", SYMBOLS).symbols;
  } catch {
    lib = null;
  }
  return lib;
}

function nativeKey(s: Lib, pem: string): NativeKey | null {
  let k = nativeKeys.get(pem);
  if (k) return k;
  const bytes = new TextEncoder().encode(pem);
  const bio = s.BIO_new_mem_buf(bytes, bytes.length);
  if (!bio) return null;
  const pkey = s.PEM_read_bio_PrivateKey(bio, null, null, null);
  s.BIO_free(bio);
  if (!pkey) return null;
  if (nativeKeys.size >= MAX_KEYS) {
    for (const old of nativeKeys.values()) s.EVP_PKEY_free(old.pkey);
    nativeKeys.clear();
  }
  k = { pkey, size: s.EVP_PKEY_get_size(pkey) };
  nativeKeys.set(pem, k);
  return k;
}

/** The signature with libcrypto, or null when it cannot be made that way. */
export function signWithOpenssl(pem: string, data: Uint8Array): Uint8Array | null {
  const s = openssl();
  const key = s && nativeKey(s, pem);
  if (!s || !key) return null;
  const ctx = s.EVP_MD_CTX_new();
  if (!ctx) return null;
  try {
    if (s.EVP_DigestSignInit(ctx, null, s.EVP_sha256(), null, key.pkey) !== 1) return null;
    const sig = new Uint8Array(key.size);
    const len = new BigUint64Array([BigInt(key.size)]);
    const lenBytes = new Uint8Array(len.buffer);
    if (s.EVP_DigestSign(ctx, sig, lenBytes, data, BigInt(data.length)) !== 1) return null;
    return sig.subarray(0, Number(len[0]));
  } finally {
    s.EVP_MD_CTX_free(ctx);
  }
}

/** The signature with node:crypto (parsed keys kept: parsing costs more than signing). */
export function signWithNode(pem: string, data: Uint8Array): Uint8Array {
  let k = nodeKeys.get(pem);
  if (!k) {
    k = createPrivateKey(pem);
    if (nodeKeys.size >= MAX_KEYS) nodeKeys.clear();
    nodeKeys.set(pem, k);
  }
  return new Uint8Array(sign("sha256", Buffer.from(data), k));
}

/** RSASSA-PKCS1-v1_5 with SHA-256 of `data` under the PEM private key. */
export function rsaSha256Sign(pem: string, data: Uint8Array): Uint8Array {
  return signWithOpenssl(pem, data) ?? signWithNode(pem, data);
}
