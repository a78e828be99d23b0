/**
 * The delivery worker's CPU per mail by stage, in one thread without the load
 * (docs/performance.md, "The delivery worker"): tracking, the MIME build, the DKIM header
 * with its RSA signature. bench/delivery_cpu.ts measures the whole send.
 *
 *   deno bench -A bench/delivery_bench.ts
 */
import { Buffer } from "node:buffer";
import { buildMessage, dkimHeader } from "../domain/mail/compose.ts";
import { trackHtml } from "../domain/mail/tracking.ts";
import { dkim, sample, tracking } from "./lib/delivery_sample.ts";

const built = Buffer.from(buildMessage({ ...sample(), dkim: null }).raw);

Deno.bench("tracking of the HTML part", { group: "stages" }, () => {
  trackHtml(sample().html, tracking);
});
Deno.bench("MIME build, unsigned", { group: "stages" }, () => {
  buildMessage({ ...sample(), dkim: null });
});
Deno.bench("DKIM header (canonicalization, hashes, RSA)", { group: "stages" }, () => {
  dkimHeader(built, dkim);
});
Deno.bench("build and sign", { group: "stages", baseline: true }, () => {
  buildMessage(sample());
});
