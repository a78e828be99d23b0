/**
 * A further batch of wordings: the spam kinds that rules let through most
 * (polite pitches, phishing notices, offers of money, pills and dates, bot
 * templates) and everyday customer messages.
 */
export const EXTRA_TEXTS: Record<string, string[]> = {
  ai_receptionist: [
    "Hi, do you ever lose customers because nobody picks up after 5pm? We give {biz}s a voice AI that answers, quotes and books 24/7. Businesses in {city} are using it already. Worth a look?",
    "Your website visitors have questions at 11pm. Our AI assistant answers them and collects leads while you sleep. I set it up for free if you'd like to try it.",
  ],
  staffing: [
    "Hello, we supply trained cleaners, drivers and warehouse workers on short notice. No agency fees for the first placement. Do you have any roles to fill?",
    "Would outsourcing your customer support save you money? Our English-speaking team covers chat, email and phone from $9/hour.",
  ],
  business_funding: [
    "Short on cash flow? We can advance your outstanding invoices within 24 hours. No credit checks, flexible terms. Can I send you a quote?",
    "Hi, I work with an SBA lender who is approving loans for {biz}s this month at great rates. What's the best time for a 5-minute call?",
  ],
  tax_credits: [
    "Quick question: has your accountant checked whether {site} qualifies for the R&D tax credit? Most don't. We recover an average of $48,000 per client, contingency fee only.",
  ],
  business_buyer: [
    "Hello, I'm a buyer for a group that acquires profitable local businesses. Yours fits our criteria. If you ever consider selling, I'd value a short confidential conversation.",
  ],
  video_pitch: [
    "We make professional product videos for online shops: 5 videos for $299, delivered in a week. Want to see samples?",
  ],
  podcast_pitch: [
    "Hi, I host a top-100 business podcast and I'm looking for inspiring founders to interview. There's a small production fee to be featured. Interested in a spot next month?",
  ],
  reviews: [
    "Hello, we can help you get 100 positive Google reviews this month. Each one from a real local profile. Payment after delivery. WhatsApp {whatsapp}",
  ],
  lead_lists: [
    "We have verified email lists of restaurant owners, dentists, lawyers, contractors and more across the USA. Would you like a sample of 100 contacts for your niche?",
  ],
  guest_post: [
    "Hello, we are interested in publishing articles on {site}. Kindly share your rates for a guest post and for a link insertion in an existing article. We pay via PayPal.",
  ],
  partnership: [
    "Hi, I'm {first}, and I help brands like yours expand into new markets through strategic partnerships. Could we schedule a quick call to explore synergies?",
  ],
  seo_pitch: [
    "Hello Sir/Madam, I am SEO expert. I can rank your website on Google 1st page with white hat SEO techniques. I have 7 years experience. Please reply for my price list.",
    "Hi, I checked {site} with our SEO tool: score 42/100. The main problems are missing backlinks and slow speed. We can fix them for {price}/month. Reply YES for the full report.",
  ],
  web_design_pitch: [
    "Hi, I noticed that {site} isn't loading correctly on mobile. I'm a web developer and I can fix this quickly at an affordable price. Would you like me to take a look?",
    "Dear owner, we offer website maintenance, redesign and hosting in one monthly plan from $79. Your current site has several outdated plugins. Shall I send an offer?",
  ],
  phishing_business_profile: [
    "IMPORTANT: Your business listing violates our terms. To avoid deactivation, please log in and confirm your identity at the link below within 12 hours: {url}",
    "We have received a complaint about your business page. Review the complaint and submit your response here: {url} Failure to respond will result in restrictions.",
  ],
  phishing_copyright: [
    "Hello, this is a formal notice of copyright infringement. Images from my portfolio appear on your website without a licence. Download the evidence and claim letter: {url}",
  ],
  phishing_purchase_order: [
    "Good day, kindly see the attached purchase order for your review and confirm the availability of the items. Open order file: {url}",
  ],
  dating: [
    "Hey cutie 😘 I found your contact online. Do you want to chat with me tonight? Here's my page: {url}",
    "Meet real women tonight. No fake profiles, 100% discreet. Sign up free: {url}",
  ],
  pharma: [
    "Order Xanax, Valium, Oxycodone and Adderall online without prescription. Fast delivery, best prices, bitcoin accepted. {url}",
    "Erectile dysfunction? Try our generic pills, 90% cheaper than the brand. Ships worldwide in plain packaging. {url}",
  ],
  forex: [
    "Are you tired of your 9 to 5? I trade forex with a proven strategy and I'm taking on 5 students this month. Guaranteed returns of 15% weekly. DM me on WhatsApp {whatsapp}",
    "Make money online with copy trading: simply copy the trades of our expert and earn daily profits. Minimum $200. {url}",
  ],
  crypto: [
    "Hello, I want to introduce you to a new cryptocurrency platform paying 2.5% daily. My profit last week was $3,400. Register with my link: {url}",
    "FREE 0.5 BTC giveaway for the first 1000 participants. Send 0.01 BTC for verification and receive 0.5 BTC back: {url}",
  ],
  loans: [
    "Do you need a loan to pay off your bills or to start a new business? We give out loans at 3% interest rate. Contact us now via email {free_email}",
    "Instant personal loans up to $10,000, approval in minutes, funds today. No credit check. {url}",
  ],
  spintax_template: [
    "{Hey|Hi|Hello} {there|friend|buddy}! {Are you|Is your business} {looking for|in need of} {more clients|new customers|more leads}? {We can help|Let us help}!",
    "Hi [Recipient Name], I came across [Company] and was impressed by [specific detail]. I'd love to discuss how we can help [Company] achieve [goal].",
    "Hello {{name}}, hope all is well at {{company}}. I wanted to reach out about {{offer}}. Best, {{sender}}",
  ],
  keyword_stuffing: [
    "web design company web design agency best web design affordable web design small business web design web design services near me",
    "buy cheap cialis online cialis without prescription generic cialis best price cialis 20mg cialis online pharmacy",
    "moving company movers near me cheap movers local movers long distance moving company best movers",
  ],
  cyrillic_link_spam: [
    "Скачать фильмы бесплатно в хорошем качестве без регистрации и смс: {url}",
    "Продажа аккаунтов, базы для рассылок, софт для продвижения. Всё здесь: {url}",
    "Поздравляем! Ваш номер выиграл приз. Чтобы получить, перейдите: {url}",
  ],
  chinese_link_spam: [
    "专业刷单，淘宝京东好评，价格便宜，联系：{whatsapp} {url}",
    "高仿名牌包包，一比一复刻，支持验货：{url}",
    "代办各类证件，学历认证，加急办理：{url}",
  ],
  link_drop: [
    "Hello! Good info here {url} Thanks!!",
    "Very good post, i like it. {url} {url}",
  ],
  advance_fee: [
    "Dear Sir, I am contacting you on behalf of a client who wishes to invest $20 million in your country in real estate or any profitable business. You will be our local manager with 10% commission.",
  ],
  // Legitimate.
  appointment_booking: [
    "Hi there, could I book a trim for my son (he's 7) on Saturday morning? Anytime before 12 works.",
    "I'd like a consultation about laser treatment. Do you have anything on a Wednesday afternoon?",
    "@es Buenas, ¿se puede pedir cita para una limpieza dental este mes? Trabajo por las mañanas.",
    "@ru Здравствуйте, можно записать собаку на стрижку в субботу утром? Порода шпиц.",
  ],
  quote_request: [
    "Hi, we need a quote for an extension to our kitchen, about 15 square metres. Plans are drawn already. When could you come and look?",
    "Can you give me a price for a deep clean of a 3-bed house after tenants moved out?",
    "@de Guten Tag, was kostet ungefähr eine neue Haustür inklusive Einbau? Maße 1 x 2,10 m.",
    "@fr Bonjour, pouvez-vous me faire un devis pour la pose d'un parquet dans un salon de 30 m² ?",
  ],
  product_question: [
    "Does the blue teapot come with a strainer? The photo isn't clear.",
    "Is your chocolate suitable for vegans? My daughter has a milk allergy.",
    "@pl Czy ta kurtka jest wodoodporna? Planuję wyjazd w góry.",
    "@it Salve, il maglione è in lana merino al 100%? Grazie.",
  ],
  order_problem: [
    "I paid for express delivery and it took 9 days. Can I get the shipping cost refunded?",
    "@pt Olá, recebi o produto errado no meu pedido {order}. Como faço a troca?",
  ],
  angry_complaint: [
    "This is ridiculous. I've emailed four times about my broken order and NOBODY has replied. Fix this or I'm going to Trading Standards.",
    "YOU CANCELLED OUR TABLE WITHOUT TELLING US. WE DROVE AN HOUR. DISGRACEFUL.",
  ],
  compliment_feedback: [
    "Thank you for squeezing me in yesterday, my tooth feels so much better!",
    "@ar شكراً جزيلاً على الخدمة الممتازة، سنعود بالتأكيد.",
  ],
  reservation_hotel: [
    "Hi, do you have a family room for 2 adults and 2 kids for the first week of August?",
    "@pt Olá, vocês têm quarto disponível para o feriado de novembro? Somos um casal.",
  ],
  event_catering: [
    "We're hosting a christening lunch for 40 people. Could you do a buffet at our church hall?",
  ],
  saas_support: [
    "Our team can't see the new reports tab. Is it only on the Business plan?",
    "@fr Bonjour, je n'arrive plus à me connecter à l'application depuis la mise à jour. Pouvez-vous m'aider ?",
  ],
  foreign_language_customer: [
    "@ar مرحباً، هل لديكم خدمة توصيل إلى المنزل؟ وكم تكلفة التوصيل؟",
    "@zh 你好，我上周在你们店里买了一件外套，可以换大一号吗？",
    "@ja すみません、キャンセルの締め切りはいつまでですか？",
    "@ru Добрый день! Подскажите, пожалуйста, можно ли оплатить картой при доставке?",
    "@pl Dzień dobry, czy realizują Państwo zamówienia na telefon?",
    "@pt Bom dia, qual é o prazo de entrega para Porto Alegre?",
  ],
};
