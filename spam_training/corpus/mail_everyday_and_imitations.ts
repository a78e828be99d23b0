/**
 * Another batch of mail wordings: everyday mail and the spam that imitates it.
 */
export const EXTRA_MAIL_TEXTS_2: Record<string, string[]> = {
  personal_email: [
    "Re: the cat\n---\nShe's fine! Ate all her food and slept on your bed all afternoon. I'll feed her again tomorrow morning.",
    "Sorry about yesterday\n---\nI'm sorry I snapped at you yesterday. It was a long week. Coffee on Saturday, my treat?",
    "Photos from Mum's birthday\n---\nHere they are: <<|share>> - the one with the cake on fire is my favourite.",
    "@it Re: cena\n---\nPerfetto, ci vediamo sabato alle otto. Porto io il dolce!",
    "@ja Re: 来週\n---\n了解です。来週の金曜日なら大丈夫です。駅で待ち合わせしましょう。",
  ],
  short_note: [
    "Re: parking\n---\nYou can use our space on Saturday, we're away.",
    "Re: book club\n---\nI'll host next month. Bring something to drink!",
    "found your glasses\n---\nThey were under the sofa cushion. I'll bring them Monday.",
    "@es Re: mañana\n---\nVale, nos vemos a las diez en la puerta.",
  ],
  work_email: [
    "Re: supplier contract renewal\n---\nI've reviewed the new terms. Payment days moved from 30 to 45, which we can live with, but the price increase needs discussion. Can we talk Thursday?",
    "New starter on Monday\n---\nHi team, {sender2} joins us on Monday as our new office manager. Please make them feel welcome! Desk is by the window.",
    "Re: conference travel\n---\nFlights are booked. I'll share the hotel details later today. We land at 10:40 local time.",
    "Minutes from the planning meeting\n---\nDecisions: launch stays on the 12th; marketing budget approved; {sender2} to update the website copy by Friday.",
  ],
  order_confirmation: [
    "Your order from the farm shop\n---\nHi {first}, thanks for ordering! Your veg box will be delivered on Thursday between 2 and 6pm. Total: {amount}. Reply to this email if you need to change anything.",
    "Booking confirmed: {product}\n---\nThanks, {first}. Your booking is confirmed. Reference {order}. We look forward to seeing you!",
  ],
  billing_receipt: [
    "Receipt for your donation\n---\nDear {first}, thank you for your donation of {amount}. Your support helps us run the food bank every week. This email is your receipt for tax purposes.",
    "Your parking permit renewal\n---\nYour annual residents' parking permit has been renewed. Amount paid: {amount}. Your new permit is valid from {date2}.",
  ],
  bank_notification_real: [
    "Low balance alert\n---\nThe balance of your account ending {last4} is below the limit you set. Current balance: {amount}.",
    "Your savings goal\n---\nNice work, {first}! You've reached 50% of your 'Holiday' savings goal.",
  ],
  newsletter_company: [
    "The {month} update from {brand}\n---\nHi {first}, a short update: we opened a second shop in {city}, launched gift cards and started a repair service. <<See what's new|page>>\n\nThanks for supporting a small business!",
    "Community workshops this month\n---\nJoin our free workshops: bread baking on Saturday, bike maintenance on Sunday. Places are limited. <<Book a place|page>>",
  ],
  retail_promotion: [
    "Last chance: 30% off ends tonight\n---\nOur biggest sale of the season ends at midnight. <<Shop now|page>>\n\nFree returns on all orders.",
    "Just for you, {first}\n---\nBased on what you've bought before, we think you'll like these new arrivals. <<See recommendations|page>>",
  ],
  mailing_list: [
    "Re: [dev] flaky test in CI\n---\nIt's a race between the timer and the socket close. I have a fix that waits for the close event; PR incoming.\n\n> test_reconnect fails about once in twenty runs.",
    "[allotments] water off next week\n---\nThe water supply to the allotments will be off from Monday to Wednesday for pipe repairs. Please fill your butts over the weekend.",
    "Re: [users] best practice for backups?\n---\nWe use restic to an offsite bucket with daily snapshots and a monthly restore test. The restore test is the part people skip and regret.",
  ],
  email_verification: [
    "Your sign-in code\n---\nUse {code} to sign in to {brand}. This code expires in 10 minutes. If you didn't request it, you can ignore this email.",
  ],
  social_notification: [
    "Your friend {sender} joined\n---\nGood news - {sender} is now on {brand}. Say hello! <<View profile|page>>",
  ],
  community_announcement: [
    "Flu clinic dates\n---\nOur flu vaccination clinics run on Saturdays in October. Please book your slot online or by phone.",
  ],
  // Spam.
  phishing_bank: [
    "Verify your identity to avoid account closure\n---\nDear customer,\n\nAs part of our regular security checks we need you to confirm your personal details. Accounts that are not verified within 48 hours will be closed.\n\n<<Verify identity|phish>>",
    "Refund pending\n---\nYou are eligible for a refund of {amount} due to an overcharge. To receive the refund, log in to your online banking and confirm your card details: <<Claim refund|phish>>",
  ],
  phishing_payment_service: [
    "Action required: unusual payment\n---\nWe have put a hold on a payment of {amount} because it looked unusual. Confirm it was you, or dispute it here: <<Review payment|phish>>",
  ],
  phishing_shared_document: [
    'New voicemail and document\n---\nYou have 1 new document shared via OneDrive: "Payment_Details.pdf". <<Open in OneDrive|phish>>',
    '{sender} invited you to edit a document\n---\n{sender} has invited you to view "Contract revision - final". <<Open|phish>>',
  ],
  phishing_tax_refund: [
    "Your tax refund is ready\n---\nWe have processed your tax return and you are due a refund of {amount}. Submit your bank details to receive it within 3 working days: <<Get my refund|phish>>",
  ],
  phishing_mailbox: [
    "Shared mailbox access removed\n---\nYour access to a shared mailbox will be removed today due to a configuration change. Sign in to keep access: <<Keep access|phish>>",
  ],
  phishing_parcel: [
    "Customs duty payment required\n---\nYour international shipment {track} is subject to import duty of {small_amount}. Pay now to release your parcel: <<Pay duty|phish>>",
  ],
  advance_fee: [
    "Good news\n---\nGood day, I am the manager of the foreign remittance department of our bank. A sum of $9.8 million is lying unclaimed in an account belonging to a deceased foreigner who shares your surname. Contact me for the transfer procedure.",
  ],
  lottery_winner: [
    "Claim your prize now\n---\nYour entry has been selected as a winner of our monthly draw. Prize: $5,000 cash. Confirm your details to receive it: <<Confirm|spam>>",
  ],
  seo_webdesign_spam: [
    "Is your website bringing you customers?\n---\nHi, most small business websites get fewer than 10 visitors a day. We can change that with SEO and Google Ads management. Free audit this week.",
    "App development\n---\nDo you need a mobile app for your business? We build iOS and Android apps at 40% lower cost than local agencies. Can I share our portfolio?",
  ],
  money_scheme: [
    "Make money with Amazon\n---\nLearn the system that turns $500 into $5,000 a month selling on Amazon. Free webinar tonight only. <<Reserve my seat|spam>>",
  ],
  crypto_investment: [
    "You've been selected\n---\nYou have been selected to join an exclusive trading group with a 94% success rate. Limited places. <<Join now|spam>>",
  ],
  casino: [
    "Welcome back bonus\n---\nWe miss you! Here's a 100% reload bonus and 50 free spins on your next deposit. <<Claim bonus|spam>>",
  ],
  extortion: [
    "Your secret\n---\nI know what you did. I have evidence and I will share it with your family and employer unless you send $2,000 in Bitcoin within 72 hours.",
  ],
  malware_lure: [
    "Updated payment schedule\n---\nPlease review the updated payment schedule and confirm. <<Payment_Schedule.xlsm|attach>>",
  ],
  replica_goods: [
    "Luxury for less\n---\nTop quality replica watches and bags, shipped discreetly worldwide. New models every week. <<Shop|spam>>",
  ],
  adult_dating: [
    "Someone likes you\n---\nA woman near you liked your profile. See who she is: <<See who|spam>>",
  ],
  loans_mortgage: [
    "Pre-approved: $25,000\n---\nYou're pre-approved for a personal loan of up to $25,000. Accept your offer in minutes. <<Accept offer|spam>>",
  ],
};
