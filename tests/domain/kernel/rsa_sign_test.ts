import assert from "node:assert/strict";
import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { rsaSha256Sign, signWithNode, signWithOpenssl } from "../../../domain/kernel/rsa_sign.ts";

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }) as string;
const data = new TextEncoder().encode("from:a@example.com\r\nsubject:hello\r\n");

Deno.test("OpenSSL through FFI (tests run with it granted) signs the same bytes as node:crypto", () => {
  const native = signWithOpenssl(pem, data);
  assert.ok(native, "libcrypto.so.3 loads when --allow-ffi is granted");
  assert.deepEqual(native, signWithNode(pem, data));
  assert.ok(verify("sha256", data, createPublicKey(pem), native));
  assert.deepEqual(rsaSha256Sign(pem, data), native);
});

Deno.test("a PEM OpenSSL cannot read falls back to node:crypto, which throws for it", () => {
  assert.equal(signWithOpenssl("not a key", data), null);
  assert.throws(() => rsaSha256Sign("not a key", data));
});
