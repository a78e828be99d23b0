/**
 * The shape of a kind of message in the form corpus: handwritten texts, each
 * the root of one family of items (the family is the unit of the train /
 * calibration / held-out split, so held-out wordings were never trained on).
 */
export type Label = "spam" | "legitimate";

export type FormKind = {
  kind: string;
  label: Label;
  /** Texts; `@de ` at the start marks the language; `[[a|b]]` and `{slot}` are filled per item. */
  texts: string[];
  subjects?: string[];
  /**
   * outreach: polite sales mail (greeting, sign-off, sometimes an opt-out line);
   * scam / junk: no added greeting; plain: a person writing (greeting and thanks sometimes).
   */
  style: "outreach" | "scam" | "junk" | "plain";
  /** Items per text (default 3). */
  variants?: number;
  /** Sender companies (spam) for the company field, the signature and the address. */
  companies?: string[];
  /** Words of the sender's link domains for `{url}`. */
  urlWords?: string[];
  /** Chance that a spam sender's link is appended when the text has none. */
  appendLink?: number;
  /** How the sender's name is written. */
  names?: "person" | "bot" | "company" | "mixed";
};

/** Literal-forms rows (forms_literal*.ts): a literal submission in one plugin's shape. */
export type ProbeShape = "cf7" | "wpf" | "gf" | "el" | "custom";

export type ProbeExtra = {
  subject?: string;
  website?: string;
  /** A honeypot field under a name the rules do not know, and the value a bot put there. */
  hp?: [string, string];
  /** The visitor's IP (default: one per row). */
  ip?: string;
  /** Only the email field (a newsletter sign-up). */
  only?: boolean;
};

export type ProbeRow = [
  kind: string,
  shape: ProbeShape,
  name: string,
  email: string,
  message: string,
  extra?: ProbeExtra,
];
