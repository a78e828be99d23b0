/**
 * Long file: the operator API's route table, one entry per route (about 90),
 * kept in one list so that the document and the route check have one source.
 *
 * The operator API (docs/operator-api.md) as a route table: bodies are the
 * capabilities' zod schemas; errors are `{error, message}`. Every GET's and
 * creation's answer is a zod schema (admin_answers.ts); actions' answers are
 * described in docs/operator-api.md (lists are `{items: [...]}`, creations 201).
 */
import { z } from "zod";
import { AccountCreate, AccountPatch } from "../accounts/accounts.ts";
import { ApiKeyCreate, SiteCreate, SitePatch } from "../sites/sites.ts";
import { PersonalDataRequest } from "../privacy/personal_data.ts";
import { IpBlockCreate, SiteDisable } from "../blocks/blocks.ts";
import { FormCreate, FormPatch } from "../forms/hosted.ts";
import { EndpointCreate, EndpointPatch } from "../forms/endpoints_schema.ts";
import { SuppressionCreate, UnsubscribeCreate } from "../suppressions/suppressions.ts";
import { WebhookCreate, WebhookPatch } from "../webhooks/webhooks.ts";
import { TemplateCreate, TemplatePatch } from "../mail/templates.ts";
import { SequenceCreate, SequencePatch } from "../sequences/sequences.ts";
import { SendingDomainCreate, SendingDomainPatch } from "../sending_domains/sending_domains.ts";
import { InboundDomainCreate, InboundDomainPatch } from "../inbound/domains.ts";
import { InvitationCreate, UserCreate } from "../dashboard/users.ts";
import { buildDocument, type JsonSchema, type Operation } from "./openapi.ts";
import {
  AccountAnswer,
  AccountMailMarksAnswer,
  ApiKeyCreated,
  ApiKeyList,
  DeliveryAnswer,
  DeliveryReportAnswer,
  EmailLogItem,
  EmailStats,
  EnrollmentAnswer,
  EventWithDeliveries,
  FormEndpointAnswer,
  FormListAnswer,
  HostedFormAnswer,
  InboundDomainAnswer,
  InvitationAnswer,
  IpBlockAnswer,
  Lists,
  OutboxAnswer,
  PersonalDataAnswer,
  PersonalDataErased,
  SecretRotated,
  SendingDomainAnswer,
  SequenceAnswer,
  SiteAnswer,
  SubmissionAnswer,
  SuppressionAnswer,
  TemplateAnswer,
  UserAnswer,
  WebhookAnswer,
  WebhookCreated,
  WebhookList,
} from "./admin_answers.ts";
import { RecoverBody } from "../webhooks/recover.ts";

type Method = Operation["method"];
type Opts = {
  body?: z.ZodType;
  status?: number;
  answer?: z.ZodType | JsonSchema | null;
  conflict?: boolean;
  query?: Operation["query"];
  examples?: Operation["examples"];
};

const obj = (description: string): JsonSchema => ({ type: "object", description });
const LIMIT = {
  limit: { schema: { type: "integer", minimum: 1 }, description: "Most items to answer" },
};

function op(method: Method, path: string, tag: string, summary: string, o: Opts = {}): Operation {
  const hasId = path.includes("{");
  return {
    method,
    path,
    tag,
    summary,
    envelope: "admin",
    body: o.body,
    query: o.query,
    answer: o.answer === undefined ? obj(summary) : o.answer,
    status: o.status,
    examples: o.examples,
    errors: [
      { status: 401, codes: ["unauthorized"] },
      ...(o.body ? [{ status: 400, codes: ["invalid_json", "invalid_payload"] }] : []),
      ...(o.body ? [{ status: 408, codes: ["request_timeout"] }] : []),
      ...(o.body ? [{ status: 413, codes: ["invalid_payload"] }] : []),
      ...(hasId ? [{ status: 404, codes: ["not_found"] }] : []),
      ...(o.conflict ? [{ status: 409, codes: ["conflict"] }] : []),
    ],
  };
}

const items = (of: z.ZodType) => z.object({ items: z.array(of) });
const SITE = { id: "{site}" };
const ACCOUNT = { id: "{account}" };

const created = (body: z.ZodType, what: string, extra: Partial<Opts> = {}): Opts => ({
  body,
  status: 201,
  answer: obj(what),
  conflict: true,
  ...extra,
});

export const ADMIN_OPS: Operation[] = [
  op(
    "post",
    "/accounts",
    "Accounts",
    "Create an account",
    created(AccountCreate, "Account", {
      answer: AccountAnswer,
      examples: [{
        name: "created",
        summary: "An account with a monthly email limit",
        body: { name: "Example Ltd", monthly_email_limit: 10000 },
        status: 201,
      }],
    }),
  ),
  op("get", "/accounts", "Accounts", "List accounts", {
    answer: items(AccountAnswer),
    query: LIMIT,
    examples: [{ name: "list", summary: "The accounts", status: 200 }],
  }),
  op("get", "/accounts/{id}", "Accounts", "An account", {
    answer: AccountAnswer,
    examples: [{ name: "one", summary: "An account", params: ACCOUNT, status: 200 }],
  }),
  op("patch", "/accounts/{id}", "Accounts", "Change an account", {
    body: AccountPatch,
    answer: AccountAnswer,
    examples: [{
      name: "limit",
      summary: "A monthly form limit",
      params: ACCOUNT,
      body: { monthly_form_limit: 500 },
      status: 200,
    }],
  }),
  op("get", "/accounts/{id}/sites", "Accounts", "The account's sites", {
    answer: items(SiteAnswer),
    examples: [{ name: "list", summary: "Its sites", params: ACCOUNT, status: 200 }],
  }),
  op(
    "post",
    "/sites",
    "Sites",
    "Create a site",
    created(SiteCreate, "Site", {
      answer: SiteAnswer,
      examples: [{
        name: "created",
        summary: "A site without an account",
        body: { account_id: null, name: "Shop", domain: "shop.example.com" },
        status: 201,
      }],
    }),
  ),
  op("get", "/sites", "Sites", "List sites", { answer: items(SiteAnswer), query: LIMIT }),
  op("get", "/sites/{id}", "Sites", "A site", {
    answer: SiteAnswer,
    examples: [{ name: "one", summary: "A site", params: SITE, status: 200 }],
  }),
  op("patch", "/sites/{id}", "Sites", "Change a site", { body: SitePatch, answer: SiteAnswer }),
  op(
    "delete",
    "/accounts/{id}",
    "Accounts",
    "Delete an account and everything it holds (swept by a job)",
    {
      answer: null,
      status: 204,
    },
  ),
  op(
    "get",
    "/accounts/{id}/personal-data",
    "Privacy",
    "Everything the account holds naming one address",
    {
      query: { email: { schema: { type: "string" }, description: "The address (required)" } },
      answer: PersonalDataAnswer,
    },
  ),
  op(
    "post",
    "/accounts/{id}/personal-data/erase",
    "Privacy",
    "Erase one address from the account",
    {
      body: PersonalDataRequest,
      answer: PersonalDataErased,
    },
  ),
  op("delete", "/sites/{id}", "Sites", "Delete a site and everything it holds (swept by a job)", {
    answer: null,
    status: 204,
  }),
  op("post", "/sites/{id}/disable", "Sites", "Disable a site", {
    body: SiteDisable,
    answer: SiteAnswer,
  }),
  op("post", "/sites/{id}/enable", "Sites", "Enable a site", { answer: SiteAnswer }),
  op("post", "/sites/{id}/api-keys", "Sites", "Create an API key (live, or a svc_test_ key)", {
    body: ApiKeyCreate,
    status: 201,
    answer: ApiKeyCreated,
    examples: [{
      name: "test",
      summary: "A svc_test_ sandbox key",
      params: SITE,
      body: { mode: "test" },
      status: 201,
    }],
  }),
  op("get", "/sites/{id}/api-keys", "Sites", "The site's API keys (never the keys)", {
    answer: ApiKeyList,
    examples: [{ name: "list", summary: "Its keys", params: SITE, status: 200 }],
  }),
  op("post", "/sites/{id}/api-keys/{keyId}/rotate", "Sites", "Rotate an API key"),
  op("delete", "/sites/{id}/api-keys/{keyId}", "Sites", "Revoke an API key", {
    answer: null,
    status: 204,
  }),
  op("get", "/relay", "Sites", "The relay's DNS records"),
  op(
    "post",
    "/accounts/{id}/forms",
    "Hosted forms",
    "Create a hosted form",
    created(FormCreate, "Hosted form", { answer: HostedFormAnswer }),
  ),
  op("get", "/accounts/{id}/forms", "Hosted forms", "The account's forms", {
    answer: Lists.forms,
  }),
  op("get", "/forms/{id}", "Hosted forms", "A hosted form", { answer: HostedFormAnswer }),
  op("patch", "/forms/{id}", "Hosted forms", "Change a hosted form", {
    body: FormPatch,
    conflict: true,
  }),
  op("post", "/forms/{id}/archive", "Hosted forms", "Archive a form"),
  op("post", "/forms/{id}/restore", "Hosted forms", "Restore a form"),
  op(
    "post",
    "/sites/{id}/form-endpoints",
    "Hosted forms",
    "Create a form endpoint for a static site (POST /f/{id})",
    created(EndpointCreate, "Form endpoint", { answer: FormEndpointAnswer }),
  ),
  op("get", "/sites/{id}/form-endpoints", "Hosted forms", "The site's form endpoints", {
    answer: Lists.formEndpoints,
  }),
  op(
    "patch",
    "/sites/{id}/form-endpoints/{endpointId}",
    "Hosted forms",
    "Set or remove (null) a form endpoint's auto-reply",
    { body: EndpointPatch, answer: FormEndpointAnswer, conflict: true },
  ),
  op(
    "delete",
    "/sites/{id}/form-endpoints/{endpointId}",
    "Hosted forms",
    "Delete a form endpoint",
    {
      answer: null,
      status: 204,
    },
  ),
  op(
    "post",
    "/ip-blocks",
    "Blocks",
    "Block an IP",
    created(IpBlockCreate, "IP block", { answer: IpBlockAnswer }),
  ),
  op("get", "/ip-blocks", "Blocks", "List IP blocks", { answer: Lists.ipBlocks, query: LIMIT }),
  op("get", "/ip-blocks/{id}", "Blocks", "An IP block", { answer: IpBlockAnswer }),
  op("post", "/ip-blocks/{id}/lift", "Blocks", "Lift an IP block"),
  op("post", "/suppressions", "Suppressions", "Suppress an address", {
    body: SuppressionCreate,
    status: 201,
    examples: [{
      name: "created",
      summary: "A manual suppression",
      body: { email: "bounced@example.com", reason: "manual" },
      status: 201,
    }],
  }),
  op("get", "/suppressions", "Suppressions", "List suppressions", {
    answer: Lists.suppressions,
    query: LIMIT,
  }),
  op("get", "/suppressions/{email}", "Suppressions", "A suppression", {
    answer: SuppressionAnswer,
  }),
  op("delete", "/suppressions/{email}", "Suppressions", "Remove a suppression", {
    answer: null,
    status: 204,
  }),
  op("post", "/sites/{id}/unsubscribes", "Suppressions", "Unsubscribe an address from a site", {
    body: UnsubscribeCreate,
    status: 201,
  }),
  op("get", "/sites/{id}/unsubscribes", "Suppressions", "A site's unsubscribes", {
    answer: Lists.unsubscribes,
    query: LIMIT,
  }),
  op("delete", "/sites/{id}/unsubscribes/{email}", "Suppressions", "Remove an unsubscribe", {
    answer: null,
    status: 204,
  }),
  op("post", "/sites/{id}/webhooks", "Webhooks", "Create a webhook (its secret shown once)", {
    body: WebhookCreate,
    status: 201,
    answer: WebhookCreated,
    conflict: true,
    examples: [{
      name: "standard",
      summary: "Form events, signed with Standard Webhooks too",
      params: SITE,
      body: {
        url: "https://hooks.example.com/in",
        events: ["form.submitted", "form.spam"],
        standard_webhooks: true,
      },
      status: 201,
    }],
  }),
  op("get", "/sites/{id}/webhooks", "Webhooks", "A site's webhooks", {
    answer: WebhookList,
    examples: [{ name: "list", summary: "Its webhooks", params: SITE, status: 200 }],
  }),
  op("get", "/webhooks/{id}", "Webhooks", "A webhook", { answer: WebhookAnswer }),
  op("patch", "/webhooks/{id}", "Webhooks", "Change a webhook", {
    body: WebhookPatch,
    answer: WebhookAnswer,
  }),
  op("delete", "/webhooks/{id}", "Webhooks", "Delete a webhook", { answer: null, status: 204 }),
  op(
    "post",
    "/webhooks/{id}/rotate-secret",
    "Webhooks",
    "Rotate the secret (the old one stays valid for the grace period)",
    { answer: SecretRotated },
  ),
  op("post", "/webhooks/{id}/test", "Webhooks", "Send webhook.test once"),
  op(
    "post",
    "/webhooks/{id}/recover",
    "Webhooks",
    "Deliver again every event since a time whose delivery was dropped",
    {
      body: RecoverBody,
      status: 202,
      answer: z.object({ queued: z.number().int().min(0) }),
    },
  ),
  op("get", "/webhooks/{id}/deliveries", "Webhooks", "A webhook's deliveries", {
    answer: Lists.deliveries,
    query: LIMIT,
  }),
  op("get", "/deliveries/{id}", "Webhooks", "A delivery with its attempts", {
    answer: DeliveryAnswer,
  }),
  op("get", "/sites/{id}/events", "Webhooks", "A site's events", {
    answer: Lists.events,
    query: LIMIT,
  }),
  op("get", "/events/{id}", "Webhooks", "An event with its deliveries", {
    answer: EventWithDeliveries,
  }),
  op(
    "post",
    "/accounts/{id}/templates",
    "Mail",
    "Create a template",
    created(TemplateCreate, "Template", { answer: TemplateAnswer }),
  ),
  op("get", "/accounts/{id}/templates", "Mail", "The account's templates", {
    answer: Lists.templates,
  }),
  op("get", "/starter-templates", "Mail", "The starter templates", {
    answer: Lists.starterTemplates,
  }),
  op("get", "/templates/{id}", "Mail", "A template", { answer: TemplateAnswer }),
  op("patch", "/templates/{id}", "Mail", "Change a template", {
    body: TemplatePatch,
    conflict: true,
  }),
  op("delete", "/templates/{id}", "Mail", "Delete a template", { answer: null, status: 204 }),
  op("get", "/sites/{id}/email-log", "Mail", "A site's email log", {
    answer: Lists.emailLog,
    query: LIMIT,
  }),
  op("get", "/emails/{id}", "Mail", "An email log record", { answer: EmailLogItem }),
  op("delete", "/emails/{id}", "Mail", "Delete an email log record and its delivery reports", {
    answer: null,
    status: 204,
  }),
  op("post", "/emails/{id}/spam", "Mail", "Mark an email as spam (the site owner's mark)", {
    answer: EmailLogItem,
  }),
  op("post", "/emails/{id}/ham", "Mail", "Mark an email as not spam (the site owner's mark)", {
    answer: EmailLogItem,
  }),
  op("get", "/sites/{id}/email-stats", "Mail", "A site's email statistics", {
    answer: EmailStats,
  }),
  op("get", "/outbox", "Mail", "Messages kept by the outbox transport (dev, tests, test keys)", {
    answer: OutboxAnswer,
    query: {
      to: { schema: { type: "string", maxLength: 320 }, description: "An envelope recipient" },
      format: { schema: { enum: ["json", "text"] }, description: "json (default) or text" },
    },
  }),
  op("get", "/sites/{id}/submissions", "Forms", "A site's submissions", {
    answer: Lists.submissions,
    query: LIMIT,
  }),
  op("get", "/submissions/{id}", "Forms", "A submission", { answer: SubmissionAnswer }),
  op("delete", "/submissions/{id}", "Forms", "Delete a submission", { answer: null, status: 204 }),
  op("post", "/submissions/{id}/spam", "Forms", "Mark a submission as spam"),
  op(
    "post",
    "/submissions/{id}/ham",
    "Forms",
    "Mark a submission as not spam; one judged spam has its held notification sent, once",
  ),
  op("get", "/spam-lists/forms", "Spam lists", "Form texts that 3+ accounts marked spam", {
    answer: FormListAnswer,
    query: {
      ...LIMIT,
      before: { schema: { type: "string" }, description: "next_before of the previous page" },
    },
  }),
  op("delete", "/spam-lists/forms/{id}", "Spam lists", "Remove a listed form text", {
    answer: null,
    status: 204,
  }),
  op("get", "/spam-lists/mail", "Spam lists", "Mail texts that 3+ accounts marked spam", {
    answer: Lists.mailSpamList,
    query: LIMIT,
  }),
  op("delete", "/spam-lists/mail/{id}", "Spam lists", "Remove a listed mail text", {
    answer: null,
    status: 204,
  }),
  op("get", "/accounts/{id}/mail-marks", "Spam lists", "An account's marks on its mail", {
    answer: AccountMailMarksAnswer,
  }),
  op("delete", "/accounts/{id}/mail-marks", "Spam lists", "Forget an account's marks on its mail", {
    answer: null,
    status: 204,
  }),
  op(
    "post",
    "/accounts/{id}/sequences",
    "Sequences",
    "Create a sequence",
    created(SequenceCreate, "Sequence", { answer: SequenceAnswer }),
  ),
  op("get", "/accounts/{id}/sequences", "Sequences", "The account's sequences", {
    answer: Lists.sequences,
  }),
  op("get", "/sequences/{id}", "Sequences", "A sequence", { answer: SequenceAnswer }),
  op("patch", "/sequences/{id}", "Sequences", "Change a sequence", { body: SequencePatch }),
  op("get", "/sites/{id}/enrollments", "Sequences", "A site's enrollments", {
    answer: Lists.enrollments,
    query: LIMIT,
  }),
  op("get", "/enrollments/{id}", "Sequences", "An enrollment", { answer: EnrollmentAnswer }),
  op("post", "/enrollments/{id}/stop", "Sequences", "Stop an enrollment"),
  op(
    "post",
    "/sites/{id}/sending-domains",
    "Sending domains",
    "Add a sending domain",
    created(SendingDomainCreate, "Sending domain with its DNS records", {
      answer: SendingDomainAnswer,
    }),
  ),
  op("get", "/sites/{id}/sending-domains", "Sending domains", "A site's sending domains", {
    answer: Lists.sendingDomains,
  }),
  op("get", "/sending-domains/{id}", "Sending domains", "A sending domain", {
    answer: SendingDomainAnswer,
  }),
  op("patch", "/sending-domains/{id}", "Sending domains", "Change the From address", {
    body: SendingDomainPatch,
  }),
  op("post", "/sending-domains/{id}/check", "Sending domains", "Check its DNS now"),
  op("delete", "/sending-domains/{id}", "Sending domains", "Remove a sending domain", {
    answer: null,
    status: 204,
  }),
  op(
    "post",
    "/inbound-domains",
    "Inbound",
    "Add an inbound domain",
    created(InboundDomainCreate, "Inbound domain with its secret (svc_in_)", {
      answer: InboundDomainAnswer.extend({
        secret: z.string().describe("svc_in_...; shown only here and by rotate-secret"),
      }),
    }),
  ),
  op("get", "/inbound-domains", "Inbound", "List inbound domains", {
    answer: Lists.inboundDomains,
    query: LIMIT,
  }),
  op("get", "/inbound-domains/{id}", "Inbound", "An inbound domain", {
    answer: InboundDomainAnswer,
  }),
  op("patch", "/inbound-domains/{id}", "Inbound", "Change an inbound domain", {
    body: InboundDomainPatch,
    conflict: true,
  }),
  op("delete", "/inbound-domains/{id}", "Inbound", "Remove an inbound domain", {
    answer: null,
    status: 204,
  }),
  op("post", "/inbound-domains/{id}/rotate-secret", "Inbound", "Rotate the inbound secret"),
  op("get", "/delivery-reports", "Inbound", "Delivery reports (DSN, ARF)", {
    answer: Lists.deliveryReports,
    query: LIMIT,
  }),
  op("get", "/delivery-reports/{id}", "Inbound", "A delivery report", {
    answer: DeliveryReportAnswer,
  }),
  op("get", "/sites/{id}/delivery-reports", "Inbound", "A site's delivery reports", {
    answer: Lists.deliveryReports,
    query: LIMIT,
  }),
  op(
    "post",
    "/accounts/{id}/users",
    "Dashboard users",
    "Create a dashboard user",
    created(UserCreate, "User", { answer: UserAnswer }),
  ),
  op("get", "/accounts/{id}/users", "Dashboard users", "The account's users", {
    answer: Lists.users,
  }),
  op("delete", "/accounts/{id}/users/{user}", "Dashboard users", "Remove a user", {
    answer: null,
    status: 204,
  }),
  op(
    "post",
    "/accounts/{id}/invitations",
    "Dashboard users",
    "Invite a user",
    created(InvitationCreate, "Invitation with its link", {
      answer: InvitationAnswer.extend({
        url: z.string().describe("The invitation link; shown only here"),
      }),
    }),
  ),
  op("get", "/accounts/{id}/invitations", "Dashboard users", "Open invitations", {
    answer: Lists.invitations,
  }),
  op("delete", "/accounts/{id}/invitations/{inv}", "Dashboard users", "Withdraw an invitation", {
    answer: null,
    status: 204,
  }),
  op("get", "/openapi.json", "Documents", "This document"),
];

export function adminDocument(): Record<string, unknown> {
  const tags = [...new Set(ADMIN_OPS.map((o) => o.tag))];
  return buildDocument({
    title: "Form, Mail and Webhook Service: operator API v1",
    description:
      "The dashboard's backend, for operators (Authorization: Bearer <SVC_ADMIN_TOKEN>). " +
      "Errors are `{error, message}`; fields of each resource are in docs/operator-api.md.",
    server: "/admin/api/v1",
    securityName: "operatorToken",
    securityScheme: { type: "http", scheme: "bearer", description: "SVC_ADMIN_TOKEN" },
    tags: tags.map((name) => ({ name, description: name })),
    ops: ADMIN_OPS,
  });
}
