/**
 * The address parser (domain/kernel/address.ts): what it accepts and in which
 * canonical form, what it refuses and why, the length limits at their
 * boundaries, display-name items, the lowercase key, and agreement with
 * smtp-address-parser (an Earley parser of the RFC 5321 grammar) on generated
 * addresses.
 */
import assert from "node:assert/strict";
import { domainToASCII } from "node:url";
import fc from "fast-check";
import { parse as smtpParse } from "smtp-address-parser";
import emailAddresses from "email-addresses";
import {
  addressKey,
  MAX_ADDRESS_OCTETS,
  MAX_DOMAIN_CHARS,
  MAX_LABEL_CHARS,
  MAX_LOCAL_OCTETS,
  MAX_MAILBOX_CHARS,
  parseAddress,
  parseDomain,
  parseMailbox,
} from "../../../domain/kernel/address.ts";
import { email, emailKey, isEmail } from "../../../domain/kernel/validation.ts";

const ok = (s: string) => {
  const r = parseAddress(s);
  assert.ok(r.ok, `${JSON.stringify(s)} should pass: ${r.ok ? "" : r.reason}`);
  return r.value;
};
const refused = (s: string, reason?: RegExp) => {
  const r = parseAddress(s);
  assert.ok(!r.ok, `${JSON.stringify(s)} should be refused`);
  if (reason) assert.match(r.reason, reason, JSON.stringify(s));
};

Deno.test("valid addresses pass, in their canonical form (ASCII domain, local part as written)", () => {
  const table: [string, string, boolean][] = [
    ["ann@example.com", "ann@example.com", false],
    ["Ann.Lee+news@Mail.Example.COM", "Ann.Lee+news@mail.example.com", false],
    ["!#$%&'*+-/=?^_`{|}~@example.com", "!#$%&'*+-/=?^_`{|}~@example.com", false],
    ['"a\\"b"@example.com', '"a\\"b"@example.com', false],
    ['"a@b,c"@example.com', '"a@b,c"@example.com', false],
    // Quotes that are not needed are dropped (RFC 5321 4.1.2), escapes too.
    ['"ann"@example.com', "ann@example.com", false],
    ['"\\a\\n\\n"@example.com', "ann@example.com", false],
    ["ann@bücher.de", "ann@xn--bcher-kva.de", false],
    ["ann@ＥＸＡＭＰＬＥ．ｃｏｍ", "ann@example.com", false],
    ["ann@xn--fsqu00a.xn--4rr70v", "ann@xn--fsqu00a.xn--4rr70v", false],
    ["用户@例子.广告", "用户@xn--fsqu00a.xn--4rr70v", true],
    ["josé@example.com", "josé@example.com", true],
    ["😀@example.com", "😀@example.com", true],
    ['"用@户"@example.com', '"用@户"@example.com', true],
    // The audit's payload is a valid internationalized address: what made it
    // dangerous was the Latin-1 writer (tests/domain/mail/compose_headers_test.ts).
    [
      "x\u4e0d\u4e0aX-Injected\u4e3a\u4e20yes@example.org",
      "x\u4e0d\u4e0aX-Injected\u4e3a\u4e20yes@example.org",
      true,
    ],
  ];
  for (const [input, address, smtpUtf8] of table) {
    const a = ok(input);
    assert.equal(a.address, address, input);
    assert.equal(a.smtpUtf8, smtpUtf8, input);
    assert.ok(isEmail(input));
    // Canonical is a fixed point.
    assert.equal(ok(a.address).address, a.address);
  }
});

Deno.test("invalid addresses are refused, with the reason", () => {
  const chars = /control, format, separator/;
  const domain = /internet domain name/;
  const table: [string, RegExp][] = [
    ["", /valid email/],
    ["plain", /valid email/],
    ["@example.com", /valid email/],
    ["ann@", /valid email/],
    ["ann@@example.com", /valid email/],
    ["a@b@example.com", /valid email/],
    ["a..b@example.com", /valid email/],
    [".a@example.com", /valid email/],
    ["a.@example.com", /valid email/],
    ["a(comment)@example.com", /valid email/],
    ["<ann@example.com>", /valid email/],
    ['""@example.com', /valid email/],
    ['"a"b"@example.com', /valid email/],
    ['"a\\é"@example.com', /valid email/],
    ["a b@example.com", chars],
    // Quoted, but what an SMTP server could split a command on.
    ['"john doe"@example.com', /spaces, < or >/],
    ['"a\\ b"@example.com', /spaces, < or >/],
    ['"a> NOTIFY=NEVER"@example.com', /spaces, < or >/],
    ['"a<b"@example.com', /spaces, < or >/],
    ["a\tb@example.com", chars],
    ["ann\u0000@example.org", chars],
    ["ann\r@example.org", chars],
    ["ann\n@example.org", chars],
    ["ann\r\nBcc: x@example.org", chars],
    ["ann\u0085@example.org", chars],
    ["ann\u2028@example.org", chars],
    ["ann\u2029@example.org", chars],
    ["ann\u00a0@example.org", chars],
    ["ann\u3000@example.org", chars],
    ["ann\u202e@example.org", chars],
    ["ann\u2066@example.org", chars],
    ["ann\u200b@example.org", chars],
    ["ann\u200d@example.org", chars],
    ["ann\ufeff@example.org", chars],
    ["ann\u00ad@example.org", chars],
    ["ann\ud800@example.org", chars],
    ["ann\udc00@example.org", chars],
    ["\udc00\ud800@example.org", chars],
    ["ann\ue000@example.org", chars],
    ["ann\uffff@example.org", chars],
    ["ann\u0378@example.org", chars],
    ['"a\u0001"@example.com', chars],
    ['"a\u2028"@example.com', chars],
    ["ann@exa\u00admple.com", chars],
    ["ann@exa\u202emple.com", chars],
    ["ann@exa mple.com", chars],
    ["ann@[192.0.2.1]", /IP address/],
    ["ann@[IPv6:::1]", /IP address/],
    ["ann@localhost", domain],
    ["ann@example", domain],
    ["ann@192.0.2.1", domain],
    ["ann@example.c", domain],
    ["ann@example.123", domain],
    ["ann@example..com", domain],
    ["ann@example.com.", domain],
    ["ann@.example.com", domain],
    ["ann@-example.com", domain],
    ["ann@example-.com", domain],
    ["ann@ex_ample.com", domain],
    ["ann@ex/ample.com", domain],
    ["ann@ex%41mple.com", domain],
    ["ann@xn--a.com", domain],
    ["ann@\u0661.com", domain],
  ];
  for (const [input, reason] of table) {
    refused(input, reason);
    assert.equal(isEmail(input), false, JSON.stringify(input));
  }
});

Deno.test("length limits: at the limit passes, one over fails", () => {
  const at = "@example.com";
  // Local part: 64 octets (UTF-8), whatever the characters.
  ok("a".repeat(MAX_LOCAL_OCTETS) + at);
  refused("a".repeat(MAX_LOCAL_OCTETS + 1) + at, /at most 64 bytes/);
  ok("é".repeat(32) + at); // 2 octets each
  refused("é".repeat(32) + "a" + at, /at most 64 bytes/);
  ok("用".repeat(21) + "a" + at); // 3 octets each
  refused("用".repeat(22) + at, /at most 64 bytes/);
  ok('"' + "a,b".repeat(20) + 'a"' + at); // quotes count
  refused('"' + "a,b".repeat(21) + '"' + at, /at most 64 bytes/);

  // A domain label: 63 characters.
  ok("a@" + "l".repeat(MAX_LABEL_CHARS) + ".com");
  refused("a@" + "l".repeat(MAX_LABEL_CHARS + 1) + ".com", /at most 63/);
  // An IDN label counts in its ASCII form.
  const idn = Array.from({ length: 25 }, (_, i) => String.fromCodePoint(0x4e00 + 997 * i)).join("");
  const label = domainToASCII(idn + ".com").split(".")[0];
  assert.ok(idn.length < 63 && label.length > 63, label);
  refused(`a@${idn}.com`, /at most 63/);

  // The domain: 253 characters (parseDomain: an address of 254 bytes can not hold it).
  const l63 = "d".repeat(63);
  const domain = (tld: number) => `${l63}.${l63}.${l63}.${"t".repeat(tld)}`;
  assert.equal(domain(61).length, MAX_DOMAIN_CHARS);
  assert.deepEqual(parseDomain(domain(61)), { ok: true, value: domain(61) });
  const over = parseDomain(domain(62));
  assert.ok(!over.ok && /at most 253/.test(over.reason));

  // The whole address: 254 octets.
  const d189 = `${l63}.${l63}.${"t".repeat(61)}`;
  const whole = "a".repeat(64) + "@" + d189;
  assert.equal(whole.length, MAX_ADDRESS_OCTETS);
  ok(whole);
  refused("a".repeat(64) + "@" + d189 + "t", /at most 254 bytes/);
  // ... in octets: 21 CJK characters and an "a" are 64 octets but 22 characters.
  const wide = "用".repeat(21) + "a@" + `${l63}.${l63}.${"t".repeat(61)}`;
  assert.equal(new TextEncoder().encode(wide).length, MAX_ADDRESS_OCTETS);
  ok(wide);
  refused(wide + "t", /at most 254 bytes/);
});

Deno.test("mailbox items: bare or Name <address>, 320 characters in all", () => {
  const good: [string, string, string][] = [
    ["ann@example.com", "", "ann@example.com"],
    ["  ann@example.com\t", "", "ann@example.com"],
    ["Ann Lee <ann@example.com>", "Ann Lee", "ann@example.com"],
    ["Ann<ann@example.com>", "Ann", "ann@example.com"],
    ['"Lee, Ann" <ann@example.com>', "Lee, Ann", "ann@example.com"],
    ["Dr. Ann Lee <ann@example.com>", "Dr. Ann Lee", "ann@example.com"],
    ["<ann@example.com>", "", "ann@example.com"],
    ['"Ann \\"Lee\\"" <ann@example.com>', 'Ann "Lee"', "ann@example.com"],
    ["Ann   Lee\t<ann@example.com>", "Ann Lee", "ann@example.com"],
    ['"<b>" < ann@example.com >', "<b>", "ann@example.com"],
    ["Zoë Ünïcode ☃ <zoe@Bücher.de>", "Zoë Ünïcode ☃", "zoe@xn--bcher-kva.de"],
    ["用户 <用户@例子.广告>", "用户", "用户@xn--fsqu00a.xn--4rr70v"],
    // Looks like an encoded word, is taken as the text it is.
    ["=?utf-8?q?X=0D=0AY?= <ann@example.com>", "=?utf-8?q?X=0D=0AY?=", "ann@example.com"],
  ];
  for (const [input, name, address] of good) {
    assert.deepEqual(parseMailbox(input), { ok: true, value: { name, address } }, input);
  }
  const bad = [
    // Comments and obsolete routes: not what any client sends, not accepted.
    "Ann (office) <ann@example.com>",
    "Ann <@route.example:ann@example.com>",
    '"Ann <ann@example.com>',
    "Ann <ann@example.com>>",
    "Ann <<ann@example.com>",
    "Ann, Lee <ann@example.com>",
    "Ann <ann@example.com>, Bob <bob@example.com>",
    "ann@example.com, bob@example.com",
    "Group: ann@example.com;",
    "Ann <ann(c)@example.com>",
    "Ann <ann@example.com> trailing",
    "Ann <ann@[192.0.2.1]>",
    "Ann <ann\u0000@example.com>",
    "Ann\r\n <ann@example.com>",
    "Ann\u2028 <ann@example.com>",
    "\u202eAnn <ann@example.com>",
    "Ann\u2067 <ann@example.com>",
    "Ann\u0000 <ann@example.com>",
    "Ann\ud800 <ann@example.com>",
    "Ann <x\u4e0d@example.com\u2029>",
    "",
    "<>",
  ];
  for (const input of bad) assert.equal(parseMailbox(input).ok, false, JSON.stringify(input));

  const item = (n: number, pad = "n") =>
    `"${pad.repeat(n - '"" <a@example.com>'.length)}" <a@example.com>`;
  assert.equal(item(MAX_MAILBOX_CHARS).length, MAX_MAILBOX_CHARS);
  assert.ok(parseMailbox(item(MAX_MAILBOX_CHARS)).ok);
  assert.match(
    (parseMailbox(item(MAX_MAILBOX_CHARS + 1)) as { reason: string }).reason,
    /at most 320 characters/,
  );
  // Characters, not UTF-16 units: 320 emoji-named characters pass.
  assert.ok(parseMailbox(item(MAX_MAILBOX_CHARS, "😀")).ok);
  assert.equal(parseMailbox(item(MAX_MAILBOX_CHARS + 1, "😀")).ok, false);
});

Deno.test("the lowercase key: one form for every spelling, null when lowercasing breaks it", () => {
  assert.equal(addressKey("Ann@Bücher.DE"), "ann@xn--bcher-kva.de");
  assert.equal(addressKey("ann@xn--bcher-kva.de"), "ann@xn--bcher-kva.de");
  assert.equal(addressKey('"ANN"@example.com'), "ann@example.com");
  assert.equal(addressKey("用户@例子.广告"), "用户@xn--fsqu00a.xn--4rr70v");
  assert.equal(addressKey("not an address"), null);
  // U+023A is 2 bytes, its lowercase U+2C65 is 3: 32 of them fit, lowercased they do not.
  assert.ok(parseAddress("\u023a".repeat(32) + "@example.com").ok);
  assert.equal(addressKey("\u023a".repeat(32) + "@example.com"), null);
  assert.equal(emailKey().safeParse("\u023a".repeat(32) + "@example.com").success, false);
  assert.equal(emailKey().parse("Ann@Example.COM"), "ann@example.com");
  // email() keeps the local part's case and gives the ASCII domain.
  assert.equal(email().parse("Ann@Bücher.de"), "Ann@xn--bcher-kva.de");
  const e = email().safeParse("ann\u0000@example.org");
  assert.ok(!e.success && /control/.test(e.error.issues[0].message));
});

// --- agreement with smtp-address-parser (the RFC 5321 grammar) -------------------

function grammarAccepts(s: string): boolean {
  try {
    smtpParse(s);
    return true;
  } catch {
    return false;
  }
}

const ATEXT = [..."abcXYZ019!#$%&'*+-/=?^_`{|}~", "é", "用"];
const ODD = [" ", "\t", "\\", '"', "(", ")", "<", ">", ",", ";", ":", "@", "[", "]", "\u0000"];
const piece = (chars: string[], max: number) =>
  fc.array(fc.constantFrom(...chars), { minLength: 0, maxLength: max }).map((a) => a.join(""));
const localPart = fc.oneof(
  // dot-strings, now and then with an odd character or an empty atom
  fc.array(piece([...ATEXT, ...ATEXT, ...ODD], 6), { minLength: 1, maxLength: 4 })
    .map((a) => a.join(".")),
  // quoted strings, with quoted pairs now and then
  piece([...ATEXT, " ", ".", "@", ",", "\\\\", '\\"', "\\a", '"', "\\"], 10)
    .map((s) => `"${s}"`),
);
const domainPart = fc.oneof(
  fc.array(piece([..."abz09-", "Ü"], 8), { minLength: 1, maxLength: 4 }).map((a) => a.join(".")),
  fc.constantFrom("example.com", "[192.0.2.1]", "1.2.3.4", "ex_ample.com", "xn--bcher-kva.de"),
);

/** The policies beyond the grammar (see domain/kernel/address.ts), to compare like with like. */
function withinPolicies(s: string): boolean {
  const at = s.lastIndexOf("@");
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  const labels = domain.split(".");
  return /^[\x21-\x7e]+$/.test(domain) && // an ASCII domain (the grammar knows no IDNA)
    labels.every((l) => /^[A-Za-z0-9-]+$/.test(l)) &&
    /^[A-Za-z]{2,}$/.test(labels[labels.length - 1]) && // alphabetic top-level label
    ![...local].some((c) => c < " ") && local !== '""' &&
    !(local.startsWith('"') && /[ <>]/.test(local)) && // quoted: no space, < or >
    new TextEncoder().encode(local).length <= MAX_LOCAL_OCTETS &&
    new TextEncoder().encode(s).length <= MAX_ADDRESS_OCTETS;
}

Deno.test("parseAddress accepts what the RFC 5321 grammar accepts, within the stated policies", () => {
  let accepted = 0;
  fc.assert(
    fc.property(localPart, domainPart, (local, domain) => {
      const s = `${local}@${domain}`;
      const parsed = parseAddress(s);
      const ours = parsed.ok;
      const grammar = grammarAccepts(s);
      // Never more lenient than the grammar: what is sent is RFC 5321 (the
      // grammar knows no IDNA: a Unicode domain is compared in its ASCII form).
      if (parsed.ok) {
        assert.ok(
          grammarAccepts(parsed.value.address),
          `sent but not RFC 5321: ${parsed.value.address}`,
        );
        if (![...domain].some((c) => c > "\x7f")) {
          assert.ok(grammar, `accepted but not RFC 5321: ${s}`);
        }
      }
      // ... and not stricter, except for the policies.
      if (grammar && withinPolicies(s)) {
        assert.ok(ours, `RFC 5321 but refused: ${JSON.stringify(s)}`);
      }
      if (ours) accepted++;
    }),
    { numRuns: 400, seed: 42 },
  );
  // The generator reaches both sides.
  assert.ok(accepted > 40, `only ${accepted} accepted`);
});

// --- agreement with email-addresses (the RFC 5322 name-addr grammar) -------------------

const NAME_CHARS = [..."AnnLee .'-", "Zoë", "用户", '"', "\\", ",", "<", ">", "(", ")", "@", ":"];
const nameText = piece(NAME_CHARS, 8);
const displayName = fc.oneof(
  nameText,
  nameText.map((n) => `"${n.replace(/["\\]/g, "\\$&")}"`),
  fc.tuple(nameText, nameText).map(([a, b]) => `${a} "${b}"`),
);
const item = fc.tuple(
  displayName,
  fc.constantFrom("", " "),
  fc.constantFrom("ann@example.com", "用户@例子.广告", '"a,b"@example.com', "ann@"),
  fc.constantFrom("", " "),
).map(([n, sp, a, sp2]) => `${n}${sp}<${sp2}${a}${sp2}>`);

Deno.test("parseMailbox reads name-addr items as RFC 5322 does (no comments, no groups)", () => {
  let accepted = 0;
  fc.assert(
    fc.property(item, (s) => {
      const ours = parseMailbox(s);
      const lib = emailAddresses.parseOneAddress({ input: s, rfc6532: true, startAt: "mailbox" });
      const libBox = lib?.type === "mailbox" ? lib : null;
      if (ours.ok) {
        accepted++;
        assert.ok(libBox, `accepted but not RFC 5322: ${JSON.stringify(s)}`);
        // The same text; white space between words is one space here, and
        // email-addresses sometimes keeps and sometimes drops it.
        const norm = (x: string) => x.replace(/\s+/g, "");
        assert.equal(norm(ours.value.name), norm(libBox.name ?? ""), s);
        const spec = parseAddress(libBox.parts.address.tokens.trim());
        assert.equal(spec.ok && spec.value.address, ours.value.address, s);
      } else if (
        libBox && !s.includes("(") && parseAddress(libBox.parts.address.tokens.trim()).ok
      ) {
        assert.fail(`RFC 5322 but refused: ${JSON.stringify(s)} (${ours.reason})`);
      }
    }),
    { numRuns: 400, seed: 42 },
  );
  assert.ok(accepted > 80, `only ${accepted} accepted`);
});
