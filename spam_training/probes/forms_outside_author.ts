/**
 * The outside-author probe: 240 literal form submissions (120 spam, 120 legitimate)
 * written fresh by a new author, without reading the training corpus or the
 * earlier probes, to estimate the forms figure on data the project never saw.
 * Measurement only: never trained, tuned or calibrated on (it is not part of
 * buildFormCorpus). Each row is one submission as a WordPress plugin or a
 * custom form would post it to `POST /api/v1/forms/submit`: Contact Form 7
 * (`your-name`...), WPForms and Gravity Forms (forwarded under their field
 * labels), Elementor (`form_fields[...]`), custom HTML forms; with the
 * visitor's IP, user agent and referrer. `{domain}` in a text is the target
 * site's domain. Scored by spam_training/probes/forms_outside_check.ts.
 *
 * Long file: one literal data set (240 rows); split across files it would no
 * longer read as one probe.
 */
import type { Label } from "../corpus/forms_kinds.ts";

export type OutsideFormShape = "cf7" | "wpf" | "gf" | "el" | "custom";

export type OutsideFormExtra = {
  subject?: string;
  phone?: string;
  company?: string;
  website?: string;
  /** A hidden field under a name of the site's own, and what a bot put in it. */
  hp?: [string, string];
  /** The visitor's IP (default: one of its own per row). */
  ip?: string;
  /** The user agent (default: picked per row). */
  ua?: string;
  /** The referrer (default: picked per row); null for none. */
  ref?: string | null;
  /** Only the email field (a newsletter sign-up). */
  only?: boolean;
};

type Row = [
  kind: string,
  shape: OutsideFormShape,
  site: keyof typeof SITES,
  name: string,
  email: string,
  message: string,
  extra?: OutsideFormExtra,
];

export type OutsideFormItem = {
  /** `probe8/<label>/<n>`. */
  id: string;
  kind: string;
  label: Label;
  shape: OutsideFormShape;
  /** The target site's domain (one fresh site each in the service). */
  site: string;
  /** The body as POSTed to forms/submit. */
  body: {
    form_id: number;
    form_name: string;
    fields: Record<string, string>;
    visitor: { ip: string; user_agent: string | null; referrer: string | null };
  };
};

/** The target sites: English small businesses, and one per other language. */
export const SITES = {
  den: "oakhill-dental.com",
  plu: "riverside-plumbing.co.uk",
  bak: "bramble-bakery.com",
  law: "hartley-law.com",
  inn: "seaview-guesthouse.co.uk",
  shop: "nordic-linen-shop.com",
  ven: "the-old-mill-venue.com",
  de: "tischlerei-brandt.de",
  es: "fisioterapia-luz.es",
  fr: "boulangerie-martin.fr",
  ja: "yamato-seikotsuin.jp",
  pl: "salon-ewa.pl",
  pt: "pousada-do-mar.pt",
  br: "oficina-silva.com.br",
  zh: "hongfu-tea.cn",
  ru: "stroy-master.ru",
  ar: "alwaha-clinic.ae",
} as const;

// deno-fmt-ignore
const SPAM: Row[] = [
  // Polite B2B outreach.
  ["outreach_guest_post", "cf7", "bak", "Sophia Turner", "sophia.turner.outreach@gmail.com", "Hi there,\n\nI came across {domain} while researching baking blogs and really enjoyed your recent posts. I'd love to contribute a high-quality, 100% original guest article to your site. Topics I have in mind:\n\n- 7 Easy Sourdough Mistakes Beginners Make\n- How to Store Bread So It Stays Fresh Longer\n\nIn return I'd just ask for one do-follow link to a relevant resource within the article. Are you open to guest contributions? If you have a fee for sponsored posts, please let me know.\n\nBest regards,\nSophia", { subject: "Guest post collaboration" }],
  ["outreach_guest_post", "wpf", "den", "Mark Ellison", "mark@contentreachhq.com", "Hello team, we are a content marketing agency working with brands in the health niche. We're looking for sites like yours to publish sponsored articles. Our budget is $80-$150 per post depending on your DA and traffic. The articles are written by our writers and include 1-2 contextual links. Could you share your price list and guidelines?\n\nKind regards,\nMark Ellison\nOutreach Manager"],
  ["outreach_guest_post", "gf", "law", "Priya Nair", "priya.nair@linkcraftmedia.net", "Dear Editor,\n\nI hope this email finds you well. I'm Priya from LinkCraft Media. We would like to buy a link insertion in one of your existing articles on {domain}. The anchor text would be 'personal injury lawyer near me' and we are ready to pay via PayPal in advance. Let me know the cost for a permanent link.\n\nThanks & regards"],
  ["outreach_guest_post", "custom", "inn", "Daniel", "daniel.writes.blog@outlook.com", "Hey! Big fan of your blog. I'm a freelance travel writer and would love to write a free article for you about hidden gems in the area. All I'd need is a short author bio with a link back to my site. Interested? Cheers, Dan"],
  ["outreach_guest_post", "el", "shop", "Emily Carter", "emily@guestpostingpros.org", "Hi, are you accepting guest posts on {domain}? We have a few clients in home decor and lifestyle who would love to be featured. We pay $60 per published post, payment within 24 hours. Please reply with your rates, whether you mark posts as sponsored, and some traffic screenshots.\n\nRegards, Emily | Guest Posting Pros"],
  ["outreach_partnership", "cf7", "ven", "James Whitaker", "james.whitaker@brightpathpartners.co", "Hi, my name is James and I run partnerships at BrightPath. We work with venues like yours to bring in corporate bookings on a revenue-share basis, no upfront cost. Several venues in your area have added 20-30% more weekday events with us. Would you be open to a quick 15-minute call this week to see if it's a fit?\n\nBest,\nJames", { subject: "Partnership opportunity" }],
  ["outreach_partnership", "wpf", "plu", "Olivia Brooks", "olivia@homeproconnect.io", "Hello! I'm reaching out because we're expanding our network of trusted plumbing partners. HomePro Connect sends pre-qualified homeowner leads directly to your phone, and you only pay for the jobs you accept. Would love to set up a brief intro call. What does your availability look like on Thursday or Friday?\n\nWarmly,\nOlivia Brooks\nPartner Success"],
  ["outreach_partnership", "gf", "den", "Ryan Mitchell", "r.mitchell@smilealliance-network.com", "Hi Doctor, we are building a referral alliance of independent dental practices and I thought your practice would be a great fit. Members get access to group pricing on supplies and shared patient referrals. Can I send over a short deck? Thanks, Ryan"],
  ["outreach_lead_lists", "cf7", "law", "Grace Lee", "grace.lee@b2bdatasolutions.co", "Hi,\n\nWould you be interested in acquiring an email list of Attorneys/Law firms in the United States? We have 45,000 verified contacts with name, title, email, phone, firm size and practice area.\n\nWe can also provide a list of people who were in a car accident in the last 90 days.\n\nLet me know your target criteria and I'll send counts and pricing.\n\nRegards,\nGrace Lee\nMarketing Executive\n\nIf you don't want to hear from me again, please reply 'Unsubscribe'."],
  ["outreach_lead_lists", "wpf", "shop", "Nathan Cole", "nathan.cole@leadsprout.net", "Hello, I hope you're doing well. We provide verified B2B contact lists tailored to your ideal customer profile: retailers, distributors, boutique owners, e-commerce decision makers. 95% deliverability guaranteed. Sample of 100 contacts free. Shall I share the sample for your review? Thanks, Nathan"],
  ["outreach_lead_lists", "el", "ven", "Hannah Price", "hannah@eventattendeelists.com", "Hi,\n\nGreetings of the day!\n\nWould you be interested in the Attendees list of Wedding & Event Expo 2025? Total 12,480 verified attendees with contact details.\n\nPlease let me know if you are interested, I can share pricing & additional details.\n\nRegards,\nHannah Price\nLead Generation Specialist"],
  ["outreach_lead_lists", "custom", "den", "Laura Bennett", "laura.bennett@medicaldatahub.us", "Hi, I wanted to check if you are interested in our Dentists and Dental Clinics email list for your marketing campaigns. We cover USA, Canada, UK and Australia with opt-in contacts. Please share your target geography and I will get back with counts, cost and samples. Awaiting your response."],
  ["outreach_staffing", "cf7", "law", "Mia Santos", "mia.santos@remotestaffph.com", "Hi there! Are you spending too much time on admin work? We provide experienced virtual assistants from the Philippines for only $8/hour: email management, scheduling, bookkeeping, customer support and social media. No long-term contracts. Would you like a free 1-week trial? Best, Mia"],
  ["outreach_staffing", "gf", "plu", "Kevin Walsh", "kevin@dispatchstaffing.pro", "Hello, do you need help answering calls and booking jobs? Our trained dispatchers work as an extension of your team 24/7 for a fraction of the cost of an in-house hire. Plumbing companies we work with book 30% more jobs. Can we schedule a 10 min call?\n\nKevin Walsh\nBusiness Development"],
  ["outreach_staffing", "wpf", "shop", "Aisha Khan", "aisha.khan@offshoreteam.co", "Hi, we help e-commerce businesses scale with dedicated offshore teams: product listing, order processing, customer service, graphic design. Starting at $999/month for a full-time resource. Let me know a good time to connect. Regards, Aisha"],
  ["outreach_staffing", "el", "bak", "Tom Riley", "tom.riley@hirebridge.co", "Hi! Quick question - are you currently hiring? We've got a pool of pre-vetted bakery and kitchen staff ready to start this week. No placement fee for the first hire. Reply to this and I'll send you 3 candidate profiles today. Tom"],
  ["outreach_funding", "cf7", "plu", "Steven Clark", "steven.clark@capitalbridgefund.com", "Hi, I'm reaching out to see if your business could use additional working capital. We offer funding from $10K to $2M within 24-48 hours. No collateral required, bad credit OK, approval based on revenue. Apply in 2 minutes: https://capitalbridgefund.com/apply\n\nSteven Clark\nSenior Funding Advisor", { subject: "Funding available for your business" }],
  ["outreach_funding", "gf", "ven", "Rachel Green", "rachel@fastlanecapital.net", "Good afternoon, you've been pre-qualified for a business line of credit of up to $250,000. Rates start at 1.15 factor, funds can hit your account tomorrow. Simply reply with your last 3 months of bank statements to get an exact offer.\n\nBest regards,\nRachel Green, FastLane Capital"],
  ["outreach_funding", "wpf", "law", "Michael Ross", "m.ross@sbafundingdesk.com", "Hello, did you know your business may qualify for an SBA loan with rates as low as 6%? We handle the whole application for you. Takes 5 minutes to see how much you qualify for. Free consultation here: https://sbafundingdesk.com/qualify\n\nRegards, Michael"],
  ["outreach_funding", "custom", "den", "Chris Morgan", "chris@practicefinanceusa.com", "Hi Doctor, we specialize in funding for dental practices: equipment financing, expansion, working capital. Approvals in hours, not weeks. Would you be open to seeing what you qualify for? No impact on your credit. Best, Chris"],
  ["outreach_ai_receptionist", "cf7", "den", "Ethan Hughes", "ethan@answerbot.ai", "Hi there, how many calls does your front desk miss after hours? Our AI receptionist answers every call 24/7, books appointments straight into your calendar and sounds completely human. Practices like yours recover 15-20 missed patients a month. Want to hear a demo call?\n\nEthan, AnswerBot AI"],
  ["outreach_ai_receptionist", "el", "plu", "Sarah Kim", "sarah.kim@voiceagentpro.com", "Hello! I built an AI voice agent specifically for plumbing and HVAC companies. It picks up when you can't, qualifies the job, and texts you the details. First month free. Can I send you a 2-minute demo video? - Sarah"],
  ["outreach_ai_receptionist", "wpf", "inn", "Alex Turner", "alex@chatdeskai.co", "Hi, I noticed {domain} doesn't have a chatbot. We can add an AI assistant trained on your website that answers guest questions and takes bookings 24/7. Setup is done in 48 hours and costs less than a part-time employee. Interested in a free trial? Alex"],
  ["outreach_tax_credits", "cf7", "shop", "Brian Foster", "brian.foster@ercrefundexperts.com", "Hi, have you claimed your Employee Retention Credit yet? Businesses with W-2 employees can get up to $26,000 per employee back from the IRS, even if you received PPP. There is still time to file. We do all the paperwork and only get paid when you get your refund. Check eligibility in 8 minutes: https://ercrefundexperts.com/check", { subject: "You may be owed up to $26k per employee" }],
  ["outreach_tax_credits", "gf", "bak", "Jessica Hall", "jessica@rdtaxcreditgroup.com", "Hello, many small businesses are leaving money on the table. Through the R&D Tax Credit program, companies developing new recipes, products or processes can receive significant cash refunds. Our team handles everything. Would you like a free assessment?\n\nJessica Hall\nTax Credit Specialist"],
  ["outreach_tax_credits", "wpf", "ven", "Paul Dixon", "paul.dixon@smallbizrefunds.org", "Good morning, I'm contacting business owners about the Small Business Hiring Credit. Our clients have received an average of $68,000. The deadline is approaching. Please reply with the best number to reach you and a specialist will call you within 24h. Regards, Paul"],
  ["outreach_business_buyer", "cf7", "plu", "Robert Hayes", "robert.hayes@mainstreetacquisitions.com", "Hi, my name is Robert and I'm a private investor looking to acquire a plumbing business in your area. I came across your company and was impressed. Would you ever consider selling, either now or in the next few years? All conversations are confidential.\n\nBest,\nRobert"],
  ["outreach_business_buyer", "custom", "shop", "David Chen", "david@ecombuyers.co", "Hello, we acquire profitable e-commerce brands and I'd be interested in making an offer for {domain}. We can close in 30 days with cash. If selling is something you've thought about, let's talk. Regards, David"],
  ["outreach_business_buyer", "gf", "den", "William Grant", "wgrant@dentalexitpartners.com", "Dear Doctor, are you considering retirement or selling your practice in the next 1-5 years? We represent several buyers actively looking for practices like yours and can provide a free valuation. Kindly let me know a convenient time to talk.\n\nWilliam Grant"],
  ["outreach_reviews", "cf7", "den", "Sam Wilson", "samwilson.reviews@gmail.com", "Hi, I noticed your practice only has 23 Google reviews. We can help you get more 5-star reviews and remove negative ones. Packages start from $50 for 10 reviews from real local accounts. 100% safe and non-drop. Interested? WhatsApp: +1 (307) 555-0198"],
  ["outreach_reviews", "wpf", "inn", "Lucy Martin", "lucy@reputationboosters.net", "Hello, bad reviews on TripAdvisor and Google are costing you bookings. We remove fake and negative reviews legally and boost your rating to 4.8+. Free reputation audit for {domain}. Reply to claim. Lucy, Reputation Boosters"],
  ["outreach_reviews", "el", "bak", "John", "get5starsnow@hotmail.com", "Want more Google reviews for your bakery? We offer genuine reviews from local guides. 5 reviews $25, 20 reviews $80, 50 reviews $180. Fast delivery, lifetime guarantee. Contact us on Telegram @get5stars"],
  ["outreach_video_podcast", "cf7", "law", "Chloe Adams", "chloe@explainervidz.com", "Hi, I was wondering if you'd be interested in a 60-second animated explainer video for your firm? Videos like this help visitors understand what you do and increase conversions by up to 80%. Here's some of our work: https://explainervidz.com/portfolio\n\nOur prices start at $295. Let me know if you'd like to see a script idea.\n\nChloe"],
  ["outreach_video_podcast", "wpf", "shop", "Jake Peterson", "jake@bizpodcastnetwork.com", "Hi! I host the Small Business Heroes podcast (top 2% globally) and I'd love to have you on as a guest to share your founder story. There is a small production fee of $397 which covers editing, promotion and a professional clip package. Does that sound interesting? Jake"],
  ["outreach_video_podcast", "gf", "ven", "Amanda Ross", "amanda@dronevideopros.co", "Hello, we create stunning drone and cinematic videos for event venues. Your website would benefit from a 4K promo reel. We are shooting in your area next week and have two slots left at a discounted rate. Reply to reserve. Amanda"],
  ["outreach_video_podcast", "custom", "den", "Ben Harris", "ben@featurestorytv.com", "Hi there, I'm a producer with Feature Story TV. We're filming a segment on top local health practices and your office was recommended. Featured businesses cover a production fee, reimbursed through our advertising partners. Can we set up a quick call?\n\nBen Harris\nSegment Producer"],
  ["outreach_app_dev", "cf7", "shop", "Rahul Verma", "rahul.verma@techsolutionsindia.in", "Hi,\n\nWe are a leading IT company from India with 12+ years of experience in Mobile App Development (iOS & Android), Website Development, E-commerce (Shopify, WooCommerce, Magento), and Digital Marketing.\n\nWe can build an app for your business at a very affordable price. Please share your requirements and we will send a free quote.\n\nThanks & Regards,\nRahul Verma\nBusiness Development Manager"],
  ["outreach_app_dev", "el", "inn", "Ankit Sharma", "ankit@webappcraft.co.in", "Hello Sir/Madam,\nGreetings from WebAppCraft! We offer custom booking engine, hotel management software and mobile app at very reasonable cost. We have done 500+ projects. Can I share our portfolio?\nAwaiting for your positive reply.\nRegards\nAnkit"],
  ["outreach_app_dev", "wpf", "law", "Marcus Reed", "marcus@nocodebuilders.dev", "Hey, we build custom client portals and automations for law firms in 2 weeks (no-code). Intake forms, document signing, payment collection, all connected. Want me to record a quick Loom showing what it would look like for your firm? Marcus"],
  // SEO and web design.
  ["seo_pitch", "cf7", "plu", "Linda", "linda.seoexpert@gmail.com", "Hello {domain} Team,\n\nI was checking your website and found that it is not ranking on the first page of Google for many important keywords like 'emergency plumber', 'drain cleaning near me'. I also noticed some technical issues: slow loading speed, missing meta tags, broken links and low domain authority.\n\nI can fix all these issues and bring your website on the 1st page of Google. May I send you a proposal/quote?\n\nRegards,\nLinda\nSEO Consultant", { subject: "Website Ranking Issues" }],
  ["seo_pitch", "wpf", "den", "Peter Johnson", "peter@rankhighseo.agency", "Hi, I ran a quick SEO audit of your site and found 37 issues that are hurting your Google rankings. I'd be happy to share the full report for free. We've helped 200+ dental practices reach the top 3 in local search. Want me to send it over? Peter"],
  ["seo_pitch", "gf", "bak", "SEO Services", "info@topranking-seo.net", "Dear Business Owner, get your website on Google page 1 guaranteed! Monthly SEO packages starting $99: on-page optimization, 50 high DA backlinks, local citations, Google Maps ranking. Results in 30 days or money back. Order now: https://topranking-seo.net"],
  ["seo_pitch", "el", "law", "Victoria Lane", "victoria@localsearchboost.com", "Hi there, your competitors are showing up above you in the Google Map pack for 'divorce lawyer'. We specialize in local SEO and can get your Google Business Profile into the top 3 within 60 days. Free 15-minute strategy session? Victoria"],
  ["seo_pitch", "custom", "de", "Mike Anderson", "mike.anderson@seo-growth.agency", "Hello, I checked {domain} and saw that your website gets very little organic traffic from Google. We can increase your traffic 3x with our white-hat SEO service. Let me know if you want a free audit report. Best regards, Mike"],
  ["seo_pitch", "cf7", "ven", "Jenny", "jenny.backlinks@yahoo.com", "Hi, I am offering high quality backlinks from DA 50+ websites. Guest posts, niche edits, PBN links. 100% do-follow. Prices from $15. Please reply for the list of sites."],
  ["web_design_pitch", "wpf", "bak", "Karen White", "karen@webrevamp.studio", "Hi, I came across your website and noticed it's not fully mobile-friendly and takes a while to load. I'm a web designer and I'd love to give it a modern refresh that brings in more orders. I can show you a free mockup of your new homepage, no obligation. Would that be helpful? Karen"],
  ["web_design_pitch", "cf7", "law", "Design Team", "hello@pixelperfectweb.co", "Hello, your website looks outdated compared to other law firms in your area. We design beautiful, conversion-focused websites starting at $499. Includes hosting, SSL and SEO setup. Let's get on a call to discuss. Reply with 'YES' and we'll get in touch."],
  ["web_design_pitch", "el", "inn", "Carlos", "carlos.webdesign@gmail.com", "Hi there, I'm a freelance web developer. I noticed a few issues on your website: some pages are not secure, the booking button is broken on mobile and the design looks a bit old. I can redesign your website in WordPress at a low price. Can I send you some samples of my work?"],
  ["web_design_pitch", "gf", "de", "Stefan Wright", "stefan@euro-webdesign.com", "Hi, we redesign websites for small businesses in Germany. Your site {domain} could use a refresh: modern design, faster loading, better on phones. Fixed price 990 EUR. Interested? Stefan"],
  ["web_design_pitch", "custom", "plu", "Nina Patel", "nina@leadgenwebsites.co", "Quick question: is your website bringing you new customers every week? If not, we build lead-generating websites for tradesmen, fully done for you, $0 down and $99/month. Reply and I'll show you examples from other plumbers."],
  // Consumer scams and junk.
  ["dating", "cf7", "bak", "Anastasia", "anastasia.sweet92@mail.ru", "Hello! I am Anastasia, 28 years old. I saw your profile and I want to know you better. I am looking for serious relationship. Write me to my email anastasia.sweet92@mail.ru and I will send my photos :)"],
  ["dating", "custom", "plu", "Jessica", "jess.lonely@hotmail.com", "Hey cutie 😘 I'm bored tonight and looking for some fun. Check out my private profile here: https://bit.ly/3xHotJess 💋"],
  ["dating", "wpf", "ven", "Meet Singles", "noreply@singles-near-you.xyz", "Hot singles in your area want to meet you! 💕 Over 2,000 new members this week. Sign up free and start chatting tonight: https://singles-near-you.xyz/join?ref=c91"],
  ["dating", "el", "shop", "Kristina", "kristina1996@yandex.ru", "Hi dear, I found your email and decided to write. Maybe it is fate? I am kind woman from small town, I like cooking and nature. Do you want to be my friend? Answer me please, I will be waiting."],
  ["pharma", "cf7", "den", "Pharmacy Online", "support@rxmeds-shop.com", "Buy Viagra, Cialis, Levitra online without prescription. Best prices, discreet shipping worldwide, 100% satisfaction. Generic viagra from $0.89 per pill. Visit https://rxmeds-shop.com ✔ Bonus pills with every order!"],
  ["pharma", "custom", "law", "Mark", "mark55321@gmail.com", "Hello. Looking for tramadol, oxycodone or xanax? We sell high quality pain relief pills, no prescription needed, overnight delivery USA. Contact on WhatsApp +1 404 555 0167 or telegram @rxplug"],
  ["pharma", "gf", "inn", "Health Store", "orders@slimfast-keto.store", "Lose 10kg in 2 weeks without diet! ⭐ Keto Burn Pro is the #1 natural weight loss supplement. Doctors hate it! Order today with 70% OFF: https://slimfast-keto.store/offer"],
  ["pharma", "wpf", "bak", "Dr. Allen", "drallen.clinic@outlook.com", "Erectile dysfunction? Try our clinically proven formula. Works in 15 minutes, lasts 36 hours. Cheap Cialis generic, online pharmacy with free doctor consultation: https://men-health-rx.com"],
  ["forex", "cf7", "pl", "Trading Expert", "profit@fx-signals.vip", "Earn $3,000 per week with our forex trading signals! 92% accuracy, daily signals on EUR/USD, GBP/USD and gold. Join our VIP Telegram group today and start making money: https://t.me/fxsignalsvip"],
  ["forex", "custom", "plu", "Michael", "michael.fxmentor@gmail.com", "Hi, I want to share with you an opportunity that changed my life. I invested $500 with a professional forex account manager and made $8,400 in 10 days. Withdrawals are instant. If you are interested, contact her on WhatsApp +44 7700 900231 and tell her I sent you."],
  ["forex", "el", "es", "Forex Bot", "info@autotrader-ai.pro", "Automated forex robot makes passive income 24/7 while you sleep. Minimum deposit $250. Register now and get a $100 bonus: https://autotrader-ai.pro/?ref=fb22"],
  ["crypto", "wpf", "shop", "Bitcoin Support", "alerts@btc-wallet-verify.com", "Your account has received 0.75 BTC ($48,320). To withdraw the funds, verify your wallet within 24 hours: https://btc-wallet-verify.com/claim?id=88231"],
  ["crypto", "cf7", "ven", "Crypto Investments", "invest@cryptogrowth-capital.io", "Invest in Bitcoin with guaranteed 15% weekly returns. Our AI trading platform has made thousands of people rich. Start with just $250 and watch your money grow. Register: https://cryptogrowth-capital.io"],
  ["crypto", "gf", "den", "Daniel Roberts", "daniel.roberts.recovery@proton.me", "Have you lost money to a crypto scam or fake investment platform? Our certified recovery experts have helped victims get back over $30 million. Contact us today for a free case review. Email: recoverfundsnow@proton.me"],
  ["crypto", "custom", "ru", "Alex", "alex.airdrop@gmail.com", "🚀 New token presale is LIVE! $PEPEX will 100x after listing on Binance. Only 48 hours left. Buy now with ETH or USDT: https://pepex-presale.io 🔥🔥"],
  ["loans", "cf7", "inn", "Quick Loans", "apply@cash-loan-today.com", "Need cash fast? Get a personal loan up to $5,000 today, even with bad credit. No credit check, instant approval, money in your account within 1 hour. Apply now: https://cash-loan-today.com"],
  ["loans", "custom", "pt", "Mr. James Lender", "jameslender.finance@gmail.com", "Do you need a loan? We offer loans to individuals and companies at 2% interest rate. Loans from $5,000 to $50,000,000. Contact us via email: jameslender.finance@gmail.com or WhatsApp +1 (929) 555-0144"],
  ["loans", "wpf", "plu", "Debt Relief", "help@debtfreeusa.net", "Struggling with credit card debt? You may qualify to reduce your debt by up to 50% with one low monthly payment. No loan needed. See if you qualify in 60 seconds: https://debtfreeusa.net/qualify"],
  // Template machinery left in.
  ["spintax_leftover", "cf7", "bak", "Henry", "henry.mk@gmail.com", "{Hi|Hello|Hey} there, {I just|I recently} {visited|checked out} {your website|your site} and {noticed|saw} that you {could|might} {get|attract} {more|a lot more} {customers|clients} with {our|my} {marketing|advertising} {service|services}. {Let me know|Reply} if {interested|you want to know more}."],
  ["spintax_leftover", "gf", "law", "Sandra", "sandra.k@marketingdesk.co", "Hi,\n\nI {wanted to|thought I'd} reach out because {your firm|your company} {caught my eye|stood out to me}. We help {law firms|attorneys|legal practices} {get more clients|grow their caseload} through {Facebook ads|paid social}. {Would you be open to|Are you interested in} a {quick|short} call?\n\nSandra"],
  ["spintax_leftover", "custom", "ven", "Joe", "joe.williams11@yahoo.com", "Dear {Sir/Madam|Business Owner},\n\n[[Are you|Is your business]] looking for [[more leads|new customers]]? Our [[team|agency]] can [[help|assist]]. Visit https://growthleads.biz\n\n{Regards|Best|Thanks}"],
  ["spintax_leftover", "wpf", "shop", "Ella", "ella.p.marketing@gmail.com", "Hey {{first_name}}, {love|really like} what you're doing with {{company}}! Have you {considered|thought about} {influencer marketing|TikTok ads}? We {help|work with} {brands|stores} like yours {to get|get} {more sales|10x ROI}."],
  ["template_leftover", "cf7", "den", "[Your Name]", "outreach@growthstack.co", "Hi [First Name],\n\nI noticed [Company Name] is doing great work in the [Industry] space. We help businesses like yours [achieve result] in [timeframe].\n\nWould you be open to a quick chat next week?\n\nBest,\n[Your Name]\n[Your Title]"],
  ["template_leftover", "el", "plu", "Sales Team", "hello@tradesmarketing.io", "Hi %FIRSTNAME%, I was on %WEBSITE% today and had an idea to get %COMPANY% 20+ extra jobs per month. Mind if I send over a quick video? Cheers, %SENDER_NAME%"],
  ["template_leftover", "wpf", "inn", "Tom", "tom@hospitalitygrowth.co", "Hello {{contact.first_name}},\n\nQuick one: I was looking at {{account.website}} and thought our direct booking tool could cut your OTA commissions by 30%. Worth a chat?\n\n{{sender.signature}}"],
  ["keyword_stuffing", "custom", "plu", "best plumber", "seo@cheap-plumber-london.co.uk", "plumber london, emergency plumber london, cheap plumber london, 24 hour plumber london, boiler repair london, boiler installation london, blocked drain london, plumber near me, best plumber london https://cheap-plumber-london.co.uk"],
  ["keyword_stuffing", "cf7", "shop", "buy cheap shoes", "sales@nike-outlet-sale.shop", "cheap nike shoes, nike air max sale, nike outlet online, nike shoes for men, nike shoes for women, discount nike, nike free shipping https://nike-outlet-sale.shop nike air jordan cheap"],
  ["keyword_stuffing", "gf", "ven", "wedding dresses", "info@bridal-gowns-cheap.com", "wedding dresses, cheap wedding dresses, wedding dresses 2025, plus size wedding dresses, bridesmaid dresses, prom dresses, evening dresses online https://bridal-gowns-cheap.com/wedding-dresses"],
  // Phishing.
  ["phishing_business_profile", "cf7", "bak", "Google Business Support", "gbp.support.notice@gmail.com", "Your Google Business Profile has been flagged for suspicious activity and will be suspended within 24 hours. To avoid losing your listing, verify your business information here: https://g-business-verify.com/profile/secure", { subject: "Action required: Business Profile suspension" }],
  ["phishing_business_profile", "wpf", "inn", "Meta Support", "meta.pages.appeal@outlook.com", "Hello, your Facebook page has violated our community standards and is scheduled for permanent deletion. If you think this is a mistake, submit an appeal within 48 hours: https://meta-business-appeals.help/case/2234819\n\nMeta Business Support Team"],
  ["phishing_business_profile", "el", "den", "Listing Update", "listing@localbusiness-directory.org", "Dear business owner, your business listing for {domain} is incomplete and not showing on Google Maps and Apple Maps. Update your listing now to avoid removal: https://localbusiness-directory.org/claim . Annual listing fee $289."],
  ["phishing_business_profile", "custom", "law", "Yelp Business", "yelp-verification@bizmail-support.com", "Your Yelp business page received a negative review that violates our guidelines. Click the link to review and respond before it is published: https://yelp-biz-review.com/respond?id=99812"],
  ["phishing_copyright", "cf7", "shop", "Emily Watson", "emilywatson.photography@gmail.com", "Hello,\n\nYour website is using my copyrighted images without my permission. I am a professional photographer and I own the rights to these images. Here is the list of the images and where they are used on your site: https://drive.google.com/file/d/1Xk9ImagesProof/view\n\nIf you do not remove them within 3 days, I will file a DMCA complaint with your hosting provider and take legal action.\n\nEmily Watson", { subject: "Copyright infringement notice" }],
  ["phishing_copyright", "gf", "bak", "Legal Department", "dmca.notice@copyright-claims.org", "NOTICE OF COPYRIGHT INFRINGEMENT. Our client has discovered that {domain} uses protected illustrations. You are required to pay a license fee of $1,500 or remove the content. See the evidence here: https://copyright-claims.org/case/BK-2291"],
  ["phishing_copyright", "wpf", "ven", "Sarah Lopez", "sarahlopez.art@yahoo.com", "Hi, I'm an illustrator and I noticed that you used my artwork on your website without giving any credit. I'm not asking for money, but you must add a link to my portfolio below each image: https://sarahlopez-art.com . Otherwise I'll have to report it. Please download the list of affected pages here: https://sites.google.com/view/sl-art-claims"],
  ["phishing_copyright", "el", "plu", "Pixsy Agent", "claims@image-licensing-dept.com", "Dear Sir/Madam, we represent the photographer of an image used without license on your website. Please review the unauthorised use report (password: 7721) at https://image-licensing-dept.com/report and settle within 14 days to avoid court proceedings."],
  ["phishing_purchase_order", "cf7", "shop", "Procurement Dept", "purchasing@globaltrade-sourcing.com", "Dear Sales,\n\nWe are interested in your products and would like to place an order. Please find our purchase order attached via the link below and confirm availability and delivery time:\n\nhttps://globaltrade-sourcing.com/docs/PO-20418.pdf.html\n\nBest regards,\nHenry Collins\nProcurement Manager", { subject: "Purchase Order PO-20418" }],
  ["phishing_purchase_order", "custom", "bak", "Accounts Payable", "ap@invoicing-center.net", "Hello, please find attached the remittance advice for invoice #4481 (payment sent). View the document securely here: https://onedrive-docs-share.com/remit/4481 . Kindly confirm receipt."],
  ["phishing_purchase_order", "gf", "de", "Order Department", "orders@eurotrade-import.co", "Hello, we want to order products from your company for our new store in Rotterdam. Kindly send your catalogue and price list. Also see our requirements in the RFQ here: https://wetransfer-files.cc/rfq-88213\nRegards, Jan Visser"],
  // Bots that filled a hidden field the site named itself.
  ["honeypot_unusual", "cf7", "den", "Jennifer Smith", "jennifersmith1985@gmail.com", "Hi, I would like to make an appointment for a teeth cleaning. What times do you have next week? Thanks", { hp: ["your-fax", "jennifersmith1985@gmail.com"] }],
  ["honeypot_unusual", "custom", "plu", "Robertbix", "robertbix@gmail.com", "Hello. Your website is very good. I want to buy it, please write me. https://site-buyers.top/offer", { hp: ["contact_me_by_fax_only", "1"] }],
  ["honeypot_unusual", "el", "bak", "Ivan", "ivan.petrov1990@mail.ru", "Good afternoon! We offer to place your advertising on 500 forums and message boards. Price from $30. Details in the reply.", { hp: ["form_fields[field_hp_7a1]", "http://promo-boards.ru"] }],
  ["honeypot_unusual", "custom", "law", "Kathleen Moore", "kmoore.office@gmail.com", "I need a lawyer for a car accident case. Please call me back at your earliest convenience.", { hp: ["middle_name", "Kathleen Moore"] }],
  ["honeypot_unusual", "gf", "inn", "Thomas", "thomas.booking2024@gmail.com", "Hi, do you have a double room available for 3 nights from the 14th? Please send me the price.", { hp: ["url_2", "https://hotel-deals.xyz"] }],
  ["honeypot_unusual", "cf7", "shop", "Alice Moore", "alicemoore@outlook.com", "Greetings! Interested in bulk ordering from your store. Please send catalog and wholesale prices to my email.", { hp: ["your-website-confirm", "https://wholesale-buyers.biz"] }],
  // One campaign to five sites from five IPs, then another to one site from four IPs.
  ["near_dup_many_sites", "cf7", "den", "Michael Brown", "michaelbrown.biz01@gmail.com", "Hi, I tried calling your office but couldn't get through. Are you the owner of {domain}? I have a quick question about working together on something for your business. Please call me back on +1 (213) 555-0147 or just reply here. Thanks, Michael"],
  ["near_dup_many_sites", "wpf", "plu", "Chris Taylor", "christaylor.work88@gmail.com", "Hi, I tried calling your business but couldn't get through. Are you the owner of {domain}? I have a quick question about working together on something for your business. Please call me back on +1 (213) 555-0193 or just reply here. Thanks, Chris"],
  ["near_dup_many_sites", "gf", "law", "Jason Miller", "jasonmiller.contact@outlook.com", "Hello, I tried calling your office but couldn't get through. Are you the owner of {domain}? I have a quick question about working together on something for your business. Please call me back on +1 (312) 555-0111 or just reply here. Thanks, Jason"],
  ["near_dup_many_sites", "el", "bak", "Ryan Davis", "ryandavis.office7@gmail.com", "Hi, I tried calling your office but couldn't get through. Are you the owner of {domain}? I have a quick question about working together on something for your business. Please call me back on +1 (646) 555-0175 or just reply here. Thanks, Ryan"],
  ["near_dup_many_sites", "custom", "inn", "Kevin Wilson", "kevinwilson.mgmt@yahoo.com", "Hi, I tried calling your office but couldn't get through. Are you the owner of {domain}? I have a quick question about working together on something for your business. Please call me back on +1 (702) 555-0129 or just reply here. Thanks, Kevin"],
  ["near_dup_one_site", "cf7", "shop", "Anna Volkova", "anna.volkova.trade@gmail.com", "Good day! We are interested in purchasing your products for our company. Please send us your price list, minimum order quantity and delivery terms to our email. We are ready for long-term cooperation.\n\nBest regards, Anna Volkova, Purchasing Manager"],
  ["near_dup_one_site", "cf7", "shop", "Li Wei", "liwei.purchasing@163.com", "Good day! We are interested in purchasing your products for our company. Please send us your price list, minimum order quantity and delivery terms to our email. We are ready for long term cooperation.\n\nBest regards, Li Wei, Purchasing Manager"],
  ["near_dup_one_site", "cf7", "shop", "Ahmed Karim", "ahmed.karim.import@gmail.com", "Good day! We are interested in purchasing your products for our company. Please send us your price list, minimum order quantity and delivery terms to our e-mail. We are ready for long-term cooperation.\n\nBest regards, Ahmed Karim, Purchasing Manager"],
  ["near_dup_one_site", "cf7", "shop", "Maria Lopez", "marialopez.compras@gmail.com", "Good day! We are interested in purchasing your products for our company. Please send us your price list, minimum order quantity and delivery terms to our email. We are ready for a long-term cooperation.\n\nBest regards, Maria Lopez, Purchasing Manager"],
  ["price_request_bot", "custom", "bak", "Robertnax", "robertnax@gmail.com", "Hi, I wanted to know your price."],
  ["price_request_bot", "cf7", "shop", "Josephfuh", "josephfuh@inbox.lv", "Hi, I wrote about   the price for reseller"],
  // Link spam in Cyrillic and Chinese.
  ["cyrillic_link_spam", "custom", "plu", "Алексей", "alex.prodvizhenie@yandex.ru", "Здравствуйте! Продвижение сайтов в ТОП-10 Яндекса и Google. Гарантия результата, оплата по факту. Аудит сайта бесплатно. Подробнее: https://seo-top10.ru/"],
  ["cyrillic_link_spam", "cf7", "bak", "Xrumer", "progon@bk.ru", "Прогон сайта по 5000 форумам и каталогам - увеличение ИКС и трафика. Цена 990 руб. Результат через 2 недели. https://progon-xrumer.ru"],
  ["cyrillic_link_spam", "el", "ru", "Диплом", "info@diplom-kupit-msk.ru", "Купить диплом о высшем образовании с проводкой в реестре недорого. Любой ВУЗ, любой год. https://diplom-kupit-msk.ru"],
  ["cyrillic_link_spam", "wpf", "law", "Казино", "bonus@kazino-vulkan-top.ru", "Лучшие онлайн казино 2025 - бонус 500% на первый депозит и 200 фриспинов! Играть: https://kazino-vulkan-top.ru"],
  ["cyrillic_link_spam", "custom", "de", "Рассылка", "rassylka@formy-obratnoy-svyazi.ru", "Рассылка по формам обратной связи сайтов. Ваше предложение увидят 1 000 000 компаний. Вы читаете это сообщение, значит реклама работает! Подробнее: https://formy-obratnoy-svyazi.ru"],
  ["chinese_link_spam", "custom", "zh", "新葡京", "vip@xpj-888.vip", "【官方认证】澳门新葡京娱乐城 注册即送888元彩金 日日返水 https://www.xpj-888.vip"],
  ["chinese_link_spam", "cf7", "shop", "代开发票", "fp8866@qq.com", "代开发票 各种增值税发票 诚信经营 微信 fp8866 http://daikai-fp.cn"],
  ["chinese_link_spam", "el", "bak", "SEO", "seo@seo-kuaipai.cn", "专业SEO优化，快速排名，百度首页，价格实惠，网站建设 https://seo-kuaipai.cn"],
  ["chinese_link_spam", "gf", "zh", "免费看", "av@av-tv99.top", "免费看片 成人视频 高清无码 每日更新 https://av-tv99.top"],
  // Other junk.
  ["casino", "el", "ven", "Royal Spin", "promo@royalspin-casino.bet", "Best online casino 2025 🎰 Get 300% welcome bonus + 150 free spins! Fast withdrawals, no KYC. Play now: https://royalspin-casino.bet"],
  ["domain_renewal_scam", "cf7", "shop", "Domain Services", "notice@domain-registry-services.net", "FINAL NOTICE: Your domain {domain} expires in 3 days. Failure to renew will result in loss of your online presence and email. Renew now for $79/year: https://domain-registry-services.net/renew?d={domain}\nThis is not an invoice but a solicitation."],
  ["social_followers", "custom", "inn", "Instagram Growth", "growth@instaboostpro.co", "Grow your Instagram to 10K real followers in 30 days! Organic growth, no bots, no passwords needed. Packages from $29/month. Start here: https://instaboostpro.co"],
  ["ada_threat", "wpf", "law", "Accessibility Compliance", "compliance@ada-webcheck.org", "Your website {domain} is not ADA compliant and may be exposed to accessibility lawsuits. Over 4,000 lawsuits were filed last year against small businesses. Get a free compliance scan and fix it in 48 hours: https://ada-webcheck.org/scan"],
  ["adult", "cf7", "bak", "Sexy Girls", "girls@hot-cams.live", "Real girls on webcam waiting for you 🔞 Free registration, private shows. https://hot-cams.live/?id=4412", { ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/119.0.6045.105 Safari/537.36" }],
];

// deno-fmt-ignore
const LEGIT: Row[] = [
  // Languages other than English, to the site in that language.
  ["lang_ar", "el", "ar", "فاطمة الزهراني", "fatima.alzahrani@gmail.com", "مرحباً، أود حجز موعد لتنظيف الأسنان يوم الخميس القادم بعد الساعة الخامسة مساءً إذا أمكن. شكراً لكم."],
  ["lang_ar", "cf7", "ar", "محمد العلي", "m.alali@hotmail.com", "السلام عليكم، هل تقبلون التأمين من شركة ضمان؟ ابني يحتاج إلى فحص عند طبيب الأطفال. أرجو الرد على رقمي", { phone: "+971 50 123 4567" }],
  ["lang_ar", "gf", "ar", "سارة حسن", "sara.hassan88@yahoo.com", "مساء الخير، استلمت نتائج التحاليل ولكن لم أفهم بعض القيم. هل يمكن للدكتور أن يتصل بي؟"],
  ["lang_ar", "custom", "ar", "Noura Al Mansouri", "noura.m@outlook.com", "Hi, أنا مريضة عندكم منذ سنتين. I need to reschedule my appointment from Sunday to Tuesday please. شكراً"],
  ["lang_de", "cf7", "de", "Katrin Becker", "katrin.becker@web.de", "Guten Tag,\n\nwir planen einen Einbauschrank für unsere Dachschräge (ca. 3,20 m breit). Könnten Sie vorbeikommen und ein Angebot machen? Wir wohnen in Freiburg-Wiehre.\n\nViele Grüße\nKatrin Becker", { subject: "Anfrage Einbauschrank" }],
  ["lang_de", "wpf", "de", "Jürgen Wolf", "j.wolf@t-online.de", "Hallo, der Küchentisch, den wir letztes Jahr bei Ihnen gekauft haben, hat einen Riss in der Platte. Ist das ein Garantiefall? Fotos kann ich gerne schicken. MfG Jürgen Wolf"],
  ["lang_de", "gf", "de", "Lena Hoffmann", "lena.hoffmann03@gmx.de", "Sehr geehrte Damen und Herren, ich bin Auszubildende im zweiten Lehrjahr und suche einen Betrieb für ein Praktikum im Sommer. Meine Bewerbungsunterlagen sende ich Ihnen gerne zu. Mit freundlichen Grüßen Lena Hoffmann"],
  ["lang_de", "custom", "de", "Thomas Schulz", "tschulz@gmx.de", "Was kostet ungefähr eine Eichentreppe mit 14 Stufen? Nur eine grobe Hausnummer bitte."],
  ["lang_de", "el", "de", "Familie Yilmaz", "yilmaz.familie@gmail.com", "Hallo Herr Brandt, wir möchten die Küche gerne bei Ihnen machen lassen, die Finanzierung über unsere Bank (Kredit) ist jetzt genehmigt. Wann könnten Sie anfangen? Gruß, Familie Yilmaz"],
  ["lang_es", "cf7", "es", "Lucía Fernández", "lucia.fdez@gmail.com", "Hola, me gustaría pedir cita para fisioterapia. Tengo una lesión en el hombro desde hace un mes. ¿Tienen hueco esta semana por la tarde? Gracias.", { phone: "612 345 678" }],
  ["lang_es", "wpf", "es", "Javier Romero", "javier.romero@hotmail.es", "Buenos días, ¿trabajan con la mutua Sanitas? Mi médico me ha recetado 10 sesiones de rehabilitación de rodilla."],
  ["lang_es", "custom", "es", "Marta", "marta.g.ruiz@yahoo.es", "Hola!! Quería saber el precio de un bono de 5 masajes descontracturantes. Un saludo"],
  ["lang_es", "gf", "es", "Andrés Molina", "amolina@cdlasrozas.es", "Estimados, soy entrenador de un club de fútbol juvenil y nos interesaría un convenio para que los chicos puedan hacer fisioterapia a precio reducido. ¿Con quién puedo hablar? Atentamente, Andrés Molina"],
  ["lang_es", "el", "es", "Diego Hernández", "diego.hdz@gmail.com", "Buenas tardes, estoy de visita en Madrid desde México y me lastimé el tobillo. ¿Atienden a turistas sin seguro? ¿Cuánto cuesta la consulta?"],
  ["lang_fr", "cf7", "fr", "Claire Dubois", "claire.dubois@orange.fr", "Bonjour, je voudrais commander un gâteau d'anniversaire pour 12 personnes (fraisier si possible) pour samedi 15h. Est-ce possible ? Merci ! Claire"],
  ["lang_fr", "custom", "fr", "Pierre Lambert", "p.lambert@free.fr", "Bonjour, êtes-vous ouverts le lundi de Pâques ? Merci"],
  ["lang_fr", "gf", "fr", "Sophie Martin", "sophie.martin.mariage@gmail.com", "Bonjour Madame, Monsieur,\n\nnous organisons un mariage le 21 juin à Lyon et cherchons un traiteur pour la pièce montée et les mignardises pour 90 invités. Pourriez-vous nous envoyer vos tarifs ?\n\nBien cordialement,\nSophie et Julien"],
  ["lang_fr", "wpf", "fr", "Marc Girard", "marc.girard@laposte.net", "J'ai acheté une baguette tradition ce matin et il y avait un morceau de plastique dedans. Je ne suis pas content du tout. Merci de me rappeler.", { phone: "06 12 34 56 78" }],
  ["lang_fr", "el", "fr", "Geneviève Tremblay", "gtremblay@videotron.ca", "Allo, est-ce que vous livrez des croissants pour un déjeuner d'entreprise? On serait une trentaine de personnes mardi prochain. Merci!"],
  ["lang_ja", "cf7", "ja", "佐藤 美咲", "misaki.sato@docomo.ne.jp", "はじめまして。腰痛がひどく、来週の土曜日の午前中に予約をお願いしたいのですが、空いていますでしょうか。よろしくお願いいたします。"],
  ["lang_ja", "custom", "ja", "田中 健", "ken.tanaka1985@gmail.com", "交通事故の治療は保険適用になりますか？先週追突されて首が痛いです。"],
  ["lang_ja", "gf", "ja", "鈴木", "suzuki.h@yahoo.co.jp", "駐車場はありますか"],
  ["lang_ja", "wpf", "ja", "高橋 由美", "yumi.takahashi@midori-co.jp", "お世話になっております。先日の施術ありがとうございました。領収書の再発行をお願いできますでしょうか。会社の経費で申請したいので、宛名は「株式会社ミドリ」でお願いします。"],
  ["lang_pl", "cf7", "pl", "Agnieszka Nowak", "agnieszka.nowak@wp.pl", "Dzień dobry, chciałabym umówić się na koloryzację i strzyżenie w przyszły piątek po 16. Czy jest wolny termin? Pozdrawiam, Agnieszka"],
  ["lang_pl", "custom", "pl", "Kasia", "kasia.w@onet.pl", "Ile kosztuje keratynowe prostowanie włosów do łopatek?"],
  ["lang_pl", "wpf", "pl", "Magdalena Kowalczyk", "m.kowalczyk@gmail.com", "Witam, byłam u Państwa w sobotę i niestety kolor wyszedł zupełnie inny niż ustalałyśmy. Proszę o kontakt w sprawie poprawki.", { phone: "501 234 567" }],
  ["lang_pl", "el", "pl", "Aleksandra Zielińska", "ola.zielinska@interia.pl", "Dzień dobry, szukamy salonu na fryzury i makijaż rano w dniu ślubu 14 września, dla panny młodej i 4 druhen. Czy robią Państwo takie usługi? Dziękuję, Ola"],
  ["lang_pt", "cf7", "pt", "Inês Carvalho", "ines.carvalho@sapo.pt", "Boa tarde, gostaria de saber se têm quarto duplo disponível de 12 a 15 de agosto, com pequeno-almoço incluído. Obrigada, Inês"],
  ["lang_pt", "custom", "pt", "Rui Pereira", "rui.pereira@gmail.com", "Olá, é possível levar o nosso cão (pequeno porte)? Obrigado"],
  ["lang_pt", "wpf", "br", "Rafael Souza", "rafael.souza@hotmail.com", "Bom dia, meu carro está fazendo um barulho estranho na suspensão dianteira quando passo em lombada. Vocês fazem orçamento sem compromisso? É um Onix 2019.", { phone: "(11) 98765-4321" }],
  ["lang_pt", "el", "br", "Juliana Lima", "ju.lima@uol.com.br", "Oi, vocês aceitam pagamento parcelado no cartão ou Pix? Preciso trocar a embreagem."],
  ["lang_zh", "cf7", "zh", "王丽", "wangli1988@163.com", "您好，我想订购两盒明前龙井作为礼物，请问可以开发票吗？送到上海需要几天？谢谢。"],
  ["lang_zh", "gf", "zh", "陈先生", "chen.teahouse@qq.com", "请问你们的普洱茶有没有批发价格？我在杭州开了一家小茶馆，每个月大概需要20斤。"],
  ["lang_zh", "custom", "zh", "李明", "liming_sh@126.com", "收到的茶叶包装破损了，里面的茶叶洒了一半。订单号 20250314-0087，请尽快处理。"],
  ["lang_zh", "el", "zh", "林怡君", "yijun.lin@gmail.com", "你好，請問可以寄到台灣嗎？運費大概多少？"],
  ["lang_ru", "cf7", "ru", "Елена Смирнова", "elena.smirnova@mail.ru", "Здравствуйте! Нужен ремонт ванной комнаты под ключ, площадь около 4 кв.м. Можно ли вызвать замерщика на следующей неделе? Спасибо.", { phone: "+7 916 123-45-67" }],
  ["lang_ru", "custom", "ru", "Дмитрий", "dmitry.k@yandex.ru", "Добрый день. Сколько стоит укладка ламината за квадратный метр с вашим материалом?"],
  ["lang_ru", "wpf", "ru", "Игорь Васильев", "i.vasiliev@gmail.com", "Бригада обещала закончить в пятницу, уже среда следующей недели, никто не отвечает на звонки. Прошу связаться со мной срочно. Договор № 118."],
  ["lang_ru", "el", "ru", "Ольга Петрова", "olga.petrova72@bk.ru", "Здравствуйте, вы работаете в Подмосковье? Дача в Истре, нужно перекрыть крышу. Кредит не берём, оплата наличными или переводом."],
  // Customers who mention what spam sells, for real reasons.
  ["mentions_casino", "gf", "ven", "Rebecca Lyons", "rebecca.lyons@gmail.com", "Hi, we're planning a casino night fundraiser for our school PTA in October, about 150 guests. We'd bring in rented roulette and blackjack tables from a party company. Does the hall allow that, and do you have Saturday the 18th free? Thanks, Rebecca"],
  ["mentions_casino", "cf7", "den", "Tony Russo", "tonyrusso77@yahoo.com", "Hello, I work night shifts at the Grand Casino so I can only come in mornings. Do you have any appointments before 10am for a filling? Thanks, Tony"],
  ["mentions_casino", "wpf", "law", "Sarah Whitfield", "s.whitfield@btinternet.com", "Hi, my father has a gambling problem and has run up large debts at an online casino using my mother's credit card without her knowledge. Can you advise whether she can get the charges reversed or if we need a lawyer? We're in Leeds."],
  ["mentions_crypto", "cf7", "law", "David Okafor", "david.okafor@gmail.com", "Hello, I think I was the victim of a crypto investment scam. I transferred about £12,000 in Bitcoin to a 'trading platform' I found on Instagram and now I can't withdraw anything. Do you handle fraud cases like this? I have all the screenshots."],
  ["mentions_crypto", "custom", "shop", "Lars Eriksen", "lars.eriksen@proton.me", "Do you accept crypto payments (BTC or USDC)? I'd like to order two of the linen duvet sets."],
  ["mentions_crypto", "el", "ven", "Priya Shah", "priya@ledgerline.io", "Hi! We're a small blockchain startup based in Manchester and we'd like to hire your venue for our team's Christmas party, around 40 people, early December. Could you send menus and prices? Cheers, Priya"],
  ["mentions_loans", "cf7", "plu", "Gary Thompson", "garythompson64@hotmail.co.uk", "Hi, our boiler has packed in. Do you offer any finance or payment plans for a new combi boiler? We can't pay it all at once. Thanks", { phone: "07700 900456" }],
  ["mentions_loans", "gf", "law", "Aisha Begum", "aisha.begum@outlook.com", "I'm buying my first flat and the mortgage offer has come through. I need a solicitor for the conveyancing. What are your fees for a £210,000 leasehold purchase?"],
  ["mentions_loans", "wpf", "ven", "Tom Hargreaves", "tom.hargreaves@gmail.com", "We got a loan from our bank so we can finally book! Is Saturday 6 June 2026 still available? Please let us know the deposit amount. Tom & Becky"],
  ["mentions_loans", "wpf", "law", "Kelly Morgan", "kelly.morgan@hotmail.com", "I received a letter from a debt collection agency about a loan I never took out. I think someone used my identity. What should I do?"],
  ["mentions_pharmacy", "cf7", "den", "Helen Clarke", "helen.clarke@gmail.com", "Hi, the pharmacy says they haven't received the prescription for the antibiotics Dr. Patel mentioned after my extraction yesterday. Could someone send it to Boots on High Street please? Thanks"],
  ["mentions_pharmacy", "custom", "bak", "Amir Hussain", "amir@wellbeingpharmacy.co.uk", "Hello, I'm a pharmacist and I run the Wellbeing Pharmacy two doors down from you. We'd love to order a tray of pastries for our staff every Friday. Could you invoice us monthly?"],
  ["mentions_pharmacy", "el", "shop", "Grace O'Neill", "grace.oneill@eircom.net", "Hi, I'm allergic to some fabric treatments. Are your linen sheets OEKO-TEX certified? My doctor and my pharmacist both said to avoid formaldehyde finishes."],
  ["mentions_dating", "gf", "ven", "Chloe Bennett", "chloe.bennett92@icloud.com", "Hi! My partner and I met on a dating app 5 years ago and we want to surprise our friends with a big anniversary party. Do you host private parties of about 70 people on a Friday night?"],
  ["mentions_dating", "cf7", "bak", "Martin Hale", "martin@citysinglesevents.co.uk", "Hi, I run speed dating evenings in town and would like to order 40 mini cupcakes for our event next Thursday. Do you deliver to the Crown pub? Thanks, Martin"],
  ["mentions_seo", "custom", "shop", "Ben Carter", "ben@bencarter.dev", "Hi, it's Ben who built your shop last year. Just checking in: did you still want me to do the SEO fixes we talked about (product titles and alt text)? Let me know and I'll also send the invoice for the last hours. Cheers, Ben"],
  ["mentions_seo", "wpf", "law", "Jessica Moran", "jessica.moran@student.manchester.ac.uk", "Hello, I'm a final-year marketing student and I'm applying for your digital marketing assistant job (SEO and social media). My CV is on LinkedIn: https://www.linkedin.com/in/jessica-moran-mkt . I'd love to hear from you."],
  ["mentions_seo", "cf7", "den", "Karen Doyle", "karen@oakhillvets.co.uk", "Good morning, I manage the website for Oakhill Family Vets across the road. Our SEO person suggested we link to each other's sites as local businesses. Would you be okay with us listing you as a recommended dentist? No cost either way."],
  ["mentions_wholesale", "gf", "bak", "Sam Ford", "sam@thecornercafe.co.uk", "Hello, I own a small café in Bristol and I'm looking for a supplier for sourdough loaves and croissants, about 30 loaves and 60 croissants a week. Could you send me your wholesale prices and delivery days? Thanks, Sam"],
  ["mentions_wholesale", "cf7", "shop", "Laura Penrose", "laura@thegullhotel.co.uk", "Hi there, we run a boutique hotel in Cornwall (14 rooms) and love your linen. Do you offer trade/wholesale prices for bulk orders of duvet covers and pillowcases?"],
  ["mentions_wholesale", "gf", "de", "Markus Engel", "einkauf@moebelhaus-engel.de", "Guten Tag, wir sind ein Möbelhaus in Ulm. Fertigen Sie auch Kleinserien für den Wiederverkauf, z.B. Esstische in Eiche? Bitte senden Sie uns Ihre Händlerpreise. Mit freundlichen Grüßen, Markus Engel, Einkauf"],
  // Angry capitals.
  ["angry_caps", "cf7", "plu", "Derek Mills", "derek.mills@sky.com", "I HAVE BEEN WAITING SINCE 8AM FOR YOUR ENGINEER AND NOBODY HAS TURNED UP!!! THIS IS THE SECOND TIME. I TOOK A DAY OFF WORK FOR THIS. CALL ME BACK IMMEDIATELY OR I WANT A FULL REFUND", { phone: "07911 123456" }],
  ["angry_caps", "custom", "shop", "Janet Cooper", "janet.cooper58@aol.com", "WHERE IS MY ORDER??? ORDER #10482 PLACED 3 WEEKS AGO AND STILL NOTHING. NO REPLY TO MY EMAILS. I WILL BE REPORTING YOU TO TRADING STANDARDS AND MY BANK"],
  ["angry_caps", "wpf", "den", "Paul Stevens", "paulstevens@gmail.com", "YOUR RECEPTIONIST WAS EXTREMELY RUDE TO MY ELDERLY MOTHER TODAY. UNACCEPTABLE. I WANT TO SPEAK TO THE PRACTICE MANAGER."],
  ["angry_caps", "el", "inn", "Mike O'Brien", "mobrien1970@hotmail.com", "ROOM WAS FILTHY, NO HOT WATER, AND YOU STILL CHARGED MY CARD TWICE. REFUND THE SECOND CHARGE NOW. BOOKING REF SV-2291"],
  // One word.
  ["one_word", "custom", "bak", "Zoe", "zoe.b@gmail.com", "Hi"],
  ["one_word", "cf7", "plu", "Steve", "steve.j@hotmail.co.uk", "Quote?", { phone: "07822 555301" }],
  ["one_word", "wpf", "den", "Amy Turner", "amy.t@icloud.com", "Help", { phone: "07700 900812" }],
  ["one_word", "gf", "inn", "R Patel", "rpatel@gmail.com", "Availability?"],
  ["one_word", "el", "ven", "Kelly", "kellymarie89@yahoo.co.uk", "Prices"],
  // Several links of their own.
  ["several_links", "cf7", "shop", "Emma Lindqvist", "emma.lindqvist@gmail.com", "Hi, the duvet cover I received (order 10391) has a tear along the seam. Photos here: https://imgur.com/a/k2Ld9Qx and https://imgur.com/a/Pq81zTe . The product page is https://{domain}/products/linen-duvet-cover-sage (the sage one, king size). Can I get a replacement?"],
  ["several_links", "wpf", "ven", "Becca Hill", "becca.hill@outlook.com", "Hi! We're getting married next summer. Here's our Pinterest board for the vibe we want: https://www.pinterest.co.uk/beccaandjoe/wedding/ and the caterer we're considering: https://www.feastandfig.co.uk . Does your venue work with outside caterers? Also saw your post https://www.instagram.com/p/C9xYz12AbCd/ , is that the barn room?"],
  ["several_links", "gf", "law", "Neil Armitage", "neil.armitage@gmail.com", "Dear Ms Hartley, regarding the boundary dispute: the neighbour's planning application is here https://planning.leeds.gov.uk/online-applications/applicationDetails.do?keyVal=S8K2 and the Land Registry title plan I mentioned is https://www.gov.uk/search-property-information-land-registry . Could we discuss on Monday? Regards, Neil Armitage"],
  ["several_links", "custom", "de", "Jonas Weber", "jonas.weber@posteo.de", "Hallo, könnten Sie so ein Regal bauen? Beispiele: https://www.pinterest.de/pin/123456789012345678/ und https://www.ikea.com/de/de/p/ivar-regal-kiefer-s09248/ (nur viel stabiler, Eiche). Maße: 2,40 x 2,20 m. Danke! Jonas"],
  // A website field filled in.
  ["website_field", "wpf", "ven", "Hannah Moss", "hannah@bloomandbranch-florist.co.uk", "Hi, I'm a local florist and several of my brides have had their weddings at the Old Mill. I'd love to be added to your recommended suppliers list if you have one. Happy to send over photos of past set-ups there.", { website: "https://www.bloomandbranch-florist.co.uk" }],
  ["website_field", "gf", "plu", "Linda Marsh", "l.marsh@hollybankcare.co.uk", "We manage a care home with 32 rooms and need a reliable plumber for annual servicing of the hot water system and TMV valves. Can you come and quote?", { website: "https://www.hollybankcare.co.uk", company: "Hollybank Care Home" }],
  ["website_field", "custom", "law", "Chris Ashworth", "chris@ashworthjoinery.co.uk", "Hi, I run a small joinery firm and a client hasn't paid an invoice of £8,400 for 4 months. Do you do debt recovery for small businesses, and what would it cost?", { website: "www.ashworthjoinery.co.uk" }],
  ["website_field", "cf7", "den", "James Murphy", "james@jamesmurphyphoto.com", "Hello, we've just moved to the area and would like to register with the practice, the whole family (2 adults, 2 kids). Are you taking NHS patients?", { website: "https://jamesmurphyphoto.com" }],
  // Ordinary enquiries.
  ["ordinary", "cf7", "den", "Olivia Grant", "olivia.grant@gmail.com", "Hi, I chipped my front tooth this morning biting on a fork. Is there any chance of an emergency appointment today? I can come any time. Thank you", { phone: "07700 900123" }],
  ["ordinary", "wpf", "den", "Rachel Adams", "rachel.adams22@yahoo.com", "Hello, how much is teeth whitening at your practice and how long does it last? Also do you offer payment in instalments?"],
  ["ordinary", "gf", "den", "Kamal Ahmed", "kamal.ahmed@gmail.com", "My 6 year old son is very anxious about the dentist. Do you have a dentist who is good with nervous children? We'd like to register him."],
  ["ordinary", "cf7", "plu", "Sophie Walker", "sophiewalker@live.co.uk", "Hello, we have a leak under the kitchen sink that's getting worse. Could someone come out tomorrow morning? Postcode M20 2RN.", { phone: "07931 447210" }],
  ["ordinary", "el", "plu", "Ian Fletcher", "ian.fletcher@gmail.com", "Hi, can you give me a rough price to move a radiator about 1.5m along the same wall? Thanks, Ian"],
  ["ordinary", "custom", "plu", "Mohammed Iqbal", "m.iqbal.properties@gmail.com", "Landlord here. I have 3 rental properties that need gas safety certificates renewed in March. Do you do gas safety checks or just plumbing?"],
  ["ordinary", "cf7", "bak", "Nicola Barnes", "nicolabarnes@hotmail.com", "Hiya, do you have any gluten-free options? My daughter is coeliac and it's her birthday next week. Would love a cake she can actually eat!"],
  ["ordinary", "wpf", "bak", "Fiona Watson", "fiona.watson@gmail.com", "Hello, I placed an order for 24 cupcakes for collection on Saturday (name: Watson). Can I change the collection time from 10am to 2pm? Thanks"],
  ["ordinary", "gf", "bak", "Liam Kelly", "liamkelly2005@gmail.com", "Are you hiring for weekend shifts? I have 2 years' experience at Greggs and I'm available Sat & Sun. I can drop in a CV."],
  ["ordinary", "cf7", "law", "Joanne Price", "joanne.price@gmail.com", "Hello, I was dismissed from my job last week after 6 years with no warning and no meeting. I think it may be unfair dismissal. Do you offer a free initial consultation?"],
  ["ordinary", "el", "law", "Margaret Hughes", "margaret.hughes@btinternet.com", "I need to make a will. I'm 72, widowed, with two children. What would it cost and can someone visit me at home as I don't drive?", { phone: "01632 960123" }],
  ["ordinary", "gf", "law", "Daniel Moore", "dan.moore@outlook.com", "Hello, we're separating amicably and want a solicitor to draw up a consent order for the finances. Do you offer fixed fees for this?"],
  ["ordinary", "cf7", "inn", "Carol Jenkins", "caroljenkins@gmail.com", "Hello, do you have a sea view room for 2 adults from 3rd to 6th July? We're celebrating our anniversary. Also is there parking nearby?"],
  ["ordinary", "wpf", "inn", "Anna Kowalski", "anna.kowalski@gmail.com", "Hi, I booked through Booking.com for next weekend but I need to add a child (age 4). Is there room for a travel cot?"],
  ["ordinary", "custom", "inn", "Richard Lee", "richard.lee@icloud.com", "Hi, I think I left my phone charger in room 3 when we checked out on Sunday. White Apple cable. Could you post it? Happy to pay postage."],
  ["ordinary", "cf7", "shop", "Ingrid Johansson", "ingrid.j@gmail.com", "Hello, what's the difference between your stonewashed and your classic linen? I'd like sheets that are soft straight away."],
  ["ordinary", "el", "shop", "Paula Reyes", "paula.reyes@gmail.com", "Hi, I'd like to return the tablecloth from order #10455, the colour doesn't match our dining room. It's unused, still in the packaging. How do I do that?"],
  ["ordinary", "gf", "shop", "Kari Nilsen", "kari.nilsen@online.no", "Do you ship to Norway? And if so, will I have to pay import VAT on delivery?"],
  ["ordinary", "cf7", "ven", "Emma Richardson", "emma.richardson@gmail.com", "Hi, we're looking for a venue for my dad's 70th birthday lunch, about 45 people, on a Sunday in May. Do you do catering in house?"],
  ["ordinary", "custom", "ven", "Geoff Barker", "geoff.barker@rotary1190.org.uk", "Hello, I'm from the local Rotary Club. We hold a charity quiz night each spring. Would you consider a reduced rate for a registered charity? Our charity number is 1091234."],
  ["ordinary", "el", "ven", "Sunita Patel", "sunita.patel@gmail.com", "Hi, is there step-free access to the main hall and an accessible toilet? One of our guests uses a wheelchair."],
  ["ordinary", "wpf", "plu", "Jan Morris", "jan.morris@gmail.com", "Hi, just wanted to say thank you to Dave who fixed our shower yesterday. Really tidy job and very polite. Will recommend you. Jan"],
  ["ordinary", "cf7", "law", "Amy Clarke", "amy.clarke@ypn.co.uk", "Hi, I'm a reporter at the Yorkshire Evening Post writing about the rise in no-fault evictions. Would one of your housing solicitors be available for a short comment by Thursday? Thanks, Amy Clarke", { subject: "Press enquiry" }],
  ["newsletter_signup", "custom", "bak", "", "maria.costa@gmail.com", "", { only: true }],
  ["newsletter_signup", "el", "shop", "", "jwoodward@gmail.com", "", { only: true }],
  ["ordinary", "gf", "bak", "Tom Baxter", "tom@hillsideflour.co.uk", "Hi, this is Tom from Hillside Flour Mill. We've updated our delivery schedule for the summer: deliveries will now be Tuesday and Friday. Please let me know if that still works for your orders."],
  ["ordinary", "custom", "den", "Chloe Evans", "chloe.evans.dn@gmail.com", "Hello, I'm a qualified dental nurse (GDC registered) relocating to the area in September. Are you recruiting? My CV: https://drive.google.com/file/d/1aB2cD3eF4gH5/view"],
  ["ordinary", "cf7", "plu", "Andrei Popescu", "andrei.popescu87@yahoo.com", "Hello, i have problem with toilet, water is running all time and not stop. I am renting flat, landlord say call plumber. How much cost to come? Thank you"],
  ["ordinary", "custom", "bak", "jade", "jadeyxx@hotmail.co.uk", "hi do u do vegan brownies n can i order 12 for fri thx"],
  ["ordinary", "gf", "ven", "Louise Barton", "louise.barton@carringtonaccountants.co.uk", "Good afternoon,\n\nI'm the office manager at Carrington Accountants. We'd like to book a meeting room for a half-day training session for 20 staff, with projector and lunch, on 14 November. Could you send a quote and confirm availability?\n\nKind regards,\nLouise Barton", { company: "Carrington Accountants" }],
  ["ordinary", "cf7", "shop", "Oliver Brooks", "oliver.brooks@brooksarchitects.co.uk", "Hi, we'd like to order 35 linen napkin sets as corporate Christmas gifts for our clients. Is there a discount for that quantity and can you add a gift note?"],
  ["ordinary", "custom", "law", "Raj Malhotra", "raj@malhotrapharmacy.co.uk", "Hi, following up on my email from last Tuesday about the lease renewal for our shop. Have you had a chance to look at the landlord's draft? Thanks, Raj"],
  ["ordinary", "el", "den", "Mark Jones", "markjones1@gmail.com", "Cancel my appointment tomorrow 9:30 please, I'm ill. Sorry! Will rebook."],
  ["ordinary", "gf", "inn", "Sue Hammond", "suehammond@btinternet.com", "Do you allow dogs? We have a well-behaved spaniel."],
  ["ordinary", "custom", "plu", "Philip Grant", "phil.grant@didsburyra.org.uk", "Hello, I'm from the Didsbury Residents' Association. We're putting together a directory of trusted local tradespeople for our newsletter (free listing). Would you like to be included? Just reply with your preferred phone number."],
  ["ordinary", "el", "bak", "Brenda Collins", "brenda.collins@sky.com", "Hello, can I order a custom cake with a photo printed on it? It's for my grandson's christening, around 30 people."],
  ["ordinary", "wpf", "shop", "Tanya Moss", "tanya.moss@gmail.com", "Hi, my discount code WELCOME10 doesn't work at checkout. It says expired but I only signed up yesterday."],
  ["ordinary", "wpf", "ven", "Lewis Gray", "hello@lewisgrayphotography.com", "Hi, photographer here. I'm shooting a wedding at your venue on 9 August. Is it OK to take photos on the mill bridge, and is there anywhere I can charge batteries? Thanks, Lewis", { website: "https://lewisgrayphotography.com" }],
  ["ordinary", "custom", "den", "Paul Watts", "paul.watts@gmail.com", "Hi, I'm a patient. Could you email me a copy of my last X-ray? My new dentist in Spain needs it. Many thanks"],
  ["ordinary", "cf7", "inn", "Martin Webb", "martin.webb@gmail.com", "Hi, we are a group of 6 cyclists doing the coast-to-coast route. Do you have secure storage for bikes? Looking at the night of 22 June."],
  ["ordinary", "gf", "plu", "Deborah Hall", "deborah.hall@gmail.com", "Our hot water cylinder is making a loud banging noise when the heating comes on. Is that dangerous? Can you come and look this week?"],
  ["ordinary", "cf7", "bak", "Patricia Owen", "pat.owen@stjohns-church.org.uk", "Hello, I'm organising a coffee morning for Macmillan at our church on 27 Sept. Would you be willing to donate a couple of cakes for the raffle? We'd put your name on our poster. Thank you so much, Pat"],
  ["ordinary", "custom", "shop", "Helena Frost", "helena.frost@gmail.com", "Is the oatmeal colour more grey or more beige? Screens differ so much."],
];

const UA = {
  chromeWin:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  fbIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.36.108;FBBV/612345678;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_GB;FBOP/5]",
  chromeWin7:
    "Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36",
  oldChrome79:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.130 Safari/537.36",
  oldChrome86:
    "Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36",
  oldFirefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:68.0) Gecko/20100101 Firefox/68.0",
  chromeLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
};

// Most spam comes through ordinary-looking browsers; a third through old ones.
const SPAM_UAS = [
  UA.chromeWin,
  UA.oldChrome79,
  UA.chromeLinux,
  UA.edge,
  UA.oldChrome86,
  UA.chromeWin,
  UA.firefox,
  UA.oldFirefox,
  UA.iphone,
  UA.chromeWin,
];
const LEGIT_UAS = [
  UA.iphone,
  UA.chromeWin,
  UA.android,
  UA.safariMac,
  UA.iphone,
  UA.samsung,
  UA.chromeWin,
  UA.edge,
  UA.fbIphone,
  UA.firefox,
  UA.iphone,
  UA.chromeWin7,
];

// Residential ranges by the site's country; spam from hosting and proxy ranges worldwide.
const LEGIT_NETS: Record<string, string[]> = {
  en: ["86.12", "81.2", "90.214", "31.94", "82.132", "2.27", "92.40", "109.150"],
  de: ["79.199", "91.64", "93.201"],
  es: ["83.45", "88.12", "79.148"],
  fr: ["90.84", "86.246", "176.180", "24.200"],
  ja: ["126.140", "153.206"],
  pl: ["83.24", "89.64", "178.43"],
  pt: ["85.240", "188.80"],
  br: ["177.92", "189.6"],
  zh: ["114.245", "223.104", "1.80"],
  ru: ["95.24", "178.176", "46.39"],
  ar: ["94.200", "86.96"],
};
const SPAM_NETS = [
  "45.152",
  "185.220",
  "103.151",
  "5.188",
  "91.240",
  "194.87",
  "37.120",
  "154.16",
  "102.129",
  "41.216",
  "196.196",
  "192.241",
  "104.28",
  "212.193",
  "31.184",
  "179.43",
  "36.37",
  "14.161",
  "117.4",
  "182.180",
];

const COUNTRY: Record<string, string> = {
  de: "de",
  es: "es",
  fr: "fr",
  ja: "ja",
  pl: "pl",
  pt: "pt",
  br: "br",
  zh: "zh",
  ru: "ru",
  ar: "ar",
};
const CONTACT_PAGE: Record<string, string> = {
  de: "/kontakt/",
  es: "/contacto/",
  pl: "/kontakt/",
  pt: "/contactos/",
  br: "/contato/",
  ja: "/contact/",
  zh: "/lianxi/",
  ru: "/kontakty/",
};

function fieldsOf(
  shape: OutsideFormShape,
  name: string,
  email: string,
  message: string,
  x: OutsideFormExtra,
): Record<string, string> {
  const f: Record<string, string> = {};
  const put = (k: string, v: string | undefined) => {
    if (v !== undefined) f[k] = v;
  };
  if (x.only) {
    put(shape === "el" ? "form_fields[email]" : "email", email);
    return f;
  }
  const subject = x.subject;
  switch (shape) {
    case "cf7":
      put("your-name", name);
      put("your-email", email);
      put("your-phone", x.phone);
      put("your-website", x.website);
      put("your-subject", subject ?? "");
      put("your-message", message);
      put("acceptance-privacy", "1");
      break;
    case "wpf":
      put("Name", name);
      put("Email", email);
      put("Phone", x.phone ?? "");
      put("Website / URL", x.website);
      put("Company", x.company);
      put("Subject", subject);
      put("Comment or Message", message);
      break;
    case "gf":
      put("Name", name);
      put("Email", email);
      put("Phone", x.phone ?? "");
      put("Company", x.company);
      put("Website", x.website);
      put("Subject", subject);
      put("Message", message);
      break;
    case "el":
      put("form_fields[name]", name);
      put("form_fields[email]", email);
      put("form_fields[field_5c2d1e0]", x.phone);
      put("form_fields[website]", x.website);
      put("form_fields[subject]", subject);
      put("form_fields[message]", message);
      break;
    case "custom":
      put("name", name);
      put("email", email);
      put("phone", x.phone);
      put("company", x.company);
      put("website", x.website);
      put("subject", subject);
      put("message", message);
      break;
  }
  if (x.hp) f[x.hp[0]] = x.hp[1];
  return f;
}

const FORM_NAMES: Record<OutsideFormShape, [number, string]> = {
  cf7: [5, "Contact form 1"],
  wpf: [112, "Simple Contact Form"],
  gf: [1, "Contact Us"],
  el: [3, "New Form"],
  custom: [1, "contact"],
};

/** The hidden fields of each form shape: the names its bots filled. */
function hiddenFields(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [, shape, , , , , x] of SPAM) if (x?.hp) (out[shape] ??= []).push(x.hp[0]);
  return out;
}

function build(rows: Row[], label: Label, one: string | null): OutsideFormItem[] {
  const spam = label === "spam";
  const hidden = one ? hiddenFields() : {};
  return rows.map(([kind, shape, code, name, email, raw, x = {}], n) => {
    const domain = one ?? SITES[code];
    const country = COUNTRY[code] ?? "en";
    const nets = spam ? SPAM_NETS : LEGIT_NETS[country];
    const net = nets[(n * 7) % nets.length];
    const ip = x.ip ?? `${net}.${(n * 37 + (spam ? 11 : 3)) % 250 + 1}.${(n * 53 + 17) % 250 + 2}`;
    const uas = spam ? SPAM_UAS : LEGIT_UAS;
    const ua = x.ua ?? uas[n % uas.length];
    const contact = `https://${domain}${(one ? null : CONTACT_PAGE[code]) ?? "/contact/"}`;
    const referrer = x.ref !== undefined
      ? x.ref
      : spam
      ? [null, contact, `https://${domain}/`][n % 3]
      : n % 7 === 0
      ? null
      : n % 5 === 0
      ? `https://${domain}/`
      : contact;
    const message = raw.replaceAll("{domain}", domain);
    const [id0, form_name] = FORM_NAMES[shape];
    // On one site, Gravity Forms and the plain form are two forms.
    const form_id = one && shape === "custom" ? id0 + 1 : id0;
    const fields = fieldsOf(shape, name, email, message, x);
    // On one site, every submission of a form posts its hidden fields, empty unless a bot filled one.
    if (!x.only) { for (const h of hidden[shape] ?? []) fields[h] ??= ""; }
    return {
      id: `probe8/${label}/${n}`,
      kind,
      label,
      shape,
      site: domain,
      body: {
        form_id,
        form_name,
        fields,
        visitor: { ip, user_agent: ua, referrer },
      },
    };
  });
}

/**
 * The probe in the order it is submitted: spam and legitimate rows
 * interleaved, as a site sees them. `oneSite`: a variant (for a sensitivity
 * run, not the probe as written) with every row sent to that one site, each
 * form posting its hidden fields (the names its bots filled) empty.
 */
export function buildOutsideForms(oneSite: string | null = null): OutsideFormItem[] {
  const spam = build(SPAM, "spam", oneSite);
  const legit = build(LEGIT, "legitimate", oneSite);
  const out: OutsideFormItem[] = [];
  for (let i = 0; i < Math.max(spam.length, legit.length); i++) {
    if (i < legit.length) out.push(legit[i]);
    if (i < spam.length) out.push(spam[i]);
  }
  return out;
}
