/**
 * Long file: corpus data written for this project (texts), kept whole so that
 * the probe stays one piece.
 * The newsletter probe, written before the newsletter corpus texts
 * (corpus/mail_newsletters.ts) and scored by the weights and rule of the time (`deno run -A spam_training/probes/mail_check.ts
 * --newsletters`; figures in docs/spam.md). Legitimate opted-in commercial and
 * organisational mail of every era and style (retail offers with prices,
 * capitals, '!' and currency signs, vendor announcements, travel deals,
 * magazines, clubs, charities, events, SaaS updates, abandoned carts,
 * receipts, statements, shipping notices; plain text of around 2000 and
 * modern HTML; several languages) and spam of the same surface styles. Not
 * folded into the corpus: it stays a probe, so that its "after" figures are
 * on mail the model was not trained on. Nothing of the held-out split or of
 * the outside check was read.
 */
export const MAIL_NEWSLETTERS_PROBE: Record<string, string[]> = {
  retail_promotion: [
    `BLACK FRIDAY STARTS NOW: 40% OFF EVERYTHING!\n---\nIt's here, {first}!\n\nTake 40% OFF sitewide - boots, coats, knitwear and more. No code needed, prices as marked.\n\nWool coat: WAS $240, NOW $144!\nLeather boots: WAS $180, NOW $108!\n\n<<SHOP THE SALE|page>>\n\nEnds Monday at midnight. Free returns within 30 days.\n\n{brand}, {city}. You signed up at {domain}. <<Unsubscribe|unsub>>`,
    `Your cart misses you\n---\nHi {first},\n\nYou left something behind! The {product} is still in your cart, and it's selling fast.\n\nComplete your order today and get FREE shipping on orders over $50.\n\n<<Return to cart|page>>\n\nQuestions? Reply to this email and our team will help.\n\n{brand} | <<Email preferences|unsub>>`,
    `Flash sale: 24 hours only!!\n---\nHURRY! For the next 24 hours only, everything in our outlet is an extra 25% off.\n\nTees from $9.99 | Jeans from $29.99 | Hoodies from $24.99\n\n<<Shop outlet|page>>\n\nOffer valid online only while stocks last. {brand} Ltd, registered in England. <<Unsubscribe|unsub>>`,
    `{first}, your birthday treat is inside 🎂\n---\nHappy birthday from all of us at {brand}!\n\nHere's £10 off your next order of £40 or more. Use code BDAY10 at checkout before {date2}.\n\n<<Treat yourself|page>>\n\nYou're receiving this because you joined {brand} Rewards. <<Manage preferences|unsub>>`,
    `NEW ARRIVALS + FREE SHIPPING THIS WEEKEND\n---\nThe spring collection just landed!\n\n- Linen shirts $48\n- Canvas sneakers $65\n- Straw hats $29\n\nFREE standard shipping on all orders this weekend. No minimum!\n\n<<SHOP NEW ARRIVALS|page>>\n\n{brand} * {city} * <<unsubscribe|unsub>>`,
    `Price drop on an item you watched\n---\nGood news, {first}! An item on your wish list is now cheaper.\n\n{product}\nWas $89.00, now $64.00 (save 28%)\n\n<<View item|page>>\n\nPrices can change at any time. You set up price alerts at {domain}. <<Turn off alerts|unsub>>`,
    `Last chance: Cyber Monday deals end TONIGHT\n---\nDon't miss it, {first}!\n\nUp to 60% OFF laptops, headphones and smart home. Our lowest prices of the year end at 11:59pm.\n\nNoise-cancelling headphones: $349 $199\n27" monitor: $329 $229\n\n<<See all deals|page>>\n\n{brand} Electronics. You're subscribed as {email}. <<Unsubscribe|unsub>>`,
    `Holiday Savings from {brand}!\n---\nDear Valued Customer,\n\nTHANK YOU for shopping with us this year! As a special holiday thank-you, take $15 OFF any order of $75 or more. Just enter coupon code HOLIDAY2001 at checkout.\n\nGreat gift ideas:\n* Digital cameras from $199.99\n* DVD players from $89.99\n* MP3 players from $149.99\n\nOrder by December 20 for delivery before Christmas!\n\nVisit us at http://www.{domain}/\n\nTo unsubscribe from our mailing list, please visit http://www.{domain}/unsubscribe or reply to this message with "unsubscribe" in the subject line.`,
    `Members-only preview: 30% off starts today\n---\nHi {first},\n\nAs a member, you get first access to our summer sale - 30% off before everyone else, plus double points on every purchase.\n\n<<Start shopping|page>>\n\nMember preview ends {date2}. {brand} Club terms apply. <<Unsubscribe|unsub>>`,
    `@de Nur heute: 20 % auf alles!\n---\nHallo {first},\n\nnur heute bekommen Sie 20 % Rabatt auf das gesamte Sortiment - auch auf reduzierte Ware! Gutscheincode: HEUTE20.\n\nWinterjacke: 129,00 € statt 179,00 €\nWanderschuhe: 89,90 € statt 119,90 €\n\n<<Jetzt shoppen|page>>\n\nSie erhalten diesen Newsletter, weil Sie sich bei {brand} angemeldet haben. <<Abmelden|unsub>>`,
    `@fr Soldes d'hiver : jusqu'à -50 % !\n---\nBonjour {first},\n\nLes soldes commencent ! Profitez de jusqu'à -50 % sur une sélection de manteaux, pulls et chaussures.\n\nLivraison gratuite dès 49 € d'achat.\n\n<<Découvrir les soldes|page>>\n\nVous recevez cet e-mail car vous êtes inscrit(e) à la newsletter {brand}. <<Se désinscrire|unsub>>`,
    `@es ¡Últimos días de rebajas!\n---\nHola {first}:\n\n¡Solo quedan 3 días! Hasta un 50 % de descuento en moda, hogar y deporte. Envío gratis en pedidos de más de 30 €.\n\n<<Ver ofertas|page>>\n\nRecibes este correo porque te suscribiste en {domain}. <<Darse de baja|unsub>>`,
    `@it Solo per te: -15% sul prossimo ordine\n---\nCiao {first},\n\ngrazie per essere cliente {brand}! Usa il codice GRAZIE15 per avere il 15% di sconto sul tuo prossimo ordine. Valido fino al {date2}.\n\n<<Acquista ora|page>>\n\n<<Annulla l'iscrizione|unsub>>`,
    `@nl Weekendactie: 2e artikel halve prijs!\n---\nHoi {first},\n\nDit weekend krijg je het tweede artikel voor de halve prijs. Geldt voor alle schoenen en tassen.\n\n<<Bekijk de actie|page>>\n\nJe ontvangt deze e-mail omdat je je hebt aangemeld voor de nieuwsbrief. <<Afmelden|unsub>>`,
    `@ja 【期間限定】全品送料無料キャンペーン\n---\n{first}様\n\nいつも{brand}をご利用いただきありがとうございます。\n本日から日曜日まで、全品送料無料！さらに会員様はポイント2倍です。\n\n<<今すぐチェック|page>>\n\n配信停止はこちら: <<配信停止|unsub>>`,
    `@pl Wyprzedaż -30% tylko do niedzieli!\n---\nCześć {first},\n\nrabat 30% na całą kolekcję zimową, tylko do niedzieli! Darmowa dostawa od 99 zł.\n\n<<Zobacz ofertę|page>>\n\nOtrzymujesz tę wiadomość, bo zapisałeś się do newslettera {brand}. <<Wypisz się|unsub>>`,
  ],
  newsletter_company: [
    `Introducing {brand} 5.0\n---\nHi {first},\n\nToday we're launching {brand} 5.0, our biggest release yet:\n\n- Real-time collaboration in every document\n- Offline mode on desktop and mobile\n- 2x faster search\n\nUpgrade is free for all paid plans. Pro is still $12/month per user.\n\n<<Read the announcement|page>>\n\n{brand}, {city}. <<Unsubscribe from product news|unsub>>`,
    `What's new in {brand}: {month} product update\n---\nHere's what shipped this month:\n\n* Dark mode is here!\n* New API endpoints for webhooks\n* Audit logs for Business plans\n* 14 bug fixes\n\n<<See the changelog|page>>\n\nYou're receiving this because you have a {brand} account. <<Update preferences|unsub>>`,
    `Price change for your plan\n---\nHi {first},\n\nWe're writing to let you know that from {date2}, the Team plan will cost $15 per user per month (currently $12). Nothing changes until your next renewal, and you can switch to annual billing to keep today's price for 12 months.\n\n<<Compare plans|page>>\n\nThank you for being a customer.\n{brand} Billing`,
    `{brand} newsletter - Issue #{issue}\n---\nDear subscriber,\n\nWELCOME to the {month} issue of the {brand} Newsletter!\n\nIN THIS ISSUE:\n1. Version 3.2 released\n2. Tips & tricks: keyboard shortcuts\n3. Customer spotlight\n4. Upcoming trade shows\n\nVERSION 3.2 RELEASED\nThe new version adds support for Windows XP and fixes several printing problems. Registered users can download the update free of charge from our web site.\n\nSPECIAL OFFER: Upgrade from version 2.x for only $49.95 (regular price $99.95)!\n\nhttp://www.{domain}/\n\n----\nYou are receiving this newsletter because you registered your copy of our software. To unsubscribe, send an e-mail to newsletter-off@{domain}.`,
    `Your {month} savings report\n---\nHi {first},\n\nThis month you saved $42.18 with {brand} cash back! You've earned $312.40 since you joined.\n\nTop stores this month: 10% back at selected electronics retailers, 8% back on travel.\n\n<<See your earnings|account>>\n\n<<Unsubscribe|unsub>>`,
    `You're invited: {brand} annual customer survey\n---\nHi {first},\n\nWe'd love to hear what you think. The survey takes 5 minutes, and as a thank-you we'll enter you into a draw for one of ten $100 gift cards.\n\n<<Take the survey|page>>\n\nThe draw closes on {date2}; full terms on our site. {brand} | <<Unsubscribe|unsub>>`,
    `@de Neu bei {brand}: Version 8 ist da\n---\nHallo {first},\n\nVersion 8 bringt einen neuen Editor, schnellere Synchronisierung und bessere Exporte nach PDF. Für Kunden mit Wartungsvertrag ist das Update kostenlos.\n\n<<Zu den Neuerungen|page>>\n\n{brand} GmbH, {city}. <<Newsletter abbestellen|unsub>>`,
    `@pt Novidades do {brand} em {month}\n---\nOlá {first},\n\nNeste mês lançamos o modo escuro, a integração com calendário e novos modelos de relatório. Confira tudo no nosso blog!\n\n<<Ler as novidades|page>>\n\nVocê recebe este e-mail porque tem uma conta {brand}. <<Cancelar inscrição|unsub>>`,
  ],
  newsletter_editorial: [
    `The Morning Brief: {topic}\n---\nGood morning. Here's what you need to know today.\n\n1. {topic}\n2. Markets: stocks rose 1.2% as inflation cooled\n3. Tech: the biggest phone launch of the year, reviewed\n\n<<Read the full briefing|page>>\n\nForwarded this? <<Subscribe|home>>. <<Unsubscribe|unsub>>`,
    `This week in tech: {topic}\n---\nHey readers!\n\nBig week! A new open-source model tops the benchmarks, a major cloud outage took down half the internet for three hours, and we review the $999 laptop everyone's talking about.\n\n<<Read this week's issue|page>>\n\nThanks for reading. Reply to this email to tell us what you think!\n\n<<Unsubscribe|unsub>>`,
    `[Weekly] Top stories from {brand} Magazine\n---\nTHIS WEEK'S TOP STORIES\n\n* {topic}\n* 10 budget travel destinations for 2025\n* Interview: the chef behind the city's best $15 lunch\n\nSUBSCRIBER OFFER: 12 issues for $12 - save 75% off the cover price!\n\n<<Read more|page>>\n\n{brand} Magazine, {city}. <<Manage your subscription|unsub>>`,
    `Weekend reading\n---\nHi {first},\n\nFive pieces worth your time this weekend: a long read on {topic}, a photo essay from the Arctic, a guide to growing tomatoes on a balcony, and our crossword.\n\n<<Start reading|page>>\n\nYou're getting this because you subscribed to the weekend edition. <<Unsubscribe|unsub>>`,
    `TechWatch Daily - {date}\n---\n==================================\nTECHWATCH DAILY\n==================================\n\nTOP HEADLINES\n- Chip maker posts record quarter\n- New browser release blocks pop-ups\n- Review: $299 digital camera\n\nDEAL OF THE DAY: 256MB USB flash drive, $49.99!\n\nRead the full stories at http://www.{domain}/\n\n----------------------------------\nYou subscribed to TechWatch Daily at {domain}. To unsubscribe, visit http://www.{domain}/unsubscribe`,
    `@fr La lettre du dimanche\n---\nChers lecteurs,\n\nAu sommaire cette semaine : {topic}, un entretien avec une romancière, et nos recommandations de lecture pour l'été.\n\n<<Lire la lettre|page>>\n\nPour vous désabonner : <<cliquez ici|unsub>>`,
    `@zh 本周精选 | 第{issue}期\n---\n{first}，你好！\n\n本周精选文章：城市骑行指南、十个省钱小技巧、以及新书推荐。\n\n<<阅读全文|page>>\n\n如不想再收到本邮件，请点击<<退订|unsub>>。`,
    `@ru Дайджест недели\n---\nЗдравствуйте, {first}!\n\nГлавное за неделю: новые правила для водителей, обзор смартфонов до 30 000 ₽ и рецепт идеального борща.\n\n<<Читать|page>>\n\nВы получили это письмо, потому что подписались на рассылку. <<Отписаться|unsub>>`,
  ],
  event_webinar: [
    `Webinar tomorrow: Scaling your store for the holidays\n---\nHi {first},\n\nJust a reminder: our free webinar starts tomorrow at 11am ET. Learn how top merchants handle 10x traffic and cut cart abandonment by 20%.\n\n<<Save your seat|page>>\n\nCan't make it? Register anyway and we'll send the recording.\n\n{brand} Events | <<Unsubscribe|unsub>>`,
    `Tickets on sale NOW: Summer Music Festival!\n---\nThe wait is over!\n\nTickets for the Summer Music Festival are on sale NOW. Early bird weekend passes: £89 (rising to £120 on {date2}).\n\n3 stages, 40 artists, camping included!\n\n<<Buy tickets|page>>\n\nYou're on our mailing list because you attended last year. <<Unsubscribe|unsub>>`,
    `Join us at the Spring Conference - 20% off for members\n---\nDear member,\n\nRegistration is open for our Spring Conference in {city}, {date2}. Members save 20%: $320 instead of $400. Keynotes, workshops and the networking dinner included.\n\n<<Register|page>>\n\nThe Association of Independent Retailers. <<Email preferences|unsub>>`,
    `@es Taller gratuito: marketing para pequeños comercios\n---\nHola {first}:\n\nTe invitamos a nuestro taller online gratuito el {date2} a las 18:00. ¡Plazas limitadas!\n\n<<Inscribirme|page>>\n\nCámara de Comercio de {city}. <<Darse de baja|unsub>>`,
  ],
  travel_booking: [
    `Fares from $49! Fly this fall\n---\nHi {first},\n\nOur fall sale is on! One-way fares from $49 to over 60 destinations. Book by {date2} for travel September to December.\n\nNew York - Chicago from $59\nDenver - Las Vegas from $49\n\n<<Find your fare|page>>\n\nFares include taxes; limited seats. {brand} Airlines. <<Unsubscribe|unsub>>`,
    `Last-minute deals: 3 nights from £199\n---\nGet away this weekend! City breaks with flights and hotel from £199 per person.\n\nBarcelona * Lisbon * Prague * Rome\n\n<<See all deals|page>>\n\nATOL protected. {brand} Holidays. <<Unsubscribe|unsub>>`,
    `{first}, your miles are about to expire\n---\nDear {first},\n\nYou have 12,400 miles that will expire on {date2}. Keep them active by booking a flight, shopping with our partners, or donating them to charity.\n\n<<View your account|account>>\n\n{brand} Frequent Flyer Program`,
    `@de Frühbucher-Rabatt: bis zu 25 % sparen!\n---\nHallo {first},\n\njetzt den Sommerurlaub buchen und bis zu 25 % sparen! Mallorca, 7 Nächte mit Flug ab 499 € pro Person.\n\n<<Angebote ansehen|page>>\n\n{brand} Reisen GmbH. <<Abmelden|unsub>>`,
  ],
  community_announcement: [
    `Double your gift this Giving Tuesday!\n---\nDear {first},\n\nToday only, every donation to the animal shelter will be MATCHED up to $10,000 by a generous local family. $25 feeds a rescued dog for a month. $50 becomes $100!\n\n<<Donate now|page>>\n\nThank you for your support!\n{sender}, Director\nRiverside Animal Rescue, a registered charity. <<Unsubscribe|unsub>>`,
    `Your membership renewal is due\n---\nDear {first},\n\nYour annual membership of the Botanical Gardens expires on {date2}. Renew now for $65 (family $95) and keep free entry, members' evenings and 10% off in the shop.\n\n<<Renew online|account>>\n\nThank you for helping the gardens grow!\nMembership Office`,
    `Tennis club: summer tournament and bar prices\n---\nHi everyone,\n\nThe summer tournament is on {date2}! Entry £5, with prizes for the winners. The bar is open after the final; the committee has kept prices at £3.50 a pint.\n\nPlease pay your subs if you haven't yet.\n\n{sender}, Club Secretary`,
    `@fr Appel aux dons : l'hiver arrive\n---\nChère amie, cher ami,\n\nCet hiver, 300 familles comptent sur nous. Un don de 30 € ne vous coûte que 10,20 € après réduction d'impôt.\n\n<<Je fais un don|page>>\n\nMerci de votre générosité,\n{sender}, présidente de l'association\n\n<<Se désinscrire|unsub>>`,
  ],
  billing_receipt: [
    `Your receipt from {brand} #{order}\n---\nThanks for your purchase!\n\n{product}   {amount}\nShipping    FREE\nTax         $2.10\nTOTAL       {amount}\n\nPaid with Visa ending {last4}.\n\n<<View order|order>>\n\nNeed help? Visit our help centre.`,
    `Your subscription has been renewed\n---\nHi {first},\n\nYour {brand} Premium subscription renewed on {date}. We charged {amount} to your card ending {last4}. Your next renewal is in 12 months.\n\n<<Manage subscription|account>>\n\nThanks for staying with us!`,
  ],
  bank_notification_real: [
    `Your statement is ready\n---\nHello {first},\n\nYour {month} statement for account ending {last4} is now available in online banking.\n\nFor your security, we never include links to sign in. Please go to our website or app directly.\n\n{brand} Bank. Member FDIC.`,
    `Your card offer: 0% on purchases for 12 months\n---\nDear {first},\n\nAs a valued customer, you're pre-approved to upgrade to the {brand} Rewards card: 0% APR on purchases for 12 months, then 19.9% variable. Earn 2% cash back on everything!\n\nSign in to online banking to see your offer.\n\nTerms apply. To opt out of marketing emails, update your preferences in online banking.`,
  ],
  shipping_notification: [
    `Your order is on its way!\n---\nGreat news, {first}! Your order #{order} has shipped with {carrier}.\n\nTracking number: {track}\nEstimated delivery: {date2}\n\n<<Track your package|tracking>>\n\nThanks for shopping with {brand}!`,
    `@de Ihre Bestellung wurde versandt\n---\nHallo {first},\n\ngute Nachrichten! Ihre Bestellung {order} ist unterwegs. Sendungsnummer: {track}.\n\n<<Sendung verfolgen|tracking>>\n\nVielen Dank für Ihren Einkauf bei {brand}!`,
  ],
  order_confirmation: [
    `Order confirmed! #{order}\n---\nThank you for your order, {first}!\n\n{product} x1 .... {amount}\n\nYOU SAVED $12.00 TODAY!\n\nWe'll email you when it ships.\n\n<<View your order|order>>\n\n{brand} Customer Service`,
  ],
  // Spam of the same surface styles.
  replica_goods: [
    `BLACK FRIDAY: ROLEX, OMEGA, CARTIER 90% OFF!!!\n---\nLUXURY WATCHES AT FACTORY PRICES!\n\nSwiss replica watches - look identical to the originals, nobody will ever know!\nRolex Submariner: WAS $8,500 NOW $199!\n\n<<SHOP NOW|spam>>\n\nWorldwide shipping, no customs problems. <<unsubscribe|unsub>>`,
    `designer bags - new season - 85% off\n---\nHi {first},\n\nNew season designer handbags, top AAA quality copies of Louis Vuitton, Chanel and Gucci from $89. Same materials as the original, with box and dust bag.\n\n<<View collection|spam>>\n\nTo stop receiving our catalog reply STOP.`,
    `@de Markenuhren zu Fabrikpreisen!\n---\nHochwertige Replika-Uhren von Rolex, Omega und Breitling ab 149 €! Kein Unterschied zum Original erkennbar. Diskreter Versand weltweit.\n\n<<Jetzt bestellen|spam>>`,
  ],
  pharma: [
    `YOUR CART: 80% OFF MEN'S HEALTH!\n---\nHello!\n\nYou left items in your cart! Complete your order NOW and save 80%!\n\nViagra 100mg x 30 pills: $89.95 (was $450!)\nCialis 20mg x 30 pills: $99.95\n\nNO PRESCRIPTION NEEDED! Discreet worldwide shipping!\n\n<<COMPLETE ORDER|spam>>`,
    `Newsletter: your health deals this week\n---\nDear customer,\n\nThis week's specials at our online pharmacy: Xanax, Valium, Tramadol and Ambien, no doctor's visit, overnight delivery. Buy 2 get 1 free!\n\n<<Browse specials|spam>>\n\nYou are receiving this because you are subscribed. <<Unsubscribe|unsub>>`,
    `Lose 20 lbs in 3 weeks - doctor approved!\n---\nTired of diets that don't work? Our clinically proven formula melts fat while you sleep! Order today and get 2 FREE bottles!\n\nOnly $39.95 - limited time!\n\n<<Order now|spam>>\n\nTo be removed from our list reply with REMOVE.`,
    `@fr Pharmacie en ligne : -70 % sans ordonnance\n---\nViagra, Cialis, Levitra sans ordonnance ! Livraison discrète en 48 h. Jusqu'à -70 % ce mois-ci !\n\n<<Commander|spam>>`,
  ],
  casino: [
    `$500 WELCOME BONUS + 200 FREE SPINS!!!\n---\nCONGRATULATIONS {first}!\n\nYou've been selected for our EXCLUSIVE VIP welcome package: 200% match up to $500 PLUS 200 FREE SPINS! Play the hottest slots tonight!\n\n<<CLAIM YOUR BONUS|spam>>\n\nOffer expires in 24 hours!`,
    `Your weekly jackpot newsletter\n---\nHi player,\n\nThis week's jackpot is $2,400,000 and growing! Deposit $20 today and we'll give you $100 to play. Fast payouts, no verification.\n\n<<Play now|spam>>\n\n<<Unsubscribe|unsub>>`,
    `@de 100 Freispiele ohne Einzahlung!\n---\nSichern Sie sich jetzt 100 Freispiele ohne Einzahlung und einen 500 € Willkommensbonus! Nur heute!\n\n<<Jetzt spielen|spam>>`,
  ],
  loans_mortgage: [
    `Pre-approved: $35,000 at 2.9%!\n---\nDear {first},\n\nGOOD NEWS! You have been PRE-APPROVED for a personal loan of up to $35,000 at just 2.9% APR. Bad credit OK! No paperwork, money in your account in 24 hours!\n\n<<CLAIM YOUR LOAN|spam>>\n\nReply STOP to opt out.`,
    `Lower your mortgage payment today\n---\nHomeowners, rates are at historic lows! Refinance now and save up to $800 a month. No credit check, no fees, no obligation.\n\n<<Get your free quote|spam>>\n\nThis is a commercial message. To be removed, <<click here|unsub>>.`,
    `@es Préstamos rápidos sin aval\n---\n¡Hasta 6.000 € en 10 minutos! Sin nómina, sin aval, aunque estés en ASNEF. ¡Solicítalo ya!\n\n<<Solicitar|spam>>`,
  ],
  money_scheme: [
    `Make $5,000 a week from home!!!\n---\nDear Friend,\n\nAre you tired of working for someone else? Our PROVEN system shows you how to earn $5,000 a week from your kitchen table! NO experience needed! NO selling!\n\nThousands of people are already making money - why not YOU?\n\n<<Get started today|spam>>\n\nTo be removed from our mailing list reply with REMOVE in the subject.`,
    `{first}, your business opportunity newsletter\n---\nThis month's TOP opportunity: become a distributor and earn passive income from your network. Members report $3,000 to $10,000 a month! Limited spots in your area.\n\n<<Reserve your spot|spam>>\n\nUnsubscribe: <<here|unsub>>`,
    `Earn money with your phone - $300/day\n---\nHi,\n\nwe are looking for people to test apps from home. Pay: $300 per day, paid weekly. No experience, only a smartphone. Register now, places are limited!\n\n<<Register|spam>>`,
  ],
  bulk_old_style: [
    `SPECIAL OFFER FOR OUR VALUED CUSTOMERS!!!\n---\nDear Internet User,\n\nYou are receiving this special offer because you have expressed interest in saving money!\n\nINK CARTRIDGES AT 70% OFF RETAIL!!!\nEpson, HP, Canon, Lexmark - ALL MODELS!\n\nORDER TODAY AND RECEIVE FREE SHIPPING!!!\n\nCall toll free 1-888-555-0142 or visit <<our website|spam>>\n\nThis message is sent in compliance with the new email bill. To be removed reply with REMOVE in the subject.`,
    `Newsletter #{issue}: HOT STOCK PICKS and more!\n---\n*** MONEY INSIDER NEWSLETTER ***\n\nThis week: the penny stock that could go UP 500%, how to get FREE government grants, and why banks don't want you to know about this!\n\n<<Read the newsletter|spam>>\n\nYou received this because you or someone using your email signed up at one of our partner sites. To opt out reply REMOVE.`,
    `Get 1,000,000 emails for $99!\n---\nDo you want to promote your business to MILLIONS of people? We have fresh, targeted email lists for every country and business category. 1,000,000 addresses only $99! Bulk mailing software included FREE!\n\n<<Order now|spam>>\n\nThis is a one-time mailing. Reply REMOVE to be excluded.`,
  ],
  phishing_bank: [
    `Your statement is ready - action required\n---\nDear Customer,\n\nYour {month} statement is ready. However, due to a recent security upgrade, we need you to confirm your online banking details before you can view it.\n\n<<Sign in to view statement|phish>>\n\nIf you do not confirm within 48 hours, your access will be suspended.\n\n{brand} Online Banking`,
    `Exclusive card offer: 0% APR for 24 months!\n---\nDear {first},\n\nYou have been pre-selected for a {brand} Platinum card with 0% APR for 24 months! To claim your offer, confirm your identity with your card number and PIN below.\n\n<<Claim my offer|phish>>\n\n{brand} Card Services`,
    `@de Ihre Kontoauszüge sind bereit\n---\nSehr geehrter Kunde,\n\nIhr neuer Kontoauszug liegt bereit. Aufgrund neuer Sicherheitsrichtlinien müssen Sie Ihre Daten bestätigen, sonst wird Ihr Konto gesperrt.\n\n<<Jetzt bestätigen|phish>>\n\nIhre {brand}`,
  ],
  phishing_parcel: [
    `Your order is on its way! (action needed)\n---\nHello,\n\nYour parcel could not be delivered because the shipping fee of $1.99 was not paid. Please pay within 24 hours to reschedule delivery, otherwise the parcel will be returned.\n\n<<Pay $1.99 and reschedule|phish>>\n\n{carrier} Customer Service`,
    `Order #{order} - delivery problem\n---\nDear customer,\n\nwe attempted to deliver your package today. Please confirm your address and card details to arrange a new delivery.\n\n<<Confirm delivery|phish>>`,
  ],
  phishing_payment_service: [
    `Your receipt from Apple - {amount}\n---\nYou purchased a subscription for {amount}. If you did not authorize this purchase, cancel it within 24 hours using the link below, or you will be charged.\n\n<<Cancel purchase|phish>>\n\nApple Support`,
    `Your subscription has been suspended\n---\nHi {first},\n\nWe couldn't renew your membership because of a problem with your payment. Update your billing details now to avoid losing access.\n\n<<Update payment|phish>>\n\nThe Netflix Team`,
  ],
  foreign_spam: [
    `@ru СКИДКИ ДО 90%! Только сегодня!\n---\nОригинальные часы и сумки брендов по ценам завода! Доставка по всей России бесплатно! Звоните прямо сейчас!\n\n<<Купить|spam>>`,
    `@zh 【限时特价】名牌手表一折起！\n---\n高仿名表、名牌包包，一比一复刻，正品质量，全国包邮！加微信咨询！\n\n<<立即购买|spam>>`,
    `@ja 【当選】10万円分のポイントが当たりました！\n---\nおめでとうございます！抽選の結果、10万円分のポイントが当選しました。本日中に受け取り手続きをしてください。\n\n<<受け取る|phish>>`,
    `@pl Wygrałeś iPhone'a!!!\n---\nGratulacje! Zostałeś wylosowany! Odbierz swój nowy iPhone za jedyne 9 zł - oferta ważna tylko dziś!\n\n<<Odbierz nagrodę|spam>>`,
  ],
  seo_webdesign_spam: [
    `Newsletter: Get to #1 on Google in 30 days!\n---\nDear Business Owner,\n\nIs your website on page 1 of Google? If not, you're losing customers every day! Our SEO experts GUARANTEE first page rankings in 30 days or your money back. Plans from $99/month!\n\n<<Get a free audit|spam>>\n\nTo unsubscribe reply NO.`,
    `Special offer: 10,000 website visitors for $49\n---\nHi,\n\nBoost your traffic now! 10,000 real targeted visitors to your website for only $49. Increase sales instantly!\n\n<<Buy traffic|spam>>\n\nReply "remove" to opt out.`,
  ],
  crypto_investment: [
    `Weekly crypto newsletter: 1000% gains this month!\n---\nHi {first},\n\nOur members made 1000% this month with our AI trading bot! Invest $250 today and watch your money grow - guaranteed daily profits!\n\n<<Start earning|spam>>\n\n<<Unsubscribe|unsub>>`,
    `Bitcoin giveaway: send 0.1 BTC, get 0.2 back!\n---\nTo celebrate our anniversary we are giving away 5,000 BTC! Send between 0.1 and 20 BTC to the address below and we will send back double immediately.\n\n<<Join the giveaway|spam>>`,
  ],
  lottery_winner: [
    `CONGRATULATIONS! You are our lucky winner!\n---\nDear Lucky Winner,\n\nYour email address has WON $1,500,000 in our international online lottery! To claim your prize, contact our claims agent with your full name, address and phone number. A processing fee of $350 applies.\n\nClaims Agent: {sender}\n\nKeep this confidential!`,
    `Your customer survey reward: $100 gift card!\n---\nDear customer,\n\nThank you for being a loyal shopper! You have been selected to receive a $100 gift card. Just answer 3 questions and pay $1 shipping.\n\n<<Claim reward|phish>>`,
  ],
  stock_pump: [
    `HOT STOCK ALERT: this stock will EXPLODE!\n---\nINVESTOR ALERT!!!\n\nSymbol: PKTX\nCurrent price: $0.08\nTarget: $1.20 (1400% upside!)\n\nBig news expected this week. Get in NOW before it's too late!\n\nThis newsletter received compensation for this profile.`,
  ],
  advance_fee: [
    `Business proposal - confidential\n---\nDear Sir/Madam,\n\nI am the chief accountant of a government ministry. We have $18.5 million (EIGHTEEN MILLION FIVE HUNDRED THOUSAND US DOLLARS) from an over-invoiced contract that we wish to transfer to a foreign account. You will receive 30% for your assistance. Please reply with your bank details and phone number.\n\nRegards,\n{sender}`,
  ],
};
