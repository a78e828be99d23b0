/**
 * Further wordings of the commonest kinds: outreach pitches say the same
 * thing a hundred ways, and so do customers. More texts per kind teach the
 * model what a kind is rather than one author's phrasing.
 */
export const MORE_WORDINGS: Record<string, string[]> = {
  guest_post: [
    "Hey there, I run a small blog about {topic_a} and I'd love to swap guest posts with {site}. I write yours, you write mine, both get a link. Fair deal?",
    "We're building links for a client in the home services niche and {site} is on our shortlist. Can we contribute an article? Happy to cover any editorial fee.",
    "Quick one: what do you charge for a sponsored article on your blog? Looking for a 12-month placement, one link, no 'sponsored' tag if possible.",
    "Hi, I'm an editor at a digital publication. We'd like to feature a resource from {site} in our next roundup, and in exchange we'd love a mention in one of your posts. Let me know!",
    "I noticed one of the links on your resources page is broken. I've written an updated guide on the same topic that would make a great replacement. Want me to send the link?",
  ],
  partnership: [
    "I'd love to explore a revenue share with {site}: you refer customers to our platform, we pay you 20% of every booking for life. Takes 2 minutes to set up.",
    "We work with {biz}s across the country and think there's a natural fit between our audiences. Could we set up a call to talk about a joint promotion?",
    "Hi! I'm reaching out on behalf of a fast-growing DTC brand. We'd like to sponsor your newsletter or social channels. What are your rates?",
    "Would {site} be interested in becoming a reseller? Generous margins, marketing materials provided, no minimum order.",
  ],
  lead_lists: [
    "Hi, are you looking to reach more {biz}s or homeowners in {city}? I can send you a targeted list with emails and phone numbers, GDPR-compliant. Pricing starts at $0.05 per contact.",
    "Just checking - would you like a sample of our updated database of decision makers in your sector? We refresh it monthly and guarantee 95% deliverability.",
    "We can deliver 300 warm B2B leads a month straight to your CRM. Interested in a free trial week?",
    "Hi there, do you currently use LinkedIn for prospecting? We run done-for-you outreach campaigns that book calls with your ideal clients.",
  ],
  staffing: [
    "Need a hand with admin? Our remote assistants can answer your emails, update your website and manage your calendar from $6/hour. Want to meet a candidate this week?",
    "We provide white-label web development for agencies: WordPress, Shopify and custom builds at wholesale rates. Would you like our rate card?",
    "Are you struggling to find reliable staff? We recruit and manage a dedicated offshore team for you, starting at a fraction of local costs.",
    "Hi, we're a Ukrainian software house with 80 engineers. If you ever need extra development capacity, we'd be glad to help. Can I send our portfolio?",
  ],
  business_funding: [
    "Congratulations, your business has been selected for our small business growth fund. Up to $150,000 available with flexible repayment. Reply to check eligibility.",
    "Hi, do you have any plans to expand or buy new equipment this year? We fund {biz}s in 24-48 hours, even with imperfect credit.",
    "We're offering interest-free working capital to selected local businesses this month. Would {site} like to apply?",
  ],
  ai_receptionist: [
    "Hi, your competitors are answering enquiries in seconds with AI. We'll set up a 24/7 AI agent on {site} that replies to every visitor and books them in. Can I show you?",
    "Missed calls are missed revenue. Our AI phone agent answers in your business name, takes messages and books appointments. Free setup this month.",
    "We build custom GPT assistants for small businesses that handle FAQs, quotes and follow-ups automatically. Would a quick demo on Zoom work for you?",
    "I noticed {site} doesn't have live chat. Visitors leave without contacting you. We can add an AI chat assistant for $49/month, installed in minutes.",
  ],
  tax_credits: [
    "Many {biz}s are still eligible for government tax credits they've never claimed. We handle the paperwork and only charge a percentage of what we recover. Want a free check?",
    "Our firm helped 4,000 small businesses claim $1.2 billion in payroll tax credits. Would you like to know if you qualify? It takes 5 minutes.",
    "Hello, the IRS is still paying out the Employee Retention Credit for eligible businesses. Let our CPAs review your case at no cost.",
  ],
  business_buyer: [
    "Hi, I represent a group of investors who acquire {biz}s in {city}. If you've considered selling in the next 1-3 years, I'd love to introduce myself.",
    "I'm looking to buy a business like yours and keep it running as it is. Would you be open to a confidential chat about a possible sale?",
    "Have you thought about succession planning? We help owners sell their business for the best price. Free, confidential valuation.",
  ],
  reviews: [
    "Want more 5-star reviews on Google? Our smart QR stands and text requests get your happy customers reviewing you in seconds. Try it free for 30 days.",
    "We can increase your Google rating within 2 weeks. Safe, natural reviews from real local profiles. Packages from $99.",
    "Hi, I saw a few negative reviews on your Google listing. We specialise in online reputation repair - want to hear how we can help?",
  ],
  video_pitch: [
    "Do you have a video on your homepage? Sites with a video convert much better. We produce 60-second brand videos for {biz}s, script to final cut, for a flat fee.",
    "Hi, I'm a freelance videographer. I'd love to create short promo clips for your social media. I can send a few samples if you're interested.",
    "We turn your customer reviews into animated video testimonials for ads and social. First video free for new clients.",
  ],
  podcast_pitch: [
    "Hi, I'm a booking agent for entrepreneurs. My client runs a successful {biz} chain and would make a great guest for any business podcast you host or know of.",
    "You've been nominated for our '2024 Best {biz}s in {city}' award! To be included in the winners' feature, please confirm your listing and the publication fee.",
    "Would you like to be featured in a magazine article about leaders in your industry? We'll interview you and publish the story with a backlink. Packages start at $297.",
  ],
  seo_pitch: [
    "Hello, I can help {site} get more traffic from Google. I offer on-page SEO, technical fixes and link building, with monthly reports. Can I send you my proposal?",
    "I searched for '{biz} near me' and couldn't find {site} in the first three pages. That's a lot of lost customers. I'd love to help you fix that.",
    "We specialise in local SEO and Google Maps ranking for {biz}s. Most of our clients reach the top 3 within 60 days. Would you like a free strategy call?",
    "Your website has good content but weak backlinks. I can build 50 high-authority links from real websites this month. Interested?",
    "Hi {site} team, are you happy with how many leads your website brings in? I ran a free audit and found some quick wins. Should I send it over?",
    "SEO tip for {site}: your title tags are missing keywords and your pages load slowly. I fix these issues for a one-time fee. Reply if you'd like details.",
  ],
  web_design_pitch: [
    "Hi, I'm a freelance web developer. I noticed your site isn't using HTTPS on every page and the contact form looks broken on mobile. I can fix both this week if you like.",
    "We rebuild outdated websites into fast, modern ones that rank better and convert more. Fixed price, 2-week delivery, 1 year of free support. Want a quote?",
    "Your homepage takes 9 seconds to load on mobile. Most visitors leave after 3. I can speed it up - shall I send you a short video audit?",
    "Hello, does {site} need an online store? We set up Shopify and WooCommerce shops with payment, shipping and inventory, ready to sell in 7 days.",
  ],
  social_media_pitch: [
    "Hey, I love what you're doing with {site}! Your Instagram could be getting a lot more engagement though. I'd be happy to create 3 free posts to show you what I mean.",
    "We help {biz}s go viral on TikTok. Our creators make authentic videos about your business. Starting at $500/month.",
    "I'm a UGC creator and I'd love to make content for your brand. Here's my rate card and portfolio. Let me know if you're interested!",
  ],
  app_saas_pitch: [
    "Are you still sending invoices by hand? Our app automates quotes, invoices and payment reminders for {biz}s. Start your free trial today.",
    "Hi, we've built a loyalty app that brings customers back 2x more often. No hardware needed. Can I send you a short demo video?",
    "Tired of no-shows? Our automated SMS reminders cut missed appointments by 70%. First month free for new customers.",
  ],
  security_scare: [
    "Hello, I was browsing {site} and found that your admin login page is publicly accessible and allows unlimited attempts. This is a serious risk. I can share a report if you offer a reward.",
    "Your website's SSL certificate is about to expire and your WordPress plugins are 14 versions behind. We offer a full security hardening package for $299.",
    "Hi, your website may be leaking customer data. I found an exposed backup file. Contact me for details before someone else finds it.",
  ],
  domain_listing_scam: [
    "Important notice regarding {site}: your domain is listed for expiration in our system. Secure your registration now to avoid losing your website: {url}",
    "Dear domain owner, we received an application to register '{site_label}' as a brand name in several Asian domain extensions. Please reply to confirm if this company is your partner.",
  ],
  phishing_business_profile: [
    "Hello, this is Meta Support. Your page has been flagged for copyright infringement. To avoid permanent removal, verify your page ownership within 24 hours: {url}",
    "Google Business Profile notice: Your listing for {site} was reported as closed. Confirm your business is still operating to keep it visible: {url}",
  ],
  phishing_copyright: [
    "Hello, my name is {first} and I'm a photographer. I found several of my photos on {site} used without permission. The list of images and the licence details are here: {url} Please contact me to resolve this.",
    "Dear site owner, an image on your website is protected by copyright. You must pay a licence fee or remove it. Evidence: {url}",
  ],
  phishing_purchase_order: [
    "Hello, we would like to purchase your products in bulk. Kindly check our order details via the link and send your quotation: {url}",
    "Dear supplier, please confirm receipt of the attached order and advise the delivery date. Order file: {url}",
  ],
  factory_supplier: [
    "Hi, nice to meet you. We are a manufacturer of custom enamel pins, keychains and medals. Low MOQ, free design. Could you tell me your requirements?",
    "Dear friend, we produce eco-friendly bamboo tableware with your logo. Sample in 7 days. May I send our price list?",
  ],
  contact_form_blast: [
    "Wanted to share something: I can get your promo message in front of millions of business owners just like I got this one in front of you. Interested? Reply for prices.",
    "Hello. This is a test of our contact form advertising. If you can read this, your ad can reach 1 million websites for $99.",
  ],
  dating: [
    "hi! i'm Mila, 23. i'm new in your city and i'm looking for someone to show me around 😊 my profile: {url}",
    "Beautiful women from Eastern Europe are waiting to meet you. Start chatting for free: {url}",
  ],
  forex: [
    "I'm an account manager with a regulated trading platform. With a deposit of only $250 you can start earning weekly profits. Shall I call you?",
  ],
  crypto: [
    "Exclusive presale: the next 100x token launches Friday. Whitelist spots are limited. Join here: {url}",
  ],
  loans: [
    "Get a same-day loan up to $3,000 with no credit check. Money in your account in minutes. Apply now: {url}",
  ],
  messenger_handoff: [
    "Hi, I have some questions about your services. It's easier for me on WhatsApp: {whatsapp}. Please message me there.",
  ],
  keyword_stuffing: [
    "best plumber near me emergency plumber 24 hour plumber cheap plumber plumbing services near me local plumber",
    "dentist near me best dentist cosmetic dentist teeth whitening near me emergency dentist cheap dental implants",
  ],
  // Legitimate.
  appointment_booking: [
    "Hello, I'd like to bring my cat in for her annual check-up. She's 12 and a bit nervous. Any time next week is fine.",
    "Is it possible to book two back-to-back appointments for me and my partner on Saturday?",
    "Hi, I'm a new client. What's the earliest you could fit me in for a consultation?",
    "Do you do evening appointments? I work 9-5.",
    "I have an appointment on Thursday at 10 but I'm sick, can we move it to next week?",
  ],
  quote_request: [
    "We have a leaking flat roof on our garage, about 20 square metres. Could you come and have a look and give us a price?",
    "Hi, how much would it cost to replace 6 windows in a 1930s semi? We'd like double glazing.",
    "Looking for someone to build a small deck in the back garden, roughly 4m x 3m. What would you charge?",
    "Could you quote to paint the outside of our house? Two storeys, rendered walls.",
    "Need a price for removing an old shed and taking the rubbish away. We're in {city}.",
  ],
  product_question: [
    "Are your candles made with soy wax? And are the scents natural?",
    "Can I order this as a gift and have it sent directly to my mother with a note?",
    "Is there a warranty on the coffee grinder? Mine stopped working after 8 months.",
    "Do you have this in a larger size for a king bed?",
    "Hi, is the dog harness suitable for a 30kg dog?",
  ],
  order_problem: [
    "My parcel says delivered but it's not here. I've checked with the neighbours. What can we do?",
    "I received someone else's order by mistake. How do I send it back?",
    "The size I ordered was out of stock but you charged me anyway. Please refund.",
  ],
  job_application: [
    "Hi, I'm interested in the weekend kitchen porter job. I'm 17 and this would be my first job but I'm very hard working.",
    "I'm a trained florist relocating to the area in spring. Please keep me in mind if you need help for weddings or Valentine's Day.",
  ],
  event_catering: [
    "Could you cater a buffet lunch for 35 people at our office on the 14th? Mostly sandwiches and salads, a few vegan options.",
    "We'd like to book your upstairs room for a book club evening once a month. Is there a minimum spend?",
  ],
  compliment_feedback: [
    "Your shop is a gem. The staff recommended a book I'd never have picked and I loved it.",
    "Just a note to say the delivery driver was incredibly kind to my elderly father today. Please pass on our thanks.",
  ],
  press_inquiry: [
    "I'm writing a feature for a regional magazine about women-led businesses. Would you be willing to answer five questions by email this week?",
  ],
  wholesale_inquiry: [
    "We run a small hotel and would like to put your soaps in the guest rooms. Do you do trade prices for about 300 bars a month?",
    "Hello, I own a gift shop in {city}. Could you send your wholesale catalogue and minimum order amounts?",
  ],
  several_links: [
    "Hi, I'd like to order these three items: {ownlink} , {ownlink} and {ownlink}. Can I collect them on Friday?",
    "Here are the wedding venues we're deciding between: {myurl} and {pressurl}. Have you worked at either?",
  ],
  website_field_customer: [
    "Hello, we're a small brewery and want to sell our beer at your shop. Our details and range are on our website. Could we drop off samples?",
    "We'd like you to cater our launch party in June. Details about us are on the site above.",
  ],
  saas_support: [
    "Hi, I was charged for the Pro plan but my account still shows Free. Can you check?",
    "Is there a way to export all my data before I cancel? I'd like to keep my notes.",
    "The mobile app crashes when I open the settings page on Android 14.",
  ],
  real_estate: [
    "Hi, we're interested in the flat on Station Road. Is the landlord open to a 6-month lease?",
  ],
  education_course: [
    "Do you offer adult beginner swimming lessons? I never learned as a child and I'd like to start.",
  ],
  legal_medical_inquiry: [
    "I was in a minor car accident and the other driver's insurer isn't responding. Is that something you help with?",
  ],
  site_issue_report: [
    "The contact page says you're open Sundays but Google says closed. Which is right?",
    "Your newsletter sign-up gives an error 'invalid email' for my address which is definitely valid.",
  ],
};
