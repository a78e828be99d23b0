/**
 * Legitimate messages: more wordings of the kinds that read like spam
 * to a model (press, job seekers, suppliers quoting prices the site asked for,
 * customers who mention money, crypto, loans, pharmacies, SEO, dating or
 * casinos for real reasons, angry complaints, one word, several links) and new
 * kinds of what reaches a real contact form. Written from the kinds' names
 * only: no held-out item was looked at.
 */
import type { FormKind } from "./forms_kinds.ts";

/** More texts for existing legitimate kinds. */
export const LEGIT_SPAMLIKE: Record<string, string[]> = {
  press_inquiry: [
    "Hello, I produce a podcast about family businesses in {city}. Would you be a guest for one episode? We record at your place, it takes about an hour and nothing is paid on either side.",
    "I'm writing a piece for the university paper on shops that survived the road works on {street}. Could I quote you? Two or three sentences by email would be enough.",
    "Hi {owner}, our newsroom is covering the new parking rules. A reader told us they hurt your trade. Would you talk to us on the record? My direct line is {phone}.",
    "@it Buongiorno, sono una giornalista del quotidiano locale. Stiamo preparando un articolo sulle botteghe storiche: possiamo passare giovedì per una breve intervista e qualche foto?",
    "@pt Olá, trabalho numa rádio comunitária e gostaríamos de falar do vosso projeto no programa de sábado. Teriam disponibilidade para uma conversa de dez minutos por telefone?",
    "@nl Goedendag, ik schrijf voor het wijkblad een stuk over ondernemers in de buurt. Mag ik u volgende week een paar vragen stellen?",
  ],
  job_application: [
    "Hi, I applied for the kitchen porter job through the job centre but heard nothing back. Is the position still open? I can start on Monday and have my food hygiene certificate.",
    "Hello, my name is {first} and I am finishing my apprenticeship as a car mechanic in June. I would like to ask if you will need someone in the workshop this summer.",
    "Dear {owner}, I would like to apply for the part-time bookkeeping role. I have used Xero and Sage for six years. When would suit you for a short call?",
    "Good morning, I'm looking for a work placement for two weeks as part of my college course (hairdressing, level 2). Would your salon consider taking me?",
    "@fr Bonjour, je suis à la recherche d'un poste de vendeuse à temps partiel. J'ai travaillé trois ans en boulangerie. Puis-je passer déposer mon CV ?",
    "@ru Здравствуйте! Увидела вакансию администратора на вашем сайте. У меня опыт работы три года, могу выйти с понедельника. Куда отправить резюме?",
    "@ar مرحباً، أنا طالب في السنة الأخيرة وأبحث عن تدريب صيفي في مجال المحاسبة. هل لديكم فرص للتدريب هذا الصيف؟",
  ],
  mentions_seo: [
    "Our previous web agency did 'SEO' for two years and we still don't show up for our own name. Before we hire anyone again: can you tell us honestly what is wrong with the site?",
    "Hi, we run a {biz} in {city} and would like to know if you also write the texts for the web pages, with the keywords people actually search for. What would five pages cost?",
    "Someone sent us an email promising first place on Google for 99 dollars a month. Is that a scam? You built our website so I'd rather ask you first.",
    "@es Hola, tenemos una tienda online pequeña y nos gustaría mejorar el posicionamiento en Google. ¿Ofrecen auditorías? ¿Cuánto costaría una revisión inicial?",
    "@fr Bonjour, nous voudrions apparaître sur Google Maps avec les bons horaires et des photos. Est-ce un service que vous proposez à nos clients existants ?",
  ],
  supplier_followup_real: [
    "Hi {owner}, as discussed on the phone: 200 printed boxes in your colours come to {price} including delivery, 10 working days after you approve the proof. Shall I send the proof today?",
    "Thanks for your enquiry about the catering for your staff party. For 40 people the buffet you chose is 18 euros a head, drinks extra. Let me know by Friday so we can order the fish.",
    "Following up on your request for a quote: replacing the two windows at the back with double glazing is {price} fitted, VAT included. The quote is valid for 30 days.",
    "This is the bakery on {street}. You asked about weekly bread for the café: 20 loaves and 60 rolls every Tuesday and Friday would be {price} a month. Happy to bring samples.",
    "@de Guten Tag, wie telefonisch besprochen: die Reparatur der Kühltheke kostet inklusive Ersatzteil {price}. Wir könnten am Mittwoch vormittags kommen. Passt Ihnen das?",
    "@pl Dzień dobry, w nawiązaniu do zapytania: 50 koszulek z nadrukiem logo to koszt {price} brutto, czas realizacji 7 dni roboczych. Czy mam przygotować wizualizację?",
  ],
  wholesale_inquiry: [
    "We run a small deli in {city} and would like to stock your jams. What are your wholesale prices and the minimum order? We'd start with a mixed case.",
    "Hello, I'm the buyer for a chain of three garden centres. Do you sell to retailers, and can you send a price list with pallet quantities?",
    "@es Buenos días, tenemos una cafetería y nos interesa comprar su café en grano al por mayor. ¿Qué precio tendría el kilo a partir de 20 kilos al mes?",
  ],
  mentions_crypto: [
    "Do you accept Bitcoin or only cards? I'm abroad and my bank card doesn't work here, but I can pay with crypto today if that's possible.",
    "Hi, I think someone used your shop's name to sell a 'crypto investment' on Instagram. I lost 300 dollars. Is that really you? I'm sending this so you can warn others.",
    "@de Hallo, ich schreibe meine Bachelorarbeit über Blockchain in der Logistik. Dürfte ich Ihnen fünf Fragen per E-Mail schicken?",
  ],
  mentions_loan: [
    "I'd love the sofa but can't pay it all at once. Do you offer payment in instalments or work with any finance company? I don't want a payday loan.",
    "We are buying our first house and the bank wants a written estimate for the roof repair before it approves the mortgage. Can you do one this week?",
    "@fr Bonjour, notre banque demande un devis détaillé pour accorder le prêt travaux. Pouvez-vous nous l'envoyer avec le détail des matériaux ?",
  ],
  mentions_pharmacy: [
    "My mother takes blood thinners - is the massage safe for her? Her pharmacist said to ask you first.",
    "Hi, do you deliver prescriptions to care homes? We have eight residents who need their weekly medication brought in.",
    "@es Hola, ¿la farmacia está de guardia este domingo? Necesito un antibiótico que me recetaron ayer.",
  ],
  mentions_dating: [
    "Hi, my partner and I met on a dating app three years ago and we'd like the engagement photos to tell that story. Do you do shoots in {city} in October?",
    "We're organising a speed dating evening for over-50s at the community hall. Could your café do tea and cakes for 30 people?",
  ],
  mentions_casino: [
    "We're holding a charity casino night for the school in March (play money only, prizes donated). Could you donate a voucher for the raffle?",
    "Hi, I work at the casino across the road and we'd like to book your back room for our team's Christmas dinner, around 25 people.",
  ],
  angry_complaint: [
    "THIS IS THE THIRD TIME I WRITE. THE BOILER STILL DOESN'T WORK AND MY KIDS HAVE NO HOT WATER. SEND SOMEONE TODAY OR I CALL TRADING STANDARDS.",
    "Your driver reversed into my fence and drove off. I have it on camera. I expect a call from the manager by tomorrow, otherwise I go to the police.",
    "I was charged twice for the same order and nobody answers the phone. Refund me the second payment now. Order {order}.",
    "@de Das ist eine Unverschämtheit! Seit drei Wochen warte ich auf mein Geld zurück. Ich erwarte bis Freitag eine Antwort, sonst gehe ich zur Verbraucherzentrale.",
    "@es ¡Es increíble! Pagué hace un mes y todavía no tengo nada. Quiero mi dinero de vuelta YA.",
  ],
  one_word: [
    "Prices?",
    "Open today?",
    "Callback",
    "Thanks!!",
    "@de Preise?",
    "@fr Merci",
  ],
  several_links: [
    "Hi, these are the three tiles we like: {sharelink} , {pinterestlink} and the grey one from {ownlink}. Which would you recommend for a bathroom floor?",
    "Here are the videos of the noise the car makes: {videolink} (cold start) and {sharelink} (at speed). Can you tell what it is before I bring it in?",
    "My portfolio is at {myurl} and my GitHub at {githublink}, in case the role is still open.",
  ],
  website_field_customer: [
    "We're a small charity (our site is in the website field) and would like to hire the hall for a fundraiser on {date}. Do you offer a discount for registered charities?",
    "Our shop's website is attached above. We'd like you to fix the contact form on it, which stopped sending mails last week. Can you take a look?",
  ],
};

/** New legitimate kinds. */
export const LEGIT_SPAMLIKE_KINDS: FormKind[] = [
  {
    kind: "school_sponsorship_request",
    label: "legitimate",
    style: "plain",
    subjects: ["Raffle prize", "School fair", "Sponsorship for our team"],
    texts: [
      "Hello, I'm a parent at the primary school on {street}. We're holding our summer fair on {date} and are asking local businesses for raffle prizes. Anything small would help, and we'll thank you on our newsletter.",
      "Hi, our under-10s football team needs new shirts. Would you consider sponsoring them? Your logo would be on the front and we'd send you a team photo.",
      "Good morning, the scout group is walking 50 km for the local hospice. Could we leave a collection tin on your counter for two weeks?",
      "@de Hallo, unser Kindergarten veranstaltet im Juni ein Sommerfest mit Tombola. Hätten Sie vielleicht einen kleinen Gutschein als Preis für uns?",
      "@fr Bonjour, l'association des parents d'élèves organise une kermesse le {date}. Accepteriez-vous d'offrir un lot pour la tombola ? Merci d'avance.",
      "@pl Dzień dobry, nasza drużyna harcerska zbiera na obóz. Czy mogłaby Pani wystawić puszkę na ladzie przez tydzień?",
    ],
  },
  {
    kind: "privacy_data_request",
    label: "legitimate",
    style: "plain",
    subjects: ["Data request", "Delete my data", "GDPR"],
    texts: [
      "Under the GDPR I would like a copy of all the personal data you hold about me, and to know who you shared it with. My customer email is the one in this form.",
      "Please delete my account and all my data. I no longer want to receive anything from you. Confirm by email once it is done.",
      "Hi, I keep getting your text messages although I never signed up. Where did you get my phone number? Please remove it.",
      "@de Guten Tag, bitte löschen Sie gemäß Art. 17 DSGVO alle meine personenbezogenen Daten und bestätigen Sie mir die Löschung schriftlich.",
      "@es Solicito el acceso a mis datos personales según el RGPD y la supresión de los mismos una vez enviados. Gracias.",
      "@it Buongiorno, chiedo la cancellazione dei miei dati dalla vostra newsletter e dal database clienti. Grazie.",
    ],
  },
  {
    kind: "neighbour_issue",
    label: "legitimate",
    style: "plain",
    subjects: ["Noise", "Your delivery vans", "Parking"],
    texts: [
      "Hi, I live above the shop. Your extractor fan runs all night and we can't sleep. Could it be switched off after closing time?",
      "Your delivery lorries block our driveway every Tuesday morning around 7. Please ask the drivers to use the loading bay.",
      "The bins behind your restaurant were left open again and the foxes spread rubbish across the street. Could you get lids that close?",
      "@ru Здравствуйте, я ваш сосед из дома напротив. Ваша вывеска светит прямо в окна спальни всю ночь. Можно ли выключать её после 23:00?",
      "@nl Beste buren, uw klanten parkeren steeds voor onze garagedeur. Kunt u een bordje ophangen? Alvast bedankt.",
    ],
  },
  {
    kind: "accessibility_request",
    label: "legitimate",
    style: "plain",
    subjects: ["Wheelchair access", "Accessibility"],
    texts: [
      "I use a wheelchair. Is there step-free access to the dining room and an accessible toilet? We'd like to book for six on {date}.",
      "My son is autistic and finds loud places hard. Is there a quieter time of day we could come for his haircut?",
      "Your website doesn't work with my screen reader: the booking button has no label. Could you book me in by email instead, for {product} next week?",
      "@fr Bonjour, mon père se déplace en fauteuil roulant. Votre salle est-elle accessible et y a-t-il une place de parking réservée à proximité ?",
      "@ja 車椅子で伺いたいのですが、店内に段差はありますか。多目的トイレはございますか。",
    ],
  },
  {
    kind: "lost_property",
    label: "legitimate",
    style: "plain",
    subjects: ["Lost item", "Did I leave my ...", "Found"],
    texts: [
      "I think I left my reading glasses on the table by the window yesterday evening. Brown frames in a blue case. Did anyone hand them in?",
      "My daughter lost a small grey teddy at your swimming pool on Saturday. It means the world to her. Could you check the lost property box?",
      "Hi, I found a set of car keys with your shop's keyring in the car park. I've left them with the pharmacy next door.",
      "@es Hola, ayer me dejé una chaqueta negra en el restaurante, mesa del fondo. ¿La han encontrado? Paso a recogerla cuando me digan.",
      "@zh 您好，我昨天在贵店吃饭时把手机充电器落在座位上了，白色的，请问有人捡到吗？",
    ],
  },
];
