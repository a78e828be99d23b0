/**
 * Password hashing with scrypt (node:crypto) and a per-user random salt. The
 * parameters are stored with the hash, so they can be raised later without
 * breaking old hashes. N = 2^17, r = 8, p = 1 is OWASP's recommendation.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LEN,
      { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 },
      (err, key) => err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], "base64url");
  const want = Buffer.from(parts[5], "base64url");
  const got = await derive(password, salt, n, r, p);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Spends one hash's time on an unknown address, so timing does not tell which addresses exist. */
export async function spendHashTime(password: string): Promise<void> {
  await derive(password, Buffer.alloc(16), N, R, P);
}
