/**
 * Varied, ordinary contact-form messages for the load. Real visitors write
 * their own words, so two real messages share almost no word pairs; the
 * near-duplicate rule (MinHash bands over word pairs, seen from 3 IPs or 2
 * sites) would otherwise take a templated load for a campaign. Every slot
 * here has many choices and adjacent slots vary independently, so two messages
 * share about 1 % of their word pairs and tens of thousands stay apart.
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
];

/** A message for the `i`th request: deterministic, varied from one `i` to the next. */
export function message(i: number): string {
  const w = SLOTS.map((list, slot) => list[mix(i * 64 + slot) % list.length]);
  return `${w[0]}, ${w[1]} (${w[2]}): ${w[3]} ${w[4]} ${w[5]} ${w[6]} ${w[7]} ` +
    `- ${w[8]}, ${w[9]}. ${w[10]} ${w[11]}? ${w[12]}!`;
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
