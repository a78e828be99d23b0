/**
 * The one written-down Deno KV key layout. No other file builds a key array,
 * and only store modules (a capability's `store.ts` / `*_store.ts`, and this
 * folder) import it.
 *
 * Conventions: collections are plural snake_case (`sites`); secondary indexes
 * are `<collection>_by_<field>` and end with the record id; ids are UUIDv7
 * strings, so a prefix listing is oldest-first and `reverse: true` is
 * newest-first. A plural function (`sites()`, `sitesByAccount(id)`) is the
 * listing prefix of the singular one above it. Grouped by capability, in the
 * order of domain/.
 *
 * Long file: the one place every key is written down; split, finding a key
 * (or seeing that a prefix is free) would mean reading several files.
 */
type Key = Deno.KvKey;

export const keys = {
  // Accounts (domain/accounts/store.ts).
  /** Account record. */
  account: (id: string): Key => ["accounts", id],
  /** Every account record. */
  accounts: (): Key => ["accounts"],
  /**
   * Every prefix that holds one account's keys only (the account id second):
   * a deleted account's sweep (domain/privacy/account_deletion.ts) empties
   * each one after the capabilities deleted the records they index.
   */
  accountKeyPrefixes: (accountId: string): Key[] => [
    ["sites_by_account", accountId],
    ["forms_by_account", accountId],
    ["forms_by_slug", accountId],
    ["templates_by_account", accountId],
    ["templates_by_slug", accountId],
    ["sequences_by_account", accountId],
    ["sequences_by_key", accountId],
    ["dashboard_users_by_account", accountId],
    ["dashboard_invitations_by_account", accountId],
    ["spam_marks", accountId],
    ["usage", accountId],
  ],

  // Sites (domain/sites/store.ts, routing_store.ts).
  /** Site record. */
  site: (id: string): Key => ["sites", id],
  /** Every site record. */
  sites: (): Key => ["sites"],
  /** Sites of an account (value: site id); account "none" for sites without one. */
  siteByAccount: (accountId: string | null, siteId: string): Key => [
    "sites_by_account",
    accountId ?? "none",
    siteId,
  ],
  /** The sites of one account. */
  sitesByAccount: (accountId: string | null): Key => ["sites_by_account", accountId ?? "none"],
  /** Unique registered domain (lowercase) -> site id. */
  siteByDomain: (domain: string): Key => ["sites_by_domain", domain],
  /** A site's webhook subscriptions and mail domain ({webhooks, domain}); see routing_store.ts. */
  siteRouting: (siteId: string): Key => ["site_routing", siteId],
  /**
   * Every prefix that holds one site's keys only (the site id second): a
   * deleted site's sweep (domain/privacy/site_deletion.ts) empties each one
   * after the capabilities deleted the records these indexes point at. A new
   * collection kept per site adds its prefix here and is swept with the site.
   */
  siteKeyPrefixes: (siteId: string): Key[] => [
    ["submissions_by_site", siteId],
    ["email_log_by_site", siteId],
    ["delivery_reports_by_site", siteId],
    ["events_by_site", siteId],
    ["webhooks_by_site", siteId],
    ["api_keys_by_site", siteId],
    ["enrollments_by_site", siteId],
    ["sending_domains_by_site", siteId],
    ["sending_domains_verified_by_site", siteId],
    ["unsubscribes", siteId],
    ["mail_idempotency", siteId],
    ["spam_fields", siteId],
    ["form_abuse", siteId],
    ["daily", siteId],
    ["ip_blocks_active_until", siteId],
    ["ip_blocks_active_open", siteId],
    ["ip_blocks_by_site", siteId],
    ["form_endpoints_by_site", siteId],
    ["mail_retry", siteId],
    ["webhook_failing", siteId],
  ],

  // API keys and their request limit (domain/sites/api_keys_store.ts, request_limit_store.ts).
  /** API key record (holds only the SHA-256 of the key). */
  apiKey: (id: string): Key => ["api_keys", id],
  /** SHA-256 hex of a key -> key id; the lookup used by every authenticated call. */
  apiKeyByHash: (hash: string): Key => ["api_keys_by_hash", hash],
  /** Keys of a site (value: key id). */
  apiKeyBySite: (siteId: string, keyId: string): Key => ["api_keys_by_site", siteId, keyId],
  /** The keys of one site. */
  apiKeysBySite: (siteId: string): Key => ["api_keys_by_site", siteId],
  /** Token bucket of one API key's request limit ({tokens, at}); the setting is on the site. */
  requestBucket: (apiKeyId: string): Key => ["request_buckets", apiKeyId],

  // Hosted forms (domain/forms/hosted_store.ts).
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
  /** The forms of one account. */
  formsByAccount: (accountId: string): Key => ["forms_by_account", accountId],

  // Form endpoints of static sites (domain/forms/endpoints_store.ts).
  /** Form endpoint record: the public door /f/{id} of a site. */
  formEndpoint: (id: string): Key => ["form_endpoints", id],
  /** Endpoints of a site (value: endpoint id). */
  formEndpointBySite: (siteId: string, id: string): Key => ["form_endpoints_by_site", siteId, id],
  /** The endpoints of one site. */
  formEndpointsBySite: (siteId: string): Key => ["form_endpoints_by_site", siteId],

  // Form submissions and what forms/submit keeps beside them (domain/forms/submissions_store.ts).
  /** Stored form submission (fields as a packed JSON string). */
  submission: (id: string): Key => ["submissions", id],
  /** The site owner's mark on a submission: {mark: "spam" | "ham", at}. */
  submissionMark: (id: string): Key => ["submission_marks", id],
  /** A spam-judged submission's held notification released by "not spam": {at, by, channel, log_id}. */
  submissionRelease: (id: string): Key => ["submission_releases", id],
  /** Submissions of a site by UUIDv7 id (value: submission id); newest last. */
  submissionBySite: (siteId: string, id: string): Key => ["submissions_by_site", siteId, id],
  /** The submissions of one site. */
  submissionsBySite: (siteId: string): Key => ["submissions_by_site", siteId],
  /** Recent-content marker: hash of a submission's fields -> {site_id, at}; short expiry. */
  formContentHash: (hash: string): Key => ["form_content_hashes", hash],
  /** The current automatic rate-limit block of an IP key -> {block_id, until}. */
  ipRateBlock: (ipKey: string): Key => ["ip_rate_blocks", ipKey],

  // Spam judgement's memory (domain/spam/store.ts).
  /** Near-duplicate sightings of one MinHash band key ("3:9f0c22d1"): recent {ip, site, at, from, id} as bytes (spam/band_codec.ts); expires. */
  spamBand: (band: string): Key => ["spam_bands", band],
  /** An account's marks on one sender identity (kind "address" | "domain" | "ip"): {spam, ham}. */
  spamMark: (accountId: string, kind: string, value: string): Key => [
    "spam_marks",
    accountId,
    kind,
    value,
  ],
  /**
   * Accounts that marked text with this MinHash band key as spam (the service-wide list):
   * {accounts, cleared?, entry?} (cleared: accounts whose reports an operator removed).
   */
  spamReport: (band: string): Key => ["spam_reports", band],
  /** Every band's reports, for listing (the migration that builds the reported set). */
  spamReports: (): Key => ["spam_reports"],
  /**
   * The bands that have reports, one value (spam/store.ts): 5 bytes a band, or "too many" (then
   * every report is read); kept by the commits that write reports.
   */
  spamReportedBands: (): Key => ["spam_reported_bands"],
  /** KvU64 summed whenever the reported set changes: a process's copy is current while it holds. */
  spamReportedGen: (): Key => ["spam_reported_gen"],
  /** A listed form text (3+ accounts' reports): its bands, accounts, times; by UUIDv7 id. */
  spamListEntry: (id: string): Key => ["spam_list_entries", id],
  /** The listed form texts. */
  spamListEntries: (): Key => ["spam_list_entries"],
  /**
   * An account's marks on its own mail (domain/spam/mail_marks_store.ts): the marked texts'
   * MinHash signatures and the sender counts, in one value read with every send of the account.
   */
  mailMarks: (accountId: string): Key => ["mail_marks", accountId],
  /** Accounts that marked mail text with this MinHash band key as spam ({accounts, cleared?}); expires. */
  mailSpamReport: (band: string): Key => ["mail_spam_reports", band],
  /** The service-wide list: signatures of mail text that 3+ accounts marked spam (one value). */
  mailSpamList: (): Key => ["mail_spam_list"],
  /** What the hot list leaves out of one entry (by its id): accounts, first listed; expires. */
  mailSpamListEntry: (id: string): Key => ["mail_spam_list_entries", id],
  /** KvU64: legitimate submissions of a form that had a field (low 32 bits), that filled it (high). */
  spamFormField: (
    site: string,
    form: number,
    field: string,
  ): Key => ["spam_fields", site, form, field],

  /** Abuse tally of a site in one fixed window (KvU64): "abusive" or "all" submissions. */
  formAbuse: (siteId: string, bucket: number, which: "abusive" | "all"): Key => [
    "form_abuse",
    siteId,
    bucket,
    which,
  ],

  // Mail: email log, templates, outbox (domain/mail/*_store.ts).
  /** Email log record (one per send attempt). */
  emailLog: (id: string): Key => ["email_log", id],
  /** The site owner's mark on an email log record: {mark: "spam" | "ham", at}. */
  emailLogMark: (id: string): Key => ["email_log_marks", id],
  /** Log records of a site, by UUIDv7 log id (value: log id); newest last. */
  emailLogBySite: (siteId: string, logId: string): Key => ["email_log_by_site", siteId, logId],
  /** The log records of one site. */
  emailLogsBySite: (siteId: string): Key => ["email_log_by_site", siteId],
  /**
   * Message-ID (without brackets, lowercase) -> log id: written until Message-IDs were
   * read back as the log id they carry; still read for those records.
   */
  emailLogByMessageId: (messageId: string): Key => ["email_log_by_message_id", messageId],
  /**
   * A temporarily failed send kept for its retries (domain/mail/retry_store.ts): the message's
   * parts, attempts, state; under the site so that deleting a site's prefixes removes it.
   */
  mailRetry: (siteId: string, logId: string): Key => ["mail_retry", siteId, logId],
  /** The kept retries of one site. */
  mailRetriesOfSite: (siteId: string): Key => ["mail_retry", siteId],
  /**
   * Latest log id per recipient address (lowercase): written by earlier versions and never
   * read; kept so that deleting or erasing their records removes the pointers too.
   */
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
  /** The templates of one account. */
  templatesByAccount: (accountId: string): Key => ["templates_by_account", accountId],
  /** A message kept by the outbox transport (raw as a blob). */
  outbox: (id: string): Key => ["outbox", id],
  /** Every outbox message. */
  outboxAll: (): Key => ["outbox"],
  /** Outbox messages by recipient (lowercase; value: outbox id). */
  outboxByTo: (email: string, id: string): Key => ["outbox_by_to", email, id],
  /** The outbox messages to one recipient. */
  outboxesByTo: (email: string): Key => ["outbox_by_to", email],
  /** mail/send's Idempotency-Key of a site by its SHA-256 (expires; domain/mail/idempotency.ts). */
  mailIdempotency: (siteId: string, hash: string): Key => ["mail_idempotency", siteId, hash],

  // Suppressions and unsubscribes (domain/suppressions/store.ts).
  /** Service-wide suppression of an address (lowercase). */
  suppression: (email: string): Key => ["suppressions", email],
  /** Every suppression, by address. */
  suppressions: (): Key => ["suppressions"],
  /** Address (lowercase) unsubscribed from one site. */
  unsubscribe: (siteId: string, email: string): Key => ["unsubscribes", siteId, email],
  /** The unsubscribes of one site, by address. */
  unsubscribesBySite: (siteId: string): Key => ["unsubscribes", siteId],

  // Webhooks, events and deliveries (domain/webhooks/store.ts).
  /** Webhook record (secret sealed with AES-256-GCM). */
  webhook: (id: string): Key => ["webhooks", id],
  /** Webhooks of a site (value: webhook id). */
  webhookBySite: (siteId: string, webhookId: string): Key => [
    "webhooks_by_site",
    siteId,
    webhookId,
  ],
  /** The webhooks of one site. */
  webhooksBySite: (siteId: string): Key => ["webhooks_by_site", siteId],
  /** Webhook success/failure counters (Deno.KvU64, summed without a read). */
  webhookCounter: (webhookId: string, which: "success" | "failure"): Key => [
    "webhook_counters",
    webhookId,
    which,
  ],
  /** Status and time of a webhook's latest attempt or test (set without a read, last wins). */
  webhookLastStatus: (webhookId: string): Key => ["webhook_last_status", webhookId],
  /** Stored event (outer body; large bodies as a blob ref). */
  event: (id: string): Key => ["events", id],
  /** Events of a site, by UUIDv7 event id (value: event id). */
  eventBySite: (siteId: string, eventId: string): Key => ["events_by_site", siteId, eventId],
  /** The events of one site. */
  eventsBySite: (siteId: string): Key => ["events_by_site", siteId],
  /** One delivery of one event to one webhook, with its attempts. */
  delivery: (id: string): Key => ["deliveries", id],
  /** Deliveries of a webhook (value: delivery id). */
  deliveryByWebhook: (webhookId: string, deliveryId: string): Key => [
    "deliveries_by_webhook",
    webhookId,
    deliveryId,
  ],
  /**
   * A webhook failing every delivery (domain/webhooks/failing_store.ts): since when, and when
   * the account's users were told; under the site, so that deleting a site's prefixes removes it.
   */
  webhookFailing: (siteId: string, webhookId: string): Key => [
    "webhook_failing",
    siteId,
    webhookId,
  ],
  /** The deliveries of one webhook. */
  deliveriesByWebhook: (webhookId: string): Key => ["deliveries_by_webhook", webhookId],
  /** Deliveries of one event, one per webhook (value: delivery id). */
  deliveryByEvent: (eventId: string, deliveryId: string): Key => [
    "deliveries_by_event",
    eventId,
    deliveryId,
  ],
  /** The deliveries of one event. */
  deliveriesByEvent: (eventId: string): Key => ["deliveries_by_event", eventId],

  // Sequences and enrollments (domain/sequences/store.ts).
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
  /** The sequences of one account. */
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
  /** The enrollments of one site. */
  enrollmentsBySite: (siteId: string): Key => ["enrollments_by_site", siteId],
  /** Enrollments whose due step waits for the sequence to be turned on (value: id). */
  enrollmentWaiting: (sequenceId: string, id: string): Key => [
    "enrollments_waiting",
    sequenceId,
    id,
  ],
  /** The enrollments waiting for one sequence. */
  enrollmentsWaiting: (sequenceId: string): Key => ["enrollments_waiting", sequenceId],

  // Sending domains (domain/sending_domains/store.ts).
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
  /** The domains of one site. */
  sendingDomainsBySite: (siteId: string): Key => ["sending_domains_by_site", siteId],
  /** Domains not yet verified, checked hourly (value: domain id). */
  sendingDomainPending: (id: string): Key => ["sending_domains_pending", id],
  /** Every domain not yet verified. */
  sendingDomainsPending: (): Key => ["sending_domains_pending"],
  /** Verified domains of a site (value: domain id); mail's domain-mode lookup. */
  sendingDomainVerifiedBySite: (siteId: string, id: string): Key => [
    "sending_domains_verified_by_site",
    siteId,
    id,
  ],
  /** The verified domains of one site. */
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

  // IP blocks (domain/blocks/store.ts).
  /** IP block record. */
  ipBlock: (id: string): Key => ["ip_blocks", id],
  /** Every block record (UUIDv7 ids: oldest first); for the operator list. */
  ipBlocksAll: (): Key => ["ip_blocks"],
  /** Active blocks of an IP (value: a copy of the block); removed when lifted. */
  ipBlockByIp: (ip: string, blockId: string): Key => ["ip_blocks_by_ip", ip, blockId],
  /** The active blocks of one IP. */
  ipBlocksByIp: (ip: string): Key => ["ip_blocks_by_ip", ip],
  /** Active timed blocks by starting site ("none": no site), by end time in ms (value: block copy). */
  ipBlockActiveUntil: (siteId: string | null, untilMs: number, blockId: string): Key => [
    "ip_blocks_active_until",
    siteId ?? "none",
    untilMs,
    blockId,
  ],
  /** The active timed blocks one site (or no site) started. */
  ipBlocksActiveUntil: (siteId: string | null): Key => ["ip_blocks_active_until", siteId ?? "none"],
  /** Active blocks without end by starting site ("none": no site), by id (value: block copy). */
  ipBlockActiveOpen: (siteId: string | null, blockId: string): Key => [
    "ip_blocks_active_open",
    siteId ?? "none",
    blockId,
  ],
  /** The active blocks without end one site (or no site) started. */
  ipBlocksActiveOpen: (siteId: string | null): Key => ["ip_blocks_active_open", siteId ?? "none"],
  /** Old by-site index of blocks (value: block copy): no longer written; read and lifted only. */
  legacyIpBlockBySite: (siteId: string | null, blockId: string): Key => [
    "ip_blocks_by_site",
    siteId ?? "none",
    blockId,
  ],
  /** The old by-site index of one site (or no site). */
  legacyIpBlocksBySite: (siteId: string | null): Key => ["ip_blocks_by_site", siteId ?? "none"],

  // Dashboard users, invitations, sessions and sign-in limits (domain/dashboard/store.ts).
  /** Dashboard user record (scrypt password hash). */
  dashboardUser: (id: string): Key => ["dashboard_users", id],
  /** Unique user address (lowercase) -> user id; sign-in looks users up by it. */
  dashboardUserByEmail: (email: string): Key => ["dashboard_users_by_email", email],
  /** Users of an account (value: user id). */
  dashboardUserByAccount: (accountId: string, id: string): Key => [
    "dashboard_users_by_account",
    accountId,
    id,
  ],
  /** The users of one account. */
  dashboardUsersByAccount: (accountId: string): Key => ["dashboard_users_by_account", accountId],
  /** Invitation record by id (expires). */
  dashboardInvitation: (id: string): Key => ["dashboard_invitations", id],
  /** SHA-256 of an invitation token -> invitation id (expires with it). */
  dashboardInvitationByHash: (hash: string): Key => ["dashboard_invitations_by_hash", hash],
  /** Invitations of an account (value: invitation id; expires with it). */
  dashboardInvitationByAccount: (accountId: string, id: string): Key => [
    "dashboard_invitations_by_account",
    accountId,
    id,
  ],
  /** The invitations of one account. */
  dashboardInvitationsByAccount: (accountId: string): Key => [
    "dashboard_invitations_by_account",
    accountId,
  ],
  /** Session by SHA-256 of its cookie token (expires). */
  dashboardSession: (hash: string): Key => ["dashboard_sessions", hash],
  /**
   * Sign-in attempts of one subject in the current window ({count, since, last}):
   * "email" an address from every client, "ip" a client, "pair" one client on one address.
   */
  dashboardSignInFailures: (kind: "email" | "ip" | "pair", subject: string): Key => [
    "dashboard_sign_in_failures",
    kind,
    subject,
  ],

  // Jobs (domain/kernel/jobs_store.ts).
  /** Durable job record; the queue message only carries its id. */
  job: (id: string): Key => ["jobs", id],
  /** Every job record. */
  jobs: (): Key => ["jobs"],
  /** A job that failed every run, kept for the operator (dead letter). */
  jobDead: (id: string): Key => ["jobs_dead", id],
  /** Every dead job. */
  jobsDead: (): Key => ["jobs_dead"],
  /** Due index: a job that should run (or whose lease ends) at `at` ms. */
  jobDue: (at: number, jobId: string): Key => ["jobs_due", at, jobId],
  /** The whole due index, earliest first. */
  jobsDue: (): Key => ["jobs_due"],
  /** Counter summed by every commit that schedules a job due now; job runners in the process watch it. */
  jobsWake: (): Key => ["jobs_wake"],
  /** A named lease ({holder, until}) that one instance of several holds (domain/kernel/lease_store.ts). */
  lease: (name: string): Key => ["leases", name],
  /** A live service instance ({pid, until}; expires): domain/kernel/presence_store.ts. */
  instance: (id: string): Key => ["instances", id],
  /** Every registered instance. */
  instances: (): Key => ["instances"],

  // Blobs, counters and the health probe (this folder: blob.ts, counters.ts, probe.ts).
  /** Chunk `n` of a blob larger than one KV value. */
  blobChunk: (blobId: string, n: number): Key => ["blobs", blobId, n],
  /** Every chunk of one blob. */
  blob: (blobId: string): Key => ["blobs", blobId],
  /** Every chunk of every blob (the doctor's orphan check). */
  blobs: (): Key => ["blobs"],
  /** Sliding window of recent timestamps, e.g. ("ip_submissions", ip). */
  window: (name: string, subject: string): Key => ["windows", name, subject],
  /** Monthly usage counter (Deno.KvU64) per account, kind and UTC month "2026-11". */
  usage: (accountId: string, kind: string, month: string): Key => [
    "usage",
    accountId,
    kind,
    month,
  ],
  /** Daily counter (KvU64) per site, UTC day, kind (counters.ts DAILY_KINDS): one range. */
  daily: (siteId: string, day: string, kind: string): Key => ["daily", siteId, day, kind],
  /** A site's daily counters from `day` on (a listing bound). */
  dailyFrom: (siteId: string, day: string): Key => ["daily", siteId, day],
  /** Running total (Deno.KvU64), e.g. ("site_email_log", siteId). */
  total: (name: string, subject: string): Key => ["totals", name, subject],
  /** Read by the health check; never written. */
  health: (): Key => ["health"],

  // Inbound mail and delivery reports (domain/inbound/store.ts).
  /** Inbound domain record (secret sealed with AES-256-GCM). */
  inboundDomain: (id: string): Key => ["inbound_domains", id],
  /** Every inbound domain. */
  inboundDomains: (): Key => ["inbound_domains"],
  /** Unique inbound domain name (lowercase) -> inbound domain id. */
  inboundDomainByName: (domain: string): Key => ["inbound_domains_by_name", domain],
  /** A received message the inbound domain's receiver took (by X-SVC-Delivery); expires. */
  inboundForwarded: (deliveryId: string): Key => ["inbound_forwarded", deliveryId],
  /** Delivery report (DSN or feedback report) for one recipient; UUIDv7 id. */
  deliveryReport: (id: string): Key => ["delivery_reports", id],
  /** Every delivery report. */
  deliveryReports: (): Key => ["delivery_reports"],
  /** Reports of one email log record (value: a copy of the report). */
  deliveryReportByLog: (logId: string, id: string): Key => ["delivery_reports_by_log", logId, id],
  /** The reports of one email log record. */
  deliveryReportsByLog: (logId: string): Key => ["delivery_reports_by_log", logId],
  /** Reports of one site (value: a copy of the report), newest last. */
  deliveryReportBySite: (siteId: string, id: string): Key => [
    "delivery_reports_by_site",
    siteId,
    id,
  ],
  /** The reports of one site. */
  deliveryReportsBySite: (siteId: string): Key => ["delivery_reports_by_site", siteId],
  /** A report already taken (hash of the report and recipient): a resent report is ignored. */
  deliveryReportSeen: (hash: string): Key => ["delivery_reports_seen", hash],
  /** email.delivered went out for this recipient (lowercase) of this log record: once. */
  deliveredOnce: (logId: string, email: string): Key => ["delivered_once", logId, email],

  // Operations (domain/ops/backup_store.ts, schema_store.ts).
  /** In a backup file only: {key_fingerprint, created_at, schema_version}; removed on restore. */
  backupMeta: (): Key => ["ops_backup_meta"],
  /** The database's schema version (a number): the migrations that have run (ops/migrations.ts). */
  schemaVersion: (): Key => ["ops_schema_version"],
} as const;
