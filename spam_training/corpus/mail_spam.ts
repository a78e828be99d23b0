/**
 * Spam mail: phishing for banks, payment services, mailboxes, parcels,
 * streaming and crypto wallets; advance fee and lottery scams; pharmacy,
 * replicas, penny stocks, loans and mortgages, adult offers, malware lures,
 * extortion, money schemes, and the old bulk-mail kinds; in several languages.
 */
import type { Brand } from "./mail_render.ts";
import type { MailKind } from "./mail_legit.ts";

const PHISH_BANKS: Brand[] = [
  { name: "Chase", domain: "chase.com" },
  { name: "Wells Fargo", domain: "wellsfargo.com" },
  { name: "Bank of America", domain: "bankofamerica.com" },
  { name: "HSBC", domain: "hsbc.co.uk" },
  { name: "Barclays", domain: "barclays.co.uk" },
  { name: "Sparkasse", domain: "sparkasse.de" },
  { name: "Santander", domain: "santander.co.uk" },
];
const PHISH_PAY: Brand[] = [
  { name: "PayPal", domain: "paypal.com" },
  { name: "Apple", domain: "apple.com" },
  { name: "Amazon", domain: "amazon.com" },
  { name: "Stripe", domain: "stripe.com" },
];
const PHISH_MAIL: Brand[] = [
  { name: "Microsoft 365", domain: "microsoft.com" },
  { name: "Outlook", domain: "outlook.com" },
  { name: "Webmail", domain: "webmail.com" },
  { name: "Google Workspace", domain: "google.com" },
];
const PHISH_PARCEL: Brand[] = [
  { name: "DHL Express", domain: "dhl.com" },
  { name: "USPS", domain: "usps.com" },
  { name: "Royal Mail", domain: "royalmail.com" },
  { name: "FedEx", domain: "fedex.com" },
  { name: "La Poste", domain: "laposte.fr" },
];
const PHISH_STREAM: Brand[] = [
  { name: "Netflix", domain: "netflix.com" },
  { name: "Spotify", domain: "spotify.com" },
  { name: "Disney+", domain: "disneyplus.com" },
];
const PHISH_CRYPTO: Brand[] = [
  { name: "Coinbase", domain: "coinbase.com" },
  { name: "MetaMask", domain: "metamask.io" },
  { name: "Binance", domain: "binance.com" },
  { name: "Ledger", domain: "ledger.com" },
];
const PHISH_DOCS: Brand[] = [
  { name: "DocuSign", domain: "docusign.net" },
  { name: "SharePoint", domain: "sharepoint.com" },
  { name: "Dropbox", domain: "dropbox.com" },
  { name: "Adobe Acrobat Sign", domain: "adobe.com" },
];
const PHISH_GOV: Brand[] = [
  { name: "IRS", domain: "irs.gov" },
  { name: "HMRC", domain: "gov.uk" },
  { name: "Canada Revenue Agency", domain: "canada.ca" },
];

export const MAIL_SPAM: MailKind[] = [
  {
    kind: "phishing_bank",
    label: "spam",
    layouts: ["phish", "phish", "simple", "plain"],
    brands: PHISH_BANKS,
    texts: [
      "Important: your account has been temporarily locked\n---\nDear Customer,\n\nWe detected unusual activity on your {brand} online banking account and have temporarily limited access for your protection. To restore full access, please verify your identity within 24 hours.\n\n<<Verify Now|phish>>\n\nFailure to verify will result in permanent suspension of your account.",
      "Action required: confirm your recent transaction\n---\nA payment of {amount} to {merchant} is pending on your account. If you did not authorise this transaction, cancel it immediately: <<https://www.{domain}/secure/cancel|phish>>",
      "Your {brand} card has been suspended\n---\nDear valued client, due to a security update your debit card has been suspended. Please update your details to continue using your card: <<Update details|phish>>\n\nThank you,\n{brand} Security Department",
      "Security alert: new payee added\n---\nA new payee was added to your account. If this wasn't you, log in now to stop the transfer: <<{brand} Online Banking|phish>>",
      "@de Wichtige Mitteilung zu Ihrem Konto\n---\nSehr geehrter Kunde, aufgrund neuer Sicherheitsrichtlinien müssen Sie Ihre Kontodaten bestätigen. Andernfalls wird Ihr Online-Banking-Zugang gesperrt. <<Jetzt bestätigen|phish>>",
      "@fr Votre compte a été suspendu\n---\nCher client, nous avons détecté une activité inhabituelle. Veuillez confirmer vos informations dans les 48 heures pour éviter la clôture de votre compte : <<Confirmer mon compte|phish>>",
      "@es Aviso de seguridad de su banca online\n---\nEstimado cliente: hemos bloqueado temporalmente su cuenta por motivos de seguridad. Para desbloquearla, verifique sus datos aquí: <<Verificar|phish>>",
    ],
  },
  {
    kind: "phishing_payment_service",
    label: "spam",
    layouts: ["phish", "phish", "simple"],
    brands: PHISH_PAY,
    texts: [
      "Your account has been limited\n---\nHello,\n\nWe noticed some unusual activity in your {brand} account. As a precaution, we've limited what you can do until you confirm your information.\n\n<<Resolve now|phish>>\n\nCase ID: {po}",
      "Receipt for your payment to {merchant}\n---\nYou sent a payment of {amount} USD to {merchant}. If you did not make this purchase, call our billing department at +1 (888) 555-0{code3} or cancel here: <<Cancel payment|phish>>",
      "Your Apple ID was used to sign in on a new device\n---\nYour Apple ID was used to sign in to iCloud on an iPhone 15 in Moscow, Russia. If this was not you, your account may be compromised. <<Lock my account|phish>>",
      "Problem with your order - payment declined\n---\nWe were unable to charge your payment method for your recent order. Please update your billing information within 48 hours or your order will be cancelled. <<Update payment|phish>>",
      "@it Il tuo account è stato limitato\n---\nGentile cliente, abbiamo rilevato un accesso sospetto. Per ripristinare il tuo account conferma i tuoi dati: <<Conferma|phish>>",
    ],
  },
  {
    kind: "phishing_mailbox",
    label: "spam",
    layouts: ["phish", "simple", "plain"],
    brands: PHISH_MAIL,
    texts: [
      "Mailbox storage full - action required\n---\nYour mailbox has reached 99% of its storage limit. You will stop receiving new messages in 24 hours. Increase your quota for free: <<Upgrade storage|phish>>",
      "Password expiration notice\n---\nThe password for {email} expires today. To keep using your current password, click below.\n\n<<Keep same password|phish>>\n\nIT Service Desk",
      "You have 7 undelivered messages\n---\nDue to a system error, 7 incoming messages were held on the server. Release them to your inbox: <<Release messages|phish>>",
      "Microsoft account unusual sign-in activity\n---\nWe detected something unusual about a recent sign-in to the Microsoft account {email}.\nCountry/region: Nigeria\nIP address: {ip}\n\n<<Review recent activity|phish>>",
      "Re-validate your email account\n---\nDear user, as part of our annual maintenance, all accounts must be re-validated. Accounts not validated will be deactivated. <<Validate here|phish>>",
      "@pt Sua caixa de correio está cheia\n---\nPrezado usuário, sua caixa de e-mail atingiu o limite de armazenamento. Clique abaixo para aumentar o espaço gratuitamente: <<Aumentar espaço|phish>>",
    ],
  },
  {
    kind: "phishing_parcel",
    label: "spam",
    layouts: ["phish", "simple", "plain"],
    brands: PHISH_PARCEL,
    texts: [
      "Your parcel is on hold - customs fee unpaid\n---\nDear customer, your package {track} could not be delivered because a customs fee of {small_amount} is unpaid. Pay now to schedule delivery: <<Pay fee|phish>>",
      "Delivery attempt failed\n---\nWe attempted to deliver your package but the address was incomplete. Please confirm your address and pay the redelivery fee of {small_amount} within 48 hours: <<Confirm address|phish>>",
      "Your shipment is waiting\n---\n{brand}: Your shipment {track} is waiting for confirmation. <<https://www.{domain}/track|phish>>",
      "@fr Votre colis est en attente\n---\nVotre colis n'a pas pu être livré. Des frais de réexpédition de 1,99 € sont requis. <<Payer maintenant|phish>>",
      "@de Ihre Sendung konnte nicht zugestellt werden\n---\nSehr geehrter Kunde, Ihre Sendung {track} liegt im Zollamt. Bitte zahlen Sie die Gebühr von 2,99 €: <<Gebühr bezahlen|phish>>",
    ],
  },
  {
    kind: "phishing_streaming",
    label: "spam",
    layouts: ["phish", "simple"],
    brands: PHISH_STREAM,
    texts: [
      "Your membership is on hold\n---\nHi,\n\nWe're having trouble with your current billing information. We'll try again, but in the meantime you may want to update your payment details.\n\n<<Update account now|phish>>\n\nYour friends at {brand}",
      "Payment declined - update required\n---\nYour last payment was declined by your bank. To continue enjoying {brand}, please update your payment method within 24 hours: <<Restart membership|phish>>",
      "Your account will be suspended\n---\nWe could not validate your billing details. Your subscription will be cancelled unless you verify your card: <<Verify card|phish>>",
    ],
  },
  {
    kind: "phishing_crypto_wallet",
    label: "spam",
    layouts: ["phish", "simple"],
    brands: PHISH_CRYPTO,
    texts: [
      "Action required: verify your wallet\n---\nDue to new regulations, all {brand} wallets must be verified by {date2}. Unverified wallets will be restricted. <<Verify wallet|phish>>",
      "Withdrawal request of 0.84 BTC\n---\nA withdrawal of 0.84 BTC to address bc1q{hex} was requested from your account. If this wasn't you, cancel immediately: <<Cancel withdrawal|phish>>",
      "Your wallet has been compromised\n---\nOur security system detected unauthorised access. Secure your funds by re-syncing your wallet with your recovery phrase: <<Secure my wallet|phish>>",
      "Claim your airdrop reward\n---\nEligible {brand} users can claim 1,250 tokens until {date2}. Connect your wallet to claim: <<Claim now|phish>>",
    ],
  },
  {
    kind: "phishing_shared_document",
    label: "spam",
    layouts: ["phish", "simple", "plain"],
    brands: PHISH_DOCS,
    texts: [
      '{sender} shared "Q4 Invoice.pdf" with you\n---\n{sender} has shared a document with you via {brand}.\n\n<<Open document|phish>>\n\nThis link will expire in 7 days.',
      "Please review and sign: Employment contract\n---\nYou have received a document to review and sign. Review document: <<REVIEW DOCUMENT|phish>>",
      "Payment remittance advice\n---\nPlease find the remittance advice for the transfer made today. Click to view the secure PDF: <<Remittance_{po}.pdf|phish>>",
      "Fax received: 3 pages\n---\nYou have received a new fax from +1 (312) 555-0{code3}. View your fax online: <<View fax|phish>>",
      '@es Documento compartido contigo\n---\n{sender} ha compartido contigo el documento "Factura pendiente". <<Abrir documento|phish>>',
    ],
  },
  {
    kind: "phishing_tax_refund",
    label: "spam",
    layouts: ["phish", "simple", "plain"],
    brands: PHISH_GOV,
    texts: [
      "Tax refund notification\n---\nAfter the last annual calculation of your fiscal activity, we have determined that you are eligible to receive a tax refund of {amount}. Please submit the refund request and allow 3-5 business days to process it. <<Access your refund|phish>>",
      "You have an outstanding tax payment\n---\nOur records show an outstanding balance of {amount}. Failure to pay within 48 hours will result in legal action. <<Pay now|phish>>",
      "@fr Remboursement d'impôt\n---\nVous êtes éligible à un remboursement de 284,61 €. Veuillez remplir le formulaire pour recevoir votre remboursement : <<Formulaire de remboursement|phish>>",
    ],
  },
  {
    kind: "advance_fee",
    label: "spam",
    layouts: ["plain", "plain", "simple"],
    texts: [
      "URGENT BUSINESS PROPOSAL\n---\nDear Friend,\n\nI am Barrister {sender}, personal attorney to the late Mr. {last}, a foreign contractor who died in a car accident along with his family. He left a deposit of US$10,500,000 with a bank here with no next of kin. I seek your consent to present you as the beneficiary so that the proceeds can be paid to you. We will share 60/40. Reply with your full name, address and phone number.\n\nRegards,\n{sender}",
      "Compensation payment\n---\nThis is to notify you that the United Nations compensation committee has approved the payment of $1,500,000 to you as a scam victim. Contact the paying bank with your details: {free_email}",
      "Donation for you\n---\nHello, I am Mrs. {sender}, a widow suffering from cancer. I want to donate my late husband's fund of $4.5 million to a charity through you. Please reply so I can give you more details.",
      "Confidential\n---\nI am a senior official at the central bank. There is an unclaimed sum of $27.5 million in a dormant account. I need a foreign partner to receive the funds. You will receive 30%. This is risk free.",
      "@fr Proposition confidentielle\n---\nBonjour, je suis avocat et je cherche un partenaire honnête pour recevoir l'héritage de mon défunt client, d'un montant de 2 500 000 €. Répondez-moi pour plus de détails.",
      "@es Herencia sin reclamar\n---\nEstimado amigo, le escribo para proponerle un negocio confidencial relacionado con una herencia de 8 millones de dólares. Necesito su colaboración. Responda a este correo.",
    ],
  },
  {
    kind: "lottery_winner",
    label: "spam",
    layouts: ["plain", "simple", "spam_html"],
    texts: [
      "CONGRATULATIONS! YOU HAVE WON\n---\nYour email address was selected in our international online lottery draw and has won the sum of £850,000.00 GBP. Ref no: {po}. To claim your prize, contact our claims agent with your name, address, age and occupation.",
      "Your reward is waiting\n---\nYou have been selected to receive a $500 gift card. Complete our 30-second survey to claim it before it expires: <<Claim my reward|spam>>",
      "Winner notification\n---\nYou are today's lucky visitor! Claim your free iPhone 15 Pro now: <<CLAIM NOW|spam>>",
      "@de Sie haben gewonnen!\n---\nHerzlichen Glückwunsch! Ihre E-Mail-Adresse wurde bei unserer Verlosung gezogen. Sie haben 500.000 Euro gewonnen. Kontaktieren Sie unseren Agenten.",
    ],
  },
  {
    kind: "pharma",
    label: "spam",
    layouts: ["spam_html", "simple", "plain"],
    texts: [
      "Cheap meds, no prescription\n---\nViagra from $0.99, Cialis from $1.25, Levitra, Propecia and more. No prescription required. Discreet worldwide shipping. <<Visit our pharmacy|spam>>",
      "Be a man again\n---\nSatisfy your partner every time. 100% herbal, clinically proven, no side effects. Order today and get 4 bonus pills. <<Order now|spam>>",
      "Your order of Tramadol\n---\nRefill your prescription online without a doctor. Tramadol, Xanax, Valium, Soma at the lowest prices. Overnight delivery. <<|spam>>",
      "Lose 30 pounds in 30 days\n---\nDoctors are amazed by this new weight loss pill. Burn fat fast without dieting. Free trial bottle: <<Get yours|spam>>",
      "@ru Лекарства без рецепта\n---\nВиагра, сиалис и другие препараты по низким ценам. Анонимная доставка по всей России. <<Заказать|spam>>",
    ],
  },
  {
    kind: "replica_goods",
    label: "spam",
    layouts: ["spam_html", "simple"],
    texts: [
      "Luxury watches at 90% off\n---\nRolex, Omega, Breitling replicas with Swiss movement. Perfect copies that nobody can tell apart. <<Shop now|spam>>",
      "Designer handbags outlet\n---\nGucci, Prada, Louis Vuitton bags from $79. Limited stock, order today. <<Browse collection|spam>>",
      "Ray-Ban clearance\n---\nAll sunglasses $19.99 today only. <<Shop|spam>>",
    ],
  },
  {
    kind: "stock_pump",
    label: "spam",
    layouts: ["plain", "spam_html", "simple"],
    texts: [
      "Hot stock alert: XPLR set to explode\n---\nThis small-cap company just signed a major contract. Our analysts expect the share price to go from $0.12 to $1.50 within weeks. Get in before the news breaks! Symbol: XPLR.",
      "Investor alert: the next big thing\n---\nMedical breakthrough company trading at pennies. Insiders are buying. Target price: 800% upside. Act now before it's too late.",
      "Gold stock poised to double\n---\nExploration results due Monday. Watch ticker GLDX at the open. This is not a recommendation, do your own due diligence.",
    ],
  },
  {
    kind: "loans_mortgage",
    label: "spam",
    layouts: ["spam_html", "plain", "simple"],
    texts: [
      "Refinance now at 2.9%\n---\nMortgage rates are at historic lows. You have been pre-approved for a refinance of up to $400,000. No obligation, no fees. <<Get your free quote|spam>>",
      "Cash loan approved\n---\nCongratulations, your loan application for $5,000 has been approved. Money can be in your account today. Bad credit OK. <<Accept your loan|spam>>",
      "Eliminate your debt\n---\nCut your credit card debt by up to 60% with our debt relief program. Free consultation. <<Learn more|spam>>",
      "@pt Empréstimo aprovado\n---\nSeu empréstimo de R$ 15.000 foi pré-aprovado! Sem consulta ao SPC e Serasa. Libere agora: <<Liberar empréstimo|spam>>",
      "@es Préstamo aprobado al instante\n---\nHasta 3.000 euros en tu cuenta hoy mismo, sin papeleo. <<Solicitar ahora|spam>>",
    ],
  },
  {
    kind: "adult_dating",
    label: "spam",
    layouts: ["spam_html", "simple", "plain"],
    texts: [
      "Hot singles in your area\n---\n3 women near you want to meet tonight. No strings attached. <<See their photos|spam>>",
      'She sent you a private message\n---\nKatya (24) sent you a message: "Hi handsome, I saw your profile... wanna chat?" <<Read message|spam>>',
      "Your free membership is activated\n---\nUnlimited access to thousands of adult videos. Activate now: <<Watch now|spam>>",
      "@de Neue Nachricht von Lena (26)\n---\nHallo, ich habe dein Profil gesehen und würde dich gern treffen. Schau dir meine Bilder an: <<Profil ansehen|spam>>",
    ],
  },
  {
    kind: "malware_lure",
    label: "spam",
    layouts: ["plain", "simple"],
    texts: [
      "Invoice {po} overdue\n---\nHello,\n\nPlease see the attached invoice which is now overdue. Kindly arrange payment today.\n\nDownload invoice: <<Invoice_{po}.zip|attach>>",
      "Voicemail from +1 (415) 555-0{code3}\n---\nYou have a new voicemail (0:42). Listen to the message: <<Play_Voicemail.html|attach>>",
      "Scanned document from printer\n---\nA document was scanned and sent to you. Scan date: {date}. Open: <<Scan_{po}.pdf.exe|attach>>",
      "Re: your order\n---\nHi, attached is the updated order and the shipping documents, please confirm. <<Order_Details.iso|attach>>",
      "Payslip for {month}\n---\nYour payslip is ready. Password protected, open with your employee ID: <<Payslip.zip|attach>>",
      "@de Rechnung {po}\n---\nSehr geehrte Damen und Herren, anbei erhalten Sie die Rechnung. Bitte begleichen Sie den Betrag umgehend. <<Rechnung_{po}.zip|attach>>",
    ],
  },
  {
    kind: "extortion",
    label: "spam",
    layouts: ["plain"],
    texts: [
      "I know your password\n---\nI know {pw} is your password. I installed malware on a website you visited and recorded you through your webcam. Send $1,450 in Bitcoin to the address below within 48 hours or I will send the video to all your contacts. BTC address: 1{hex}",
      "Your device was hacked\n---\nHello, I have full access to your device for several months. I have collected all your contacts and private videos. Pay 0.05 BTC and I will delete everything. You have 2 days.",
      "Last warning\n---\nThis is your last chance. If I don't receive the payment, your secrets will be public. Don't try to contact the police.",
    ],
  },
  {
    kind: "money_scheme",
    label: "spam",
    layouts: ["spam_html", "plain", "simple"],
    texts: [
      "Make $5,000 a week from home\n---\nDear Friend,\n\nThis is not spam. You are receiving this because you expressed interest in home business opportunities. Our proven system has made thousands of people rich. No selling, no experience needed. Just 2 hours a day! <<Start today|spam>>\n\nTo be removed from our list, reply with REMOVE in the subject line.",
      "Financial freedom is one click away\n---\nI quit my job last year and now I earn passive income every day with this simple method. <<Watch the free video|spam>>",
      "Get paid to take surveys\n---\nEarn $25 per survey from the comfort of your home. Join 100,000 members already earning. <<Sign up free|spam>>",
      "Work from home: data entry clerk\n---\nWe are hiring remote data entry clerks. $35/hour, flexible schedule, no interview. Reply with your name and phone number.",
      "@es Gana dinero desde casa\n---\nDescubre el método que me permite ganar 300 euros al día sin salir de casa. <<Ver el vídeo|spam>>",
    ],
  },
  {
    kind: "crypto_investment",
    label: "spam",
    layouts: ["spam_html", "simple", "plain"],
    texts: [
      "Bitcoin is about to explode\n---\nOur AI trading bot made 2,300% last year. Start with just $250 and watch your money grow. <<Open your account|spam>>",
      "Elon Musk's new crypto project\n---\nThe project that could make you a millionaire. Limited spots left. <<Join now|spam>>",
      "Your crypto account has a balance of 1.2 BTC\n---\nYou have unclaimed Bitcoin in your account. Withdraw now before it expires: <<Withdraw|spam>>",
      "@ru Заработок на криптовалюте\n---\nНаш робот зарабатывает до 5000 рублей в день. Начните с 10000 рублей: <<Начать|spam>>",
    ],
  },
  {
    kind: "casino",
    label: "spam",
    layouts: ["spam_html", "simple"],
    texts: [
      "200% bonus + 100 free spins\n---\nYour exclusive welcome bonus is waiting. Play slots, roulette and blackjack. <<Claim bonus|spam>>",
      "You have 50 free spins waiting\n---\nNo deposit needed. Play now and keep your winnings! <<Play now|spam>>",
      "@de Ihr Casino-Bonus\n---\n100 Freispiele ohne Einzahlung warten auf Sie. Jetzt spielen: <<Spielen|spam>>",
    ],
  },
  {
    kind: "seo_webdesign_spam",
    label: "spam",
    layouts: ["plain", "simple"],
    texts: [
      "Proposal for {site}\n---\nHi,\n\nI was checking your website and noticed it isn't ranking on the first page of Google for your main keywords. We can get you there within 3 months. Shall I send you a free audit?\n\nBest regards,\n{sender}\nSEO Consultant\n\nIf you don't want to hear from me again, reply \"no\".",
      "Website redesign\n---\nHello, your website looks outdated and isn't mobile friendly. We build modern websites from $499. Reply to see samples of our work.",
      "Guest post inquiry\n---\nHi, I'd like to publish a guest post on your blog with one do-follow link. We pay $50 per article. What's your price?",
      "Quick question\n---\nHi {first}, are you the right person to talk to about lead generation? We book 10-15 qualified meetings a month for companies like yours. Open to a quick call?",
    ],
  },
  {
    kind: "tech_support_scam",
    label: "spam",
    layouts: ["simple", "plain", "phish"],
    brands: [{ name: "Norton", domain: "norton.com" }, { name: "McAfee", domain: "mcafee.com" }, {
      name: "Geek Squad",
      domain: "bestbuy.com",
    }],
    texts: [
      "Your subscription has been renewed\n---\nThank you for renewing your {brand} Total Protection. Amount charged: $399.99. If you did not authorise this renewal, call our billing team at +1 (808) 555-0{code3} within 24 hours to cancel and receive a refund.",
      "Order confirmation INV-{po}\n---\nYour annual plan was renewed automatically. To cancel, contact support: +1 (888) 555-0{code3}.",
      "Virus detected on your computer\n---\nOur scan found 5 viruses on your device. Your files may be deleted. Call technical support now.",
    ],
  },
  {
    kind: "bec_wire_fraud",
    label: "spam",
    layouts: ["plain"],
    texts: [
      "Urgent request\n---\nHi {first},\n\nAre you at your desk? I need you to process a wire transfer today for a new supplier. It's confidential, I'm in meetings all day so email only. Let me know and I'll send the details.\n\nSent from my iPhone",
      "Change of bank details\n---\nDear accounts team, please note that our bank details have changed. Kindly update your records and make all future payments to the new account below. The old account will be closed this week.",
      "Gift cards\n---\nI need you to buy 5 Apple gift cards of $200 each for a client. Scratch the back and send me pictures of the codes. I'll reimburse you later today.",
    ],
  },
  {
    kind: "bulk_old_style",
    label: "spam",
    layouts: ["spam_html", "plain"],
    texts: [
      "ATTENTION: Lowest ink cartridge prices!\n---\nSave up to 80% on printer ink and toner. Compatible with HP, Canon, Epson. Free shipping on orders over $50. <<Order now|spam>>\n\nThis message is sent in compliance with the new email bill. To be removed, <<click here|unsub>>.",
      "Get cable TV free\n---\nWatch all premium channels and pay-per-view events with our descrambler. 100% legal! Order today and get a free remote. <<Info|spam>>",
      "Lose weight while you sleep!!!\n---\nAMAZING new herbal formula! Thousands of satisfied customers! MONEY BACK GUARANTEE!!! <<ORDER NOW|spam>>",
      "Your web site\n---\nWe will submit your site to 10,000 search engines for only $19.95! Get MORE TRAFFIC now!! <<Click here|spam>>",
      "Dear friend, this is not spam\n---\nYou are receiving this message because you opted in to one of our partner lists. We offer the best rates on auto insurance. Get a free quote in 2 minutes! <<Get quote|spam>>\n\nTo unsubscribe, <<click here|unsub>>.",
      "Degree in 2 weeks\n---\nObtain a prosperous future, money earning power, and the admiration of all. Diplomas from prestigious non-accredited universities based on your life experience. No tests, no classes. Call now 24 hours a day.",
    ],
  },
  {
    kind: "foreign_spam",
    label: "spam",
    layouts: ["spam_html", "simple", "plain"],
    texts: [
      "@zh 代开发票\n---\n本公司常年代开各类发票，增值税专用发票，真票可查验。联系电话：13{code}{code3}，微信同号。",
      "@zh 网站推广\n---\n您好！我们提供网站SEO优化，百度快速排名，包月服务，价格优惠。<<详情请访问|spam>>",
      "@ru Продвижение сайта\n---\nЗдравствуйте! Выведем ваш сайт в топ Яндекса за 30 дней. Гарантия результата. <<Подробнее|spam>>",
      "@ru Базы данных для рассылок\n---\nПродаём актуальные базы email-адресов компаний России и СНГ. Свежие, проверенные. Пишите в Telegram.",
      "@ja 【重要】アカウントの確認\n---\nお客様のアカウントに不正アクセスの可能性があります。24時間以内に以下のリンクから本人確認を行ってください。<<本人確認はこちら|phish>>",
      "@ko 무료 포인트 지급 안내\n---\n축하합니다! 고객님께 50만 포인트가 지급되었습니다. 지금 바로 확인하세요. <<확인하기|spam>>",
      "@pl Twoja paczka czeka na dopłatę\n---\nTwoja przesyłka oczekuje na dopłatę 2,50 zł. Opłać teraz, aby odebrać paczkę: <<Zapłać|phish>>",
      "@it Il tuo pacco è in giacenza\n---\nIl tuo pacco non è stato consegnato. Paga le spese di spedizione di 1,99 € per riprogrammare la consegna: <<Paga ora|phish>>",
    ],
  },
];
