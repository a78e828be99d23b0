/**
 * Long file: corpus data written for this project (texts and the lists that fill
 * them), kept whole so that a kind's wordings stay together.
 * Legitimate mail: receipts, shipping notices, password resets, sign-in
 * alerts, invoices and failed payments, newsletters and retail promotions
 * (click-tracked, with unsubscribe links), mailing-list discussion, work and
 * personal mail, in several languages. Texts are `Subject\n---\nBody`;
 * `<<label|target>>` is a link.
 */
import type { Brand, Layout } from "./mail_render.ts";

export type MailKind = {
  kind: string;
  label: "spam" | "legitimate";
  layouts: Layout[];
  brands?: Brand[];
  texts: string[];
  /** Newsletters and promotions: an unsubscribe footer and tracked links. */
  bulk?: boolean;
  variants?: number;
};

const RETAIL: Brand[] = [
  { name: "Northwind Outfitters", domain: "northwindoutfitters.com" },
  { name: "Bluebell Books", domain: "bluebellbooks.co.uk" },
  { name: "Etsy", domain: "etsy.com" },
  { name: "Amazon", domain: "amazon.com" },
  { name: "IKEA", domain: "ikea.com" },
  { name: "Decathlon", domain: "decathlon.fr" },
  { name: "Zalando", domain: "zalando.de" },
  { name: "Allbirds", domain: "allbirds.com" },
];
const SAAS: Brand[] = [
  { name: "GitHub", domain: "github.com" },
  { name: "Slack", domain: "slack.com" },
  { name: "Notion", domain: "notion.so" },
  { name: "Acme Cloud", domain: "acmecloud.io" },
  { name: "Figma", domain: "figma.com" },
  { name: "Zoom", domain: "zoom.us" },
  { name: "Dropbox", domain: "dropbox.com" },
  { name: "Linear", domain: "linear.app" },
];
const BANKS: Brand[] = [
  { name: "Chase", domain: "chase.com" },
  { name: "Lumen Bank", domain: "lumenbank.com" },
  { name: "HSBC UK", domain: "hsbc.co.uk" },
  { name: "Monzo", domain: "monzo.com" },
  { name: "PayPal", domain: "paypal.com" },
  { name: "Wise", domain: "wise.com" },
];
const COURIERS: Brand[] = [
  { name: "UPS", domain: "ups.com" },
  { name: "DHL", domain: "dhl.de" },
  { name: "Royal Mail", domain: "royalmail.com" },
  { name: "USPS", domain: "usps.com" },
  { name: "DPD", domain: "dpd.co.uk" },
];
const TRAVEL: Brand[] = [
  { name: "Booking.com", domain: "booking.com" },
  { name: "Airbnb", domain: "airbnb.com" },
  { name: "Lufthansa", domain: "lufthansa.com" },
  { name: "Ryanair", domain: "ryanair.com" },
  { name: "Trainline", domain: "thetrainline.com" },
];
const MEDIA: Brand[] = [
  { name: "The Morning Letter", domain: "morningletter.com" },
  { name: "Smashing Magazine", domain: "smashingmagazine.com" },
  { name: "The Guardian", domain: "theguardian.com" },
  { name: "Product Hunt", domain: "producthunt.com" },
  { name: "Garden Notes", domain: "gardennotes.substack.com" },
  { name: "Dev Weekly", domain: "devweekly.io" },
  { name: "Riverton Public Library", domain: "rivertonlibrary.org" },
];
const SOCIAL: Brand[] = [
  { name: "LinkedIn", domain: "linkedin.com" },
  { name: "Strava", domain: "strava.com" },
  { name: "Meetup", domain: "meetup.com" },
  { name: "Nextdoor", domain: "nextdoor.com" },
  { name: "Facebook", domain: "facebookmail.com" },
];
const LOCAL: Brand[] = [
  { name: "Maple Dental", domain: "mapledental.com" },
  { name: "Oakwood Primary School", domain: "oakwoodprimary.org.uk" },
  { name: "City Auto Service", domain: "cityautoservice.com" },
  { name: "Riverton Council", domain: "riverton.gov" },
  { name: "Green Valley Vet", domain: "greenvalleyvet.com" },
];

export const MAIL_HAM: MailKind[] = [
  {
    kind: "order_confirmation",
    label: "legitimate",
    layouts: ["transactional", "transactional", "simple"],
    brands: RETAIL,
    texts: [
      "Your {brand} order {order} is confirmed\n---\nHi {first},\n\nThanks for your order! We're getting it ready and will email you when it ships.\n\nOrder {order}\n1 x {product} - {amount}\nShipping: Free\nTotal: {amount}\n\n<<View your order|order>>\n\nQuestions? Reply to this email or visit our <<help centre|page>>.",
      "Order received: {product}\n---\nHello {first},\n\nWe've received your order placed on {date}. Estimated delivery: {date2}.\n\nItems: {product}\nSubtotal: {amount}\nVAT included.\n\nYou can track the status of your order in <<your account|account>>.",
      "Thank you for shopping with {brand}\n---\nHi {first}, your payment of {amount} was successful and your order {order} is being processed. A receipt is attached for your records. <<Manage your order|order>>",
      "@de Ihre Bestellung {order} bei {brand}\n---\nHallo {first},\n\nvielen Dank für Ihre Bestellung. Wir bereiten den Versand vor.\n\nArtikel: {product}\nGesamtbetrag: {amount} (inkl. MwSt.)\n\n<<Bestellung ansehen|order>>",
      "@fr Confirmation de votre commande {order}\n---\nBonjour {first},\n\nMerci pour votre commande ! Nous vous enverrons un e-mail dès son expédition.\n\nTotal : {amount}\n\n<<Suivre ma commande|order>>",
      "@es Hemos recibido tu pedido {order}\n---\nHola {first}:\n\nGracias por tu compra. Te avisaremos cuando tu pedido salga de nuestro almacén.\n\nImporte total: {amount}\n\n<<Ver mi pedido|order>>",
      "@ja ご注文ありがとうございます（注文番号 {order}）\n---\n{first}様\n\nこの度はご注文いただき誠にありがとうございます。商品の発送準備が整い次第、改めてご連絡いたします。\n\nご注文金額：{amount}\n\n<<注文履歴を確認する|order>>",
    ],
  },
  {
    kind: "shipping_notification",
    label: "legitimate",
    layouts: ["transactional", "simple", "plain"],
    brands: [...COURIERS, ...RETAIL],
    texts: [
      "Your package is on its way\n---\nHi {first},\n\nGood news - your order {order} has shipped with {carrier}. Tracking number: {track}\n\n<<Track your package|tracking>>\n\nEstimated delivery: {date2}.",
      "Out for delivery today\n---\nYour {carrier} parcel {track} is out for delivery and should arrive between 10:00 and 14:00. If you're not home, we'll leave it with a neighbour or at your safe place. <<Manage delivery|tracking>>",
      "We missed you\n---\nWe tried to deliver your parcel {track} today but nobody was home. It will be redelivered on the next working day, or you can collect it from your local post office after 5pm tomorrow. <<Choose another day|tracking>>",
      "Delivered: your order {order}\n---\nYour package was delivered at 13:42 and left at the front door. Didn't get it? <<Let us know|page>>.",
      "@de Ihr Paket kommt heute\n---\nHallo {first}, Ihre Sendung {track} wird heute zwischen 11 und 15 Uhr zugestellt. <<Sendung verfolgen|tracking>>",
      "@pl Twoja paczka jest w drodze\n---\nCześć {first}, Twoja przesyłka {track} została nadana i dotrze do Ciebie jutro. <<Śledź przesyłkę|tracking>>",
    ],
  },
  {
    kind: "password_reset",
    label: "legitimate",
    layouts: ["transactional", "plain", "simple"],
    brands: [...SAAS, ...RETAIL],
    texts: [
      "Reset your {brand} password\n---\nHi {first},\n\nWe received a request to reset the password for your {brand} account. Click the button below to choose a new one. This link expires in 60 minutes.\n\n<<Reset password|reset>>\n\nIf you didn't request this, you can safely ignore this email - your password won't change.",
      "Password reset request\n---\nSomeone (hopefully you) asked to reset your password. To continue, open this link: <<|reset>>\n\nIf it wasn't you, no action is needed.",
      "Your password was changed\n---\nHi {first}, the password for your {brand} account was changed on {date}. If you made this change, you don't need to do anything. If you didn't, please <<secure your account|account>> right away.",
      "@de Passwort zurücksetzen\n---\nHallo {first}, Sie haben angefordert, Ihr Passwort zurückzusetzen. Klicken Sie auf den folgenden Link, um ein neues Passwort festzulegen: <<Passwort zurücksetzen|reset>>. Der Link ist 24 Stunden gültig.",
      "@pt Redefinição de senha\n---\nOlá {first}, recebemos uma solicitação para redefinir a senha da sua conta. <<Criar nova senha|reset>>. Se não foi você, ignore este e-mail.",
      "@zh 重置您的密码\n---\n{first}，您好：我们收到了重置您账户密码的请求。请点击以下链接设置新密码：<<重置密码|reset>>。如果这不是您本人的操作，请忽略此邮件。",
    ],
  },
  {
    kind: "email_verification",
    label: "legitimate",
    layouts: ["transactional", "plain"],
    brands: [...SAAS, ...SOCIAL, ...RETAIL],
    texts: [
      "Confirm your email address\n---\nWelcome to {brand}, {first}!\n\nPlease confirm that this is your email address so we can finish setting up your account.\n\n<<Confirm email|verify>>\n\nThis link will expire in 48 hours.",
      "Verify your email for {brand}\n---\nYour verification code is {code}. Enter it in the app to continue. The code expires in 10 minutes. Didn't sign up? Ignore this email.",
      "Welcome to {brand}\n---\nHi {first}, thanks for signing up. Here are three things to try first:\n\n1. Invite your team\n2. Connect your calendar\n3. Create your first project\n\n<<Get started|account>>",
      "@fr Confirmez votre adresse e-mail\n---\nBonjour {first}, merci de votre inscription. Veuillez confirmer votre adresse e-mail en cliquant ici : <<Confirmer|verify>>",
      "@ru Подтвердите адрес электронной почты\n---\nЗдравствуйте, {first}! Чтобы завершить регистрацию, подтвердите адрес электронной почты: <<Подтвердить|verify>>. Если вы не регистрировались, просто проигнорируйте это письмо.",
    ],
  },
  {
    kind: "security_alert_real",
    label: "legitimate",
    layouts: ["transactional", "plain"],
    brands: [...SAAS, ...BANKS, { name: "Google", domain: "google.com" }, {
      name: "Microsoft",
      domain: "microsoft.com",
    }],
    texts: [
      "New sign-in to your {brand} account\n---\nHi {first},\n\nWe noticed a new sign-in to your account.\n\nDevice: {device}\nLocation: {city} (approximate)\nTime: {date}, 09:14\n\nIf this was you, you don't need to do anything. If not, <<review your account activity|account>> and change your password.",
      "Your {brand} security code\n---\nYour one-time code is {code}. It expires in 5 minutes. We'll never ask you for this code by phone or email.",
      "A new SSH key was added to your account\n---\nThe following SSH key was added to your account: ed25519 SHA256:{hex}. If you believe this key was added in error, you can remove it in <<your settings|account>>.",
      "Two-factor authentication enabled\n---\nHi {first}, two-factor authentication is now turned on for your {brand} account. Keep your recovery codes somewhere safe.",
      "@de Neue Anmeldung bei {brand}\n---\nHallo {first}, es gab eine neue Anmeldung in Ihrem Konto von {device} in {city}. Falls Sie das nicht waren, ändern Sie bitte Ihr Passwort in den <<Kontoeinstellungen|account>>.",
    ],
  },
  {
    kind: "billing_receipt",
    label: "legitimate",
    layouts: ["transactional", "transactional", "plain"],
    brands: [...SAAS, { name: "Spotify", domain: "spotify.com" }, {
      name: "Netflix",
      domain: "netflix.com",
    }],
    texts: [
      "Your receipt from {brand}\n---\nReceipt #{order}\nDate: {date}\nPlan: Pro (monthly)\nAmount paid: {amount}\nPaid with Visa ending in {last4}\n\n<<Download invoice (PDF)|page>>\n\nThanks for being a customer.",
      "Payment failed for your {brand} subscription\n---\nHi {first},\n\nWe couldn't process your payment of {amount} for your subscription. Your card ending in {last4} was declined. We'll try again in 3 days. To avoid interruption, please <<update your payment method|account>>.",
      "Your subscription renews soon\n---\nHi {first}, your annual {brand} plan renews on {date2} for {amount}. No action is needed. To change or cancel, visit <<billing settings|account>>.",
      "Invoice {order} is available\n---\nHello,\n\nYour invoice for {month} is now available. Total due: {amount}. It will be charged automatically to the card on file.\n\n<<View invoice|page>>",
      "@fr Votre facture {brand}\n---\nBonjour {first}, votre facture n° {order} d'un montant de {amount} est disponible dans votre espace client. <<Voir la facture|page>>",
      "@es Recibo de pago\n---\nHola {first}, hemos recibido tu pago de {amount}. Gracias por confiar en {brand}. <<Descargar factura|page>>",
    ],
  },
  {
    kind: "bank_notification_real",
    label: "legitimate",
    layouts: ["transactional", "plain"],
    brands: BANKS,
    texts: [
      "Your statement is ready\n---\nHi {first}, your {month} statement for the account ending in {last4} is ready to view in online banking. For your security, we don't include links to sign in - please go to {domain} or use the app.",
      'You received {amount}\n---\n{sender} sent you {amount}. The money is in your balance now. Note: "{memo}"',
      "Card payment declined\n---\nA payment of {amount} at {merchant} was declined because it looked unusual. If it was you, reply YES in the app and try again. We'll never ask for your PIN or full card number.",
      "Direct debit set up\n---\nA new direct debit to {merchant} has been set up on your account ending {last4}. If you don't recognise this, contact us using the number on the back of your card.",
      "@de Ihr Kontoauszug ist verfügbar\n---\nGuten Tag {first}, Ihr Kontoauszug für {month} steht im Online-Banking bereit. Aus Sicherheitsgründen enthalten unsere E-Mails keine Links zur Anmeldung.",
    ],
  },
  {
    kind: "newsletter_company",
    label: "legitimate",
    layouts: ["newsletter"],
    brands: [...SAAS, ...RETAIL, ...MEDIA],
    bulk: true,
    texts: [
      "What's new at {brand} this month\n---\nHi {first},\n\nHere's a quick roundup of what we shipped in {month}.\n\nFaster search: results now load twice as fast on large workspaces. <<Read the release notes|page>>\n\nDark mode is here, on web and mobile. <<See how to turn it on|page>>\n\nWe're hiring! <<View open roles|page>>\n\nThanks for reading,\nThe {brand} team",
      "{month} product update\n---\nThis month: a new dashboard, calendar sync and a big price drop for small teams.\n\n<<Explore the new dashboard|page>>\n\nCustomer story: how a four-person bakery saves 6 hours a week. <<Read the story|page>>\n\n<<www.{domain}|page>>",
      "The {brand} newsletter: 5 things worth reading\n---\n1. Why we rewrote our sync engine <<Read more|page>>\n\n2. Ten keyboard shortcuts you'll use every day <<Read more|page>>\n\n3. Community spotlight: templates from our users <<Browse templates|page>>\n\nSee you next month!",
      "Your weekly digest\n---\nHere's what happened in your workspace this week: 14 tasks completed, 3 new comments, 2 files shared. <<Open your workspace|page>>",
      "@de Neuigkeiten von {brand}\n---\nHallo {first},\n\nhier sind die wichtigsten Neuerungen des Monats. <<Jetzt entdecken|page>>\n\nViel Spaß beim Lesen!",
      "@fr La lettre de {brand} - {month}\n---\nBonjour {first},\n\nDécouvrez nos nouveautés du mois et nos conseils. <<Lire la suite|page>>\n\nÀ bientôt !",
      "@es Novedades de {brand}\n---\nHola {first}, este mes hemos lanzado nuevas funciones que te van a encantar. <<Descúbrelas|page>>",
    ],
  },
  {
    kind: "newsletter_editorial",
    label: "legitimate",
    layouts: ["newsletter", "newsletter", "simple"],
    brands: MEDIA,
    bulk: true,
    texts: [
      "{topic}\n---\nGood morning. Today: {topic}, a quiet revolution in city buses, and the best books of the summer.\n\nThe big story: councils across the country are testing four-day weeks for staff, with mixed results. <<Read the full story|page>>\n\nIn brief: train fares rise again in January; a new study on screen time and sleep. <<More headlines|page>>",
      "Issue #{issue}: notes from the garden\n---\nThe tomatoes finally came good after a cold start. This week I'm writing about saving seeds, slug-proof lettuce and a reader's question about clay soil. <<Read online|page>>\n\nIf you enjoy these letters, consider <<becoming a paid subscriber|page>>.",
      "This week in web development\n---\nCSS container queries in practice <<smashingmagazine.com|page>>\n\nA deep dive into HTTP caching <<Read|page>>\n\nJobs: frontend engineer (remote, EU) <<Apply|page>>",
      "Library news: {month} events\n---\nStory time every Tuesday at 10:30, a repair café on the first Saturday, and our summer reading challenge starts soon. <<See all events|page>>. Your loans are due back on {date2}.",
      "Top products today\n---\n#1 A calendar that plans your day for you <<View|page>>\n\n#2 Open-source screen recorder <<View|page>>\n\n#3 Budget tracker for couples <<View|page>>",
    ],
  },
  {
    kind: "retail_promotion",
    label: "legitimate",
    layouts: ["newsletter"],
    brands: RETAIL,
    bulk: true,
    texts: [
      "Weekend sale: 20% off everything\n---\nHi {first},\n\nThis weekend only, take 20% off everything in store and online with code WEEKEND20. Ends Sunday at midnight.\n\n<<Shop the sale|page>>\n\nNew arrivals: autumn jackets and wool jumpers. <<Shop new in|page>>",
      "Your basket is waiting\n---\nYou left {product} in your basket. It's still available - but not for long. <<Return to basket|page>>",
      "Back in stock: {product}\n---\nGood news! An item on your wishlist is back in stock. <<Buy now|page>>",
      "Free delivery ends tonight\n---\nLast chance: free standard delivery on all orders ends at midnight. <<Start shopping|page>>",
      "A gift for your birthday, {first}\n---\nHappy birthday from all of us! Here's 15% off your next order, valid for 30 days. <<Claim your gift|page>>",
      "@de Nur dieses Wochenende: 20 % auf alles\n---\nHallo {first}, sichern Sie sich 20 % Rabatt mit dem Code HERBST20. <<Jetzt shoppen|page>>",
      "@fr Soldes : jusqu'à -50 %\n---\nBonjour {first}, les soldes commencent ! Profitez de réductions jusqu'à -50 % sur une large sélection. <<J'en profite|page>>",
      "@pt Oferta especial para você\n---\nOlá {first}, frete grátis em todo o site até domingo. <<Aproveitar|page>>",
    ],
  },
  {
    kind: "event_webinar",
    label: "legitimate",
    layouts: ["transactional", "newsletter", "plain"],
    brands: [...SAAS, ...SOCIAL, { name: "Eventbrite", domain: "eventbrite.com" }],
    texts: [
      "You're registered: {event}\n---\nHi {first}, you're all set for {event} on {date2} at 16:00 CET. Join here: <<Join webinar|zoom>>\n\n<<Add to calendar|calendar>>",
      "Your tickets for {event}\n---\nOrder {order}: 2 x General admission. Doors open at 19:00. Show the QR code in the app at the entrance. <<View tickets|page>>",
      "Reminder: {event} starts in 1 hour\n---\nSee you soon! <<Join the session|zoom>>. The recording will be sent to all registrants.",
      "New event near you: {event}\n---\nA group you follow posted a new event on {date2} in {city}. 34 people are going. <<RSVP|page>>",
    ],
  },
  {
    kind: "calendar_meeting",
    label: "legitimate",
    layouts: ["plain", "simple"],
    texts: [
      "Invitation: Project sync @ {date2} 10:00\n---\n{sender} has invited you to a meeting.\n\nProject sync\nWhen: {date2} 10:00-10:30\nJoining info: <<|zoom>>\n\nAgenda: status of the migration, open questions from QA.",
      "Updated invitation: Quarterly review\n---\nThe event has been moved to Thursday 14:00. <<View in calendar|calendar>>",
      "Can we move our call?\n---\nHi {first},\n\nSomething came up on my side - could we move tomorrow's call to Friday, same time? Sorry for the shuffle.\n\nBest,\n{sender}",
      "Accepted: Design review\n---\n{sender} has accepted this invitation.",
    ],
  },
  {
    kind: "work_email",
    label: "legitimate",
    layouts: ["plain", "plain", "simple"],
    texts: [
      "Re: Q3 budget draft\n---\nHi {first},\n\nThanks for sending this over. Two questions: the travel line looks high compared to last year - is that the conference in Lisbon? And can we split the software line by team?\n\nI'll be in the office Thursday if you want to go through it.\n\n{sender}\n\n> On {date}, {first} wrote:\n> Attached is the first draft of the Q3 budget. Comments welcome.",
      "Handover notes\n---\nHi all,\n\nI'm off from Monday for two weeks. {sender2} will cover the supplier calls. The open invoices are in the shared folder and the warehouse knows about the Friday delivery.\n\nThanks,\n{sender}",
      "Fwd: contract for review\n---\nHi {first}, forwarding the contract from the landlord. Could you check clause 7 on the break option before I sign? No rush, end of week is fine.\n\n---------- Forwarded message ---------\nFrom: {sender2}\nSubject: contract for review",
      "Lunch on Friday?\n---\nHey team, the new place on Market Street does a set lunch for 12 euros. Anyone up for Friday at 12:30? Reply and I'll book.",
      "Re: deployment failed\n---\nLooks like the migration timed out on the orders table. I've rolled back and will retry tonight with the batch size reduced. Logs: <<|page>>",
      "@de AW: Angebot Fensterbau\n---\nHallo {first},\n\ndanke für das Angebot. Können wir die Montage auf KW 14 verschieben? Ansonsten passt alles.\n\nViele Grüße\n{sender}",
      "@fr Réunion de mardi\n---\nBonjour à tous, je vous propose de décaler la réunion de mardi à 15h. Merci de me confirmer vos disponibilités. Bonne journée, {sender}",
      "@es Re: presupuesto reforma\n---\nHola {first}, te paso el presupuesto actualizado con los cambios que comentamos. Si te parece bien, empezamos el lunes. Un abrazo, {sender}",
      "@ja 明日の打ち合わせについて\n---\n{first}さん\n\nお疲れ様です。明日の打ち合わせですが、14時からに変更させていただけますでしょうか。資料は共有フォルダに置いてあります。\n\nよろしくお願いします。\n{sender}",
      "@zh 关于下周的会议\n---\n{first}，你好：\n\n下周二的项目会议改到下午三点，请准时参加。会议资料已发到共享文件夹。\n\n谢谢！\n{sender}",
      "@ru Отчёт за квартал\n---\nДобрый день, {first}!\n\nНаправляю отчёт за третий квартал. Посмотрите, пожалуйста, раздел по закупкам - там есть вопросы к поставщикам.\n\nС уважением,\n{sender}",
    ],
  },
  {
    kind: "personal_email",
    label: "legitimate",
    layouts: ["plain", "plain", "simple"],
    texts: [
      "photos from the weekend\n---\nHi {first}!\n\nHere are the pictures from the lake: <<|share>>\n\nThe kids haven't stopped talking about the boat. Let's do it again in August?\n\nLove,\n{sender}",
      "Dinner Saturday\n---\nAre you two still coming on Saturday? I'm making lasagne, so let me know if anyone's vegetarian now. 7ish?",
      "Happy birthday!!\n---\nHappy birthday {first}! Hope you have a lovely day. Drinks on me next time we're in town. x",
      "Re: Mum's appointment\n---\nI can take her on Tuesday, but can you do the Thursday one? I have a work thing. Also the pharmacy said her prescription is ready.",
      "recipe\n---\nHere's the bread recipe I promised. 500g flour, 350ml water, 10g salt, a spoon of starter. Leave it overnight. Don't skip the stretch and folds!",
      "@es Fotos de la boda\n---\n¡Hola {first}! Te paso el enlace con las fotos de la boda: <<|share>>. ¡Salisteis guapísimos! Besos, {sender}",
      "@pl Sobota\n---\nCześć {first}, widzimy się w sobotę u rodziców? Kupię ciasto, ty weź wino. Buziaki!",
      "@ru С днём рождения!\n---\nПривет, {first}! Поздравляю с днём рождения! Желаю здоровья и счастья. Обнимаю, {sender}",
      "@ar تهنئة\n---\nمرحباً {first}، ألف مبروك على العمل الجديد! أتمنى لك كل التوفيق. نلتقي قريباً إن شاء الله.",
      "@pt Viagem\n---\nOi {first}! Já comprei as passagens para julho. Vamos ficar uma semana em Lisboa e depois vamos ao Porto. Beijos, {sender}",
    ],
  },
  {
    kind: "short_note",
    label: "legitimate",
    layouts: ["plain", "plain", "simple"],
    texts: [],
  },
  {
    kind: "mailing_list",
    label: "legitimate",
    layouts: ["plain"],
    texts: [
      'Re: [dev] build fails on arm64 after upgrade\n---\nOn {date}, {sender2} wrote:\n> After upgrading to the latest release the build fails on arm64 with\n> "undefined reference to __atomic_load_16".\n\nYou need to link with -latomic on that platform. I\'ve pushed a fix to the configure script; can you try current master?\n\n{sender}\n\n_______________________________________________\ndev mailing list\n<<|list>>',
      "[users] Question about config reload\n---\nHi list,\n\nIs there a way to reload the configuration without restarting the daemon? Sending SIGHUP seems to reopen the logs but the new rules aren't picked up. Version 3.4 on Debian.\n\nThanks,\n{sender}",
      "Re: [PATCH v2] net: fix race in socket teardown\n---\nLooks good to me, one nit below.\n\n> +\tspin_lock(&sk->lock);\n> +\tif (!sk->dead)\n\nPlease keep the comment explaining why the check is needed.\n\nReviewed-by: {sender} <{sender_email}>",
      "Re: [discuss] release schedule for 2.0\n---\nI'd rather slip the release by two weeks than ship with the migration bug. Who can take the regression tests? I can do the docs.\n\n> We planned the freeze for the 15th.",
      "[announce] version 4.2 released\n---\nWe're happy to announce the release of version 4.2. Highlights: faster startup, a new plugin API, and 43 bug fixes. Tarballs and checksums: <<|page>>\n\nThanks to all 27 contributors to this release!",
      "Re: spam filter false positives\n---\nWe had the same problem - our newsletter kept hitting the filter because of the tracking links. Whitelisting the sender domain fixed it for us. YMMV.\n\n> Anyone else seeing legitimate mail scored as spam since the update?",
      "@de Re: [linux-de] Drucker wird nicht erkannt\n---\nHast du das Paket printer-driver-gutenprint installiert? Bei mir lag es daran. Danach einmal CUPS neu starten.\n\n> Mein Drucker wird unter Debian 12 nicht erkannt.",
    ],
  },
  {
    kind: "support_ticket",
    label: "legitimate",
    layouts: ["transactional", "plain"],
    brands: [...SAAS, ...RETAIL],
    texts: [
      "[Ticket #{order}] Re: Export not working\n---\nHi {first},\n\nThanks for your patience. Our engineers found the cause of the export timeout and deployed a fix this morning. Could you try again and let us know if it works?\n\nBest,\n{sender}\n{brand} Support",
      "We've received your request\n---\nThanks for contacting {brand} Support. Your request (#{order}) has been received and one of our team will reply within 24 hours. <<View your request|page>>",
      "How did we do?\n---\nHi {first}, your support request #{order} was marked as solved. Would you take a moment to rate your experience? <<Rate your experience|page>>",
      "@es Re: Incidencia #{order}\n---\nHola {first}, ya hemos solucionado el problema con tu cuenta. Si necesitas algo más, responde a este correo. Un saludo, {sender}, equipo de soporte",
    ],
  },
  {
    kind: "appointment_reminder",
    label: "legitimate",
    layouts: ["transactional", "plain"],
    brands: LOCAL,
    texts: [
      "Appointment reminder: {date2} at 9:30\n---\nHi {first}, this is a reminder of your appointment at {brand} on {date2} at 9:30. Please arrive 10 minutes early. To reschedule, call us or <<manage your booking|page>>.",
      "Your car is due for its annual service\n---\nDear {first}, our records show your vehicle is due for its annual service this month. <<Book online|page>> or call the workshop.",
      "School newsletter and trip reminder\n---\nDear parents, a reminder that Year 4's trip to the science museum is on {date2}. Please return the consent form by Friday. Packed lunches are needed. Thank you!",
      "Vaccination reminder for Bella\n---\nBella is due for her annual vaccination. Please <<book an appointment|page>>. We look forward to seeing you both.",
      "@fr Rappel de rendez-vous\n---\nBonjour {first}, nous vous rappelons votre rendez-vous le {date2} à 10h. En cas d'empêchement, merci de nous prévenir 24h à l'avance.",
    ],
  },
  {
    kind: "social_notification",
    label: "legitimate",
    layouts: ["transactional", "newsletter"],
    brands: SOCIAL,
    bulk: true,
    texts: [
      '{sender} sent you a message\n---\n{sender}: "Hi {first}, great to connect! Are you going to the conference in May?" <<Reply|page>>',
      "You appeared in 12 searches this week\n---\nSee who's looking at your profile. <<See all searches|page>>",
      "{sender} gave you kudos\n---\n{sender} gave you kudos on your Morning Run (8.2 km). <<View activity|page>>",
      'New post in your neighbourhood\n---\n"Lost cat - grey tabby near Elm Road, answers to Milo." <<See post|page>>',
      '{sender} commented on your post\n---\n"Congratulations, well deserved!" <<See comment|page>>',
    ],
  },
  {
    kind: "travel_booking",
    label: "legitimate",
    layouts: ["transactional"],
    brands: TRAVEL,
    texts: [
      "Your booking is confirmed: {hotel}\n---\nHi {first}, your stay at {hotel}, {city} is confirmed.\n\nCheck-in: {date2} from 15:00\nCheck-out: 2 nights later by 11:00\nTotal price: {amount}\nConfirmation number: {order}\n\n<<Manage booking|page>>",
      "Your flight itinerary {order}\n---\nBooking reference: {pnr}\nOutbound: {date2} 07:35 - 09:50\nPassenger: {first} {last}\n\nOnline check-in opens 24 hours before departure. <<Check in|page>>",
      "Your e-ticket\n---\nThanks for booking with {brand}. Your tickets are attached and in the app. Journey: {city} to London, {date2}. <<View tickets|page>>",
      "@de Ihre Buchungsbestätigung\n---\nHallo {first}, Ihre Reise ist gebucht. Buchungsnummer {order}. Abfahrt am {date2}. <<Buchung verwalten|page>>",
    ],
  },
  {
    kind: "form_notification",
    label: "legitimate",
    layouts: ["plain", "simple"],
    texts: [
      "New message from your website\n---\nYou have a new contact form submission:\n\nName: {sender}\nEmail: {sender_email}\nMessage: Hi, do you have availability for a family portrait session in May? We're four people plus a dog.\n\n--\nThis email was sent from the contact form on {domain}",
      "New form entry: Quote request\n---\nName: {sender}\nPhone: 07700 900{code3}\nService: Boiler repair\nDetails: The boiler shows error E119 and there's no hot water since yesterday.\n\nSubmitted on {date}.",
      "[{domain}] Booking request\n---\nFrom: {sender} <{sender_email}>\nSubject: Table for 6\n\nMessage body:\nCould we book a table for six on Saturday at 7pm? One guest is vegan.\n\n--\nThis e-mail was sent from a contact form on {domain}",
      "Neue Anfrage über Ihre Webseite\n---\nName: {sender}\nE-Mail: {sender_email}\nNachricht: Guten Tag, ich interessiere mich für eine Küchenberatung. Wann hätten Sie einen Termin frei?",
    ],
  },
  {
    kind: "marketplace_notification",
    label: "legitimate",
    layouts: ["transactional"],
    brands: [{ name: "Etsy", domain: "etsy.com" }, { name: "eBay", domain: "ebay.com" }, {
      name: "Vinted",
      domain: "vinted.com",
    }, { name: "Shopify", domain: "shopify.com" }],
    texts: [
      "You made a sale on {brand}!\n---\nCongratulations, {first}! {product} sold for {amount}. Please ship by {date2}. <<View order details|order>>",
      'New message about your listing\n---\n{sender} asked: "Is this still available? Could you post it to Leeds?" <<Reply|page>>',
      "Your payout is on its way\n---\nWe've sent {amount} to your bank account ending {last4}. It should arrive in 1-3 business days.",
      "Order {order} needs your attention\n---\nA customer requested a refund for order {order}. Please respond within 3 days. <<View request|order>>",
    ],
  },
  {
    kind: "community_announcement",
    label: "legitimate",
    layouts: ["newsletter", "plain", "simple"],
    brands: LOCAL,
    bulk: true,
    texts: [
      "Bin collection changes over the holidays\n---\nRecycling collections will be one day later than usual in the week after the bank holiday. Check your collection day: <<Find your bin day|page>>",
      "PTA summer fair - volunteers needed\n---\nDear families, the summer fair is on {date2}! We need volunteers for the cake stall and the raffle. Reply to this email if you can help for an hour. Thank you!",
      "Road closure on Elm Road\n---\nElm Road will be closed between 9am and 4pm on {date2} for resurfacing works. Diversions will be signposted.",
      "Practice update: new opening hours\n---\nFrom next month we'll open until 7pm on Thursdays. You can now also book appointments online: <<Book online|page>>",
    ],
  },
];
