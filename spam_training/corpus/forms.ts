/**
 * Long file: corpus data written for this project (texts and the lists that fill
 * them), kept whole so that a kind's wordings stay together.
 * The form corpus: every handwritten text of every kind, filled a few times
 * with different people, sites, form plugins, greetings and sign-offs. The
 * result is deterministic (seeded by the item's id) and labelled.
 */
import type { FormSubmission } from "../../domain/spam/model/form_features.ts";
import {
  CITIES,
  fill,
  type Lang,
  langOf,
  person,
  phone,
  Rng,
  type Site,
  SITES,
  visitor,
} from "./common.ts";
import type { FormKind, Label } from "./forms_kinds.ts";
import { LEGIT } from "./forms_legit.ts";
import { MORE_TEXTS } from "./forms_languages.ts";
import { MORE_WORDINGS } from "./forms_more_wordings.ts";
import { BOUNDARY_TEXTS } from "./forms_boundary.ts";
import { EXTRA_TEXTS } from "./forms_extra_wordings.ts";
import { LEGIT_MORE } from "./forms_legit_sparse_kinds.ts";
import { OUTREACH_LEGIT } from "./forms_legit_outreach_like.ts";
import { LEGIT_SPAMLIKE, LEGIT_SPAMLIKE_KINDS } from "./forms_legit_spamlike.ts";
import { SPAM_OUTREACH } from "./forms_spam_outreach.ts";
import { SPAM_OTHER } from "./forms_spam_goods_and_bots.ts";
import { SMALL_BUSINESS_KINDS, SMALL_BUSINESS_TEXTS } from "./forms_small_business.ts";
import { PLAIN_PITCHES } from "./forms_plain_pitches.ts";
import { LEGIT_NEAR_PITCHES } from "./forms_legit_near_pitches.ts";
import { buildLiteralForms } from "./forms_literal.ts";
import { formalFrame } from "./forms_formal_letters.ts";

/**
 * The kinds the mail model's auxiliary items are built from: fixed, so that
 * widening the form corpus does not move the mail model.
 */
export const FORM_KINDS_FOR_MAIL: FormKind[] = [
  ...SPAM_OUTREACH,
  ...SPAM_OTHER,
  ...LEGIT,
  ...LEGIT_SPAMLIKE_KINDS,
].map((k) => ({
  ...k,
  texts: [
    ...k.texts,
    ...(MORE_TEXTS[k.kind] ?? []),
    ...(MORE_WORDINGS[k.kind] ?? []),
    ...(BOUNDARY_TEXTS[k.kind] ?? []),
    ...(EXTRA_TEXTS[k.kind] ?? []),
    ...(LEGIT_MORE[k.kind] ?? []),
    ...(OUTREACH_LEGIT[k.kind] ?? []),
    ...(LEGIT_SPAMLIKE[k.kind] ?? []),
  ],
}));

/** All kinds: the above, new kinds, and new texts (families) appended to existing kinds. */
export const FORM_KINDS: FormKind[] = [...FORM_KINDS_FOR_MAIL, ...SMALL_BUSINESS_KINDS].map((
  k,
) => ({
  ...k,
  texts: [
    ...k.texts,
    ...(SMALL_BUSINESS_TEXTS[k.kind] ?? []),
    ...(PLAIN_PITCHES[k.kind] ?? []),
    ...(LEGIT_NEAR_PITCHES[k.kind] ?? []),
  ],
}));

export type FormItem = {
  id: string;
  /** The handwritten text the item comes from: the unit of the split. */
  family: string;
  kind: string;
  label: Label;
  lang: Lang;
  input: FormSubmission;
};

type Logical = {
  first: string;
  last: string;
  full: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  company?: string;
  website?: string;
};

type Shape = {
  name: string;
  forms: string[];
  subject: boolean;
  phone: boolean;
  company: boolean;
  website: boolean;
  build: (l: Logical) => Record<string, string>;
};

const opt = (v: string | undefined): string => v ?? "";

/** Field layouts of real WordPress plugins and hand-made forms. */
const SHAPES: Shape[] = [
  {
    name: "cf7",
    forms: ["Contact form 1", "Contact"],
    subject: true,
    phone: false,
    company: false,
    website: false,
    build: (l) => ({
      "your-name": l.full,
      "your-email": l.email,
      "your-subject": opt(l.subject),
      "your-message": l.message,
    }),
  },
  {
    name: "cf7_custom",
    forms: ["Quote form", "Enquiry"],
    subject: false,
    phone: true,
    company: false,
    website: false,
    build: (l) => ({
      "text-512": l.full,
      "email-233": l.email,
      "tel-871": opt(l.phone),
      "textarea-390": l.message,
    }),
  },
  {
    name: "wpforms",
    forms: ["Simple Contact Form", "Contact Us"],
    subject: false,
    phone: false,
    company: false,
    website: false,
    build: (l) => ({
      "wpforms[fields][0][first]": l.first,
      "wpforms[fields][0][last]": l.last,
      "wpforms[fields][1]": l.email,
      "wpforms[fields][2]": l.message,
    }),
  },
  {
    name: "wpforms_phone",
    forms: ["Request a Quote"],
    subject: false,
    phone: true,
    company: false,
    website: false,
    build: (l) => ({
      "wpforms[fields][0][first]": l.first,
      "wpforms[fields][0][last]": l.last,
      "wpforms[fields][1]": l.email,
      "wpforms[fields][3]": opt(l.phone),
      "wpforms[fields][2]": l.message,
    }),
  },
  {
    name: "gravity",
    forms: ["Contact", "Get in touch"],
    subject: false,
    phone: true,
    company: false,
    website: false,
    build: (l) => ({
      "input_1.3": l.first,
      "input_1.6": l.last,
      input_2: l.email,
      input_3: opt(l.phone),
      input_4: l.message,
    }),
  },
  {
    name: "gravity_company",
    forms: ["Business enquiry"],
    subject: false,
    phone: false,
    company: true,
    website: true,
    build: (l) => ({
      "input_1.3": l.first,
      "input_1.6": l.last,
      input_2: l.email,
      input_5: opt(l.company),
      input_6: opt(l.website),
      input_4: l.message,
    }),
  },
  {
    name: "elementor",
    forms: ["New Form", "Contact form"],
    subject: false,
    phone: true,
    company: false,
    website: false,
    build: (l) => ({
      "form_fields[name]": l.full,
      "form_fields[email]": l.email,
      "form_fields[field_7f3a2c1]": opt(l.phone),
      "form_fields[message]": l.message,
    }),
  },
  {
    name: "ninja",
    forms: ["Contact Me"],
    subject: false,
    phone: false,
    company: false,
    website: false,
    build: (l) => ({ "nf-field-1": l.full, "nf-field-2": l.email, "nf-field-3": l.message }),
  },
  {
    name: "jetpack",
    forms: ["Contact"],
    subject: false,
    phone: false,
    company: false,
    website: true,
    build: (l) => ({
      "g2-name": l.full,
      "g2-email": l.email,
      "g2-website": opt(l.website),
      "g2-message": l.message,
    }),
  },
  {
    name: "divi",
    forms: ["Contact Form"],
    subject: false,
    phone: false,
    company: false,
    website: false,
    build: (l) => ({
      et_pb_contact_name_0: l.full,
      et_pb_contact_email_0: l.email,
      et_pb_contact_message_0: l.message,
    }),
  },
  {
    name: "fluent",
    forms: ["Contact Form Demo"],
    subject: true,
    phone: false,
    company: false,
    website: false,
    build: (l) => ({
      "names[first_name]": l.first,
      "names[last_name]": l.last,
      email: l.email,
      subject: opt(l.subject),
      message: l.message,
    }),
  },
  {
    name: "html",
    forms: ["contact", "Contact"],
    subject: false,
    phone: false,
    company: false,
    website: false,
    build: (l) => ({ name: l.full, email: l.email, message: l.message }),
  },
  {
    name: "html_full",
    forms: ["Kontakt", "contact"],
    subject: true,
    phone: true,
    company: true,
    website: true,
    build: (l) => ({
      name: l.full,
      email: l.email,
      phone: opt(l.phone),
      company: opt(l.company),
      website: opt(l.website),
      subject: opt(l.subject),
      message: l.message,
    }),
  },
  {
    name: "formspree",
    forms: ["Contact"],
    subject: false,
    phone: false,
    company: false,
    website: false,
    build: (l) => ({ name: l.full, _replyto: l.email, message: l.message }),
  },
  {
    name: "quote_form",
    forms: ["Free estimate"],
    subject: false,
    phone: true,
    company: false,
    website: false,
    build: (l) => ({
      full_name: l.full,
      email_address: l.email,
      phone_number: opt(l.phone),
      details: l.message,
    }),
  },
];

const LOCAL_SHAPES: Record<string, (l: Logical) => Record<string, string>> = {
  de: (l) => ({
    vorname: l.first,
    nachname: l.last,
    email: l.email,
    betreff: opt(l.subject),
    nachricht: l.message,
  }),
  es: (l) => ({ nombre: l.full, correo: l.email, asunto: opt(l.subject), mensaje: l.message }),
  fr: (l) => ({ nom: l.full, courriel: l.email, objet: opt(l.subject), message: l.message }),
  pt: (l) => ({ nome: l.full, email: l.email, assunto: opt(l.subject), mensagem: l.message }),
  pl: (l) => ({
    "imie-nazwisko": l.full,
    email: l.email,
    temat: opt(l.subject),
    wiadomosc: l.message,
  }),
  ru: (l) => ({ name: l.full, email: l.email, tema: opt(l.subject), soobshchenie: l.message }),
};

const GREETING: Record<string, string[]> = {
  en: [
    "Hi,",
    "Hello,",
    "Hi there,",
    "Hello {owner},",
    "Hi {owner}!",
    "Good morning,",
    "Good afternoon,",
    "Hey,",
  ],
  de: ["Hallo,", "Guten Tag,", "Sehr geehrte Damen und Herren,", "Hallo {owner},"],
  es: ["Hola,", "Buenos días,", "Buenas tardes,"],
  fr: ["Bonjour,", "Bonsoir,", "Madame, Monsieur,"],
  pt: ["Olá,", "Bom dia,", "Boa tarde,"],
  pl: ["Dzień dobry,", "Witam,"],
  ru: ["Здравствуйте!", "Добрый день!"],
  it: ["Buongiorno,", "Salve,"],
};
const SIGNOFF: Record<string, string[]> = {
  en: [
    "Thanks,\n{first}",
    "Thank you!",
    "Best,\n{first}",
    "Cheers, {first}",
    "Regards,\n{full}",
    "Many thanks,\n{full}",
    "Thanks in advance!",
    "{first}",
  ],
  de: ["Viele Grüße\n{first}", "Mit freundlichen Grüßen\n{full}", "Danke und Gruß, {first}"],
  es: ["Gracias,\n{first}", "Un saludo,\n{full}", "Saludos"],
  fr: ["Merci,\n{first}", "Cordialement,\n{full}", "Bien à vous"],
  pt: ["Obrigado,\n{first}", "Abraço,\n{first}", "Atenciosamente,\n{full}"],
  pl: ["Pozdrawiam,\n{full}", "Dziękuję, {first}"],
  ru: ["Спасибо!", "С уважением, {full}"],
  it: ["Grazie,\n{first}", "Cordiali saluti,\n{full}"],
};
const OUTREACH_GREETING = [
  "Hi,",
  "Hello,",
  "Hi there,",
  "Hello {site} team,",
  "Hi {site} Team,",
  "Dear Business Owner,",
  "Dear Sir/Madam,",
  "Good day,",
  "Hi, hope you're doing well.",
  "Hello, I hope this message finds you well.",
  "Hey,",
  "Hi {owner},",
  "Greetings,",
];
const OUTREACH_CTA = [
  "Would you be open to a quick call this week?",
  "Are you available for a 10-minute chat tomorrow?",
  "Let me know if you're interested and I'll send more details.",
  "Just reply to this message and I'll get back to you right away.",
  "Can I send you more information?",
  "Is this something you'd be interested in?",
  "Looking forward to hearing from you.",
  "Feel free to book a time on my calendar: {url}",
  "You can see some of our work here: {url}",
  "What's the best number to reach you on?",
];
const OUTREACH_SIGNOFF = [
  "Best regards,\n{full}\n{title}, {company}",
  "Thanks,\n{first}",
  "Cheers,\n{first} | {company}",
  "Kind regards,\n{full}\n{company}\n{phone}",
  "Regards,\n{full}",
  "Best,\n{first}\n{company}",
  "Warm regards,\n{full} - {title}",
];
const OPT_OUT = [
  "If you're not interested, just reply \"no\" and I won't contact you again.",
  "P.S. Reply STOP to opt out.",
  'To unsubscribe from future messages, reply with "remove".',
  "Not the right person? Please forward this to whoever handles marketing.",
  "If this isn't a fit, no worries - I won't follow up.",
  "You are receiving this message because your website has a public contact form.",
];
const MORE_DETAIL: Record<string, string[]> = {
  en: [
    "We're in {city}, about 15 minutes from you.",
    "My budget is around {price}.",
    "We could pay a 20% deposit up front if that helps.",
    "I'm free most mornings and after 4pm on weekdays.",
    "Best number to reach me is {phone}.",
    "Thanks in advance for your help!",
    "A friend recommended you.",
    "We've used you before and were really happy.",
    "It's not urgent, any time in the next month is fine.",
    "Please let me know if you need any more details.",
    "We'd prefer to pay by card if possible.",
    "Sorry if this is the wrong place to ask!",
    "I saw your reviews on Google and they were great.",
    "Could you also tell me roughly how long it would take?",
    "We're flexible on dates.",
    "It would be for {n} people in total.",
    "Last time we paid about {price}, is that still the price?",
    "My partner and I are both working, so evenings are best.",
    "I'll be away from the 10th to the 17th.",
    "Is there parking nearby?",
    "I hope that makes sense!",
    "We're 100% sure about the colour but not the size yet.",
  ],
  de: [
    "Wir wohnen in {city}.",
    "Mein Budget liegt bei etwa 500 Euro.",
    "Ich bin vormittags gut erreichbar.",
    "Vielen Dank im Voraus!",
    "Eine Freundin hat Sie empfohlen.",
    "Es eilt nicht.",
  ],
  es: [
    "Vivimos en {city}.",
    "Mi presupuesto es de unos 300 euros.",
    "Estoy disponible por las tardes.",
    "¡Gracias de antemano!",
    "Nos recomendó una amiga.",
    "No corre prisa.",
  ],
  fr: [
    "Nous habitons à {city}.",
    "Mon budget est d'environ 400 euros.",
    "Je suis disponible le matin.",
    "Merci d'avance !",
    "Une amie vous a recommandé.",
    "Ce n'est pas urgent.",
  ],
  pt: [
    "Moramos em {city}.",
    "Meu orçamento é de uns 500 reais.",
    "Estou disponível à tarde.",
    "Desde já, obrigado!",
    "Uma amiga me indicou vocês.",
  ],
  pl: [
    "Mieszkamy w {city}.",
    "Mój budżet to około 1000 zł.",
    "Jestem dostępny po południu.",
    "Z góry dziękuję!",
  ],
  ru: [
    "Мы живём в городе {city}.",
    "Бюджет примерно 20 000 рублей.",
    "Удобнее всего после 18:00.",
    "Заранее спасибо!",
  ],
  it: ["Abitiamo a {city}.", "Il mio budget è di circa 300 euro.", "Grazie in anticipo!"],
};
const CONTEXT_LINKS = [
  "Here's a photo: {sharelink}",
  "This is the one I mean: {ownlink}",
  "My website, in case it helps: {myurl}",
  "Directions to our place: {mapslink}",
  "I saw it on {ownlink}",
  "Photos of the problem: {sharelink}",
  "(found you via {pressurl})",
  "More about us: {myurl}",
];
const TITLES = [
  "Business Development Manager",
  "Outreach Specialist",
  "Marketing Consultant",
  "Founder",
  "Account Executive",
  "Head of Partnerships",
  "Growth Manager",
  "CEO",
];
const SPAM_TLDS = [
  ".com",
  ".com",
  ".io",
  ".net",
  ".co",
  ".agency",
  ".pro",
  ".online",
  ".site",
  ".xyz",
  ".top",
  ".info",
  ".biz",
  ".store",
  ".click",
  ".ru",
  ".shop",
];
const TOPICS = [
  "10 Ways to Save Energy at Home This Winter",
  "How Small Businesses Can Use AI in 2024",
  "The Ultimate Guide to Budget Travel",
  "Why Sleep Matters More Than You Think",
  "5 Mistakes New Homeowners Make",
  "How to Choose the Right Insurance",
  "The Future of Remote Work",
  "Healthy Meal Prep Ideas for Busy People",
];
const DISPOSABLE = [
  "mailinator.com",
  "guerrillamail.com",
  "yopmail.com",
  "10minutemail.com",
  "temp-mail.org",
  "sharklasers.com",
  "trashmail.com",
  "dispostable.com",
];
const SPAM_FREE = [
  "gmail.com",
  "gmail.com",
  "gmail.com",
  "outlook.com",
  "yahoo.com",
  "hotmail.com",
  "mail.ru",
  "yandex.ru",
  "qq.com",
  "aol.com",
  "proton.me",
];
const LEGIT_BIZ_WORDS = [
  "plumbing",
  "designs",
  "studio",
  "consulting",
  "farms",
  "bakes",
  "law",
  "clinic",
  "builders",
  "coffee",
  "books",
  "events",
  "motors",
  "group",
  "partners",
];
const SUBJECTS_GENERIC: Record<string, string[]> = {
  en: ["Question", "Enquiry", "Hello", "Contact", "Inquiry", "Information", "Request"],
  de: ["Anfrage", "Frage", "Kontakt"],
  es: ["Consulta", "Pregunta", "Información"],
  fr: ["Demande", "Question", "Renseignements"],
  pt: ["Dúvida", "Orçamento", "Contato"],
  pl: ["Zapytanie", "Pytanie"],
  ru: ["Вопрос", "Заявка"],
  ja: ["お問い合わせ", "予約について"],
  zh: ["咨询", "询价"],
  ar: ["استفسار"],
  it: ["Richiesta", "Informazioni"],
};

const GREETED =
  /^(?:hi|hello|hey|dear|good (?:day|morning|afternoon|evening)|greetings|bonjour|bonsoir|hola|hallo|guten|buen[oa]s|boa|bom dia|olá|dzień dobry|witam|здравствуйте|добр|привет|buongiorno|buonasera|salve|merhaba|goedemiddag|hej|namaste|madame)/i;

function slug(s: string): string {
  return s.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/[^a-z0-9]+/g, "").slice(
    0,
    20,
  );
}

function gibberish(rng: Rng): string {
  const kinds = [
    () =>
      Array.from({ length: rng.range(6, 12) }, () => "bcdfghjklmnpqrstvwxz"[rng.int(20)]).join(""),
    () =>
      Array.from(
        { length: rng.range(6, 10) },
        () => String.fromCharCode((rng.chance(0.5) ? 65 : 97) + rng.int(26)),
      ).join(""),
    () => rng.pick(["asd", "dfg", "qwe", "zxc", "jkl"]).repeat(rng.range(2, 4)),
    () => rng.pick(["qwerty", "asdfgh", "sdfsdf", "hjkhjk", "xcvxcv"]) + rng.range(1, 999),
  ];
  return rng.pick(kinds)();
}

function botName(rng: Rng): string {
  return rng.pick([
    () =>
      rng.pick(["Robert", "James", "David", "Michael", "William", "Maria", "Anna", "Joseph"]) +
      rng.pick(["lex", "vob", "jen", "Phing", "Mib", "Glilt", "Cof", "Hew", "Nuple", "Sonia"]),
    () => gibberish(rng),
    () =>
      rng.pick(["Mike", "Eric", "Jack"]) + " " +
      rng.pick(["Hoggarth", "Becker", "Jameson", "Martinez"]) + "\n",
    () => "Crytoxbip",
    () => "Helenapeelm",
  ])().trim();
}

function spamUrl(rng: Rng, kind: FormKind): string {
  const words = kind.urlWords ?? ["bestdeal", "topservice", "promo-site", "offer-now"];
  const w = rng.pick(words);
  const r = rng.float();
  if (r < 0.1) {
    return `https://${rng.pick(["bit.ly", "cutt.ly", "tinyurl.com", "rb.gy"])}/${
      gibberish(rng).slice(0, 7)
    }`;
  }
  if (r < 0.15) {
    return `http://${rng.range(23, 212)}.${rng.range(1, 254)}.${rng.range(1, 254)}.${
      rng.range(1, 254)
    }/${w}`;
  }
  if (r < 0.22) {
    return `https://${w}.${
      rng.pick([
        "blogspot.com",
        "wixsite.com",
        "weebly.com",
        "web.app",
        "pages.dev",
        "sites.google.com",
      ])
    }/`;
  }
  const tld = rng.pick(SPAM_TLDS);
  const path = rng.pick([
    "",
    "/",
    `/${
      rng.pick([
        "offer",
        "promo",
        "go",
        "free",
        "start",
        "?ref=" + rng.range(100, 999),
        "index.php?id=" + rng.range(1, 99),
        "landing",
      ])
    }`,
  ]);
  return `${rng.chance(0.85) ? "https://" : rng.chance(0.5) ? "http://" : ""}${
    rng.chance(0.3) ? "www." : ""
  }${w}${tld}${path}`;
}

function spamSlots(
  rng: Rng,
  kind: FormKind,
  site: Site,
  sender: { first: string; full: string; company: string },
  lang: Lang,
) {
  return {
    site: () => site.domain,
    site_label: () => site.domain.split(".")[0],
    biz: () => site.biz,
    owner: () => site.owner,
    city: () => rng.pick(CITIES[lang] ?? CITIES.en),
    name: () => sender.full,
    full: () => sender.full,
    first: () => sender.first,
    company: () => sender.company,
    title: () => rng.pick(TITLES),
    url: () => spamUrl(rng, kind),
    price: () =>
      rng.pick([
        "$99",
        "$149",
        "$199",
        "$49",
        "$299",
        "$500",
        "$1,500",
        "$250,000",
        "$75",
        "£120",
        "€99",
      ]),
    n: () => String(rng.range(2, 9)),
    whatsapp: () =>
      `+${rng.pick(["1", "44", "234", "92", "63", "86", "7", "91"])} ${rng.range(200, 999)} ${
        rng.range(100, 999)
      } ${rng.range(1000, 9999)}`,
    tg: () =>
      rng.pick(["support", "manager", "promo", "crypto", "seo", "deal"]) + "_" + rng.range(10, 999),
    free_email: () => `${slug(sender.first)}${rng.range(10, 99)}@${rng.pick(SPAM_FREE)}`,
    company_email: () => `info@${slug(sender.company)}.com`,
    topic_a: () => rng.pick(TOPICS),
    topic_b: () => rng.pick(TOPICS),
    topic_c: () => rng.pick(TOPICS),
    po: () => `PO-${rng.range(10000, 99999)}`,
    country: () => rng.pick(["Dubai", "Qatar", "Nigeria", "Turkey", "Malaysia"]),
    kw: () =>
      rng.pick(["cheap viagra", "best casino", "buy followers", "loans online", "replica watches"]),
    gibberish: () => gibberish(rng),
    ip: () =>
      `${rng.range(11, 200)}.${rng.range(0, 255)}.${rng.range(0, 255)}.${rng.range(1, 254)}`,
    phone: () => phone(rng, "en"),
  };
}

const STREETS = [
  "14 Elm Road",
  "221 Maple Street, Apt 3",
  "7 Church Lane",
  "Hauptstraße 12",
  "Calle Mayor 5, 2ºB",
  "ul. Długa 8/4",
];

function legitSlots(
  rng: Rng,
  site: Site,
  p: { first: string; full: string },
  lang: Lang,
  forMail: boolean,
) {
  const bizDomain = `${slug(p.full.split(" ").pop() ?? "home")}${rng.pick(LEGIT_BIZ_WORDS)}.${
    rng.pick(["com", "co.uk", "net", "de", "com.au", "ca"])
  }`;
  return {
    product: () => rng.pick(site.offers),
    site: () => site.domain,
    // The writer's own trade ("we run a {biz}"); older texts used it with no slot to fill it.
    // (`forMail`: without it, as the mail model's auxiliary items were built.)
    ...(forMail ? {} : {
      biz: () => rng.pick(["café", "bakery", "hair salon", "garden centre", "bike shop", "B&B"]),
    }),
    owner: () => site.owner,
    city: () => lang === site.lang ? site.city : rng.pick(CITIES[lang] ?? CITIES.en),
    first: () => p.first,
    full: () => p.full,
    date: () =>
      rng.pick([
        "the 14th",
        "next Friday",
        "June 3rd",
        "Saturday the 21st",
        "the 9th of May",
        "October 12",
        "this Saturday",
        "12/07",
      ]),
    n: () => String(rng.range(2, 9)),
    order: () => `#${rng.range(1000, 99999)}`,
    price: () => rng.pick(["$500", "£2,000", "€800", "$1,200", "about $300"]),
    phone: () => phone(rng, lang),
    street: () => rng.pick(STREETS),
    myurl: () =>
      rng.pick([
        `https://${bizDomain}`,
        `https://www.linkedin.com/in/${slug(p.full)}`,
        `https://${slug(p.full)}.com`,
        `https://www.instagram.com/${slug(p.full)}`,
        `https://${slug(p.full)}.github.io`,
      ]),
    ownlink: () =>
      `https://${site.domain}/${
        rng.pick(["products", "shop", "collections", "menu", "services"])
      }/${
        rng.pick([
          "oak-table",
          "merino-blend",
          "family-package",
          "garden-suite",
          "item-" + rng.range(100, 999),
        ])
      }`,
    sharelink: () =>
      rng.pick([
        `https://photos.app.goo.gl/${rng.range(100000, 999999)}Xa`,
        `https://www.dropbox.com/s/${rng.range(1000, 9999)}abc/photo.jpg?dl=0`,
        `https://drive.google.com/file/d/1A${rng.range(10000, 99999)}/view`,
        `https://imgur.com/a/${rng.range(1000, 9999)}kQ`,
      ]),
    videolink: () => `https://www.youtube.com/watch?v=dQ${rng.range(1000, 9999)}x`,
    githublink: () => `https://github.com/${slug(p.full)}`,
    pressurl: () =>
      rng.pick([
        "https://www.theguardian.com/lifeandstyle/2024/may/best-small-venues",
        "https://www.timeout.com/london/restaurants/best-cheap-eats",
        "https://www.bbc.co.uk/news/uk-england-leeds-6812",
      ]),
    mapslink: () => `https://maps.app.goo.gl/${rng.range(10000, 99999)}Qz`,
    bookinglink: () =>
      rng.pick([
        "https://www.booking.com/hotel/gb/harborview.html",
        "https://www.airbnb.com/rooms/" + rng.range(100000, 999999),
      ]),
    pinterestlink: () => `https://www.pinterest.com/pin/${rng.range(100000, 999999)}/`,
  };
}

function pickSite(rng: Rng, lang: Lang, label: Label, text: string): Site {
  const same = SITES.filter((s) => s.lang === lang);
  const english = SITES.filter((s) => s.lang === "en");
  if (
    label === "legitimate" && lang !== "en" && same.length &&
    (text.includes("{product}") || rng.chance(0.5))
  ) {
    return rng.pick(same);
  }
  if (label === "legitimate" && lang === "en" && !text.includes("{product}") && rng.chance(0.1)) {
    return rng.pick(SITES);
  }
  if (label === "spam" && lang !== "en" && same.length && rng.chance(0.4)) return rng.pick(same);
  return rng.pick(label === "spam" && rng.chance(0.2) ? SITES : english);
}

export function buildFormItem(
  kind: FormKind,
  index: number,
  variant: number,
  forMail = false,
): FormItem {
  const raw = kind.texts[index];
  const { lang, text } = langOf(raw);
  const id = `${kind.kind}/${index}/${variant}`;
  const rng = new Rng(`form:${id}`);
  const spam = kind.label === "spam";
  const site = pickSite(rng, lang, kind.label, text);

  // Who writes.
  let company = "";
  let p = person(rng, lang);
  if (spam) {
    company = kind.companies
      ? rng.pick(kind.companies)
      : rng.pick(["Digital Solutions", "Global Services", "Marketing Pro", "Web Experts"]);
    const r = rng.float();
    const style = kind.style;
    let domain: string;
    if (style === "outreach") {
      domain = r < 0.45
        ? `${slug(company)}${rng.pick([".com", ".io", ".co", ".agency", ".net"])}`
        : r < 0.92
        ? rng.pick(SPAM_FREE)
        : rng.pick(DISPOSABLE);
    } else {
      domain = r < 0.6
        ? rng.pick(SPAM_FREE)
        : r < 0.75
        ? rng.pick(DISPOSABLE)
        : r < 0.95
        ? `${rng.pick(kind.urlWords ?? ["promo"])}${rng.pick(SPAM_TLDS)}`
        : rng.pick(["example.com", "mail.com", "test.com"]);
    }
    p = person(rng, lang === "zh" || lang === "ru" ? lang : rng.chance(0.85) ? "en" : lang, domain);
  } else if (rng.chance(0.3)) {
    p = person(
      rng,
      lang,
      `${
        slug(
          rng.pick([
            "harrison",
            "bluebird",
            "northside",
            "maple",
            "riverside",
            "summit",
            "oakwood",
          ]),
        )
      }${rng.pick(LEGIT_BIZ_WORDS)}.${
        rng.pick(["com", "co.uk", "net", "org", "de", "fr", "es", "com.br", "pl", "ru"])
      }`,
    );
  } else if (rng.chance(0.05)) {
    p = person(rng, lang, rng.pick(["ucla.edu", "ox.ac.uk", "tum.de", "uw.edu", "nhs.net"]));
  }
  let displayName = p.full;
  if (spam) {
    const ns = kind.names ?? (kind.style === "outreach" ? "person" : "mixed");
    const r = rng.float();
    if (ns === "bot" || (ns === "mixed" && r < 0.3)) displayName = botName(rng);
    else if (kind.style === "outreach" && r < 0.12) displayName = `${p.first} from ${company}`;
    else if (kind.style === "outreach" && r < 0.18) displayName = company;
    else if (ns === "mixed" && r < 0.4) displayName = p.first;
  } else if (rng.chance(forMail ? 0.12 : 0.3)) {
    // People often give their first name only (12 %, kept for the mail model's
    // items, taught the model that a one-word name is a spam sign).
    displayName = p.first;
  } else if (rng.chance(0.04)) displayName = p.full.toLowerCase();

  const sender = { first: p.first, full: p.full, company };
  const slots = spam
    ? spamSlots(rng, kind, site, sender, lang)
    : legitSlots(rng, site, p, lang, forMail);

  // What they write.
  let body = fill(text, rng, slots).trim();
  if (spam && kind.appendLink && !text.includes("{url}") && rng.chance(kind.appendLink)) {
    body += (rng.chance(0.5) ? "\n" : " ") + spamUrl(rng, kind);
  }
  const parts: string[] = [];
  const greeted = GREETED.test(body);
  const l = GREETING[lang] && !greeted ? lang : null;
  if (kind.style === "plain") {
    // Some English customers write a letter (forms_formal_letters.ts); its own
    // generator, so that the draws below, and every other item, stay as they were.
    const f = spam || forMail || lang !== "en"
      ? null
      : formalFrame(id, { first: p.first, full: p.full, owner: site.owner });
    if (l && (rng.chance(0.4) || f)) {
      parts.push(fill(rng.pick(f ? f.greetings : GREETING[l]), rng, slots));
    }
    parts.push(body);
    if (f?.closing) parts.push(f.closing);
    if (l && (rng.chance(0.45) || f)) {
      parts.push(fill(rng.pick(f ? f.signoffs : SIGNOFF[l]), rng, slots));
    }
  } else if (kind.style === "outreach") {
    if (lang === "en" && !greeted && rng.chance(0.7)) {
      parts.push(fill(rng.pick(OUTREACH_GREETING), rng, slots));
    } else if (l && rng.chance(0.5)) parts.push(fill(rng.pick(GREETING[l]), rng, slots));
    parts.push(body);
    if (lang === "en" && rng.chance(0.45)) parts.push(fill(rng.pick(OUTREACH_CTA), rng, slots));
    if (lang === "en" && rng.chance(0.65)) parts.push(fill(rng.pick(OUTREACH_SIGNOFF), rng, slots));
    if (lang === "en" && rng.chance(0.22)) parts.push(rng.pick(OPT_OUT));
  } else if (kind.style === "scam") {
    if (!greeted && rng.chance(0.3)) {
      parts.push(
        rng.pick(["Dear Sir/Madam,", "Hello,", "Attention:", "Dear Customer,", "Good day,"]),
      );
    }
    parts.push(body);
    if (rng.chance(0.4)) {
      parts.push(
        fill(
          rng.pick(["Regards,\n{full}", "Legal Department", "Sincerely,\n{full}", "Support Team"]),
          rng,
          slots,
        ),
      );
    }
  } else parts.push(body);
  let message = parts.join(rng.chance(0.7) ? "\n\n" : "\n");
  if (!spam && message.length < 80 && rng.chance(0.15)) message = message.toLowerCase();
  // Customers often say more: where they are, when they're free, a budget, a thank-you.
  if (kind.style === "plain" && MORE_DETAIL[lang] && rng.chance(0.4)) {
    const extra = Array.from(
      { length: rng.range(1, 3) },
      () => fill(rng.pick(MORE_DETAIL[lang]), rng, slots),
    );
    const lines = message.split("\n");
    // Before the sign-off when there is one.
    const at = lines.length > 2 && l && message.includes("\n\n")
      ? message.lastIndexOf("\n\n")
      : message.length;
    message = message.slice(0, at) + (rng.chance(0.5) ? " " : "\n") +
      [...new Set(extra)].join(" ") + message.slice(at);
  }
  // Customers link too: a photo, the product they mean, their own site, directions.
  if (kind.style === "plain" && !/https?:|www\./.test(message) && rng.chance(0.12)) {
    const line = lang === "en"
      ? rng.pick(CONTEXT_LINKS)
      : rng.pick(["{sharelink}", "{ownlink}", "{myurl}"]);
    message += "\n" + fill(line, rng, slots);
  }

  // Which form it goes through.
  const useLocal = lang !== "en" && LOCAL_SHAPES[lang] && site.lang === lang && rng.chance(0.5);
  let shape = rng.pick(SHAPES);
  if (kind.kind === "website_field_customer") shape = rng.pick(SHAPES.filter((s) => s.website));
  const subjectPool = kind.subjects && lang === "en"
    ? kind.subjects
    : SUBJECTS_GENERIC[lang] ?? SUBJECTS_GENERIC.en;
  const logical: Logical = {
    first: displayName === p.full ? p.first : displayName,
    last: displayName === p.full ? p.last : "",
    full: displayName,
    email: p.email,
    message,
  };
  if (shape.subject || useLocal) {
    logical.subject = rng.chance(0.85) ? fill(rng.pick(subjectPool), rng, slots) : "";
  }
  if (shape.phone) {
    logical.phone = spam
      ? (rng.chance(0.35) ? slots.phone() : "")
      : rng.chance(0.6)
      ? phone(rng, lang)
      : "";
  }
  if (shape.company) {
    logical.company = spam ? (rng.chance(0.7) ? company : "") : rng.chance(0.3)
      ? rng.pick([
        "Bluebird Cafe",
        "Harrison & Co",
        "Northside Primary School",
        "Maple Dental",
        "self-employed",
      ])
      : "";
  }
  if (shape.website) {
    if (kind.kind === "website_field_customer") {
      logical.website = `https://www.${slug(p.last || p.first)}${rng.pick(LEGIT_BIZ_WORDS)}.${
        rng.pick(["com", "co.uk", "net"])
      }`;
    } else if (spam) logical.website = rng.chance(0.6) ? spamUrl(rng, kind) : "";
    else {logical.website = rng.chance(0.2)
        ? `${rng.pick(["https://", "", "www."])}${slug(p.last || p.first)}${
          rng.pick(LEGIT_BIZ_WORDS)
        }.com`
        : "";}
  }
  const fields = useLocal ? LOCAL_SHAPES[lang](logical) : shape.build(logical);
  // Empty optional fields are sent as "" by real plugins; keep them.
  const input: FormSubmission = {
    fields,
    form_name: rng.pick(shape.forms),
    visitor: visitor(rng, spam, site),
    site: { domain: site.domain, language: rng.chance(0.7) ? site.lang : null },
  };
  return { id, family: `${kind.kind}/${index}`, kind: kind.kind, label: kind.label, lang, input };
}

/**
 * The corpus: every kind's texts filled `variants` times and, with the
 * current kinds, the literal-forms probe's rows as they were written (each its own
 * family, under the corpus kind it belongs to). With FORM_KINDS_FOR_MAIL the items
 * are built the older way (the mail model's auxiliary items).
 */
export function buildFormCorpus(kinds: FormKind[] = FORM_KINDS): FormItem[] {
  const items: FormItem[] = [];
  const forMail = kinds === FORM_KINDS_FOR_MAIL;
  for (const k of kinds) {
    for (let i = 0; i < k.texts.length; i++) {
      const n = k.variants ?? 3;
      for (let v = 0; v < n; v++) items.push(buildFormItem(k, i, v, forMail));
    }
  }
  if (kinds === FORM_KINDS) items.push(...probeItems());
  return items;
}

/** Probe kinds that are corpus kinds under another name. */
const PROBE_KIND: Record<string, string> = {
  lead_list: "lead_lists",
  tax_credit: "tax_credits",
  spintax: "spintax_template",
  social_media: "social_media_pitch",
  beg_bounty: "security_scare",
  ada_scare: "ada_compliance_scare",
  iptv: "iptv_vpn",
  bulk_messaging: "contact_form_blast",
  essay_mill: "essay_services",
  prize: "lottery_prize",
  ai_content: "ai_content_writing",
  gibberish: "gibberish_bot",
  domain_scam: "domain_listing_scam",
  listing_directory: "directory_listing",
  same_message_many_ips: "press_placement",
  angry_caps: "angry_complaint",
  appointment: "appointment_booking",
  quote: "quote_request",
  complaint: "complaint_calm",
  returns: "returns_exchange",
  donation: "volunteer_donation",
  volunteering: "volunteer_donation",
  school_parents: "school_parent_message",
  medical_question: "patient_question",
  event_booking: "venue_booking",
  lost_found: "lost_property",
  partnership_real: "research_partnership_real",
  newsletter_signup: "newsletter_signup",
  order_number: "order_problem",
  press: "press_inquiry",
  thanks: "compliment_feedback",
  own_domain_link: "product_question",
  phone_and_address: "short_callback",
  html_entities: "product_question",
  emoji: "compliment_feedback",
  long_message: "patient_question",
  non_latin_name: "product_question",
  mentions_loans: "mentions_loan",
  mentions_wholesale: "wholesale_inquiry",
  website_field: "website_field_customer",
};

function probeItems(): FormItem[] {
  let copies = 0;
  const out: FormItem[] = [];
  for (const p of buildLiteralForms()) {
    // A honeypot is the evidence there, not the (bland) text; the same
    // message from many IPs is one text.
    if (p.kind === "honeypot_unknown") continue;
    if (p.kind === "same_message_many_ips" && copies++ > 0) continue;
    const kind = /^lang_/.test(p.kind) ? "foreign_language_customer" : PROBE_KIND[p.kind] ?? p.kind;
    out.push({ id: p.id, family: p.family, kind, label: p.label, lang: p.lang, input: p.input });
  }
  return out;
}
