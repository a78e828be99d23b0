/**
 * A further batch of mail wordings on both sides.
 */
export const EXTRA_MAIL_TEXTS: Record<string, string[]> = {
  bec_wire_fraud: [
    "Quick task\n---\nHi {first}, I'm stuck in a board meeting. Can you handle a quick payment for me? Let me know when you're free and I'll send the beneficiary details. Keep this between us for now.",
    "Payroll update\n---\nHello, I changed banks and need my salary paid into my new account from this month. Please update my direct deposit details before the next payroll run. I'll send the new account number.",
    "Invoice payment - urgent\n---\nPlease process the attached invoice of {amount} today. The supplier threatened to stop deliveries. I approve it, no need to check with finance.",
  ],
  stock_pump: [
    "Breakout alert\n---\nOur last pick gained 380% in two weeks. The next one is ready: a tiny mining company with a massive new gold discovery. Tomorrow's ticker inside: <<Get the ticker|spam>>",
    "Momentum stock alert - act fast\n---\nVolume is surging on this under-the-radar biotech. Analysts we trust see 10x potential. Shares at $0.18 won't last.",
    "Your free stock report\n---\nThree penny stocks set to explode in 2024. Download your free report now before everyone else finds out: <<Download|spam>>",
  ],
  lottery_winner: [
    "Dear beneficiary\n---\nYour email was selected in the Microsoft anniversary draw and you have won $950,000. Please send your name, address and phone number to the claims officer to begin the transfer.",
    "You're a winner!\n---\nYou have won a $1,000 Amazon voucher in our customer appreciation draw. Claim within 24 hours: <<Claim voucher|spam>>",
  ],
  seo_webdesign_spam: [
    "Your website design\n---\nHi, I came across your website and noticed some design and speed issues that may be costing you customers. I'd love to send you a free mockup of a new design. Interested?",
    "1st page on Google guaranteed\n---\nDear website owner, we guarantee first page Google rankings in 60 days or your money back. Prices from $199/month. Reply for details.",
    "Partnership proposal\n---\nHi, I represent a marketing agency and we'd like to partner with you on lead generation. Could we set up a 15-minute call this week?",
    "Re: your listing on Google\n---\nHi, your business isn't showing up in Google Maps searches in your area. We can fix that in 2 weeks. Would you like a free report?",
  ],
  money_scheme: [
    "You've been approved\n---\nCongratulations, you've been approved to join our exclusive work-from-home program. Earn up to $3,500 a week posting links online. <<Get started|spam>>",
    "Secret method revealed\n---\nA 62-year-old grandmother discovered a method to earn $800 a day from her kitchen table. Banks hate her. <<See how|spam>>",
  ],
  pharma: [
    "Pharmacy specials this week\n---\nAmbien, Xanax, Soma, Viagra at the best online prices. Order without a prescription, delivery in 3 days. <<Shop now|spam>>",
    "Natural enhancement\n---\nThe doctor-recommended formula that thousands of men trust. Free bottle with every order this week only. <<Order|spam>>",
  ],
  phishing_bank: [
    "Your online banking access\n---\nDear customer, your online banking access will expire today. Log in to renew it and avoid interruption of service: <<Renew access|phish>>",
    "Incoming transfer on hold\n---\nA transfer of {amount} to your account is on hold pending verification. Confirm your details to release the funds: <<Release funds|phish>>",
  ],
  phishing_payment_service: [
    "We've limited your account\n---\nWe noticed a login from a new device. As a precaution your account has been limited. Log in to remove the limitation. <<Log in|phish>>",
    "Your order has been placed\n---\nYour order of an Apple MacBook Pro for {amount} has been placed. If you did not make this order, call us immediately at +1 (888) 555-0{code3} to cancel.",
  ],
  phishing_mailbox: [
    "Document pending your signature\n---\nYou have a pending document from HR regarding the new salary structure. Sign in with your email credentials to view it: <<View document|phish>>",
    "Email quota warning\n---\nYour mailbox is using 98% of its quota. Messages will be deleted unless you upgrade. <<Upgrade now|phish>>",
  ],
  phishing_parcel: [
    "Parcel notification\n---\nYour parcel is waiting at our depot. Confirm your address and pay the small delivery fee of {small_amount} to receive it tomorrow: <<Confirm|phish>>",
  ],
  phishing_streaming: [
    "Update your payment information\n---\nYour last payment failed. To keep watching, please update your card details within 48 hours: <<Update|phish>>",
  ],
  phishing_crypto_wallet: [
    "Important security update\n---\nAll wallets must be migrated to our new secure network. Enter your secret recovery phrase to complete the migration: <<Migrate wallet|phish>>",
  ],
  loans_mortgage: [
    "Get up to $50,000 today\n---\nPersonal loans with low monthly payments. Check your rate in 2 minutes without affecting your credit score. <<Check my rate|spam>>",
    "Debt relief program\n---\nQualify for our debt relief program and reduce your monthly payments by up to 50%. Free consultation, no obligation. <<See if you qualify|spam>>",
  ],
  crypto_investment: [
    "Join the crypto revolution\n---\nOur members earn 5-10% per day with automated trading. Start with $250 and withdraw anytime. <<Register|spam>>",
    "Exclusive token presale\n---\nBe among the first to buy the new token before it lists on major exchanges. Early buyers could see 100x returns. <<Join presale|spam>>",
  ],
  malware_lure: [
    "Your invoice from {brand}\n---\nPlease see your invoice attached. Kindly confirm receipt. <<INV-{po}.html|attach>>",
    "Missed delivery - print label\n---\nPlease print the shipping label attached to collect your parcel. <<Label_{po}.zip|attach>>",
  ],
  tech_support_scam: [
    "Payment confirmation\n---\nThank you for your purchase of Geek Support Premium (3 years). Total charged: $449.99. For cancellation or refund, call our helpline: +1 (844) 555-0{code3}.",
  ],
  advance_fee: [
    "Business investment\n---\nDear partner, I am the financial adviser to a prominent family in Libya who wish to invest $35 million abroad. We seek a trustworthy partner. Reply with your direct phone number.",
    "Contract payment\n---\nYour contract payment of $4.2 million has been released. To receive it you must pay a clearance fee of $350. Contact the payment office.",
  ],
  adult_dating: [
    "Private photos for you\n---\nHi, I'm Anastasia. I saw your profile and I want to show you my private photos. <<See photos|spam>>",
  ],
  bulk_old_style: [
    "Life insurance for pennies a day\n---\nProtect your family today. Get a free quote on term life insurance in less than 2 minutes. No medical exam required! <<Get quote|spam>>\n\nIf you wish to be removed from our list, <<click here|unsub>>.",
    "Satellite TV - free installation\n---\nGet 200+ channels for only $29.99/month with free installation and a free receiver. Call 1-800-555-0142 now!",
  ],
  // Legitimate.
  personal_email: [
    "Re: weekend plans\n---\nCount me in for the hike! Should I bring anything? I've got a spare flask if anyone needs one.",
    "Congrats!!\n---\nJust heard about the new job - that's fantastic news. So proud of you. Let's celebrate when you're back.",
    "Grandma's 90th\n---\nHi all, we're planning a small party for Grandma's 90th on the 14th at our place. Bring a dish if you can. She doesn't know yet, so shh!",
    "@de Re: Urlaub\n---\nDie Fotos sind toll! Nächstes Jahr kommen wir mit. Liebe Grüße an alle.",
    "@es Cumpleaños de mamá\n---\nHola a todos, el domingo celebramos el cumpleaños de mamá en casa. Traed algo de postre. ¡Besos!",
    "@zh 好久不见\n---\n最近怎么样？下个月我去北京出差，有空一起吃个饭吧。",
  ],
  work_email: [
    "Re: Friday's delivery\n---\nConfirmed for Friday between 8 and 10. Please make sure the loading bay is clear. Thanks, {sender}",
    "Holiday cover\n---\nHi {first}, could you cover my shifts on the 22nd and 23rd? I'll take yours in January. Let me know.",
    "Re: quote for printing\n---\nThanks, the quote looks fine. Please go ahead with 500 copies on the heavier paper. Invoice to the usual address.",
    "Agenda for Monday\n---\n1. Budget update\n2. New starter onboarding\n3. Office move timeline\nPlease add anything else by Friday.",
  ],
  security_alert_real: [
    "Sign-in from a new browser\n---\nHi {first}, your account was just accessed from Firefox on Linux in {city}. If this was you, you can ignore this message. Otherwise, change your password from your account settings.",
    "Your verification code\n---\n{code} is your verification code. Don't share it with anyone. Our staff will never ask for it.",
  ],
  billing_receipt: [
    "Payment received - thank you\n---\nWe received your payment of {amount} for invoice {order}. Your account is now up to date.",
    "Your monthly statement\n---\nHi {first}, your statement for {month} is ready. Total charges: {amount}. <<View statement|account>>",
  ],
  newsletter_company: [
    "Spring gardening tips from {brand}\n---\nIt's time to sow tomatoes indoors and prune roses. Our experts share five jobs for this month. <<Read the tips|page>>",
    "Meet the makers\n---\nThis month we visit the family workshop that makes our ceramic mugs. <<Read the story|page>>\n\nPlus: 10% off all kitchenware until Sunday.",
  ],
  mailing_list: [
    "Re: [users] SSL handshake fails after update\n---\n> After updating OpenSSL, clients on old Android phones can't connect.\n\nThe new default drops TLS 1.0 and 1.1. You can re-enable them in the config, but better to tell those users to update.\n\n{sender}",
    "[club] AGM minutes\n---\nThe minutes of the annual general meeting are attached. Main points: fees stay the same, new treasurer elected, summer tournament on the 14th.",
  ],
  social_notification: [
    '{sender} mentioned you in a comment\n---\n"{first}, you should come to this!" <<View comment|page>>',
  ],
  shipping_notification: [
    "Your return has been received\n---\nWe've received your return for order {order}. Your refund of {amount} will be processed within 5 working days.",
  ],
  appointment_reminder: [
    "Your MOT is due\n---\nYour vehicle's MOT expires on {date2}. Book your test with us and get a free wash. <<Book now|page>>",
  ],
};
