/**
 * Long file: corpus data (phase 4, second step), kept whole so that a kind's
 * wordings stay together. More wordings where cross-validation inside the
 * train split and the calibration split showed the model weakest: web design,
 * SEO, staffing, funding, review and lead-list pitches written plainly (no
 * "guaranteed", no link); and on the other side customers who ask a web
 * person for help with their Google listing or site, visitors reporting a
 * broken page, suppliers answering a request, one-word openers, and
 * Scandinavian customers (Swedish, Danish, Norwegian had three items). Each
 * language on both sides where spam is written in it. No held-out item was
 * read.
 */
export const PHASE4_MORE: Record<string, string[]> = {
  web_design_pitch: [
    "Hi there, I'm a web designer based in {city}. I had a look at your website and I think I could make it a lot easier to use on phones. Would you like a free mockup?",
    "Hello, I help small businesses with their websites. Yours looks nice but the booking page is hard to find. I'd be happy to fix that for a small fee.",
    "Good morning! We design websites for restaurants and cafés, with online ordering built in. Can I send you some examples of our recent work?",
    "Hey! Your site is running an old version of WordPress and a couple of plugins are out of date. I do maintenance packages from 49 a month, want details?",
    "I was on your website earlier and the contact form took ages to load. I'm a developer and speed is my speciality - happy to have a look at no cost.",
    "Hi, we're a small design studio. We'd love to redesign your logo and website together so everything looks consistent. Could we book a quick call?",
    "Hello {owner}, I made a short video showing three changes that would make {site} bring in more enquiries. Shall I send it over?",
    "Do you have someone who looks after your website? If not, we offer monthly care plans: updates, backups, small edits, all included.",
    "Hi, I design landing pages that convert. Most of my clients double their enquiries within a month. Interested in seeing a few case studies?",
    "Your website doesn't have an online booking system yet. We can add one in a week, fully integrated with your calendar.",
    "@de Hallo, ich bin Webdesignerin aus {city} und habe mir Ihre Seite angesehen. Auf dem Handy ist sie leider schwer zu bedienen. Soll ich Ihnen einen Vorschlag machen?",
    "@es Buenas, soy diseñador web freelance. Me he fijado en que su web no tiene reservas online. Se lo puedo montar en una semana, ¿le interesa?",
    "@fr Bonjour, je crée des sites pour les artisans et commerçants. Le vôtre mériterait un petit coup de jeune. Puis-je vous faire une proposition gratuite ?",
    "@sv Hej! Jag är webbdesigner och såg att er hemsida inte fungerar så bra i mobilen. Vill ni ha ett kostnadsfritt förslag?",
  ],
  seo_pitch: [
    "Hi, I noticed your business doesn't come up when I search for your services in {city}. I help local businesses with that. Would you be open to a quick chat?",
    "Hello, I run a small marketing agency. We could get your shop showing up in Google Maps for the right searches. Can I send you a short report?",
    "Are you happy with the number of calls your website brings in? I can look at what's holding it back and send you a few pointers.",
    "Hi {owner}, I did a quick check of {site} and found a few technical issues that stop Google from reading it properly. Want me to send the list?",
    "We write blog articles and build local citations for small businesses, so you rank in your area. Monthly plans, no contract.",
    "Hi! Your competitors are showing up above you on Google for '{kw}'. I can help change that. Shall we talk this week?",
    "Hello, is your Google Business Profile up to date? Mine manages 200 profiles and I can optimise yours for a one-off fee.",
    "@de Guten Tag, bei der Suche nach Ihrer Branche in {city} taucht Ihre Firma erst auf Seite 3 auf. Ich kann Ihnen helfen, das zu ändern. Interesse an einem kurzen Telefonat?",
    "@es Hola, he visto que su negocio no aparece en Google Maps cuando se busca su servicio en {city}. Le puedo ayudar con eso, ¿hablamos?",
    "@pl Dzień dobry, Państwa firma nie pojawia się w Google na ważne frazy. Możemy to poprawić w 2-3 miesiące. Czy mogę przesłać bezpłatny audyt?",
    "@sv Hej, ert företag syns inte på Google när man söker i {city}. Vi hjälper lokala företag att synas. Får jag skicka en kostnadsfri analys?",
  ],
  staffing: [
    "Hi, are you looking for help with admin or bookkeeping? Our remote assistants work in your time zone and cost a fraction of a local hire.",
    "Hello, we place experienced cleaners and kitchen staff with restaurants at short notice. Would you like our rate card?",
    "Running short of staff this season? We supply trained temporary workers within 48 hours, no recruitment fees.",
    "Hi {owner}, we help businesses like yours hire offshore customer service agents. Can I send a few profiles?",
    "@de Guten Tag, wir vermitteln Pflegekräfte und Reinigungspersonal aus dem Ausland. Darf ich Ihnen unser Angebot zusenden?",
  ],
  business_funding: [
    "Hi, we help small businesses get funding for equipment, stock and expansion. Decisions in 24 hours. Would a quick call be useful?",
    "Hello, we've helped over 3,000 businesses secure working capital this year. Can I ask a couple of questions to see what you qualify for?",
    "If you ever need cash flow support, we offer revenue-based financing with no fixed repayments. Happy to explain how it works.",
    "Hello {owner}, a quick note: business grants are open again for companies in {city}. We handle the whole application for a success fee.",
    "@es Hola, ayudamos a pymes a conseguir financiación sin avales en 48 horas. ¿Le interesa conocer las condiciones?",
  ],
  guest_post: [
    "Hi, I write about home and garden topics and would love to contribute an article to your blog. No payment needed, just a link back to my site.",
    "Hello, do you accept articles from other writers? I have a piece about saving energy at home that would suit your readers.",
    "Hi {owner}, I'm reaching out on behalf of a client who would like to publish a sponsored article on your site. What's your rate?",
    "Hey! Would you be open to a link exchange? I'd mention your site in one of my posts and you'd do the same.",
    "@de Hallo, ich würde gerne einen Gastbeitrag auf Ihrem Blog veröffentlichen. Im Gegenzug bitte ich nur um einen Link. Wäre das möglich?",
  ],
  lead_lists: [
    "Hello, we have an up-to-date list of restaurant owners in your region, with emails and phone numbers. Would a sample help?",
    "Hi, I can find 500 verified B2B contacts in your niche each month. Pricing is per contact. Interested?",
    "Would a list of all new businesses registered in {city} this month be useful to you? We update it weekly.",
    "@es Hola, disponemos de una base de datos de empresas de su sector con correos verificados. ¿Le envío una muestra gratuita?",
  ],
  reviews: [
    "Hi, we help businesses collect more Google reviews from their happy customers. Setup takes 10 minutes. Can I show you?",
    "Hello, I noticed a couple of unfair reviews on your Google profile. We can help you get them taken down. Shall I explain how?",
    "Your rating is 4.1 and your competitors are at 4.8. We can change that in a month. Interested?",
    "@de Hallo, Ihr Google-Profil hat nur wenige Bewertungen. Wir helfen Ihnen, mehr positive Bewertungen zu bekommen. Kurzes Gespräch?",
  ],
  social_media_pitch: [
    "Hi, I manage social media for local businesses: three posts a week, stories and replies to messages. Would you like to see some examples?",
    "Hello, your Instagram hasn't been updated since last year. I could take that off your hands for a monthly fee. Interested?",
    "We run Facebook and Instagram ads for cafés and shops in {city}. Most clients get new customers in the first week. Can we talk?",
    "@pt Olá, faço gestão de redes sociais para pequenos negócios. Posso mostrar alguns trabalhos que fiz para lojas da região?",
  ],
  energy_broker: [
    "Hi, when does your business electricity contract end? I can compare prices from all suppliers and handle the switch for you.",
    "Hello, we help restaurants reduce their energy bills. Could you send me a recent bill so I can show you how much you could save?",
    "@sv Hej! Betalar ert företag för mycket för el? Vi jämför alla elbolag gratis och sköter bytet åt er.",
  ],
  solar_pitch: [
    "Hi, your roof looks perfect for solar panels. We install for businesses with no upfront cost. Would you like a free quote?",
    "Hello, we're offering free solar assessments to businesses in {city} this month. It only takes 20 minutes. Interested?",
  ],
  press_placement: [
    "Hi, would you like your business featured in a local news article? We write and publish it for you on well-known news sites.",
    "Hello, we can get {site_label} mentioned in magazines and on news websites. It builds trust with customers. Can I send details?",
  ],
  merchant_services: [
    "Hello, how much are you paying in card fees each month? We can usually lower them. Send us a statement and we'll compare.",
  ],
  translation_pitch: [
    "Hi, would you like your website in English, Spanish and German? We translate and localise sites for small businesses at fair prices.",
  ],
  mentions_seo: [
    "Hi, we're a family-run B&B and we'd like more direct bookings instead of paying commission. Could you improve our website and Google listing? What would it cost?",
    "Hello, I saw your agency's name on the chamber of commerce site. We need someone to look after our website and SEO. Could we meet for a coffee?",
    "Can you tell me whether the SEO package you quoted last month includes the blog posts, or are those extra?",
    "Our website was hacked and now Google shows a warning. You look after sites - can you help us clean it up quickly?",
    "Hi, I'm a physiotherapist starting my own practice. I need a website, a Google profile and help to be found locally. Where do I start?",
    "We got an email promising page one of Google for 99 dollars a month. Is that a scam? You built our site, so I'd rather ask you first.",
    "Hello, our rankings dropped after we changed the shop's name. Do you do one-off consultations to find out why?",
    "Hi, do you offer website training? I'd like to learn how to update our pages and write for search engines myself.",
    "@fr Bonjour, nous cherchons quelqu'un pour refaire notre site et améliorer notre référencement local. Pouvez-vous nous faire un devis ?",
    "@de Hallo, unsere Website wird bei Google kaum gefunden. Bieten Sie eine SEO-Beratung für kleine Handwerksbetriebe an? Was kostet das?",
    "@pl Dzień dobry, prowadzę mały sklep internetowy i chciałbym poprawić pozycjonowanie. Czy robią Państwo audyty SEO? Ile to kosztuje?",
    "@pt Olá, gostaríamos de aparecer melhor no Google com a nossa clínica. Vocês fazem esse tipo de trabalho? Qual seria o preço?",
    "I run a dog grooming business and I'm hopeless with computers. Could you set up my Google listing so customers can find me? What would that cost?",
    "Hi, my Google Maps pin shows the wrong address. Is that something you can fix for us, or do I have to do it myself?",
    "Hello, we'd like a simple website for our new café with the menu and opening hours. Do you also set up the Google profile?",
    "Our online shop gets visitors but hardly anyone orders. Could you look at it and tell us what to change? We're happy to pay for your time.",
    "Hi, you built our website two years ago. Could you add a page for our new service and make sure Google picks it up?",
    "Do you do SEO for charities? We're a small animal rescue and nobody finds our adoption page.",
    "@de Hallo, könnten Sie unseren Eintrag bei Google Maps aktualisieren? Wir sind umgezogen und die alte Adresse steht noch drin.",
    "@es Hola, necesitamos una web sencilla para nuestra peluquería y que salga en Google. ¿Cuánto costaría más o menos?",
    "@sv Hej, vi har en liten frisersalong och vill synas bättre på Google. Kan ni hjälpa oss med det? Vad kostar det ungefär?",
  ],
  press_inquiry: [
    "Hi, I'm a reporter at the local paper writing about independent shops after the road works. Would you have ten minutes for a phone interview this week?",
    "Hello, I produce a radio programme about food in the region. Could we record a short segment in your kitchen next month?",
    "I'm a freelance journalist working on a story about rising energy costs for bakeries. Would you share your experience, on or off the record?",
    "Hi, our student magazine is doing a feature on local businesses run by women. Could I interview you by email?",
    "Good afternoon, I'm researching a TV documentary about family firms in {city}. Could we arrange a short call to tell you about it?",
    "Hello, we're writing the annual guide to the best cafés in town and would like to include you. Could you confirm your opening hours and send a photo?",
    "@de Guten Tag, ich bin Redakteurin beim Stadtmagazin und würde gerne über Ihr neues Geschäft berichten. Hätten Sie nächste Woche Zeit für ein Gespräch?",
    "@es Hola, soy periodista de un diario local y estoy preparando un reportaje sobre comercios de barrio. ¿Podríamos hablar por teléfono?",
    "@fr Bonjour, je suis journaliste à la radio locale. Accepteriez-vous de répondre à quelques questions sur votre métier pour une émission ?",
    "@it Buongiorno, scrivo per un giornale online e vorrei intervistarla sul suo laboratorio. Sarebbe disponibile la settimana prossima?",
  ],
  site_issue_report: [
    "Hi, the link to your menu on the homepage goes to a 404 page. Thought you'd want to know.",
    "Hello, your booking form doesn't send on my phone, it just spins. I've tried twice. Can I book by phone instead?",
    "The opening hours on your Facebook page and your website don't match. Which ones are right?",
    "Your shop page shows prices in dollars but I'm in the UK, is that right? The checkout is in pounds.",
    "Hi Mike, the photos in the gallery don't load anymore. Just letting you know.",
    "@de Hallo, auf Ihrer Seite funktioniert der Link zur Speisekarte nicht mehr. Viele Grüße",
    "@fr Bonjour, le formulaire de réservation affiche une erreur quand on choisit une date en décembre.",
  ],
  supplier_followup_real: [
    "Hi, this is the bakery on {street}. You asked about weekly bread for the café: 20 loaves and 60 rolls twice a week would be {price} a month. Happy to bring samples.",
    "Hello {owner}, following your phone call: the printed menus (200 copies, A4, folded) come to {price} with delivery next Thursday. Shall I go ahead?",
    "Thanks for your message about the broken fridge. I can come on Wednesday morning, the part is in stock. The repair would be about {price}.",
    "Hello, as promised here is our quote for the garden maintenance: fortnightly visits from April to October, {price} per visit.",
    "@sv Hej! Tack för förfrågan. Att måla om fasaden kostar cirka {price} inklusive material. Vi kan börja om två veckor.",
  ],
  foreign_language_customer: [
    "@sv Hej! Har ni öppet på lördag? Vi vill gärna boka ett bord för fyra personer klockan sju.",
    "@sv Hej, jag beställde en tröja för två veckor sedan men har inte fått något. Kan ni kolla ordernumret {order}?",
    "@sv Hej! Kan man boka tid för klippning på torsdag eftermiddag? Tack på förhand.",
    "@sv God morgon, jag skulle vilja ha en offert på att byta fönster i ett radhus. Tre fönster och en altandörr.",
    "@sv Hej, finns den blå jackan i storlek M? Jag kan hämta den i butiken.",
    "@sv Hej! Vi är ett sällskap på tolv som vill äta lunch hos er på fredag. Går det bra?",
  ],
  job_application: [
    "Hello, I'd like to ask if you're looking for kitchen staff. I've worked as a commis chef for two years and can start next month.",
    "Hi, I'm a student looking for weekend work. I'm reliable and friendly, and I've done retail before. Could I drop off my CV?",
    "@sv Hej! Jag söker sommarjobb och undrar om ni behöver personal i caféet. Jag har erfarenhet från servering.",
  ],
  one_word: ["Hey", "Hello!", "Interested!", "Question", "Open today?", "@sv Hej"],
  several_links: [
    "Here's the table we'd like copied {pinterestlink} and a photo of the space {sharelink}. Could you quote for oak?",
    "The bug is shown in this video {videolink}, and the code I used is {githublink}.",
  ],
  gibberish_bot: [
    "{gibberish} {gibberish}",
    "{gibberish}",
  ],
};
