/**
 * More mail wordings, added to the kinds of the same name: more ways to say
 * each thing, and more languages on both sides.
 */
export const MORE_MAIL_TEXTS: Record<string, string[]> = {
  // Legitimate.
  order_confirmation: [
    "Thanks for your order, {first}!\n---\nWe've got it. Here's what you ordered:\n\n{product} - qty 1 - {amount}\n\nDelivery address: {first} {last}, 14 Elm Road\nPayment: Mastercard ending {last4}\n\nWe'll send tracking details once your parcel leaves our warehouse. <<Order status|order>>",
    "@it Conferma dell'ordine {order}\n---\nCiao {first}, grazie per il tuo acquisto! Il tuo ordine è in preparazione. Totale: {amount}. <<Visualizza ordine|order>>",
    "@pl Potwierdzenie zamówienia {order}\n---\nDzień dobry {first}, dziękujemy za zakupy! Twoje zamówienie zostało przyjęte do realizacji. Kwota: {amount}. <<Szczegóły zamówienia|order>>",
    "@ru Ваш заказ {order} оформлен\n---\nЗдравствуйте, {first}! Спасибо за покупку. Мы сообщим, когда заказ будет передан в службу доставки. Сумма заказа: {amount}. <<Статус заказа|order>>",
    "@zh 订单确认 {order}\n---\n亲爱的{first}，感谢您的购买！您的订单已确认，我们将尽快为您发货。订单金额：{amount}。<<查看订单|order>>",
  ],
  shipping_notification: [
    "Your order has been dispatched\n---\nHi {first}, your order {order} left our warehouse today and is with {carrier}. You'll receive a one-hour delivery window on the morning of delivery. <<Track parcel|tracking>>",
    "@fr Votre colis a été expédié\n---\nBonjour {first}, votre commande {order} a été expédiée. Numéro de suivi : {track}. <<Suivre mon colis|tracking>>",
    "@es Tu pedido está en camino\n---\nHola {first}, tu pedido {order} ya ha salido. Número de seguimiento: {track}. <<Seguir envío|tracking>>",
    "@ja 商品を発送しました\n---\n{first}様、ご注文の商品を本日発送いたしました。お問い合わせ番号：{track}。<<配送状況を確認|tracking>>",
  ],
  password_reset: [
    "Your {brand} login link\n---\nHi {first}, click the link below to sign in to {brand}. The link works once and expires in 15 minutes.\n\n<<Sign in to {brand}|verify>>\n\nIf you didn't try to sign in, you can ignore this email.",
    "Here's your password reset code\n---\nUse this code to reset your password: {code}\n\nIt expires in 20 minutes. If you didn't ask for it, someone may have typed your email by mistake - no action is needed.",
    "@es Restablece tu contraseña\n---\nHola {first}, recibimos una solicitud para cambiar la contraseña de tu cuenta de {brand}. <<Cambiar contraseña|reset>>. Si no fuiste tú, ignora este mensaje.",
    "@ja パスワード再設定のご案内\n---\n{first}様、パスワード再設定のリクエストを受け付けました。以下のリンクから新しいパスワードを設定してください。<<パスワードを再設定|reset>> お心当たりのない場合は、このメールを破棄してください。",
    "@ru Восстановление пароля\n---\nЗдравствуйте! Вы запросили восстановление пароля. Перейдите по ссылке, чтобы задать новый пароль: <<Задать пароль|reset>>. Если это были не вы, просто проигнорируйте письмо.",
  ],
  email_verification: [
    "Please verify your account\n---\nThanks for creating a {brand} account. To finish, verify your email by clicking the link below. If you didn't create an account, just delete this email.\n\n<<Verify my email|verify>>",
    "@de Bitte bestätigen Sie Ihre E-Mail-Adresse\n---\nHallo {first}, vielen Dank für Ihre Registrierung bei {brand}. Bitte bestätigen Sie Ihre Adresse: <<Adresse bestätigen|verify>>",
    "@pt Confirme seu e-mail\n---\nOlá {first}! Para ativar sua conta, confirme seu endereço de e-mail: <<Confirmar e-mail|verify>>",
  ],
  security_alert_real: [
    "Security alert for {email}\n---\nA new app was granted access to your account: \"Thunderbird\". If you did this, you don't need to do anything. If not, we'll help you secure your account: <<Check activity|account>>",
    "Your recovery email was changed\n---\nThe recovery email for your account was changed on {date}. If you didn't change it, <<review your security settings|account>>.",
    "@fr Nouvelle connexion à votre compte\n---\nBonjour {first}, une nouvelle connexion à votre compte {brand} a été détectée depuis {device}. Si ce n'était pas vous, changez votre mot de passe dans vos <<paramètres|account>>.",
  ],
  billing_receipt: [
    "Your {brand} invoice is ready\n---\nHi {first},\n\nThanks for your payment. Invoice {order} for {amount} was paid on {date} with the card ending {last4}.\n\n<<View or download invoice|page>>\n\nNeed help with billing? Just reply to this email.",
    "We couldn't renew your plan\n---\nHi {first}, your card was declined when we tried to renew your {brand} plan. We'll retry in a few days. You can <<update your card|account>> any time from your billing page.",
    "@de Ihre Rechnung von {brand}\n---\nHallo {first}, Ihre Rechnung {order} über {amount} ist bezahlt. <<Rechnung herunterladen|page>>",
    "@ja 領収書のお知らせ\n---\n{first}様、{brand}をご利用いただきありがとうございます。{amount}のお支払いを確認いたしました。<<領収書を表示|page>>",
  ],
  bank_notification_real: [
    "Your credit card payment is due\n---\nHi {first}, a reminder that your minimum payment for the card ending {last4} is due on {date2}. Pay through the app or online banking. If you've already paid, thank you.",
    "Your new debit card is on its way\n---\nYour replacement card ending {last4} was sent today and should arrive within 5 working days. Your old card will stop working once you activate the new one in the app.",
    "@fr Votre relevé est disponible\n---\nBonjour {first}, votre relevé de compte du mois de {month} est disponible dans votre espace client et dans l'application.",
    "@es Transferencia recibida\n---\nHola {first}, has recibido una transferencia de {amount} de {sender}. Concepto: {memo}.",
  ],
  newsletter_company: [
    "Tips to get more out of {brand}\n---\nHi {first},\n\nYou've been with us for a month - here are three features most people discover too late.\n\nTemplates: start from one of 50 ready-made layouts. <<Browse templates|page>>\n\nShortcuts: press ? anywhere to see them all. <<Learn the shortcuts|page>>\n\nIntegrations: connect your calendar and email. <<Connect apps|page>>",
    "Our spring catalogue is here\n---\nNew colours, new fabrics and a few old favourites back by popular demand. <<Browse the catalogue|page>>\n\nFree returns within 60 days, as always.",
    "We're changing our terms of service\n---\nHi {first}, we're updating our terms of service and privacy policy, effective {date2}. The main changes concern data retention and how we handle support requests. <<Read the updated terms|page>>. No action is needed on your part.",
    "@it Le novità di {month}\n---\nCiao {first}, ecco cosa c'è di nuovo questo mese. <<Scopri di più|page>>",
    "@ja {brand}からのお知らせ\n---\nいつも{brand}をご利用いただきありがとうございます。今月の新機能をご紹介します。<<詳しくはこちら|page>>",
  ],
  newsletter_editorial: [
    "The weekend reading list\n---\nFive long reads for your weekend: the last lighthouse keepers, a history of the bicycle, how bread changed civilisation, the economics of concert tickets, and an interview with a glacier scientist. <<Start reading|page>>",
    "Issue {issue}: the week in science\n---\nA new antibiotic found in soil, the oldest known star map, and why octopuses dream. <<Read this issue|page>>\n\nForward this to a friend who'd enjoy it.",
    "@de Der Wochenrückblick\n---\nDie wichtigsten Nachrichten der Woche: Rentenreform, Streik bei der Bahn und ein neuer Rekord im Sport. <<Weiterlesen|page>>",
    "@fr La newsletter du week-end\n---\nAu sommaire : la réforme des retraites, un portrait de chef et nos idées de sorties. <<Lire la newsletter|page>>",
  ],
  retail_promotion: [
    "Members' early access starts now\n---\nHi {first}, as a member you get 24 hours of early access to our summer sale. Up to 40% off selected styles. <<Shop early access|page>>",
    "New in: the autumn collection\n---\nKnitwear, boots and waterproofs for the season ahead. Free delivery over £50. <<Shop new in|page>>",
    "@es Rebajas de verano\n---\nHola {first}, ya han llegado las rebajas: hasta un 50 % en moda y hogar. <<Comprar ahora|page>>",
    "@it Saldi fino al 50%\n---\nCiao {first}, approfitta dei saldi su tutto il catalogo. <<Scopri le offerte|page>>",
  ],
  work_email: [
    "Re: invoice 2024-118\n---\nHi {first},\n\nThanks - I've forwarded it to accounts. They pay on the 15th and the 30th, so you should see it by the end of the month. Let me know if it doesn't arrive.\n\n{sender}",
    "Notes from today's call\n---\nHi all, quick notes:\n- launch moves to the 12th\n- {sender2} owns the FAQ\n- we still need the final prices from the supplier\nNext call Thursday.",
    "Re: can you review my PR?\n---\nLeft a few comments. Mostly naming; the retry logic looks right. Approve once the test for the timeout case is in.",
    "Out of office\n---\nI'm out of the office until {date2} with limited access to email. For urgent matters please contact {sender2}.",
    "@pl Re: oferta na stoły\n---\nDzień dobry {first}, dziękuję za ofertę. Czy możliwa jest dostawa w przyszłym tygodniu? Pozdrawiam, {sender}",
    "@pt Re: reunião de amanhã\n---\nOi {first}, podemos começar às 10h em vez das 9h? Tenho um compromisso antes. Obrigado, {sender}",
  ],
  personal_email: [
    "Re: moving day\n---\nWe can borrow my brother's van on Saturday. I'll bring boxes and tape. Pizza afterwards is on you :)",
    "Holiday photos!\n---\nFinally uploaded them - the one of Dad with the goat is my favourite. <<|share>>",
    "Thinking of you\n---\nJust wanted to say I'm thinking of you this week. Let me know if you want company or a walk, no pressure at all.",
    "@de Wochenende\n---\nHallo {first}, hast du am Samstag Zeit? Wir wollten grillen, bring gern die Kinder mit. Liebe Grüße, {sender}",
    "@fr Dimanche\n---\nCoucou {first}, on se retrouve dimanche chez maman ? Je m'occupe du dessert. Bisous, {sender}",
    "@ja 週末の予定\n---\n{first}へ、今週末ひま？駅前の新しいカフェに行ってみない？返事待ってるね。",
    "@zh 周末聚会\n---\n{first}，周六晚上来我家吃饭吧，我做火锅。记得带上孩子！",
    "@ru Выходные\n---\nПривет, {first}! Поедем в субботу на дачу? Погода обещает быть хорошей. Напиши, как решишь.",
    "@ar السفر\n---\nأهلاً {first}، حجزت التذاكر لرحلتنا الشهر القادم. سأرسل لك التفاصيل قريباً. مع السلامة",
  ],
  short_note: [
    "Re: tomorrow\n---\nSounds good, see you at 8.",
    "quick question\n---\nDid you manage to call the plumber? The tap is still dripping.",
    "Re: keys\n---\nI left them under the blue pot. Text me when you're in.",
    "Thanks!\n---\nThank you so much for dinner last night, it was lovely to see you all.",
    "Re: Saturday\n---\nCan't make it Saturday, sorry - how about Sunday lunch instead?",
    "running late\n---\nTrain's delayed, I'll be 20 minutes late. Start without me.",
    "Re: the report\n---\nLooks fine to me. Send it.",
    "Are you ok?\n---\nHaven't heard from you in a while. All good? Call me when you can.",
    "Re: parents evening\n---\nI booked 17:40 with Mrs Hughes. Can you come straight from work?",
    "book\n---\nFinished the book you lent me. Loved it! When can I give it back?",
    "Re: invoice\n---\nPaid this morning, should be with you tomorrow.",
    "@de Re: Morgen\n---\nPasst, ich bin um 10 da. Bis dann!",
    "@es Re: cena\n---\nPerfecto, llevo el vino. ¡Hasta el sábado!",
    "@fr Re: demain\n---\nOk pour moi, on se retrouve à la gare à 9h.",
    "@ru Re: завтра\n---\nХорошо, буду в 10. До встречи!",
    "@pl Re: jutro\n---\nJasne, będę o 18. Do zobaczenia!",
  ],
  mailing_list: [
    "Re: [users] memory leak in 2.3?\n---\n> We see RSS growing by about 50 MB per hour under load.\n\nCan you run it with MALLOC_ARENA_MAX=2 and see if the growth stops? We had the same symptom and it was glibc arenas, not a leak.\n\n{sender}",
    "[dev] proposal: drop support for Python 3.8\n---\nHi all,\n\n3.8 is end of life and it's blocking a few dependency upgrades. I propose we drop it in the next minor release. Objections?\n\n{sender}",
    "Re: [Bug 4412] Crash when opening large files\n---\n--- Comment #3 from {sender} ---\nConfirmed on 5.1 with a 2 GB file. The backtrace points at the mmap path. Patch attached.",
    "Re: [announce] security release 3.0.7\n---\nThanks for the quick fix. Is 2.x affected too? We still run it on a few older boxes.",
    "@fr Re: [debian-user-french] problème de clavier\n---\nEssaie dpkg-reconfigure keyboard-configuration puis redémarre. Chez moi ça a réglé le problème.",
  ],
  support_ticket: [
    "Your request has been updated\n---\nHi {first}, we've added an update to your request #{order}: \"We've refunded the duplicate charge. It may take 5-10 days to show on your statement.\" <<View update|page>>",
    "@de Ihre Anfrage #{order}\n---\nHallo {first}, vielen Dank für Ihre Nachricht. Wir melden uns innerhalb von 24 Stunden bei Ihnen. Ihr {brand}-Support",
  ],
  appointment_reminder: [
    "Reminder: your appointment tomorrow\n---\nDear {first}, this is a friendly reminder of your appointment tomorrow at 14:15 with Dr. Evans. Reply C to confirm or call us to rearrange.",
    "@es Recordatorio de cita\n---\nHola {first}, le recordamos su cita el {date2} a las 11:00. Si no puede asistir, avísenos con antelación.",
    "@de Terminerinnerung\n---\nGuten Tag {first}, wir erinnern Sie an Ihren Termin am {date2} um 9:30 Uhr in unserer Praxis.",
  ],
  form_notification: [
    'New submission: Contact form\n---\nName: {sender}\nEmail: {sender_email}\nMessage: Hello, I ordered a birthday cake for Saturday - could you add "Happy 40th Sam" on top? Thanks!',
    "Website enquiry from {sender}\n---\nA visitor filled in the enquiry form:\n\nName: {sender}\nPhone: 07700 900{code3}\nEnquiry: Do you have any rooms free for the bank holiday weekend? Two adults, one child.",
    "@fr Nouveau message depuis votre site\n---\nNom : {sender}\nE-mail : {sender_email}\nMessage : Bonjour, êtes-vous ouverts le lundi de Pâques ? Merci.",
    "@es Nuevo mensaje del formulario de contacto\n---\nNombre: {sender}\nCorreo: {sender_email}\nMensaje: Hola, ¿hacen envíos a Portugal? Gracias.",
  ],
  travel_booking: [
    "Check in now for your flight\n---\nHi {first}, online check-in is open for your flight on {date2}. <<Check in online|page>>. Bags must be dropped 60 minutes before departure.",
    "@es Confirmación de tu reserva\n---\nHola {first}, tu reserva {order} está confirmada. Entrada: {date2}. <<Gestionar reserva|page>>",
  ],
  calendar_meeting: [
    "Invitation: Dentist (Tom) @ Tue 15:30\n---\nYou've been invited by {sender}. Where: Maple Dental. <<More details|calendar>>",
    "@de Einladung: Teamrunde\n---\n{sender} hat Sie zu einer Besprechung eingeladen. Donnerstag, 10:00-10:30. <<Im Kalender ansehen|calendar>>",
  ],
  social_notification: [
    '{sender} invited you to join the group "Riverton Runners"\n---\n{sender} thinks you\'d like this group. 212 members. <<View group|page>>',
    "You have 3 new notifications\n---\n{sender} and 2 others reacted to your photo. <<See notifications|page>>",
  ],
  marketplace_notification: [
    'Your item has been favourited\n---\n{sender} added your listing "{product}" to their favourites. <<View listing|page>>',
  ],
  community_announcement: [
    "Library closure on {date2}\n---\nThe library will be closed on {date2} for staff training. Online services, including e-books and renewals, will be available as usual. <<Our online services|page>>",
    "@de Elternbrief: Wandertag\n---\nLiebe Eltern, am {date2} findet unser Wandertag statt. Bitte geben Sie Ihrem Kind festes Schuhwerk und ein Lunchpaket mit.",
  ],
  // Spam.
  lottery_winner: [
    "Notification of award\n---\nDear winner,\n\nWe are pleased to inform you that your email was among the 20 lucky winners of the Euro Millions email draw. You have been awarded €1,250,000. File number: {po}. Contact our fiduciary agent Mr. {sender} with your details to process your claim.",
    "Final notice: unclaimed prize\n---\nThis is the final notice regarding your unclaimed prize of $750,000. Failure to respond within 7 days will result in forfeiture. Reply with your full name and telephone number.",
    "You've been chosen!\n---\nCongratulations! You have been chosen to receive a brand new Samsung Galaxy. Just pay $2 shipping: <<Claim my phone|spam>>",
    "@es ¡Ha ganado un premio!\n---\nEstimado ganador, su dirección de correo ha sido premiada con 500.000 euros en nuestro sorteo internacional. Contacte con nuestro agente para reclamar su premio.",
  ],
  phishing_mailbox: [
    "Quota exceeded\n---\nDear {email} user, your mailbox has exceeded its quota limit and incoming mail is being rejected. Verify your account to restore service: <<Restore mailbox|phish>>\n\nMail Administrator",
    "Action needed: sign-in blocked\n---\nWe blocked a sign-in attempt on {email}. To unblock your account, confirm your password below. <<Confirm password|phish>>",
    "Your email account will be deactivated\n---\nWe are closing all inactive accounts. Click below to keep your account active. <<Keep my account|phish>>",
    "@de Ihr Postfach ist voll\n---\nSehr geehrter Nutzer, Ihr Postfach hat die Speichergrenze erreicht. Neue E-Mails werden abgelehnt. Speicher jetzt kostenlos erweitern: <<Speicher erweitern|phish>>",
    "@fr Votre messagerie sera désactivée\n---\nCher utilisateur, votre compte de messagerie sera désactivé aujourd'hui. Pour le conserver, veuillez vous reconnecter : <<Conserver mon compte|phish>>",
  ],
  bec_wire_fraud: [
    "Payment needed today\n---\n{first}, I need a quick favour. Please pay the attached supplier invoice today by bank transfer, it's urgent and I can't call right now. I'll explain later.\n\nThanks",
    "Are you available?\n---\nAre you available? I need your help with something urgent and confidential. Reply as soon as you get this.",
    "Updated remittance details\n---\nHello, due to an audit our banking details have changed. Please send the outstanding payment of {amount} to our new account and confirm once done. Do not use the old account.",
    "@es Transferencia urgente\n---\nHola {first}, necesito que hagas una transferencia urgente hoy a un proveedor. Es confidencial. Te paso los datos por aquí.",
  ],
  seo_webdesign_spam: [
    "Website error report\n---\nHello {site} team, I noticed some errors on your website that are stopping it from ranking on Google. I can send you a full report with the fixes. Would you be interested?",
    "Re: your website\n---\nHi, just following up on my previous email about improving your Google rankings. Let me know if you'd like a free audit. Thanks!",
    "Get more leads for your business\n---\nWe help local businesses get more customers with Google ads, SEO and social media. Our packages start at $299/month. Reply for a free consultation.",
    "Mobile app for your business\n---\nHello, we develop iOS and Android apps for small businesses at affordable rates. Let me know if you'd like to discuss your idea.",
    "@de SEO für Ihre Webseite\n---\nGuten Tag, Ihre Webseite wird bei Google kaum gefunden. Wir bringen Sie auf die erste Seite. Darf ich Ihnen ein unverbindliches Angebot schicken?",
  ],
  stock_pump: [
    "This stock could triple by Friday\n---\nShares of a little-known battery company are trading under $0.50 ahead of a huge announcement. Smart money is already buying. Ticker: BTRY.",
    "Urgent investor update\n---\nBreaking: our top pick just received FDA fast-track status. Shares could soar 500% when markets open. Don't miss this one.",
    "@de Aktien-Tipp der Woche\n---\nDiese Aktie steht vor einer Kursexplosion! Jetzt einsteigen, bevor es zu spät ist. Kursziel: +400 %.",
  ],
  money_scheme: [
    "Re: your application\n---\nYour application for our home-based income program has been approved. Start earning $500 per day. Limited positions available. <<Activate account|spam>>",
    "I made $12,000 last month\n---\nAnd you can too. No experience, no boss, just a laptop. Watch how: <<Free training|spam>>",
    "@pt Renda extra garantida\n---\nGanhe até R$ 500 por dia trabalhando de casa. Vagas limitadas! <<Quero participar|spam>>",
  ],
  pharma: [
    "Save 80% on your prescriptions\n---\nWhy pay more? Our Canadian pharmacy ships all major brands at generic prices. No prescription needed. <<Shop now|spam>>",
    "Re: your order #{po}\n---\nYour discreet package of 60 pills is ready. Complete payment to ship: <<Complete order|spam>>",
    "@de Potenzmittel ohne Rezept\n---\nViagra und Cialis günstig und diskret bestellen. Lieferung in 48 Stunden. <<Jetzt bestellen|spam>>",
  ],
  phishing_parcel: [
    "Final delivery attempt\n---\nYour package {track} will be returned to sender today. Update your delivery preferences and pay the {small_amount} fee: <<Reschedule delivery|phish>>",
    "@es Su paquete está retenido\n---\nSu paquete {track} está retenido en aduanas. Pague 1,99 € para recibirlo: <<Pagar ahora|phish>>",
  ],
  phishing_bank: [
    "Unusual login attempt\n---\nDear client, someone tried to log in to your online banking from an unknown device. If this was not you, secure your account now: <<Secure account|phish>>\n\nCustomer Protection Team",
    "@pl Twoje konto zostało zablokowane\n---\nSzanowny Kliencie, wykryliśmy podejrzane logowanie. Aby odblokować konto, potwierdź swoje dane: <<Potwierdź dane|phish>>",
    "@it Avviso di sicurezza\n---\nGentile cliente, il suo conto è stato temporaneamente sospeso. Per riattivarlo confermi i suoi dati: <<Riattiva conto|phish>>",
  ],
  phishing_payment_service: [
    "Your payment could not be completed\n---\nHello, your recent payment of {amount} could not be completed because your account information is outdated. Update your information to avoid suspension: <<Update now|phish>>",
    "@de Ihr Konto wurde eingeschränkt\n---\nLieber Kunde, wir haben ungewöhnliche Aktivitäten festgestellt. Bitte bestätigen Sie Ihre Identität, um Ihr Konto wiederherzustellen: <<Jetzt bestätigen|phish>>",
  ],
  advance_fee: [
    "Partnership\n---\nGood day, I am Dr. {sender}, a director in the ministry of mines. I have an important business deal involving gold dust worth $18 million and I need a reliable foreign partner. Reply for details.",
    "Greetings from Sgt. {last}\n---\nI am a US soldier serving in Syria. We found $25 million in a bunker and need someone to receive the money. You will get 30%. Please reply with your details.",
  ],
  malware_lure: [
    "Shipping documents\n---\nDear sir, please find the shipping documents and the bill of lading for your consignment. <<BL_{po}.pdf.html|attach>>",
    "New document shared\n---\nYou have received a secure document. Enable macros to view the content. <<Document_{po}.docm|attach>>",
  ],
  adult_dating: [
    "Are you still single?\n---\nSofia (27) is online now and wants to chat with you. Don't keep her waiting! <<Chat now|spam>>",
    "@fr Une femme veut vous rencontrer\n---\nJulie, 29 ans, habite près de chez vous et souhaite vous rencontrer ce soir. <<Voir son profil|spam>>",
  ],
  crypto_investment: [
    "Your account manager is waiting\n---\nHello, your account has been credited with a $250 bonus. Your personal account manager will call you to start trading. <<Log in|spam>>",
    "@de Bitcoin-Gewinne garantiert\n---\nMit unserer KI verdienen Sie bis zu 1.000 Euro am Tag. Starten Sie mit nur 250 Euro: <<Jetzt starten|spam>>",
  ],
  extortion: [
    "@de Ich habe Ihr Gerät gehackt\n---\nIch habe Zugriff auf Ihr Gerät und habe Videos von Ihnen aufgenommen. Überweisen Sie 1.200 Euro in Bitcoin innerhalb von 48 Stunden, sonst schicke ich sie an alle Ihre Kontakte.",
  ],
  foreign_spam: [
    "@ru Кредит без отказа\n---\nОдобрим кредит до 500 000 рублей без справок и поручителей. Решение за 5 минут! <<Оформить заявку|spam>>",
    "@zh 恭喜您中奖\n---\n尊敬的用户，您已被抽中获得iPhone 15一部，请点击领取：<<立即领取|spam>>",
    "@ar مبروك لقد ربحت\n---\nعزيزي العميل، لقد فزت بجائزة قدرها 50,000 دولار. للمطالبة بالجائزة أرسل اسمك ورقم هاتفك. <<استلم جائزتك|spam>>",
    "@pt Sua conta foi bloqueada\n---\nPrezado cliente, sua conta foi bloqueada por segurança. Atualize seus dados para desbloquear: <<Atualizar dados|phish>>",
  ],
};
