/**
 * Long file: corpus data written for this project (texts), kept whole so that
 * the probe stays one piece.
 * A fresh-writing mail probe, written after the other corpus and feature
 * changes of its time and scored once by the final weights and rule
 * (`deno run -A spam_training/probes/mail_check.ts --named-goods`; figures in
 * docs/spam.md), then appended to the corpus like the two others. Kinds
 * the corpus has few of: legitimate mail that names pharmacies, casinos,
 * crypto, loans and dating for real reasons, school, club and church mail,
 * developer notifications, bills; spam: callback invoices, customs fees, job
 * and romance scams, domain renewal scams, guest posts, phishing in several
 * languages. Nothing of the held-out split or of the outside check was read.
 */
export const MAIL_NAMED_GOODS: Record<string, string[]> = {
  billing_receipt: [
    `Your prescription is ready for collection\n---\nHi {first},\n\nYour repeat prescription is ready to collect from {brand} Pharmacy, High Street. Please bring your collection slip. Opening hours: Mon-Sat 9am-6pm.\n\nThis is an automated message from your pharmacy. Reply STOP to stop text and email reminders.`,
    `Your electricity bill is ready\n---\nHello {first},\n\nYour bill for {month} is ready: {amount}, due on {date2}. It will be taken by direct debit, so you don't need to do anything.\n\n<<View your bill|account>>\n\n{brand} Energy`,
    `Loan statement for account ending {last4}\n---\nDear {first},\n\nYour annual loan statement is now available in online banking. Balance remaining: $8,412.50. Next payment: {amount} on {date2}.\n\n<<Sign in to view|account>>\n\nPlease don't reply to this email.`,
  ],
  social_notification: [
    `You have a new match!\n---\nGood news, {first}: you and Sam liked each other. Say hello before the match expires in 24 hours.\n\n<<Open the app|home>>\n\nYou're receiving this because you have match notifications turned on. <<Email settings|unsub>>`,
    `[{brand}] {sender} commented on pull request #{code3}\n---\n[[Looks good, but could you add a test for the empty input case?|LGTM, merging after CI passes.|Small nit: the variable name is misleading.]]\n\n—\nReply to this email directly or <<view it on the site|page>>.\nYou are receiving this because you were mentioned.`,
    `[JIRA] ({brand}-{code3}) [[Login page times out|Export to CSV broken|Update the onboarding copy]]\n---\n{sender} updated an issue\n\nChange By: {sender}\nStatus: In Progress -> In Review\nAssignee: {first}\n\n<<View issue|page>>\n\nThis message was sent by Atlassian Jira.`,
  ],
  newsletter_company: [
    `{brand} Rewards: your {month} statement\n---\nHello {first},\n\nYour Players Club balance: 12,450 points. This month at the resort: double points on Tuesdays, 2-for-1 buffet with your club card, and the jazz brunch every Sunday.\n\nPlease play responsibly. <<Manage your account|account>>\n\nYou are receiving this because you are a {brand} Players Club member. <<Unsubscribe|unsub>>`,
    `{brand} security update: enable two-factor authentication\n---\nHi {first},\n\nTo keep your crypto safe, we recommend turning on two-factor authentication with an authenticator app. We will never ask for your password or recovery phrase by email or phone.\n\n<<Security settings|account>>\n\n{brand}, {city}. <<Unsubscribe from product updates|unsub>>`,
    `Oakwood School newsletter - {month}\n---\nDear parents and carers,\n\nWhat a busy month! Year 4 visited the science museum, the choir sang at the town hall and our football team reached the county final.\n\nDates for your diary:\n- {date}: parents' evening\n- {date2}: non-uniform day (bring £1 for charity)\n\nThe PTA raffle raised £640 - thank you!\n\nMrs {sender}, Head Teacher`,
  ],
  community_announcement: [
    `St Mary's weekly notices\n---\nSunday services at 8am and 10:30am. The harvest supper is on {date2} in the church hall; tickets £8 from the parish office. Thank you to everyone who gave to the food bank collection.\n\nTo stop receiving the weekly notices, reply to this email.`,
    `Riverside Running Club: this week\n---\nHi all,\n\nTuesday intervals at the track as usual, Thursday 10k social run from the boathouse. Club kit orders close Friday. Parkrun volunteers still needed for {date2}.\n\nSee you out there,\n{sender}, club secretary`,
  ],
  work_email: [
    `Call for papers: Workshop on Distributed Systems\n---\nDear colleagues,\n\nWe invite submissions of up to 6 pages on consensus, replication, fault tolerance and the engineering of large systems. Deadline: {date2}. Accepted papers appear in the workshop proceedings.\n\nPlease circulate to interested colleagues.\n\n{sender}, {sender2}\nProgram co-chairs`,
    `Invoice {po} - website design\n---\nHi {first},\n\nPlease find attached my invoice for the website redesign (phase 2): {amount}, payable within 30 days to the account on the invoice. Thanks again, it was a pleasure working with you.\n\nBest,\n{sender}\nFreelance designer`,
    `Re: the job opening\n---\nHi {first},\n\nThanks for your interest in the backend engineer role. I'd like to set up a 30-minute call with the hiring manager next week. Could you send me a few times that suit you?\n\nBest regards,\n{sender}\nTalent team, {brand}`,
  ],
  personal_email: [
    `re: casino night\n---\nwe raised 2300 for the hospice at the casino night!!! thanks for running the blackjack table, everyone said you were the best dealer lol. same again next year?\n\n{sender}`,
    `@de Re: Kredit fürs Haus\n---\nHallo {first},\n\ndie Bank hat den Kredit bewilligt! Zinsbindung 15 Jahre, wir unterschreiben am {date2} beim Notar. Danke nochmal für den Tipp mit dem Berater.\n\nLiebe Grüße\n{sender}`,
    `@es Re: la farmacia\n---\nya compré las pastillas de la tos para tu madre en la farmacia de la esquina, te las dejo en el buzón. que se mejore!!\n\n{sender}`,
  ],
  shipping_notification: [
    `Your parcel is on its way\n---\nHi {first},\n\nGood news: your order {order} has been dispatched with {carrier}. Tracking number: {track}. Expected delivery: {date2}.\n\n<<Track your parcel|tracking>>`,
  ],
  phishing_payment_service: [
    `Your subscription has been renewed - {amount}\n---\nDear customer,\n\nThank you for renewing your Norton 360 Total Protection for 3 devices. {amount} has been charged to your account. If you did not authorise this renewal, call our billing department within 24 hours on +1 (808) 555-0163 to cancel and get a refund.\n\nInvoice no: {po}\nBilling support`,
  ],
  phishing_parcel: [
    `Your parcel is held at customs\n---\nYour parcel {track} is held at customs. To release it, an import fee of {small_amount} must be paid within 48 hours, otherwise it will be returned to the sender.\n\n<<Pay the fee|phish>>`,
    `@fr Colissimo : votre colis est en attente\n---\nBonjour, votre colis n'a pas pu être livré faute d'adresse complète. Merci de confirmer vos informations et de régler les frais de réexpédition (1,99 €) : <<Confirmer|phish>>`,
    `@it Poste Italiane: pacco in giacenza\n---\nGentile cliente, il suo pacco è in giacenza. Per programmare una nuova consegna paghi 1,99 € entro 24 ore: <<Programma consegna|phish>>`,
  ],
  phishing_bank: [
    `@de Sparkasse: Ihre pushTAN-Registrierung läuft ab\n---\nSehr geehrte Kundin, sehr geehrter Kunde,\n\nIhre pushTAN-Registrierung läuft am {date2} ab. Um eine Sperrung Ihres Online-Bankings zu vermeiden, aktualisieren Sie bitte Ihre Daten: <<Jetzt aktualisieren|phish>>\n\nIhre Sparkasse`,
    `@es Su cuenta ha sido bloqueada\n---\nEstimado cliente, hemos detectado un acceso inusual a su banca online y hemos bloqueado su cuenta temporalmente. Para desbloquearla, verifique su identidad: <<Verificar|phish>>`,
    `@ja 【重要】お客様のアカウントを一時停止しました\n---\nお客様のアカウントで不審なログインが確認されたため、一時的に利用を制限しました。24時間以内に以下よりご本人確認をお願いします。<<確認する|phish>>`,
  ],
  advance_fee: [
    `Job offer: remote payment processing assistant\n---\nHello {first},\n\nWe found your CV online. Our company needs a payment processing assistant in your country: you receive payments from our customers into your bank account and forward them via Western Union, keeping 10% as your salary. No experience needed, 2 hours a day.\n\nReply with your full name, address and bank details to start.\n\nHR Department`,
    `Hello dear\n---\nHello dear, my name is Anna, I saw your profile and I think you are a kind man. I am a nurse working in a hospital abroad, I am lonely and looking for a serious relationship. Write to me at my private email so I can send you my photos.`,
  ],
  seo_webdesign_spam: [
    `Guest post on {site}?\n---\nHi,\n\nI'm reaching out to ask if you accept guest posts on {site}. I can write a high-quality 1,000-word article on a topic of your choice with one do-follow link to my client's site. We can pay $50 per post.\n\nLooking forward to hearing from you,\n{sender}\nOutreach Manager`,
    `Domain expiration notice: {site}\n---\nDomain name: {site}\n\nATTENTION: this is your final notice of domain listing expiration. Failure to renew your search engine submission by {date2} may result in the loss of your online visibility.\n\n<<Renew now - $86|spam>>\n\nThis is not a bill. This is an offer for search engine submission services.`,
  ],
  crypto_investment: [
    `Elon's giveaway: send 0.1 BTC, receive 0.2 BTC\n---\nTo celebrate the launch we are giving away 5,000 BTC. Send between 0.1 and 20 BTC to the address below and you will immediately receive double back. Only the first 1,000 participants!\n\nAddress: bc1q{hex}`,
  ],
  foreign_spam: [
    `@ru Рассылка по базе 10 млн адресов\n---\nВаша реклама попадёт на 10 миллионов почтовых ящиков за сутки! Гарантия доставки, низкие цены. Звоните: +7 (495) 555-01-23`,
    `@zh 网站优化 快速排名\n---\n专业网站优化，七天上百度首页，不上首页不收费。价格优惠，欢迎咨询。<<了解详情|spam>>`,
  ],
};
