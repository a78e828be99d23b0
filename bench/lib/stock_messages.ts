/**
 * Ordinary contact-form messages as people write them: a greeting, one to
 * four sentences from a pool of stock contact-form sentences (the ones every
 * small business receives all day), a sign-off, with the names, reference
 * numbers, phones, days and things varied as people vary them. Popular
 * sentences come up far more often than rare ones (a Zipf-like pick), so two
 * visitors of different businesses often write almost the same message. The
 * bench's load, the base-rate simulation (bench/spam_base_rate.ts) and the
 * judgement tests draw their texts from here, never from texts tuned to pass.
 */
import { mulberry32 } from "../../domain/spam/model/hashing.ts";

/** A small deterministic generator (mulberry32): the same seed, the same traffic. */
export const rng: (seed: number) => () => number = mulberry32;

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

export const FIRST_NAMES = [
  "Maria",
  "John",
  "Aisha",
  "Kenji",
  "Lena",
  "Omar",
  "Sofia",
  "Pavel",
  "Grace",
  "Noah",
  "Ines",
  "Tariq",
  "Mila",
  "Jonas",
  "Chloe",
  "Ravi",
  "Elif",
  "Lucas",
  "Nora",
  "Hugo",
  "Zara",
  "Felix",
  "Amara",
  "Leo",
  "Ida",
  "Sven",
  "Rosa",
  "Dev",
  "Yuki",
  "Ana",
  "Tom",
  "Sarah",
  "David",
  "Emma",
  "James",
  "Olivia",
  "Peter",
  "Hannah",
  "Mark",
  "Julia",
  "Paul",
  "Laura",
  "Chris",
  "Anna",
  "Mike",
  "Kate",
  "Sam",
  "Lucy",
  "Dan",
  "Helen",
] as const;
export const LAST_NAMES = [
  "Smith",
  "Jones",
  "Brown",
  "Taylor",
  "Wilson",
  "Davies",
  "Evans",
  "Thomas",
  "Johnson",
  "Roberts",
  "Walker",
  "Wright",
  "Robinson",
  "Thompson",
  "White",
  "Hughes",
  "Edwards",
  "Green",
  "Hall",
  "Wood",
  "Harris",
  "Lewis",
  "Martin",
  "Jackson",
  "Clarke",
  "Clark",
  "Turner",
  "Hill",
  "Scott",
  "Cooper",
  "Gonzalez",
  "Novak",
  "Schmidt",
  "Rossi",
  "Kowalski",
  "Nguyen",
  "Patel",
  "Khan",
  "Silva",
  "Moreau",
] as const;
const TOWNS = [
  "Leeds",
  "Bristol",
  "Austin",
  "Denver",
  "Cork",
  "Lyon",
  "Porto",
  "Ghent",
  "Bergen",
  "Malaga",
  "York",
  "Bath",
  "Reading",
  "Derby",
  "Exeter",
  "Galway",
  "Utrecht",
  "Basel",
  "Boise",
  "Omaha",
];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "next week"];
const TIMES = ["9am", "10:30", "noon", "2pm", "3:15", "4pm", "after 5", "in the morning"];
const THINGS = [
  "bathroom",
  "kitchen",
  "roof",
  "boiler",
  "garden",
  "website",
  "car",
  "wedding",
  "party",
  "order",
  "invoice",
  "booking",
  "appointment",
  "fence",
  "driveway",
  "windows",
  "office",
  "flat",
  "move",
  "table",
  "lesson",
  "repair",
  "survey",
  "cleaning",
  "delivery",
];

const phone = (r: () => number) =>
  pick(r, ["07", "+44 7", "+1 512 ", "06 ", "+49 151 "]) +
  String(Math.floor(r() * 1e9)).padStart(9, "0").replace(/(\d{3})(\d{3})/, "$1 $2 ");
const ref = (r: () => number) =>
  pick(r, ["#", "", "REF-", "order ", "no. "]) + String(100000 + Math.floor(r() * 900000));

/**
 * The stock sentences ({name}, {ref}, {phone}, {day}, {time}, {thing},
 * {town}, {n} are filled per message). Sixty-four of them; the first ones are
 * the commonest.
 */
export const STOCK_SENTENCES = [
  "Could you send me a quote for a new {thing}?",
  "What are your opening hours on {day}?",
  "Please call me back on {phone}, thanks.",
  "I would like to book an appointment for {day} at {time}.",
  "Do you have any availability {day}?",
  "Can you give me a rough idea of the price?",
  "My order number is {ref}.",
  "I haven't received my order yet, reference {ref}.",
  "Is it possible to change my booking to {day}?",
  "Do you cover {town} and the surrounding area?",
  "How long would the work take?",
  "I'm looking for someone to help with my {thing}.",
  "Please let me know if you need any more information.",
  "The best time to reach me is after {time}.",
  "I was recommended to you by {name}.",
  "Could you come and have a look at it {day}?",
  "We are moving house at the end of the month.",
  "Do you offer free estimates?",
  "I need to cancel my appointment on {day}.",
  "Can I pay by card or bank transfer?",
  "My phone number is {phone}.",
  "I'd like some information about your prices.",
  "Are you taking on new customers at the moment?",
  "Is there parking near you?",
  "Could you email me a copy of the invoice {ref}?",
  "I'm interested in the {thing} you have on your website.",
  "It's for a {thing} in {town}.",
  "I have a small budget, around {n} pounds.",
  "We'd need it done before {day}.",
  "Do you do weekend work?",
  "The {thing} has been leaking for a few days.",
  "I sent an email last week but haven't heard back.",
  "Would it be possible to get a discount for a larger order?",
  "Do you have this in stock?",
  "How much would delivery to {town} cost?",
  "I'm a returning customer, my reference is {ref}.",
  "There are {n} of us.",
  "Is the price including VAT?",
  "Could someone ring me on {phone} before {time}?",
  "I'd like to make a complaint about my last visit.",
  "The item I received was damaged, order {ref}.",
  "Can I return it for a refund?",
  "Do you have a brochure or price list you could send?",
  "I'm free most afternoons.",
  "My name is {name} and I live in {town}.",
  "Do you need any photos of the {thing}?",
  "We're planning a {thing} for about {n} people.",
  "Can you confirm my booking for {day}, reference {ref}?",
  "Are you open on bank holidays?",
  "Do you work with landlords or only homeowners?",
  "I'd like to apply for the job you advertised.",
  "Please find my details below.",
  "I'm not sure which option is right for me.",
  "Could you recommend something for a beginner?",
  "Is there a waiting list?",
  "Do you offer gift vouchers?",
  "How do I reset my account password?",
  "Thanks for your help last time.",
  "Looking forward to hearing from you.",
  "I'll be in {town} on {day} if that helps.",
  "Is it okay to bring my dog?",
  "How far in advance do I need to book?",
  "We spoke on the phone on {day} about the {thing}.",
  "Please could you get back to me as soon as possible.",
] as const;

const GREETINGS = ["Hi", "Hello", "Hi there", "Good morning", "Dear Sir or Madam", "Hello,", ""];
const SIGNOFFS = [
  "Thanks",
  "Many thanks",
  "Kind regards",
  "Cheers",
  "Best wishes",
  "Thank you",
  "",
];

/** A Zipf-like rank (weight 1/(rank+1)^0.8) over `n` items. */
function zipfPicker(n: number): (r: () => number) => number {
  const w = Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1, 0.8));
  const cum: number[] = [];
  let s = 0;
  for (const x of w) cum.push(s += x);
  return (r) => {
    const t = r() * s;
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
const sentenceRank = zipfPicker(STOCK_SENTENCES.length);

/** Sentences that close a request and are never one on their own (nobody sends only these). */
const CLOSERS = new Set(
  [
    "Please let me know if you need any more information.",
    "Please find my details below.",
    "Thanks for your help last time.",
    "Looking forward to hearing from you.",
    "Please could you get back to me as soon as possible.",
  ].map((c) => STOCK_SENTENCES.indexOf(c as typeof STOCK_SENTENCES[number])),
);

export type Person = { first: string; last: string; email: string; phone: string };

/** A person: a name, a free-mail or own-domain address, a phone. */
export function person(r: () => number, n: number): Person {
  const first = pick(r, FIRST_NAMES), last = pick(r, LAST_NAMES);
  const domain = pick(r, ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "example.org"]);
  const local = pick(r, [
    `${first}.${last}`,
    `${first}${last}${n % 100}`,
    `${first[0]}${last}`,
    `${first}${n % 1000}`,
  ]);
  return { first, last, email: `${local.toLowerCase()}@${domain}`, phone: phone(r) };
}

/**
 * A stock-phrased message by `who`: one to four distinct stock sentences
 * (one in ten messages is a single sentence), a greeting and a sign-off; at
 * least one of them asks or tells something (a closing sentence such as
 * "Looking forward to hearing from you." is never the whole message).
 */
export function stockMessage(r: () => number, who: Person): string {
  const count = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4][Math.floor(r() * 10)];
  const used = new Set<number>();
  while (used.size < count) used.add(sentenceRank(r));
  while ([...used].every((i) => CLOSERS.has(i))) used.add(sentenceRank(r));
  // The request first, the closing words after it.
  const order = [...used].sort((a, b) => Number(CLOSERS.has(a)) - Number(CLOSERS.has(b)));
  const fill = (s: string) =>
    s.replace(/\{(\w+)\}/g, (_, k: string) => {
      switch (k) {
        case "name":
          return `${pick(r, FIRST_NAMES)} ${pick(r, LAST_NAMES)}`;
        case "ref":
          return ref(r);
        case "phone":
          return who.phone;
        case "day":
          return pick(r, DAYS);
        case "time":
          return pick(r, TIMES);
        case "thing":
          return pick(r, THINGS);
        case "town":
          return pick(r, TOWNS);
        default:
          return String(2 + Math.floor(r() * 40));
      }
    });
  const body = order.map((i) => fill(STOCK_SENTENCES[i])).join(" ");
  const hello = pick(r, GREETINGS);
  const bye = pick(r, SIGNOFFS);
  return [hello && `${hello}${hello.endsWith(",") ? "" : ","}`, body, bye && `${bye}, ${who.first}`]
    .filter(Boolean).join(r() < 0.5 ? "\n" : " ");
}

/** One short common sentence, as visitors type it into a small form. */
export const SHORT_SENTENCES = [
  "Please call me back, thanks.",
  "Please call me back.",
  "Call me please.",
  "Are you open today?",
  "Please ring me back, thanks.",
  "Can you call me?",
] as const;

export const BROWSER_UAS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
] as const;

/** A form body for `who` on `domain` from `ip` with `message`. */
export function stockBody(
  r: () => number,
  who: Person,
  domain: string,
  ip: string,
  message: string,
) {
  return {
    form_id: 1,
    form_name: "Contact",
    fields: {
      name: `${who.first} ${who.last}`,
      email: who.email,
      phone: who.phone,
      message,
    },
    visitor: { ip, user_agent: pick(r, BROWSER_UAS), referrer: `https://${domain}/contact` },
  };
}

/**
 * One outreach text of a campaign, copied to every site with the site's name
 * put in (as such campaigns do), from a fresh IP and a fresh sender each time.
 */
export function outreachMessage(domain: string, i: number): string {
  return `Hi ${domain} team, I came across your website and noticed a few things that are ` +
    `holding it back in the search results. We help local businesses get more customers ` +
    `with a proven marketing plan, and we have openings this month. Can I send you a short ` +
    `video audit of ${domain}? It is free and takes two minutes to watch. Best, Ryan ` +
    `(ref ${1000 + i})`;
}
