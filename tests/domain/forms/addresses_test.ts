import assert from "node:assert/strict";
import {
  notificationAddresses,
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
