import assert from "node:assert/strict";
import fc from "fast-check";
import { parseAddress } from "../../../domain/kernel/address.ts";
import {
  notificationAddresses,
  notificationReplyTo,
  submissionParties,
  submitterAddress,
  submitterName,
} from "../../../domain/forms/addresses.ts";

const site = { default_notify_email: "owner@example.com" };

Deno.test("notify_emails: invalid and repeated addresses are dropped, the first 3 valid kept", () => {
  assert.deepEqual(
    notificationAddresses(
      [
        "bad",
        "a@example.com",
        "A@Example.com",
        "",
        "b@example.com",
        "x y@z.com",
        "c@example.com",
        "d@example.com",
      ],
      "single@example.com",
      site,
    ),
    ["a@example.com", "b@example.com", "c@example.com"],
  );
});

Deno.test("notify_email is used only when notify_emails yields none, then the site default", () => {
  assert.deepEqual(notificationAddresses(["nope"], "single@example.com", site), [
    "single@example.com",
  ]);
  assert.deepEqual(notificationAddresses([], "  single@example.com ", site), [
    "single@example.com",
  ]);
  assert.deepEqual(notificationAddresses(["nope"], "also nope", site), ["owner@example.com"]);
  assert.deepEqual(notificationAddresses(undefined, undefined, site), ["owner@example.com"]);
  assert.deepEqual(notificationAddresses(null, null, { default_notify_email: null }), []);
});

Deno.test("the submitter's address: named fields in the spec's order, else any value that is one", () => {
  assert.equal(
    submitterAddress({ mail: "m@example.com", email: "e@example.com" }),
    "e@example.com",
  );
  assert.equal(
    submitterAddress({ "your-email": "y@example.com", mail: "m@example.com" }),
    "y@example.com",
  );
  assert.equal(submitterAddress({ Email: " cap@example.com " }), "cap@example.com");
  // Each of the spec's five names, over an address in another field.
  for (const name of ["email", "e_mail", "your-email", "your_email", "mail"]) {
    assert.equal(
      submitterAddress({ other: "o@example.com", [name]: "s@example.com" }),
      "s@example.com",
      name,
    );
  }
  assert.equal(submitterAddress({ email: "not valid", contact: "c@example.com" }), "c@example.com");
  assert.equal(submitterAddress({ message: "write to me at me@example.com" }), null);
  assert.equal(submitterAddress({}), null);
});

Deno.test("the submitter's name: a name field, or first and last name", () => {
  assert.equal(submitterName({ "your-name": "Ann Lee" }), "Ann Lee");
  assert.equal(submitterName({ first_name: "Ann", last_name: "Lee" }), "Ann Lee");
  assert.equal(submitterName({ email: "a@example.com" }), "");
});

/** submitterAddress as it was written before its loops read by index (the reference). */
function submitterAddressBefore(fields: Record<string, string>): string | null {
  const canonical = (v: string) => {
    const a = parseAddress(v.trim());
    return a.ok ? a.value.address : null;
  };
  const entries = Object.entries(fields);
  for (const name of ["email", "e_mail", "your-email", "your_email", "mail"]) {
    for (const [k, v] of entries) {
      if (k.toLowerCase() !== name) continue;
      const a = canonical(v);
      if (a) return a;
    }
  }
  for (const [, v] of entries) {
    const a = canonical(v);
    if (a) return a;
  }
  return null;
}

Deno.test("the submitter's address is the one the earlier loops found, for any fields", () => {
  const name = fc.constantFrom(
    "email",
    "EMAIL",
    "Mail",
    "e_mail",
    "your-email",
    "msg",
    "1",
    "__proto__",
  );
  const value = fc.constantFrom(
    "a@example.com",
    " B@Example.COM ",
    "x@bücher.de",
    "not an address",
    "a@b",
    "",
    "@",
    "ann <ann@example.com>",
  );
  fc.assert(fc.property(fc.array(fc.tuple(name, value), { maxLength: 6 }), (pairs) => {
    const fields = JSON.parse(JSON.stringify(Object.fromEntries(pairs)));
    assert.equal(submitterAddress(fields), submitterAddressBefore(fields));
  }));
});

Deno.test("a submission's parties, read once, are what each rule gives on its own", () => {
  fc.assert(fc.property(
    fc.dictionary(
      fc.constantFrom("email", "Email", "mail", "name", "first_name", "last_name", "message", "x"),
      fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 }), fc.constant(" jo@example.com ")),
    ),
    fc.option(
      fc.array(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 })), { maxLength: 5 }),
    ),
    fc.option(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 }))),
    (fields, notifyEmails, notifyEmail) => {
      const input = { fields, notify_emails: notifyEmails, notify_email: notifyEmail };
      assert.deepEqual(submissionParties(input, site), {
        notifyTo: notificationAddresses(notifyEmails, notifyEmail, site),
        submitter: submitterAddress(fields),
        replyTo: notificationReplyTo(fields),
        name: submitterName(fields),
      });
    },
  ));
});
