/**
 * What domain functions need from the outside world, passed explicitly. main.ts
 * builds one; tests build their own (in-memory KV, a manual clock, real peers on
 * loopback). Capabilities add their services here.
 */
import type { Config } from "./config.ts";
import type { Clock } from "./clock.ts";
import type { Logger } from "./log.ts";
import type { MailServices } from "../mail/services.ts";
import type { OutboundOverrides } from "./net/outbound_http.ts";

export type Ctx = {
  kv: Deno.Kv;
  config: Config;
  clock: Clock;
  log: Logger;
  /**
   * true: jobs are triggered by KV queue messages (local KV file). false: the
   * due-index sweep alone triggers them (KV Connect, where enqueue is refused).
   */
  useQueue: boolean;
  // services: webhooks (issue 3)
  /** Test-only overrides of outbound HTTP (timeout, DNS server); unset in production. */
  outbound?: OutboundOverrides;
  // services: mail (issue 4)
  /** SMTP transport (or outbox) and spam classifier; created on first use by `mailServices(ctx)`. */
  mail?: MailServices;
  // services: forms (issue 5)

  // services: sequences and sending domains (issue 6)
};
