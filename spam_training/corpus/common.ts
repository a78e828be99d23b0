/**
 * Long file: corpus data written for this project (texts and the lists that fill
 * them), kept whole so that a kind's wordings stay together.
 * Building blocks of the corpora: a seeded random source, the filling of
 * handwritten texts (`[[a|b|c]]` picks one wording, `{slot}` takes a value of
 * the item being built), people and their addresses in several languages, the
 * sites that receive the messages, browsers and referrers.
 */
import { fnv, mulberry32 } from "../../domain/spam/model/hashing.ts";

export class Rng {
  private next: () => number;
  constructor(seed: number | string) {
    this.next = mulberry32(typeof seed === "number" ? seed : fnv(seed));
  }
  float(): number {
    return this.next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error("pick from nothing");
    return xs[this.int(xs.length)];
  }
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
}

/**
 * The choices of a `[[a|b]]` body: split at "|" outside `<<label|target>>`
 * links (otherwise a link inside a choice is cut in two, leaving "<<" and
 * "list>>" in the text).
 */
export function choices(body: string): string[] {
  const out: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body.startsWith("<<", i)) {
      depth++;
      i++;
    } else if (depth > 0 && body.startsWith(">>", i)) {
      depth--;
      i++;
    } else if (depth === 0 && body[i] === "|") {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

/**
 * The innermost `[[...]]` of a text: the first closing pair and the last
 * opening pair before it, or null. In a run of brackets the pairs are counted
 * from the inside of the choice: `[[[a]|[b]]]` is a choice between "[a]" and
 * "[b]", `[[[[a|b]]|c]]` a choice inside a choice (a regular expression
 * would take the first "[[" of "[[[a]" and leave stray brackets).
 */
function innermost(s: string): { open: number; close: number } | null {
  let open = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== "[" && c !== "]") continue;
    let n = 1;
    while (s[i + n] === c) n++;
    if (c === "[" && n >= 2) {
      // Pairs from the left; an odd bracket left over is text inside the choice.
      open = i + 2 * (Math.floor(n / 2) - 1);
    } else if (c === "]" && n >= 2 && open >= 0) {
      // Pairs from the right; an odd bracket left over closes text inside the choice.
      return { open, close: i + (n % 2) };
    }
    i += n - 1;
  }
  return null;
}

/** Resolves `[[a|b]]` choices (innermost first) and `{slot}`s. Unknown slots stay as written. */
export function fill(text: string, rng: Rng, slots: Record<string, () => string>): string {
  let s = text;
  for (let guard = 0; guard < 50; guard++) {
    const at = innermost(s);
    if (!at) break;
    const body = s.slice(at.open + 2, at.close);
    s = s.slice(0, at.open) + rng.pick(choices(body)) + s.slice(at.close + 2);
  }
  return s.replace(/\{([a-z_][a-z_0-9]*)\}/g, (m, k: string) => (slots[k] ? slots[k]() : m));
}

export type Lang =
  | "en"
  | "de"
  | "es"
  | "fr"
  | "it"
  | "pt"
  | "nl"
  | "pl"
  | "ru"
  | "uk"
  | "ar"
  | "ja"
  | "zh"
  | "ko"
  | "tr"
  | "hi"
  | "sv";

/** `@de text` marks a text written in German; unmarked texts are English. */
export function langOf(text: string): { lang: Lang; text: string } {
  const m = /^@([a-z]{2}) /.exec(text);
  return m ? { lang: m[1] as Lang, text: text.slice(4) } : { lang: "en", text };
}

const FIRST: Record<string, string[]> = {
  en: [
    "James",
    "Emily",
    "Michael",
    "Sarah",
    "David",
    "Jessica",
    "Chris",
    "Laura",
    "Daniel",
    "Megan",
    "Tom",
    "Rachel",
    "Kevin",
    "Olivia",
    "Brian",
    "Hannah",
    "Gareth",
    "Priya",
    "Marcus",
    "Aisha",
    "Liam",
    "Grace",
    "Noah",
    "Chloe",
    "Ethan",
    "Zoe",
    "Ryan",
    "Nicole",
    "Dee",
    "Tyrone",
    "Siobhan",
    "Connor",
    "Fatima",
    "Raj",
    "Mei",
    "Carlos",
    "Ana",
    "Jake",
    "Kim",
    "Steve",
  ],
  de: [
    "Jonas",
    "Lena",
    "Felix",
    "Anna",
    "Lukas",
    "Sophie",
    "Maximilian",
    "Julia",
    "Tobias",
    "Katrin",
    "Jürgen",
    "Sabine",
    "Matthias",
    "Petra",
  ],
  es: [
    "Javier",
    "Lucía",
    "Carlos",
    "María",
    "Alejandro",
    "Carmen",
    "Diego",
    "Sofía",
    "Pablo",
    "Elena",
    "José",
    "Valentina",
  ],
  fr: [
    "Julien",
    "Camille",
    "Nicolas",
    "Marie",
    "Thomas",
    "Léa",
    "Antoine",
    "Chloé",
    "Pierre",
    "Manon",
    "François",
    "Élodie",
  ],
  it: ["Luca", "Giulia", "Marco", "Francesca", "Alessandro", "Chiara", "Matteo", "Sara"],
  pt: ["João", "Ana", "Pedro", "Beatriz", "Lucas", "Mariana", "Rafael", "Camila", "Tiago", "Inês"],
  nl: ["Daan", "Sanne", "Bram", "Lotte", "Jeroen", "Eva"],
  pl: [
    "Piotr",
    "Anna",
    "Krzysztof",
    "Katarzyna",
    "Tomasz",
    "Magdalena",
    "Paweł",
    "Agnieszka",
    "Michał",
    "Joanna",
  ],
  ru: [
    "Алексей",
    "Мария",
    "Дмитрий",
    "Елена",
    "Сергей",
    "Ольга",
    "Андрей",
    "Наталья",
    "Иван",
    "Татьяна",
  ],
  uk: ["Олександр", "Оксана", "Андрій", "Ірина", "Тарас", "Юлія"],
  ar: ["محمد", "فاطمة", "أحمد", "مريم", "علي", "نور", "يوسف", "ليلى"],
  ja: ["太郎", "花子", "健", "さくら", "翔太", "美咲", "大輔", "由美"],
  zh: ["伟", "芳", "娜", "磊", "静", "强", "敏", "婷"],
  ko: ["민준", "서연", "지훈", "하은"],
  tr: ["Mehmet", "Ayşe", "Emre", "Zeynep", "Burak", "Elif"],
  hi: ["Rahul", "Priya", "Amit", "Sneha", "Vikram", "Anjali"],
  sv: ["Erik", "Astrid", "Johan", "Elin"],
};
const LAST: Record<string, string[]> = {
  en: [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Miller",
    "Davis",
    "Wilson",
    "Taylor",
    "Anderson",
    "Thomas",
    "Moore",
    "Martin",
    "Thompson",
    "White",
    "Harris",
    "Clark",
    "Lewis",
    "Walker",
    "Hall",
    "Young",
    "Evans",
    "O'Brien",
    "Nguyen",
    "Patel",
    "Okafor",
    "Kowalski",
    "Raman",
    "Gonzalez",
    "Whitaker",
    "Murphy",
    "Fischer",
    "Rossi",
    "Chen",
    "Kim",
    "Hughes",
    "Campbell",
  ],
  de: [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Richter",
    "Klein",
  ],
  es: [
    "García",
    "Martínez",
    "López",
    "Sánchez",
    "Pérez",
    "Gómez",
    "Fernández",
    "Ruiz",
    "Díaz",
    "Moreno",
  ],
  fr: [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
  ],
  it: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo"],
  pt: ["Silva", "Santos", "Oliveira", "Souza", "Costa", "Pereira", "Ferreira", "Almeida"],
  nl: ["de Jong", "Jansen", "de Vries", "van Dijk", "Bakker", "Visser"],
  pl: [
    "Nowak",
    "Kowalski",
    "Wiśniewski",
    "Wójcik",
    "Kowalczyk",
    "Kamiński",
    "Lewandowski",
    "Zieliński",
  ],
  ru: ["Иванов", "Смирнова", "Кузнецов", "Попова", "Соколов", "Лебедева", "Козлов", "Новикова"],
  uk: ["Шевченко", "Коваленко", "Бондаренко", "Ткаченко"],
  ar: ["العلي", "حسن", "الأحمد", "إبراهيم", "خليل", "منصور"],
  ja: ["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村"],
  zh: ["王", "李", "张", "刘", "陈", "杨", "黄", "赵"],
  ko: ["김", "이", "박", "최"],
  tr: ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik"],
  hi: ["Sharma", "Verma", "Gupta", "Singh", "Iyer", "Reddy"],
  sv: ["Andersson", "Johansson", "Karlsson", "Nilsson"],
};
/** Latin spellings for addresses of people whose names are in another script. */
const ROMAN: Record<string, string[]> = {
  ru: [
    "alexey",
    "maria",
    "dmitry",
    "elena",
    "sergey",
    "olga",
    "andrey",
    "natasha",
    "ivan",
    "tanya",
  ],
  uk: ["oleksandr", "oksana", "andriy", "iryna", "taras", "yulia"],
  ar: ["mohammed", "fatima", "ahmed", "mariam", "ali", "noor", "youssef", "layla"],
  ja: ["taro", "hanako", "ken", "sakura", "shota", "misaki", "daisuke", "yumi"],
  zh: ["wei", "fang", "na", "lei", "jing", "qiang", "min", "ting"],
  ko: ["minjun", "seoyeon", "jihoon", "haeun"],
};
const FREE_MAIL: Record<string, string[]> = {
  en: [
    "gmail.com",
    "gmail.com",
    "gmail.com",
    "outlook.com",
    "yahoo.com",
    "hotmail.com",
    "icloud.com",
    "aol.com",
    "comcast.net",
    "btinternet.com",
    "hotmail.co.uk",
    "proton.me",
    "me.com",
    "sbcglobal.net",
  ],
  de: ["gmx.de", "web.de", "t-online.de", "gmail.com", "outlook.de", "freenet.de"],
  es: ["gmail.com", "hotmail.es", "yahoo.es", "outlook.es", "telefonica.net"],
  fr: ["gmail.com", "orange.fr", "free.fr", "laposte.net", "hotmail.fr", "sfr.fr"],
  it: ["gmail.com", "libero.it", "virgilio.it", "hotmail.it"],
  pt: ["gmail.com", "uol.com.br", "hotmail.com", "sapo.pt", "bol.com.br"],
  nl: ["gmail.com", "ziggo.nl", "kpnmail.nl", "hotmail.nl"],
  pl: ["gmail.com", "wp.pl", "onet.pl", "o2.pl", "interia.pl"],
  ru: ["mail.ru", "yandex.ru", "gmail.com", "bk.ru", "inbox.ru", "rambler.ru"],
  uk: ["ukr.net", "gmail.com", "i.ua"],
  ar: ["gmail.com", "hotmail.com", "yahoo.com", "outlook.sa"],
  ja: ["gmail.com", "yahoo.co.jp", "docomo.ne.jp", "icloud.com", "ezweb.ne.jp"],
  zh: ["qq.com", "163.com", "126.com", "gmail.com", "sina.com"],
  ko: ["naver.com", "daum.net", "gmail.com"],
  tr: ["gmail.com", "hotmail.com", "yandex.com.tr"],
  hi: ["gmail.com", "rediffmail.com", "yahoo.co.in"],
  sv: ["gmail.com", "telia.com", "hotmail.se"],
};

export type Person = { first: string; last: string; full: string; email: string; lang: Lang };

function asciiFold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").replace(/ß/g, "ss").replace(/ł/g, "l")
    .replace(/[^A-Za-z]/g, "").toLowerCase();
}

/** Someone writing in `lang`; `domain` forces the address's domain (a business address). */
export function person(rng: Rng, lang: Lang, domain?: string): Person {
  const l = FIRST[lang] ? lang : "en";
  const first = rng.pick(FIRST[l]);
  const last = rng.pick(LAST[l]);
  const eastern = ["ja", "zh", "ko"].includes(l);
  const full = eastern ? `${last}${l === "ja" ? " " : ""}${first}` : `${first} ${last}`;
  let f = asciiFold(first);
  let s = asciiFold(last);
  if (ROMAN[l]) {
    f = rng.pick(ROMAN[l]);
    s = l === "zh" ? rng.pick(["wang", "li", "zhang", "liu", "chen"]) : rng.pick([
      "k",
      "s",
      "m",
      "ivanov",
      "hassan",
      "tanaka",
      "sato",
      "kim",
      "park",
      "petrenko",
      "smirnova",
    ]);
  }
  const localStyles = [
    () => `${f}.${s}`,
    () => `${f}${s}`,
    () => `${f[0]}${s}`,
    () => `${f}${rng.range(1, 99)}`,
    () => `${f}.${s}${rng.range(70, 99)}`,
    () => `${f}_${s}`,
    () => f,
    () => `${s}.${f}`,
  ];
  // Some people use a handle, a shared family address or a role address that says nothing of their name.
  const local = rng.chance(0.12)
    ? rng.pick([
      () =>
        rng.pick([
          "sunflower",
          "bluesky",
          "happyhiker",
          "mama",
          "thebakers",
          "familia",
          "redfox",
          "coolcat",
          "gardenlover",
          "oldtimer",
        ]) + rng.range(1, 999),
      () => rng.pick(["info", "office", "hello", "contact", "admin", "bookings"]),
      () =>
        rng.pick(["jandm", "thesmiths", "pandk", "home", "casa"]) +
        rng.pick(["", "family", String(rng.range(10, 99))]),
    ])()
    : rng.pick(localStyles)();
  const d = domain ?? rng.pick(FREE_MAIL[l] ?? FREE_MAIL.en);
  return { first, last, full, email: `${local}@${d}`, lang };
}

export type Site = {
  domain: string;
  biz: string;
  /** Things the business sells or does, for customers' messages. */
  offers: string[];
  owner: string;
  lang: Lang;
  city: string;
};

export const SITES: Site[] = [
  {
    domain: "brightsmiledental.com",
    biz: "dental practice",
    offers: ["a cleaning", "teeth whitening", "an emergency appointment"],
    owner: "Dr. Patel",
    lang: "en",
    city: "Austin",
  },
  {
    domain: "lunabakery.com",
    biz: "bakery",
    offers: ["a birthday cake", "sourdough", "catering trays"],
    owner: "Luna",
    lang: "en",
    city: "Portland",
  },
  {
    domain: "oakandpine-carpentry.co.uk",
    biz: "carpentry business",
    offers: ["fitted wardrobes", "alcove shelving", "a new staircase"],
    owner: "Gareth",
    lang: "en",
    city: "Cardiff",
  },
  {
    domain: "fastflowplumbing.com",
    biz: "plumbing company",
    offers: ["a boiler service", "a leak repair", "a new water heater"],
    owner: "Mike",
    lang: "en",
    city: "Denver",
  },
  {
    domain: "annikaphoto.studio",
    biz: "photography studio",
    offers: ["wedding photography", "a family shoot", "headshots"],
    owner: "Annika",
    lang: "en",
    city: "Hudson",
  },
  {
    domain: "greenleaf-landscaping.com",
    biz: "landscaping company",
    offers: ["a garden redesign", "lawn care", "a new patio"],
    owner: "Tom",
    lang: "en",
    city: "Charlotte",
  },
  {
    domain: "harborviewinn.com",
    biz: "bed and breakfast",
    offers: ["a double room", "the garden suite", "a weekend stay"],
    owner: "Margaret",
    lang: "en",
    city: "Bar Harbor",
  },
  {
    domain: "pawsandclaws-vet.com",
    biz: "veterinary clinic",
    offers: ["a vaccination", "a dental check for my dog", "neutering"],
    owner: "Dr. Reyes",
    lang: "en",
    city: "Tucson",
  },
  {
    domain: "millerlaw.us",
    biz: "law firm",
    offers: ["a consultation about a lease", "help with a will", "an employment dispute"],
    owner: "Ms. Miller",
    lang: "en",
    city: "Columbus",
  },
  {
    domain: "stitchandyarn.shop",
    biz: "online yarn shop",
    offers: ["merino yarn", "a knitting kit", "circular needles"],
    owner: "Beth",
    lang: "en",
    city: "Leeds",
  },
  {
    domain: "codecraft.dev",
    biz: "software consultancy",
    offers: ["a web app", "an API integration", "a code review"],
    owner: "Sam",
    lang: "en",
    city: "Berlin",
  },
  {
    domain: "trailheadoutfitters.com",
    biz: "outdoor gear shop",
    offers: ["a two-person tent", "hiking boots", "a rental kayak"],
    owner: "Jen",
    lang: "en",
    city: "Boulder",
  },
  {
    domain: "brightpath-tutoring.org",
    biz: "tutoring centre",
    offers: ["maths tutoring", "SAT prep", "reading lessons"],
    owner: "Mr. Okafor",
    lang: "en",
    city: "Atlanta",
  },
  {
    domain: "sunrise-yoga.co",
    biz: "yoga studio",
    offers: ["a beginners class", "a ten-class pass", "private sessions"],
    owner: "Maya",
    lang: "en",
    city: "San Diego",
  },
  {
    domain: "cityhopbikes.nl",
    biz: "bike shop",
    offers: ["a bike repair", "an e-bike", "a rental bike"],
    owner: "Daan",
    lang: "en",
    city: "Utrecht",
  },
  {
    domain: "rivertonfoodbank.org",
    biz: "food bank",
    offers: ["volunteering", "a food donation", "help with groceries"],
    owner: "Linda",
    lang: "en",
    city: "Riverton",
  },
  {
    domain: "apex-roofing.com",
    biz: "roofing company",
    offers: ["a roof inspection", "gutter repair", "a new roof"],
    owner: "Dave",
    lang: "en",
    city: "Tulsa",
  },
  {
    domain: "velvetchair-salon.com",
    biz: "hair salon",
    offers: ["a cut and colour", "bridal hair", "balayage"],
    owner: "Nina",
    lang: "en",
    city: "Chicago",
  },
  {
    domain: "northstar-saas.io",
    biz: "software company",
    offers: ["the team plan", "an invoice", "the API"],
    owner: "support team",
    lang: "en",
    city: "Toronto",
  },
  {
    domain: "casa-rustica.com",
    biz: "restaurant",
    offers: ["a table for eight", "the private room", "catering"],
    owner: "Marco",
    lang: "en",
    city: "Boston",
  },
  {
    domain: "elmwood-realty.com",
    biz: "real estate agency",
    offers: ["a viewing", "a valuation", "the house on Maple Street"],
    owner: "Karen",
    lang: "en",
    city: "Raleigh",
  },
  {
    domain: "kidsplay-daycare.com",
    biz: "daycare",
    offers: ["a place for my toddler", "after-school care", "a tour"],
    owner: "Ms. Lopez",
    lang: "en",
    city: "Phoenix",
  },
  {
    domain: "tischlerei-weber.de",
    biz: "Tischlerei",
    offers: ["eine Einbauküche", "einen Esstisch", "Treppenrenovierung"],
    owner: "Herr Weber",
    lang: "de",
    city: "Freiburg",
  },
  {
    domain: "zahnarzt-mueller.de",
    biz: "Zahnarztpraxis",
    offers: ["eine Zahnreinigung", "einen Termin", "eine Beratung"],
    owner: "Frau Dr. Müller",
    lang: "de",
    city: "München",
  },
  {
    domain: "panaderia-sol.es",
    biz: "panadería",
    offers: ["una tarta", "pan de masa madre", "un pedido para un evento"],
    owner: "Carmen",
    lang: "es",
    city: "Valencia",
  },
  {
    domain: "hotel-lesoleil.fr",
    biz: "hôtel",
    offers: ["une chambre double", "un séjour", "une salle de séminaire"],
    owner: "Madame Durand",
    lang: "fr",
    city: "Nice",
  },
  {
    domain: "clinica-sorriso.com.br",
    biz: "clínica odontológica",
    offers: ["uma consulta", "clareamento", "um orçamento"],
    owner: "Dra. Ana",
    lang: "pt",
    city: "Curitiba",
  },
  {
    domain: "warsztat-nowak.pl",
    biz: "warsztat samochodowy",
    offers: ["przegląd", "wymianę opon", "naprawę hamulców"],
    owner: "Pan Nowak",
    lang: "pl",
    city: "Kraków",
  },
  {
    domain: "remont-kvartir.ru",
    biz: "ремонтная компания",
    offers: ["ремонт ванной", "смету", "замер"],
    owner: "Андрей",
    lang: "ru",
    city: "Казань",
  },
  {
    domain: "sakura-ryokan.jp",
    biz: "旅館",
    offers: ["和室", "夕食付きプラン", "貸切風呂"],
    owner: "女将",
    lang: "ja",
    city: "京都",
  },
  {
    domain: "agriturismo-colline.it",
    biz: "agriturismo",
    offers: ["una camera", "una cena", "una degustazione"],
    owner: "Giulia",
    lang: "it",
    city: "Siena",
  },
  {
    domain: "globaltea-trading.com",
    biz: "tea wholesaler",
    offers: ["oolong tea", "a sample pack", "matcha"],
    owner: "Lin",
    lang: "en",
    city: "Vancouver",
  },
];

/** A few cities per language, for the `{city}` slot. */
export const CITIES: Record<string, string[]> = {
  en: [
    "Austin",
    "Leeds",
    "Denver",
    "Manchester",
    "Toronto",
    "Dublin",
    "Seattle",
    "Brisbane",
    "Atlanta",
    "Bristol",
  ],
  de: ["Berlin", "Hamburg", "Köln", "Leipzig", "Stuttgart", "Wien", "Zürich"],
  es: ["Madrid", "Sevilla", "Bilbao", "Ciudad de México", "Bogotá", "Valencia"],
  fr: ["Lyon", "Bordeaux", "Lille", "Toulouse", "Montréal", "Nantes"],
  it: ["Milano", "Torino", "Bologna", "Napoli"],
  pt: ["São Paulo", "Lisboa", "Porto", "Belo Horizonte", "Recife"],
  pl: ["Warszawa", "Gdańsk", "Wrocław", "Poznań", "Łódź"],
  ru: ["Москва", "Санкт-Петербург", "Новосибирск", "Екатеринбург"],
  ja: ["東京", "大阪", "名古屋", "福岡", "札幌"],
  zh: ["上海", "北京", "深圳", "广州", "杭州"],
  ar: ["دبي", "الرياض", "القاهرة", "عمّان"],
};

export const BROWSERS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36",
  "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 12; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
];
/** Old browsers: bots pinned to a UA from years ago, and some people on old machines. */
export const OLD_BROWSERS = [
  "Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.130 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.93 Safari/537.36",
  "Mozilla/5.0 (Windows NT 6.1; rv:68.0) Gecko/20100101 Firefox/68.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0.4664.110 Safari/537.36",
];
export const BOT_AGENTS = [
  "python-requests/2.31.0",
  "curl/8.5.0",
  "Go-http-client/1.1",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/122.0.0.0 Safari/537.36",
  "axios/1.6.7",
  "",
];

export type Visitor = { user_agent: string; referrer: string | null } | null;

/** A visitor: spam comes mostly from ordinary-looking browsers too, with fewer referrers. */
export function visitor(rng: Rng, spam: boolean, site: Site): Visitor {
  if (rng.chance(0.06)) return null; // the caller passed no visitor object
  const r = rng.float();
  let ua: string;
  if (spam) {
    ua = r < 0.72 ? rng.pick(BROWSERS) : r < 0.9 ? rng.pick(OLD_BROWSERS) : rng.pick(BOT_AGENTS);
  } else ua = r < 0.95 ? rng.pick(BROWSERS) : r < 0.99 ? rng.pick(OLD_BROWSERS) : "";
  const q = rng.float();
  const page = rng.pick([
    "/contact",
    "/contact-us",
    "/",
    "/about",
    "/get-a-quote",
    "/kontakt",
    "/book",
  ]);
  let referrer: string | null;
  if (spam) {
    referrer = q < 0.6
      ? `https://${site.domain}${page}`
      : q < 0.85
      ? null
      : q < 0.93
      ? `https://www.google.com/`
      : `https://${site.domain}/`;
  } else {
    referrer = q < 0.78
      ? `https://${site.domain}${page}`
      : q < 0.88
      ? null
      : q < 0.95
      ? "https://www.google.com/"
      : rng.pick([
        "https://www.facebook.com/",
        "https://www.instagram.com/",
        "https://maps.google.com/",
        "https://www.bing.com/",
      ]);
  }
  return { user_agent: ua, referrer };
}

export function phone(rng: Rng, lang: Lang): string {
  const d = (n: number) => Array.from({ length: n }, () => rng.int(10)).join("");
  switch (lang) {
    case "de":
      return `+49 ${rng.pick(["151", "160", "171", "30", "89"])} ${d(7)}`;
    case "fr":
      return `06 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`;
    case "es":
      return `+34 6${d(2)} ${d(3)} ${d(3)}`;
    case "pl":
      return `+48 ${d(3)} ${d(3)} ${d(3)}`;
    case "pt":
      return `(41) 9${d(4)}-${d(4)}`;
    case "ru":
      return `+7 9${d(2)} ${d(3)}-${d(2)}-${d(2)}`;
    case "ja":
      return `090-${d(4)}-${d(4)}`;
    case "zh":
      return `13${d(9)}`;
    case "ar":
      return `+971 5${d(1)} ${d(3)} ${d(4)}`;
    default:
      return rng.pick([
        `(${d(3)}) 555-0${d(3)}`,
        `07700 900${d(3)}`,
        `+1 ${d(3)} 555 0${d(3)}`,
        `${d(3)}-${d(3)}-${d(4)}`,
      ]);
  }
}

export function stableHash(s: string): number {
  return fnv(s);
}
