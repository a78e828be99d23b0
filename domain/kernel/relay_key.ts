/**
 * The relay's DKIM key: relay-mode mail is signed for the domain of
 * SVC_RELAY_FROM with it. SVC_RELAY_DKIM_KEY gives it (PEM text or the path of
 * a PEM file); unset, a 2048-bit key is generated at first start into the data
 * folder (`relay_dkim_key`, sealed with the encryption key like the other
 * stored secrets, mode 0600) and reused afterwards.
 */
import { Buffer } from "node:buffer";
import { generateKeyPairSync } from "node:crypto";
import { dirname, join } from "node:path";
import { newRsaKeyPair, rsaKeyFromPem, seal, unseal } from "./crypto.ts";

export type RelayDkim = {
  selector: string;
  /** PKCS#8 PEM (a string, so that it can be posted to the delivery workers). */
  privateKey: string;
  /** Base64 SPKI DER: the `p=` of the DNS record. */
  publicKey: string;
  /** Where the key came from; "generated": made on this start. */
  source: "env" | "file" | "data" | "generated";
};

/** File name in the data folder. */
export const RELAY_DKIM_FILE = "relay_dkim_key";
// The sealed value is bound to its purpose.
const AAD = "relay_dkim_key";

/** Thrown with a sentence for the operator (config.ts makes it a ConfigError). */
export class RelayKeyError extends Error {}

export async function loadRelayDkim(
  a: { selector: string; given: string | undefined; dataDir: string; encryptionKey: Uint8Array },
): Promise<RelayDkim> {
  if (a.given) {
    const fromEnv = a.given.includes("-----BEGIN");
    let pem = a.given;
    if (!fromEnv) {
      try {
        pem = await Deno.readTextFile(a.given);
      } catch (e) {
        throw new RelayKeyError(
          `SVC_RELAY_DKIM_KEY is neither PEM text nor a readable file (${(e as Error).message}).`,
        );
      }
    }
    const key = parse(pem, "SVC_RELAY_DKIM_KEY does not hold an RSA private key in PEM form.");
    return { selector: a.selector, ...key, source: fromEnv ? "env" : "file" };
  }
  const file = join(a.dataDir, RELAY_DKIM_FILE);
  let sealed: string | null = null;
  try {
    sealed = (await Deno.readTextFile(file)).trim();
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  if (sealed) {
    let pem: string;
    try {
      pem = unseal(a.encryptionKey, sealed, AAD);
    } catch {
      throw new RelayKeyError(
        `the relay DKIM key in ${file} cannot be read with this encryption key; ` +
          "restore the key it was sealed with, delete the file to generate a new one " +
          "(and publish the new DNS record), or set SVC_RELAY_DKIM_KEY.",
      );
    }
    return {
      selector: a.selector,
      ...parse(pem, `${file} does not hold an RSA key.`),
      source: "data",
    };
  }
  const { publicDer, privatePem } = await newRsaKeyPair();
  await Deno.mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await Deno.writeTextFile(file, seal(a.encryptionKey, privatePem, AAD) + "\n", {
    mode: 0o600,
    createNew: true,
  });
  await Deno.chmod(file, 0o600);
  return {
    selector: a.selector,
    privateKey: privatePem,
    publicKey: Buffer.from(publicDer).toString("base64"),
    source: "generated",
  };
}

function parse(pem: string, problem: string): { privateKey: string; publicKey: string } {
  try {
    const k = rsaKeyFromPem(pem);
    return { privateKey: k.privatePem, publicKey: k.publicB64 };
  } catch {
    throw new RelayKeyError(problem);
  }
}

let testKey: { privateKey: string; publicKey: string } | null = null;

/** One key per process for tests (testConfig): generating one costs 0.1 to 0.3 s. */
export function testRelayDkim(selector: string): RelayDkim {
  if (!testKey) {
    const k = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "der" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    testKey = {
      privateKey: k.privateKey,
      publicKey: Buffer.from(k.publicKey as unknown as Uint8Array).toString("base64"),
    };
  }
  return { selector, ...testKey, source: "env" };
}
