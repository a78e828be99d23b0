/**
 * The base-rate simulation of forms spam judgement (bench/lib/base_rate.ts):
 * a day of a SITES-site service's legitimate traffic and one campaign through
 * the real judgement; prints the false-positive rate and the campaign caught.
 *
 *   deno run -A bench/spam_base_rate.ts [sites=10000] [seed=25]
 */
import { simulate } from "./lib/base_rate.ts";

const sites = Number(Deno.args[0] ?? 10_000);
const seed = Number(Deno.args[1] ?? 25);
const r = simulate({ sites, seed });
console.log(JSON.stringify(r, null, 2));
console.log(
  `${r.legitimate} legitimate messages to ${r.sites} sites: ${r.spam} judged spam ` +
    `(${(100 * r.falsePositiveRate).toFixed(3)} %; sameness ${r.spamBySameness}, ` +
    `model ${r.spamByModel}, learned honeypot ${r.spamByHoneypot}); ` +
    `campaign ${r.campaign.spam} of ${r.campaign.sent} judged spam`,
);
