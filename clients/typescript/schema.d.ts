/**
 * Generated from GET /api/v1/openapi.json by clients/typescript/generate.ts
 * (deno task client:types) with openapi-typescript. Do not edit.
 */
export interface paths {
    "/blocks/lift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift an IP block or the site's automatic disablement
         * @description Every body problem (bad JSON included) is bad_body.
         */
        post: operations["postBlocksLift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/blocks/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** IP blocks and the site's disablement (works for a disabled site) */
        get: operations["getBlocksStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The hosted forms this site can render (beyond the spec)
         * @description An extension beyond the spec: the hosted forms of the key's account that render (archived ones are left out), oldest first, each with its slug, name and fields, for a client that lets its user pick one (the WordPress block). A site without an account has none. Not cacheable by shared caches.
         */
        get: operations["getForms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/render/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A hosted form's definition
         * @description The slug is checked before the key. Cacheable for a minute.
         */
        get: operations["getFormsRenderSlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store a form submission, judge it and email the notification
         * @description Silent success: abuse is answered HTTP 200 with ok true so a bot learns nothing. The 200 outcomes:
         *
         *     - `{ok, id, email_sent: true}`: stored, notification sent
         *     - `{ok, blocked: true, reason}`: not stored (captcha rejected the token, the IP is blocked, or it sent more than 3 submissions in 60 s: blocked for an hour); `reason` (beyond the spec) says which: `captcha_rejected`, `ip_blocked` or `rate_limit`
         *     - `{ok, id}`: stored but judged spam; no email
         *     - `{ok, id, email_sent: false}`: stored, no email (monthly limit reached or the email failed)
         *
         *     Errors carry `error` and no `ok`.
         */
        post: operations["postFormsSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/domain-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sending-domain status and the mode sends use now */
        get: operations["getMailDomainStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one email
         * @description Always read `ok` in the body: rate_limited, over_quota and send_failed come back with HTTP 200 and ok false. Checks run in this order; the first failure answers:
         *
         *     - 1. 401 missing_api_key
         *     - 2. 401 invalid_api_key
         *     - 3. 403 site_disabled
         *     - 4. 400 invalid_json
         *     - 5. 400 invalid_payload (details says which fields; a `from` string is refused)
         *     - 6. 400 template_not_found
         *     - 7. 400 no_body
         *     - 8. 400 invalid_attachment (filename names it)
         *     - 9. 400 attachments_too_large (15 MB decoded)
         *     - 10. 200 rate_limited (120 emails in the log in 60 s)
         *     - 11. 400 content_flagged
         *     - 12. 400 ai_flagged
         *     - 13. 200 over_quota (monthly limit, relay mode only)
         *     - 14. 200 send_failed (`error`: all_recipients_suppressed, all_recipients_unsubscribed or the mail server's answer)
         *
         *     With an `Idempotency-Key` header (up to 255 characters), a retry with the same key and body within 24 hours answers the first answer again and sends nothing; the same key with another body answers 409 idempotency_key_reused. Without the header a retry after a timeout may send twice (spec rule 6).
         *
         *     `account_mail: true` (beyond the spec) marks transactional mail about the recipient's own account (a password reset): no List-Unsubscribe, and the site's unsubscribes do not remove its recipients; suppressions (bounces, complaints) still apply. A header `X-SVC-Account-Mail: 1` (or `true`) in `headers` marks the same; that header is never passed on.
         */
        post: operations["postMailSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/privacy/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Erase one address from the key's site (suppressions stay, as a keyed hash) */
        post: operations["postPrivacyErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/privacy/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Everything the key's site holds that names one address (a personal-data export) */
        post: operations["postPrivacyExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sequences/enroll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enroll an address in a follow-up sequence
         * @description ok is true only when result is enrolled; exists and no_steps answer HTTP 200 with ok false. Bad JSON is invalid_payload here.
         */
        post: operations["postSequencesEnroll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/captcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The site's captcha settings */
        get: operations["getSitesCaptcha"];
        put?: never;
        /** Change the captcha provider and keys */
        post: operations["postSitesCaptcha"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sites/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the site by its URL and save versions */
        post: operations["postSitesVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "domain.unverified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * domain.unverified
         * @description A verified domain failed a later check.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            domain: string;
                            /** @description The domain's From address */
                            from_address?: string;
                            status: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "domain.unverified";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "domain.verified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * domain.verified
         * @description A sending domain passed its DNS check.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            domain: string;
                            /** @description The domain's From address */
                            from_address?: string;
                            status: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "domain.verified";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.bounced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.bounced
         * @description A permanent failure, or retries ran out.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @enum {string} */
                            bounce_kind?: "recipient" | "message" | "transient" | "unknown";
                            /** @description Up to 500 characters */
                            detail?: string;
                            /** @description When the bounce matched an email */
                            message_id?: string;
                            /** @description The email's subject */
                            subject?: string;
                            suppressed?: boolean;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.bounced";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.clicked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.clicked
         * @description A tracked link was clicked; every click.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            message_id: string;
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.clicked";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.complained": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.complained
         * @description A mailbox provider reported it as spam.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @description The report's text */
                            detail?: string;
                            /** @description When matched */
                            message_id?: string;
                            /** @description The email's subject */
                            subject?: string;
                            suppressed?: boolean;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.complained";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.delayed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.delayed
         * @description A temporary error; retries continue; may repeat.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            message_id: string;
                            /** @description The server's reply, up to 300 */
                            reason: string;
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.delayed";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.delivered
         * @description The receiving server accepted it; once.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            message_id: string;
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.delivered";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.failed
         * @description A send attempt failed (the API answered send_failed).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @description Up to 300 characters */
                            error: string;
                            /** @description sequence */
                            source?: string;
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.failed";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.held": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.held
         * @description A contact-form notification held as spam.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            confidence: number;
                            /** @description Up to 200 characters */
                            detail?: string;
                            /** @constant */
                            reason: "held_as_spam";
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.held";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.opened
         * @description The open-tracking image loaded; every time.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            message_id: string;
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.opened";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.rejected
         * @description Refused; the API answered with the same reason.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @enum {string} */
                            reason: "content_flagged" | "ai_flagged" | "over_quota";
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.rejected";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.sent
         * @description Accepted and handed to the mail server (API, SMTP or a sequence).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            message_id: string;
                            /** @enum {string} */
                            mode: "relay" | "domain";
                            /** @description sequence when a sequence sent it */
                            source?: string;
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.sent";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.suppressed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.suppressed
         * @description Not sent: every recipient is suppressed or unsubscribed.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @enum {string} */
                            reason: "bounced_or_complained" | "unsubscribed";
                            /** @description The email's subject */
                            subject?: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.suppressed";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.unsubscribed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.unsubscribed
         * @description A recipient unsubscribed from the site (first time).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @enum {string} */
                            source: "one_click" | "page";
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "email.unsubscribed";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "form.spam": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * form.spam
         * @description A submission was stored with a score of 60 or more.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @constant */
                            classification: "spam";
                            /** @description Exactly as sent */
                            fields: {
                                [key: string]: string;
                            };
                            form_id: number;
                            /** @description As sent */
                            form_name?: string;
                            /** @description When the visitor's referrer was passed */
                            referrer?: string;
                            spam_score: number;
                            submission_id: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "form.spam";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "form.submitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * form.submitted
         * @description A submission was stored (score under 60).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            /** @enum {string} */
                            classification: "legitimate" | "suspicious";
                            /** @description Exactly as sent */
                            fields: {
                                [key: string]: string;
                            };
                            form_id: number;
                            /** @description As sent */
                            form_name?: string;
                            /** @description When the visitor's referrer was passed */
                            referrer?: string;
                            spam_score: number;
                            submission_id: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "form.submitted";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description The operator sent a test (one attempt, no X-SVC-Delivery).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks (opt-in): the delivery id */
                    "webhook-id"?: string;
                    /** @description Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`; space-separated list during a secret rotation's grace period */
                    "webhook-signature"?: string;
                    /** @description Standard Webhooks (opt-in): Unix seconds of this attempt */
                    "webhook-timestamp"?: string;
                    /** @description The delivery id, the same on every retry (not with webhook.test) */
                    "X-SVC-Delivery"?: string;
                    /** @description The event type */
                    "X-SVC-Event": string;
                    /** @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret */
                    "X-SVC-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC */
                        created_at: string;
                        data: {
                            message: string;
                            to: string;
                        };
                        /** @description Unique per event, the same on every retry */
                        id: string;
                        site_id: string;
                        /**
                         * @description Present when a svc_test_ key caused it
                         * @constant
                         */
                        test?: true;
                        /** @constant */
                        type: "webhook.test";
                    };
                };
            };
            responses: {
                /** @description Any 2xx is receipt; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postBlocksLift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required when kind is ip: the id from GET /blocks/status. */
                    block_id?: string;
                    /** @enum {string} */
                    kind: "ip" | "site";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        lifted: "ip" | "site";
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Bad request: bad_body, invalid_payload, already_lifted, already_active */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "bad_body" | "invalid_payload" | "already_lifted" | "already_active";
                        /** @constant */
                        ok: false;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        /** @constant */
                        ok: false;
                    };
                };
            };
            /** @description Forbidden: not_self_liftable, not_owner, requires_admin_review */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "not_self_liftable" | "not_owner" | "requires_admin_review";
                        /** @constant */
                        ok: false;
                    };
                };
            };
            /** @description Not found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "not_found";
                        /** @constant */
                        ok: false;
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "request_timeout";
                        /** @constant */
                        ok: false;
                    };
                };
            };
            /** @description Request body too large: bad_body */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "bad_body";
                        /** @constant */
                        ok: false;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        /** @constant */
                        ok: false;
                    };
                };
            };
        };
    };
    getBlocksStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        status: {
                            any_active_block: boolean;
                            headline: string | null;
                            ip_blocks: {
                                /** @description ISO 8601 UTC */
                                blockedAt: string;
                                blockedUntil: string | null;
                                id: string;
                                ip: string;
                                note: string | null;
                                reason: string;
                                selfLiftable: boolean;
                                triggeredBySiteId: string | null;
                            }[];
                            site_blocks: {
                                disabledAt: string | null;
                                reason: string;
                                selfLiftable: boolean;
                                siteId: string;
                                siteName: string;
                                status: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        /** @constant */
                        ok: false;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        /** @constant */
                        ok: false;
                    };
                };
            };
        };
    };
    getForms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The account's forms that render (not archived), oldest first. */
                        forms: {
                            fields: {
                                label: string;
                                name: string;
                                options?: string[];
                                placeholder?: string;
                                required?: boolean;
                                /** @enum {string} */
                                type: "text" | "email" | "tel" | "url" | "number" | "textarea" | "select" | "checkbox" | "date" | "time";
                            }[];
                            name: string;
                            slug: string;
                            /** @description ISO 8601 UTC */
                            updated_at: string;
                        }[];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
        };
    };
    getFormsRenderSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description public, max-age=60, stale-while-revalidate=300 */
                    "Cache-Control"?: string;
                    /** @description The form's updated_at */
                    "X-SVC-Form-Updated"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        form: {
                            fields: {
                                label: string;
                                name: string;
                                options?: string[];
                                placeholder?: string;
                                required?: boolean;
                                /** @enum {string} */
                                type: "text" | "email" | "tel" | "url" | "number" | "textarea" | "select" | "checkbox" | "date" | "time";
                            }[];
                            id: string;
                            name: string;
                            settings: {
                                [key: string]: unknown;
                            };
                            slug: string;
                            /** @description ISO 8601 UTC */
                            updated_at: string;
                        };
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Bad request: invalid_slug */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_slug";
                        message?: string;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled, site_has_no_owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled" | "site_has_no_owner";
                        message?: string;
                    };
                };
            };
            /** @description Not found: form_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "form_not_found";
                        message?: string;
                    };
                };
            };
            /** @description Gone: form_archived */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "form_archived";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
        };
    };
    postFormsSubmit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    captcha_provider?: ("shared" | "turnstile" | "hcaptcha" | "recaptcha" | "recaptcha_v3" | "none") | null;
                    captcha_token?: string | null;
                    cf_turnstile_token?: string | null;
                    confirm?: {
                        body?: string | null;
                        enabled?: boolean | null;
                        from_name?: string | null;
                        subject?: string | null;
                    } | null;
                    fields?: {
                        [key: string]: string;
                    } | null;
                    form_id: number;
                    form_name?: string | null;
                    /** @description Beyond the spec: the slug of the hosted form it comes from; the notification shows that form's field labels and name. */
                    form_slug?: string | null;
                    from_name?: string | null;
                    notify_email?: string | null;
                    notify_emails?: string[] | null;
                    site_url?: string | null;
                    template?: string | null;
                    visitor?: {
                        ip?: string | null;
                        referrer?: string | null;
                        user_agent?: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true when rejected and not stored. */
                        blocked?: boolean;
                        /** @description Missing when judged spam. */
                        email_sent?: boolean;
                        /** @description The stored submission; missing when blocked. */
                        id?: string;
                        /** @constant */
                        ok: true;
                        /**
                         * @description Beyond the spec, only beside blocked: why it was blocked (captcha_rejected: the captcha provider rejected the token; ip_blocked: the visitor's address is blocked; rate_limit: more than 3 submissions from the address in 60 s, now blocked for an hour).
                         * @enum {string}
                         */
                        reason?: "captcha_rejected" | "ip_blocked" | "rate_limit";
                    };
                };
            };
            /** @description Bad request: invalid_json, invalid_payload, no_notify_email_configured */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_json" | "invalid_payload" | "no_notify_email_configured";
                        message?: string;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        message?: string;
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "request_timeout";
                        message?: string;
                    };
                };
            };
            /** @description Request body too large: invalid_payload */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
        };
    };
    getMailDomainStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dashboard_url: string;
                        domains: {
                            /** @description ISO 8601 UTC */
                            created_at: string;
                            domain: string;
                            from_address: string | null;
                            last_checked_at: string | null;
                            status: string;
                            verified_at: string | null;
                        }[];
                        /** @enum {string} */
                        effective_mode: "domain" | "relay";
                        has_verified_domain: boolean;
                        /** @constant */
                        ok: true;
                        site: {
                            domain: string;
                            name: string;
                        };
                        verified: {
                            domain: string;
                            from_address: string;
                            verified_at: string | null;
                        } | null;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "missing_api_key" | "invalid_api_key";
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "site_disabled";
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "rate_limited";
                    };
                };
            };
        };
    };
    postMailSend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send at most once per key and site within 24 hours (printable ASCII). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_mail?: boolean;
                    attachments?: {
                        content: string;
                        content_id?: string;
                        content_type?: string;
                        filename: string;
                    }[];
                    bcc?: string | string[];
                    cc?: string | string[];
                    data?: {
                        [key: string]: string | number | boolean;
                    };
                    from?: {
                        address?: string;
                        name?: string;
                    };
                    headers?: {
                        [key: string]: string;
                    };
                    html?: string;
                    original_from?: string;
                    reply_to?: string | string[];
                    /**
                     * @default auto
                     * @enum {string}
                     */
                    sender_mode?: "auto" | "relay" | "domain";
                    source_plugin?: string;
                    subject?: string;
                    template?: string;
                    text?: string;
                    to: string | string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description true when this is the first answer again */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The Message-ID header, as in email.sent's data. */
                        message_id: string;
                        /** @enum {string} */
                        mode: "relay" | "domain";
                        /** @constant */
                        ok: true;
                        /** @constant */
                        sent: true;
                    } | {
                        /** @constant */
                        held: true;
                        /** @enum {string} */
                        mode?: "relay" | "domain";
                        /** @constant */
                        ok: true;
                        /** @constant */
                        reason: "held_as_spam";
                        /** @constant */
                        sent: true;
                    } | {
                        error: string;
                        /** @constant */
                        ok: false;
                        /** @enum {unknown} */
                        reason: "rate_limited" | "over_quota" | "send_failed";
                        /** @constant */
                        sent: false;
                    };
                };
            };
            /** @description Bad request: invalid_json, invalid_payload, template_not_found, no_body, invalid_attachment, attachments_too_large, content_flagged, ai_flagged */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        error: string;
                        /** @description With invalid_attachment: the file. */
                        filename?: string;
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "invalid_json" | "invalid_payload" | "template_not_found" | "no_body" | "invalid_attachment" | "attachments_too_large" | "content_flagged" | "ai_flagged";
                        /** @constant */
                        sent: false;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        error: string;
                        /** @description With invalid_attachment: the file. */
                        filename?: string;
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "missing_api_key" | "invalid_api_key";
                        /** @constant */
                        sent: false;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        error: string;
                        /** @description With invalid_attachment: the file. */
                        filename?: string;
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "site_disabled";
                        /** @constant */
                        sent: false;
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        error: string;
                        /** @description With invalid_attachment: the file. */
                        filename?: string;
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "request_timeout";
                        /** @constant */
                        sent: false;
                    };
                };
            };
            /** @description Conflict: idempotency_key_reused */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        error: string;
                        /** @description With invalid_attachment: the file. */
                        filename?: string;
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "idempotency_key_reused";
                        /** @constant */
                        sent: false;
                    };
                };
            };
            /** @description Request body too large: invalid_payload */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        error: string;
                        /** @description With invalid_attachment: the file. */
                        filename?: string;
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "invalid_payload";
                        /** @constant */
                        sent: false;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        error: string;
                        /** @description With invalid_attachment: the file. */
                        filename?: string;
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "rate_limited";
                        /** @constant */
                        sent: false;
                    };
                };
            };
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    postPrivacyErase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        erased: {
                            [key: string]: number;
                        };
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Bad request: invalid_json, invalid_payload */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_json" | "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        message?: string;
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "request_timeout";
                        message?: string;
                    };
                };
            };
            /** @description Request body too large: invalid_payload */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
        };
    };
    postPrivacyExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery_reports: {
                            [key: string]: unknown;
                        }[];
                        email: string;
                        emails: {
                            [key: string]: unknown;
                        }[];
                        enrollments: {
                            [key: string]: unknown;
                        }[];
                        events: {
                            [key: string]: unknown;
                        }[];
                        inbound: {
                            [key: string]: unknown;
                        }[];
                        /** @constant */
                        ok: true;
                        submissions: {
                            [key: string]: unknown;
                        }[];
                        suppressions: {
                            [key: string]: unknown;
                        }[];
                        unsubscribes: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Bad request: invalid_json, invalid_payload */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_json" | "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        message?: string;
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "request_timeout";
                        message?: string;
                    };
                };
            };
            /** @description Request body too large: invalid_payload */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
        };
    };
    postSequencesEnroll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data?: {
                        [key: string]: string | number | boolean;
                    } | null;
                    email: string;
                    sequence: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true only when result is enrolled. */
                        ok: boolean;
                        /** @enum {string} */
                        result: "enrolled" | "exists" | "no_steps";
                    };
                };
            };
            /** @description Bad request: invalid_payload */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_payload";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "invalid_payload";
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "missing_api_key" | "invalid_api_key";
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "site_disabled";
                    };
                };
            };
            /** @description Not found: sequence_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "sequence_not_found";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "sequence_not_found";
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "request_timeout";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "request_timeout";
                    };
                };
            };
            /** @description Request body too large: invalid_payload */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_payload";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "invalid_payload";
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        /** @constant */
                        ok: false;
                        /** @enum {string} */
                        reason: "rate_limited";
                    };
                };
            };
        };
    };
    getSitesCaptcha: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        provider: "shared" | "turnstile" | "hcaptcha" | "recaptcha" | "recaptcha_v3" | "none";
                        response_field: string | null;
                        site_key: string | null;
                        widget_class: string | null;
                        widget_js: string | null;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
        };
    };
    postSitesCaptcha: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    provider: "shared" | "turnstile" | "hcaptcha" | "recaptcha" | "recaptcha_v3" | "none";
                    secret_key?: string | null;
                    site_key?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        provider: "shared" | "turnstile" | "hcaptcha" | "recaptcha" | "recaptcha_v3" | "none";
                        response_field: string | null;
                        site_key: string | null;
                        widget_class: string | null;
                        widget_js: string | null;
                    };
                };
            };
            /** @description Bad request: invalid_json, invalid_payload, site_key_required, secret_key_required_on_first_save */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_json" | "invalid_payload" | "site_key_required" | "secret_key_required_on_first_save";
                        message?: string;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        message?: string;
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "request_timeout";
                        message?: string;
                    };
                };
            };
            /** @description Request body too large: invalid_payload */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
            /** @description Service problem: encryption_failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "encryption_failed";
                        message?: string;
                    };
                };
            };
        };
    };
    postSitesVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    php_version?: string | null;
                    plugin_ver?: string | null;
                    site_url: string;
                    wp_version?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        captcha: {
                            /** @enum {string} */
                            provider: "shared" | "turnstile" | "hcaptcha" | "recaptcha" | "recaptcha_v3" | "none";
                            response_field: string | null;
                            site_key: string | null;
                            widget_class: string | null;
                            widget_js: string | null;
                        };
                        /** @constant */
                        ok: true;
                        site: {
                            domain: string;
                            domain_match: boolean;
                            id: string;
                            name: string;
                            verified: boolean;
                        };
                        turnstile_site_key: string | null;
                    };
                };
            };
            /** @description Bad request: invalid_json, invalid_payload */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_json" | "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Unauthorized: missing_api_key, invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "missing_api_key" | "invalid_api_key";
                        message?: string;
                    };
                };
            };
            /** @description Forbidden: site_disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "site_disabled";
                        message?: string;
                    };
                };
            };
            /** @description Request body timeout: request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "request_timeout";
                        message?: string;
                    };
                };
            };
            /** @description Request body too large: invalid_payload */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "invalid_payload";
                        message?: string;
                    };
                };
            };
            /** @description Too many requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description With invalid_payload: which fields failed and why. */
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @enum {string} */
                        error: "rate_limited";
                        message?: string;
                    };
                };
            };
        };
    };
}
