/**
 * The shared relay as receivers see it: relay-mode mail is From SVC_RELAY_FROM
 * and DKIM-signed for that address's domain with the service's key
 * (domain/kernel/relay_key.ts). What the operator publishes for it: the DKIM
 * record (required for the signature to verify), SPF for the Return-Path
 * domain and a DMARC policy starting at p=none. Shown by
 * GET /admin/api/v1/relay and in the start-up log.
 */
import type { Config } from "../kernel/config.ts";
import { spfInclude } from "./sending_domains.ts";

export type RelayView = {
  from: string;
  dkim: {
    selector: string;
    domain: string;
    dns_record: { type: "TXT"; name: string; value: string };
  };
  spf_hint: string;
  dmarc_hint: string;
};

export function relayView(config: Config): RelayView {
  const from = config.SVC_RELAY_FROM;
  const domain = from.slice(from.lastIndexOf("@") + 1);
  const returnPath = config.SVC_RETURN_PATH_DOMAIN ?? domain;
  const include = spfInclude(config);
  const selector = config.relayDkim.selector;
  return {
    from,
    dkim: {
      selector,
      domain,
      dns_record: {
        type: "TXT",
        name: `${selector}._domainkey.${domain}`,
        value: `v=DKIM1; k=rsa; p=${config.relayDkim.publicKey}`,
      },
    },
    spf_hint: `TXT ${returnPath} "v=spf1 include:${include} ~all", and at ${include} ` +
      `the addresses of the mail server SVC_SMTP_URL hands mail to ` +
      `(for example "v=spf1 ip4:192.0.2.10 -all"); the Return-Path of relay mail is at ${returnPath}.`,
    dmarc_hint: `TXT _dmarc.${domain} "v=DMARC1; p=none; adkim=r; aspf=r; ` +
      `rua=mailto:postmaster@${domain}" (start with p=none; tighten to quarantine once the ` +
      `reports show every source aligned).`,
  };
}
