/**
 * Varied, ordinary contact-form messages for the load. Real visitors write
 * their own words, so two real messages share almost no word pairs; the
 * near-duplicate rule (MinHash bands over word pairs, seen from 3 IPs or 2
 * sites) would otherwise take a templated load for a campaign. Every slot
 * here has many choices and adjacent slots vary independently, so two messages
 * share about 1 % of their word pairs. Two sentences (23 words) with six
 * made-up names: of 120,000 messages (the 10-minute run) 0.17 % share a band
 * key with an earlier one (0.28 % of the last 20,000; `deno run -A
 * bench/lib/band_share.ts`); with one sentence of list words it was 2.6 % (4 %
 * of the last 20,000). The content model alone takes 0.13 % of them for spam
 * (words that spam uses, such as "article", "message" and "reply", left out).
 */
const W = (s: string) => s.split("|");
// One word per slot, no word in two slots: adjacent slots vary independently.
const SLOTS: string[][] = [
  W("Hello|Hi|Hey|Greetings|Morning|Howdy|Hiya|Afternoon|Evening|Dear|Hallo|Ahoy|Yo|Welcome|Cheerio|Hola|Bonjour|Ciao|Hej|Moin|Servus|Aloha|Shalom|Salaam|Namaskar"),
  W("Maria|John|Aisha|Kenji|Lena|Omar|Sofia|Pavel|Grace|Noah|Ines|Tariq|Mila|Jonas|Chloe|Ravi|Elif|Lucas|Nora|Hugo|Zara|Felix|Amara|Leo|Ida|Sven|Rosa|Dev|Yuki|Ana"),
  W("Austin|Leeds|Lyon|Porto|Denver|Cork|Graz|Turin|Ghent|Bergen|Tampere|Bruges|Malaga|Krakow|Zagreb|Utrecht|Aarhus|Basel|Dundee|Galway|Seville|Bologna|Tartu|Ljubljana|Quebec|Halifax|Boise|Tucson|Omaha|Reno"),
  W("need|want|require|seek|order|fancy|love|desire|reserve|commission|request|buy|book|rent|source|crave|covet|lack|prefer|consider|chose|picked|shortlisted|eyeing|pondering"),
  W("two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|several|many|numerous"),
  W("sturdy|elegant|rustic|modern|vintage|compact|tall|low|wide|narrow|round|square|oval|curved|painted|polished|oiled|waxed|stained|carved|handmade|bespoke|classic|simple|heavy|light|folding|stackable|outdoor|indoor"),
  W("oak|walnut|pine|maple|cherry|birch|teak|beech|ash|elm|cedar|bamboo|rattan|wicker|steel|brass|marble|granite|glass|linen|velvet|leather|wool|cotton|ceramic|copper|bronze|slate|cork|hemp"),
  W("tables|chairs|shelves|desks|benches|cabinets|stools|lamps|beds|sofas|mirrors|rugs|wardrobes|dressers|bookcases|cushions|curtains|planters|trays|vases|baskets|crates|frames|clocks|hooks|racks|screens|lanterns|bowls|jugs"),
  W("kitchen|cafe|classroom|bakery|lobby|wedding|garden|nursery|chapel|attic|boutique|surgery|terrace|hotel|gym|library|pub|porch|salon|barn|office|studio|hostel|clinic|museum"),
  W("January|February|March|April|May|June|July|August|September|October|November|December|soon|tomorrow|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday"),
  W("price|quote|rates|costs|options|catalogue|finishes|timing|mockup|samples|swatches|dimensions|discount|bundle|shipping|stock|warranty|availability|colours|sizes"),
  W("please|kindly|gladly|urgently|ideally|preferably|quickly|promptly|eventually|perhaps|anyone|somehow|possibly|meanwhile|honestly|today|tonight|still|again|anyway|also|maybe|overall|briefly|roughly"),
  W("Thanks|Cheers|Regards|Best|Sincerely|Warmly|Gratefully|Ta|Respectfully|Appreciated|Bye|Later|Ciao|Adios|Farewell|Greatly|Blessings|Peace|Onward|Namaste|Salut|Danke|Merci|Gracias|Obrigado"),
  // A second sentence: real messages run to 20 words and more (see below).
  W("Currently|Recently|Lately|Previously|Originally|Basically|Frankly|Luckily|Sadly|Happily|Naturally|Obviously|Clearly|Admittedly|Apparently|Fortunately|Curiously|Notably|Personally|Realistically|Presumably|Seemingly|Typically|Usually|Occasionally"),
  W("neighbour|sister|brother|cousin|landlord|manager|partner|colleague|friend|daughter|son|husband|wife|uncle|aunt|boss|client|tenant|architect|designer|builder|florist|teacher|coach|vicar"),
  W("recommended|mentioned|praised|suggested|described|reviewed|photographed|admired|pinned|shared|forwarded|bookmarked|liked|loved|tagged|flagged|discussed|compared|measured|sketched|visited|spotted|found|saw|heard"),
  W("website|shop|stall|showroom|workshop|catalog|portfolio|gallery|feed|newsletter|leaflet|brochure|market|booth|display|window|page|listing|advert|stand|video|blog|poster|channel|magazine"),
  W("yesterday|teatime|weekend|fortnight|lunchtime|dawn|dusk|midnight|noon|sunrise|sunset|springtime|summertime|autumn|winter|recess|holiday|vacation|halftime|bedtime"),
  W("small|large|medium|huge|tiny|mini|giant|slim|deep|shallow|broad|thin|thick|long|short|petite|roomy|spacious|cosy|snug"),
  W("budget|deadline|venue|space|room|floor|wall|corner|hallway|balcony|basement|loft|patio|yard|driveway|shed|garage|conservatory|veranda|courtyard"),
  W("metres|feet|inches|yards|steps|paces|spans|units|sections|panels|modules|pieces|sets|pairs|rows|layers|tiers|levels|bays|strips"),
  W("call|ring|email|text|write|meet|answer|greet|respond|confirm|advise|inform|update|consult|notify|brief|ping|tell|show|send"),
  W("Abe|Ben|Cara|Dan|Eva|Finn|Gina|Hal|Isla|Jack|Kim|Liam|Maya|Ned|Olga|Pia|Quinn|Rita|Sam|Tom|Uma|Vic|Wes|Xena|Yara"),
];

/*
 * Names (people, streets, towns, products) come from a vocabulary without end
 * in real messages. With word lists alone, a few word pairs whose hashes win
 * all four minima of a MinHash band recur in every few hundred messages, and
 * the share of messages meeting an earlier one's band grew with the run (4 %
 * after 120,000 messages, the 10-minute run). Made-up names of two or three
 * syllables (about 14,000) break those pairs up as real names do.
 */
const SYLLABLES = W("ka|lo|mi|ra|te|su|no|vi|de|ba|ri|go|fe|ta|lu|pe|zo|ni|ha|mo|si|ve|ju|wa");

function name(n: number): string {
  const s = SYLLABLES.length;
  const parts = [n % s, Math.floor(n / s) % s, Math.floor(n / (s * s)) % s];
  const word = parts.slice(0, 2 + (n % 2)).map((p) => SYLLABLES[p]).join("");
  return word[0].toUpperCase() + word.slice(1);
}

const NAMED = [1, 2, 8, 14, 19, 22];

/** A message for the `i`th request: deterministic, varied from one `i` to the next. */
export function message(i: number): string {
  const w = SLOTS.map((list, slot) => list[mix(i * 64 + slot) % list.length]);
  // Names as real ones vary: the writer (1), the town (2), the venue (8), who
  // recommended (14), the street (19), who signs (22).
  for (const slot of NAMED) w[slot] = name(mix(i * 64 + 40 + slot));
  return `${w[0]}, ${w[1]} (${w[2]}): ${w[3]} ${w[4]} ${w[5]} ${w[6]} ${w[7]} ` +
    `- ${w[8]}, ${w[9]}. ${w[10]} ${w[11]}? ${w[12]}! ${w[13]} ${w[14]} ${w[15]} ${w[16]} ` +
    `${w[17]}; ${w[18]} ${w[19]}, ${w[20]}. ${w[21]}, ${w[22]}.`;
}

/** The murmur3 finalizer: independent-looking picks for neighbouring inputs. */
function mix(n: number): number {
  let h = n >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/**
 * The forms/submit body of the `i`th request to a site on `domain`: its own
 * visitor IP (the per-IP limit stays honest), sender address and message.
 */
export function submissionBody(i: number, domain: string) {
  return {
    form_id: 1 + (i % 5),
    form_name: "Contact",
    fields: {
      name: "Maria Gonzalez",
      email: `maria.gonzalez${i}@example.org`,
      phone: "+1 512 555 0143",
      message: message(i),
    },
    visitor: {
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      user_agent: UA,
      referrer: `https://${domain}/contact`,
    },
  };
}
