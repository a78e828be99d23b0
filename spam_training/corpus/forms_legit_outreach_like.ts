/**
 * Legitimate messages that read like outreach, the form model's false
 * positives by kind (docs/spam.md): journalists and students, job seekers,
 * customers asking an agency for SEO or marketing. Written from the kinds'
 * names only (no held-out item was looked at).
 */
export const OUTREACH_LEGIT: Record<string, string[]> = {
  press_inquiry: [
    "Hi, I'm a reporter at the {city} Gazette. We're writing about independent {biz}s for our weekend edition. Could I call you tomorrow for ten minutes?",
    "Hello, I host a small local radio show on Sunday mornings. Would you come on and talk about how you started the business? It's live but very relaxed.",
    "I'm an editor at a regional food magazine. We'd love to include you in our autumn guide. Could you send two photos and a short description?",
    "Good morning, I'm a journalism student. For my final project I'm interviewing owners of small {biz}s about the last five years. Would you have 20 minutes next week?",
    "@de Guten Tag, ich schreibe für die Lokalzeitung einen Artikel über Familienbetriebe in {city}. Hätten Sie Zeit für ein kurzes Gespräch am Telefon?",
    "@es Hola, soy periodista de una revista local y preparo un reportaje sobre comercios de barrio. ¿Podría hacerle unas preguntas por teléfono esta semana?",
    "@fr Bonjour, je suis journaliste pour le journal régional et je prépare un article sur les artisans de {city}. Seriez-vous disponible pour un court entretien ?",
    "We're a student newspaper and one of our readers recommended your shop. Could we take a photo of the front and ask you three questions for a short piece?",
  ],
  job_application: [
    "Hi, I saw the 'staff wanted' sign in your window. I have two years of experience as a barista and can work weekends. Should I bring my CV in person?",
    "Hello, I'm writing about the receptionist job on your website. I attach nothing here because the form doesn't allow it, but I can email my CV. Who should I send it to?",
    "Good afternoon, I'm a qualified electrician moving to {city} next month. Are you hiring? I have my own tools and a clean driving licence.",
    "Hi there, I'm a graphic design graduate and I love your brand. Do you ever take interns or junior designers? I'd be happy to show my portfolio.",
    "@de Hallo, ich suche eine Ausbildungsstelle als Konditorin ab September. Nehmen Sie dieses Jahr Auszubildende? Über eine Antwort würde ich mich freuen.",
    "@es Buenas tardes, vi que buscan camarero para el verano. Tengo experiencia en hostelería y disponibilidad completa. ¿Dónde puedo dejar mi currículum?",
    "@pl Dzień dobry, czy szukają Państwo pracownika na pół etatu? Mam doświadczenie w sprzedaży i mogę zacząć od zaraz.",
    "I'm a nurse looking to return to work after maternity leave. Do you have any part-time positions at the clinic, mornings only?",
  ],
  mentions_seo: [
    "Hi, you built our website last year. Since then we've dropped off the first page of Google for '{product}'. Is that something you can look at, and what would it cost?",
    "We're a small {biz} and know nothing about marketing. Could you explain what your monthly SEO package includes before we sign anything?",
    "Hello, our online shop gets visitors but nobody buys. Do you do audits of product pages and checkout? We'd pay for a one-off review.",
    "Can you add our opening hours and address to Google properly? Customers keep saying the map shows the wrong place.",
    "@de Hallo, wir haben eine kleine Praxis und möchten, dass man uns bei Google besser findet. Bieten Sie so etwas an und was kostet das ungefähr?",
    "I'd like a quote for social media management for our {biz}: two posts a week on Instagram and Facebook. We have photos already.",
  ],
};
