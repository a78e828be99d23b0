/**
 * Texts near the boundary: legitimate messages that read like outreach
 * (journalists, students, job seekers, neighbours proposing something, real
 * suppliers) and spam that reads like a customer (fake enquiries that end in a
 * pitch or a link). The model must learn who wants what from whom.
 */
export const BOUNDARY_TEXTS: Record<string, string[]> = {
  press_inquiry: [
    "Hello, I'm a producer at our local TV station. We're doing a short piece on family businesses that survived the floods last year and yours came up. Would you be open to a five-minute interview?",
    "I'm a freelance journalist working on an article about the rising cost of {product} for small businesses. Could I quote you? Happy to send questions in writing.",
    "Hi, I write the 'Local Heroes' column in the community newsletter. A reader nominated you! Could we talk on the phone this week?",
    "I'm a PhD student researching how small {biz}s use social media. Would you fill in a 10-minute anonymous survey? I can share the results with you afterwards.",
  ],
  job_application: [
    "Hello, I'm a retired accountant and I'd enjoy a few hours of part-time work. Do you ever need help with bookkeeping or the front desk?",
    "Hi, my daughter is 16 and looking for a Saturday job. She's polite and reliable. Could she drop her CV in?",
    "Are you taking on apprentices this year? I finished my level 2 in carpentry and I'm keen to keep learning.",
  ],
  community_partnership_local: [
    "Hi, I run the yoga studio across the road. Would you like to swap flyers? We'd happily display yours at our reception.",
    "Our school's Year 6 class is learning about local businesses. Could a small group visit for 20 minutes one morning and ask you a few questions?",
    "We're organising a street party on the 14th and asking local shops to stay open late. Would you be interested? No cost, just good fun.",
  ],
  supplier_followup_real: [
    "Hi, it's {first} from the bakery that supplies your café. We're closing for two weeks in August - would you like a double delivery on the 31st?",
    "Your new menu boards are ready. I can fit them Monday morning before you open, if that suits.",
  ],
  unsubscribe_request: [
    "I don't remember signing up to your mailing list but I keep getting your emails. Please remove my address.",
    "Please stop texting me offers, I only wanted the receipt.",
  ],
  personal_message: [
    "I think I went to school with your owner, {owner}! If it's the same person, tell them {first} from the year 10 football team says hello.",
    "I used to work for you back in 2015 and just wanted to say thanks - I learned so much in that job.",
  ],
  mentions_seo: [
    "Hello, I'm an SEO at an agency and I need new headshots for our team page, 8 people. Could you do them in our office?",
    "We'd like you to redesign our bakery website. We don't know much about SEO or Google, so we'd appreciate some guidance there too.",
  ],
  several_links: [
    "Hi! I'm getting married and love these two cakes from your gallery: {ownlink} and {ownlink}. Could you do something in between for 60 people?",
    "Here's the listing for the flat I'd like to view: {ownlink} - and my references are here: {sharelink}",
  ],
  guest_post: [
    "Hi, I'm a customer of yours and a blogger! I wrote a review of your {product} and would love to link to {site} in it. Also, would you let me write a guest post for your blog? I'd include a link to my site.",
    "Hello, I loved your article on {topic_a}. I've written a related piece and think your readers would find it useful - could you add a link to it from your page?",
  ],
  seo_pitch: [
    "Hi, I was looking for a {biz} in {city} and couldn't find you on Google Maps, only on page 3. Are you aware? I help businesses fix exactly that.",
    "Hello, are you taking new customers? Asking because I noticed your website is missing from Google for '{biz} {city}'. I'm a local SEO freelancer and could help.",
    "Your website is great but I couldn't find it on Google! I can get you on the first page in 30 days. Text me for details.",
  ],
  web_design_pitch: [
    "Hi, I'd like to ask about your prices - just kidding :) I'm actually a web designer and I noticed a few things on {site} that could bring you more customers. Interested?",
    "Hello! Quick question: who built your website? I have a few ideas that could double your enquiries. I'm local and happy to meet.",
  ],
  partnership: [
    "Hi, I love your products! I'm an influencer with 45k followers and I'd like to promote {site}. My rates are $300 per post, or we can do a commission deal.",
    "We're a marketplace for {biz}s and we'd like to list you for free. You only pay 15% commission on bookings. Can I set up your profile?",
  ],
  lead_lists: [
    "Hey, do you want more customers this month? We generate exclusive leads for {biz}s in {city}, pay only for the ones you accept.",
  ],
  reviews: [
    "Hi, I was a customer last month and loved it! Also, I run an agency that helps businesses get more Google reviews - would you be interested in a quick chat?",
  ],
  business_funding: [
    "Hi, I'm reaching out because {site} qualifies for our new small business grant program. Reply with your annual revenue to see how much you can receive.",
  ],
  staffing: [
    "Hi there! I'm a virtual assistant from the Philippines. I can help with your emails, social media and bookkeeping for $7/hour. Would you like to see my resume?",
  ],
  video_pitch: [
    "I'm a drone pilot based near {city}. I'd love to film a short promotional video of your premises - I've done this for several local businesses. Rates from $250.",
  ],
  crypto: [
    "Hi, I'm interested in your products, but first I wanted to share an investment opportunity that has changed my life. I made $20,000 in two months with crypto. Want to know how?",
  ],
  dating: [
    "hi, I saw your website and I think you are very interesting person. I'm Natalia, I'd like to get to know you better. Please write me at {free_email}",
  ],
  phishing_copyright: [
    "Hi, I'm {first}, an illustrator. One of my drawings is used on your homepage without credit. Please see my original post and the license terms here: {url} and reply within 48 hours.",
  ],
  phishing_purchase_order: [
    "Hello, we are interested in ordering 200 units of your products. Kindly view our requirements and the delivery schedule in the shared file: {url}",
  ],
};
