/**
 * More everyday legitimate messages for the kinds with the fewest texts.
 */
export const LEGIT_MORE: Record<string, string[]> = {
  real_estate: [
    "Hello, we saw the bungalow on Orchard Close online. Is it still available, and is there a chain?",
    "I'd like to book a valuation of my late mother's flat. Could someone come next week?",
    "Are viewings possible on Saturday afternoons? We both work in the week.",
    "@de Guten Tag, ist die Wohnung in der Lindenstraße noch frei? Wir sind ein Paar ohne Haustiere.",
  ],
  education_course: [
    "Hi, is there a trial lesson for the guitar course? My son is 11.",
    "Can I pay for the term in two instalments?",
    "Do you run the first aid course on weekends? I need the certificate for work.",
    "@es Hola, ¿hay plazas libres en el curso de inglés para adultos de los martes?",
  ],
  legal_medical_inquiry: [
    "I received a letter about a parking fine that I think is wrong. Can you advise whether it's worth appealing?",
    "Do you take new NHS patients or only private?",
    "My father needs help with a power of attorney. Can you do a home visit?",
    "@pl Dzień dobry, potrzebuję porady w sprawie umowy najmu. Czy można umówić się na konsultację?",
  ],
  volunteer_donation: [
    "We have a box of children's books to donate. Do you accept them?",
    "Could our company team of 8 volunteer for a day in December?",
    "How do I set up a monthly donation?",
  ],
  site_issue_report: [
    "Hi, the 'Book now' button doesn't do anything on my iPhone.",
    "The prices on the menu page don't match the ones in the shop. Which is correct?",
    "Your online shop won't accept my postcode. It's a new build.",
  ],
  personal_message: [
    "Hello! We met at the craft fair last month - you gave me your card. I'd love to buy the blue vase if it's still available.",
    "This is a bit random, but your shop is in the old building where my grandfather had his tailoring business in the 1950s. Lovely to see it in use!",
  ],
  supplier_followup_real: [
    "Hi, it's {first} from the laundry service. Just letting you know our prices go up by 3% from next month, as mentioned in our letter.",
    "Your order of 20 crates of apples is confirmed for Tuesday morning.",
  ],
  unsubscribe_request: [
    "Please take me off your text message list. Thank you.",
    "I no longer live at the address you have on file, please update it or remove me.",
  ],
  one_word: ["Hours?", "Open?", "Urgent", "Booking?", "Thanks", "@es Gracias", "@fr Merci"],
  short_callback: [
    "ring me when u can",
    "is this still available",
    "how much",
    "can i book for tomorrow",
    "@de wann habt ihr offen?",
  ],
  press_inquiry: [
    "I'm a student making a short documentary about local bakeries for my college course. Could I film in the shop for 15 minutes?",
  ],
  job_application: [
    "Hello, do you need seasonal staff for Christmas? I've worked in retail for three years.",
  ],
  community_partnership_local: [
    "The library is hosting a local makers' day in May. Would you like a free table to show your work?",
  ],
  wedding_photography: [
    "We're renewing our vows for our 25th anniversary. Would you photograph a small ceremony in our garden?",
    "Do you offer pet photography? Our old dog is 14 and we'd love some nice pictures of him.",
  ],
  reservation_hotel: [
    "Is your hotel accessible for wheelchair users? My mother uses one.",
    "We arrive late on Friday, around midnight. Is the reception still open?",
  ],
  billing_invoice: [
    "Hi, I think I was charged for a session I cancelled 48 hours in advance. Could you check?",
    "Could you send the receipt again? I can't find the original email.",
  ],
  mentions_crypto: [
    "My son wants a bitcoin-themed birthday cake for his 16th - gold coins, the logo, that kind of thing. Is that something you could do?",
  ],
  mentions_loan: [
    "We're waiting for our car loan to be approved - can you hold the blue Octavia for us until Friday?",
  ],
  mentions_casino: [
    "We're staying at the casino hotel next weekend. Do you offer shuttle service from there to your restaurant?",
  ],
  mentions_pharmacy: [
    "Hi, do you deliver prescriptions for elderly customers? My neighbour can't get to the pharmacy anymore.",
  ],
  mentions_seo: [
    "Our shop's website is slow and we hardly get any visitors from Google. Could you rebuild it and take care of the basic SEO? We're a florist with two staff.",
    "Hi, we're a small law firm and our site doesn't show up when people search for us by name. Is that an SEO problem you could fix, and what would it cost?",
    "We need a new website for our guesthouse. It should work on phones, take bookings and be easy to find on Google. What do you charge?",
    "Our old web developer retired. We need someone to maintain our site, update the content now and then and keep our Google ranking. Do you take on small clients?",
    "I run a dog grooming business and I'm hopeless with computers. Could you set up my Google listing and a simple one-page site so customers can find me?",
    "@es Hola, tenemos una clínica pequeña y nuestra web no aparece en Google. ¿Podrían ayudarnos con el posicionamiento? ¿Cuánto costaría?",
  ],
  mentions_dating: [
    "My daughter is going on her first date and wants her hair done. Could you fit her in on Friday after school?",
  ],
};
