/**
 * The one written-down Deno KV key layout. No other file builds a key array.
 *
 * Conventions: collections are plural snake_case (`sites`); secondary indexes
 * are `<collection>_by_<field>`; ids are UUIDv7 strings, so a prefix listing is
 * oldest-first and `reverse: true` is newest-first.
 */
type Key = Deno.KvKey;

export const keys = {
  // --- accounts and sites -------------------------------------------------
  /** Account record. */
  account: (id: string): Key => ["accounts", id],
  accounts: (): Key => ["accounts"],
  /** Site record. */
  site: (id: string): Key => ["sites", id],
  sites: (): Key => ["sites"],
  /** Sites of an account (value: site id); account "none" for sites without one. */
  siteByAccount: (accountId: string | null, siteId: string): Key => [
    "sites_by_account",
    accountId ?? "none",
    siteId,
  ],
  sitesByAccount: (accountId: string | null): Key => ["sites_by_account", accountId ?? "none"],
  /** Unique registered domain (lowercase) -> site id. */
  siteByDomain: (domain: string): Key => ["sites_by_domain", domain],

  // --- API keys -------------------------------------------------------------
  /** API key record (holds only the SHA-256 of the key). */
  apiKey: (id: string): Key => ["api_keys", id],
  /** SHA-256 hex of a key -> key id; the lookup used by every authenticated call. */
  apiKeyByHash: (hash: string): Key => ["api_keys_by_hash", hash],
  /** Keys of a site (value: key id). */
  apiKeyBySite: (siteId: string, keyId: string): Key => ["api_keys_by_site", siteId, keyId],
  apiKeysBySite: (siteId: string): Key => ["api_keys_by_site", siteId],

  // --- hosted forms -----------------------------------------------------------
  /** Hosted form record. */
  form: (id: string): Key => ["forms", id],
  /** Unique slug per account -> form id. */
  formBySlug: (accountId: string, slug: string): Key => ["forms_by_slug", accountId, slug],
  /** Forms of an account (value: form id). */
  formByAccount: (accountId: string, formId: string): Key => [
    "forms_by_account",
    accountId,
    formId,
  ],
  formsByAccount: (accountId: string): Key => ["forms_by_account", accountId],

  // --- IP blocks ------------------------------------------------------------
  /** IP block record. */
  ipBlock: (id: string): Key => ["ip_blocks", id],
  /** Active blocks of an IP (value: a copy of the block); removed when lifted. */
  ipBlockByIp: (ip: string, blockId: string): Key => ["ip_blocks_by_ip", ip, blockId],
  ipBlocksByIp: (ip: string): Key => ["ip_blocks_by_ip", ip],
  /** Active timed blocks by starting site ("none": no site), by end time in ms (value: block copy). */
  ipBlockActiveUntil: (siteId: string | null, untilMs: number, blockId: string): Key => [
    "ip_blocks_active_until",
    siteId ?? "none",
    untilMs,
    blockId,
  ],
  ipBlocksActiveUntil: (siteId: string | null): Key => ["ip_blocks_active_until", siteId ?? "none"],
  /** Active blocks without end by starting site ("none": no site), by id (value: block copy). */
  ipBlockActiveOpen: (siteId: string | null, blockId: string): Key => [
    "ip_blocks_active_open",
    siteId ?? "none",
    blockId,
  ],
  ipBlocksActiveOpen: (siteId: string | null): Key => ["ip_blocks_active_open", siteId ?? "none"],
  /** Old by-site index of blocks (value: block copy): no longer written; read and lifted only. */
  legacyIpBlockBySite: (siteId: string | null, blockId: string): Key => [
    "ip_blocks_by_site",
    siteId ?? "none",
    blockId,
  ],
  legacyIpBlocksBySite: (siteId: string | null): Key => ["ip_blocks_by_site", siteId ?? "none"],
  /** Prefix of every block record (UUIDv7 ids: oldest first); for the operator list. */
  ipBlocksAll: (): Key => ["ip_blocks"],

  // --- suppressions and unsubscribes -----------------------------------------
  /** Service-wide suppression of an address (lowercase). */
  suppression: (email: string): Key => ["suppressions", email],
  suppressions: (): Key => ["suppressions"],
  /** Address (lowercase) unsubscribed from one site. */
  unsubscribe: (siteId: string, email: string): Key => ["unsubscribes", siteId, email],
  unsubscribesBySite: (siteId: string): Key => ["unsubscribes", siteId],

  // --- webhooks, events, deliveries ------------------------------------------
  /** Webhook record (secret sealed with AES-256-GCM). */
  webhook: (id: string): Key => ["webhooks", id],
  /** Webhooks of a site (value: webhook id). */
  webhookBySite: (siteId: string, webhookId: string): Key => [
    "webhooks_by_site",
    siteId,
    webhookId,
  ],
  webhooksBySite: (siteId: string): Key => ["webhooks_by_site", siteId],
  /** Webhook success/failure counters (Deno.KvU64, summed without a read). */
  webhookCounter: (webhookId: string, which: "success" | "failure"): Key => [
    "webhook_counters",
    webhookId,
    which,
  ],
  /** Stored event (outer body; large bodies as a blob ref). */
  event: (id: string): Key => ["events", id],
  /** Events of a site, by UUIDv7 event id (value: event id). */
  eventBySite: (siteId: string, eventId: string): Key => ["events_by_site", siteId, eventId],
  eventsBySite: (siteId: string): Key => ["events_by_site", siteId],
  /** One delivery of one event to one webhook, with its attempts. */
  delivery: (id: string): Key => ["deliveries", id],
  /** Deliveries of a webhook (value: delivery id). */
  deliveryByWebhook: (webhookId: string, deliveryId: string): Key => [
    "deliveries_by_webhook",
    webhookId,
    deliveryId,
  ],
  deliveriesByWebhook: (webhookId: string): Key => ["deliveries_by_webhook", webhookId],

  // --- jobs -----------------------------------------------------------------
  /** Durable job record; the queue message only carries its id. */
  job: (id: string): Key => ["jobs", id],
  jobs: (): Key => ["jobs"],
  /** A job that failed every run, kept for the operator (dead letter). */
  jobDead: (id: string): Key => ["jobs_dead", id],
  jobsDead: (): Key => ["jobs_dead"],
  /** Due index: a job that should run (or whose lease ends) at `at` ms. */
  jobDue: (at: number, jobId: string): Key => ["jobs_due", at, jobId],
  jobsDue: (): Key => ["jobs_due"],

  // --- blobs and counters -----------------------------------------------------
  /** Chunk `n` of a blob larger than one KV value. */
  blobChunk: (blobId: string, n: number): Key => ["blobs", blobId, n],
  blob: (blobId: string): Key => ["blobs", blobId],
  /** Sliding window of recent timestamps, e.g. ("ip_submissions", ip). */
  window: (name: string, subject: string): Key => ["windows", name, subject],
  /** Monthly usage counter (Deno.KvU64) per account, kind and UTC month "2026-11". */
  usage: (accountId: string, kind: string, month: string): Key => [
    "usage",
    accountId,
    kind,
    month,
  ],
  /** Running total (Deno.KvU64), e.g. ("site_email_log", siteId). */
  total: (name: string, subject: string): Key => ["totals", name, subject],

  /** Read by the health check; never written. */
  health: (): Key => ["health"],

  // --- sending domains ---------------------------------------------------------
  /** Sending domain record (DKIM private key sealed). */
  sendingDomain: (id: string): Key => ["sending_domains", id],
  /** Unique domain name (lowercase) -> sending domain id. */
  sendingDomainByName: (domain: string): Key => ["sending_domains_by_name", domain],
  /** Domains of a site (value: domain id). */
  sendingDomainBySite: (siteId: string, id: string): Key => [
    "sending_domains_by_site",
    siteId,
    id,
  ],
  sendingDomainsBySite: (siteId: string): Key => ["sending_domains_by_site", siteId],
  /** Domains not yet verified, checked hourly (value: domain id). */
  sendingDomainPending: (id: string): Key => ["sending_domains_pending", id],
  sendingDomainsPending: (): Key => ["sending_domains_pending"],

  // --- foundation (issue 2): operator settings, request limits ------------------
  /** Token bucket of one API key's request limit ({tokens, at}); the setting is on the site. */
  requestBucket: (apiKeyId: string): Key => ["request_buckets", apiKeyId],
  // --- webhooks delivery (issue 3) -----------------------------------------------
  /** Status and time of a webhook's latest attempt or test (set without a read, last wins). */
  webhookLastStatus: (webhookId: string): Key => ["webhook_last_status", webhookId],
  /** Deliveries of one event, one per webhook (value: delivery id). */
  deliveryByEvent: (eventId: string, deliveryId: string): Key => [
    "deliveries_by_event",
    eventId,
    deliveryId,
  ],
  deliveriesByEvent: (eventId: string): Key => ["deliveries_by_event", eventId],
  // --- mail engine (issue 4) -------------------------------------------------------
  /** Email log record (one per send attempt). */
  emailLog: (id: string): Key => ["email_log", id],
  /** Log records of a site, by UUIDv7 log id (value: log id); newest last. */
  emailLogBySite: (siteId: string, logId: string): Key => ["email_log_by_site", siteId, logId],
  emailLogsBySite: (siteId: string): Key => ["email_log_by_site", siteId],
  /**
   * Message-ID (without brackets, lowercase) -> log id: written until Message-IDs were
   * read back as the log id they carry; still read for those records.
   */
  emailLogByMessageId: (messageId: string): Key => ["email_log_by_message_id", messageId],
  /** Latest log id per recipient address (lowercase); for bounces that match no Message-ID. */
  emailLatestTo: (email: string): Key => ["email_latest_to", email],
  /** Account-owned mail template (large bodies as blobs). */
  template: (id: string): Key => ["templates", id],
  /** Unique slug per account -> template id. */
  templateBySlug: (accountId: string, slug: string): Key => ["templates_by_slug", accountId, slug],
  /** Templates of an account (value: template id). */
  templateByAccount: (accountId: string, id: string): Key => [
    "templates_by_account",
    accountId,
    id,
  ],
  templatesByAccount: (accountId: string): Key => ["templates_by_account", accountId],
  /** A message kept by the outbox transport (raw as a blob). */
  outbox: (id: string): Key => ["outbox", id],
  outboxAll: (): Key => ["outbox"],
  /** Outbox messages by recipient (lowercase; value: outbox id). */
  outboxByTo: (email: string, id: string): Key => ["outbox_by_to", email, id],
  outboxesByTo: (email: string): Key => ["outbox_by_to", email],
  // --- forms submit (issue 5) -------------------------------------------------------
  /** Stored form submission (fields as a packed JSON string). */
  submission: (id: string): Key => ["submissions", id],
  /** Submissions of a site by UUIDv7 id (value: submission id); newest last. */
  submissionBySite: (siteId: string, id: string): Key => ["submissions_by_site", siteId, id],
  submissionsBySite: (siteId: string): Key => ["submissions_by_site", siteId],
  /** Recent-content marker: hash of a submission's fields -> {site_id, at}; short expiry. */
  formContentHash: (hash: string): Key => ["form_content_hashes", hash],
  /** The current automatic rate-limit block of an IP key -> {block_id, until}. */
  ipRateBlock: (ipKey: string): Key => ["ip_rate_blocks", ipKey],
  /** Abuse tally of a site in one fixed window (KvU64): "abusive" or "all" submissions. */
  formAbuse: (siteId: string, bucket: number, which: "abusive" | "all"): Key => [
    "form_abuse",
    siteId,
    bucket,
    which,
  ],
  // --- sequences (issue 6) ------------------------------------------------------------
  /** Sequence record (steps inline). */
  sequence: (id: string): Key => ["sequences", id],
  /** Unique sequence key per account (the ID enroll names) -> sequence id. */
  sequenceByKey: (accountId: string, key: string): Key => ["sequences_by_key", accountId, key],
  /** Sequences of an account (value: sequence id). */
  sequenceByAccount: (accountId: string, id: string): Key => [
    "sequences_by_account",
    accountId,
    id,
  ],
  sequencesByAccount: (accountId: string): Key => ["sequences_by_account", accountId],
  /** Enrollment record (state, step history; data packed). */
  enrollment: (id: string): Key => ["enrollments", id],
  /** Address (lowercase) active in a sequence -> enrollment id; guards "exists". */
  enrollmentActive: (sequenceId: string, email: string): Key => [
    "enrollments_active",
    sequenceId,
    email,
  ],
  /** Enrollments of a site (value: enrollment id), UUIDv7 so newest last. */
  enrollmentBySite: (siteId: string, id: string): Key => ["enrollments_by_site", siteId, id],
  enrollmentsBySite: (siteId: string): Key => ["enrollments_by_site", siteId],
  /** Enrollments whose due step waits for the sequence to be turned on (value: id). */
  enrollmentWaiting: (sequenceId: string, id: string): Key => [
    "enrollments_waiting",
    sequenceId,
    id,
  ],
  enrollmentsWaiting: (sequenceId: string): Key => ["enrollments_waiting", sequenceId],

  // --- sending-domain checks (issue 6) ---------------------------------------------------
  /** Verified domains of a site (value: domain id); mail's domain-mode lookup. */
  sendingDomainVerifiedBySite: (siteId: string, id: string): Key => [
    "sending_domains_verified_by_site",
    siteId,
    id,
  ],
  sendingDomainsVerifiedBySite: (siteId: string): Key => [
    "sending_domains_verified_by_site",
    siteId,
  ],
  /** Claim of one hourly check run (`slot` = hours since epoch) on one domain. */
  sendingDomainCheckClaim: (slot: number, id: string): Key => [
    "sending_domain_check_claims",
    slot,
    id,
  ],

  // --- hot path -----------------------------------------------------------------------
  /** A site's webhook subscriptions and mail domain ({webhooks, domain}); see site_routing.ts. */
  siteRouting: (siteId: string): Key => ["site_routing", siteId],

  // --- inbound (issue 11): inbound domains, delivery reports ------------------------------
  /** Inbound domain record (secret sealed with AES-256-GCM). */
  inboundDomain: (id: string): Key => ["inbound_domains", id],
  inboundDomains: (): Key => ["inbound_domains"],
  /** Unique inbound domain name (lowercase) -> inbound domain id. */
  inboundDomainByName: (domain: string): Key => ["inbound_domains_by_name", domain],
  /** A received message the inbound domain's receiver took (by X-SVC-Delivery); expires. */
  inboundForwarded: (deliveryId: string): Key => ["inbound_forwarded", deliveryId],
  /** Delivery report (DSN or feedback report) for one recipient; UUIDv7 id. */
  deliveryReport: (id: string): Key => ["delivery_reports", id],
  deliveryReports: (): Key => ["delivery_reports"],
  /** Reports of one email log record (value: a copy of the report). */
  deliveryReportByLog: (logId: string, id: string): Key => ["delivery_reports_by_log", logId, id],
  deliveryReportsByLog: (logId: string): Key => ["delivery_reports_by_log", logId],
  /** Reports of one site (value: a copy of the report), newest last. */
  deliveryReportBySite: (siteId: string, id: string): Key => [
    "delivery_reports_by_site",
    siteId,
    id,
  ],
  deliveryReportsBySite: (siteId: string): Key => ["delivery_reports_by_site", siteId],
  /** A report already taken (hash of the report and recipient): a resent report is ignored. */
  deliveryReportSeen: (hash: string): Key => ["delivery_reports_seen", hash],
  /** email.delivered went out for this recipient (lowercase) of this log record: once. */
  deliveredOnce: (logId: string, email: string): Key => ["delivered_once", logId, email],
} as const;
