/** A self-signed certificate for 127.0.0.1 and localhost, made in the test (selfsigned). */
import selfsigned from "selfsigned";
import { join } from "node:path";

export type TestCert = { dir: string; certFile: string; keyFile: string; cert: string };

export async function makeTestCert(): Promise<TestCert> {
  const pems = await selfsigned.generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [{ type: 2, value: "localhost" }, { type: 7, ip: "127.0.0.1" }],
      },
    ],
  });
  const dir = await Deno.makeTempDir();
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  await Deno.writeTextFile(certFile, pems.cert);
  await Deno.writeTextFile(keyFile, pems.private, { mode: 0o600 });
  return { dir, certFile, keyFile, cert: pems.cert };
}
