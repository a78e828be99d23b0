/**
 * Mail texts: twenty years of mail, not only today's. Legitimate:
 * technical mailing-list threads (quoted replies several levels deep, patches,
 * code, signatures, list and sponsor footers), personal and work mail written
 * by people, old-style plain-text newsletters and digests. Spam: the classic
 * mass mail (mortgages, make-money-fast and MLM, advance fee, pharmacy,
 * replicas, stock tips, cable descramblers, toner, herbal remedies, adult
 * sites, cheap software, address lists for sale, "remove me" footers) in
 * several languages. Written from the kinds' names: no item of the held-out
 * split or of the SpamAssassin outside check was looked at.
 */
export const MAIL_TWENTY_YEARS: Record<string, string[]> = {
  mailing_list: [
    "Re: [dev] [PATCH] fix off-by-one in buffer resize\n---\nOn {date}, {sender2} wrote:\n> --- a/src/buf.c\n> +++ b/src/buf.c\n> @@ -212,7 +212,7 @@\n> -    if (len > cap)\n> +    if (len >= cap)\n>          grow(b, len + 1);\n\nLooks right to me. The old check left no room for the terminating NUL when len == cap. Could you add a test case for exactly that length?\n\nReviewed-by: {sender}\n\n_______________________________________________\ndev mailing list\n<<|list>>",
    "Re: Re: [users] memory leak after upgrade?\n---\n{sender} wrote:\n> > Memory grows by about 50 MB an hour since 4.2.\n> Does it stop growing if you turn the cache off?\n\nYes, with cache_size = 0 it stays flat. So it's the cache. I'll try the debug build tonight and send a heap profile.\n\n--\n{sender2}\n\"There are two hard things in computer science...\"",
    "[announce] release 2.4.0\n---\nHello all,\n\nVersion 2.4.0 is out. Highlights:\n\n  * IPv6 support in the proxy module\n  * configuration reload without restart (SIGHUP)\n  * 37 bug fixes, see the ChangeLog\n\nTarballs and signatures are on the usual mirrors. Please report problems on this list or in the bug tracker.\n\nThanks to everyone who tested the release candidates.\n\n{sender}, for the release team\n\n--\nTo unsubscribe, e-mail: users-unsubscribe@lists.example.org\nFor additional commands, e-mail: users-help@lists.example.org",
    "Re: [sql] slow query with ORDER BY and LIMIT\n---\n> SELECT * FROM orders WHERE customer_id = 42 ORDER BY created DESC LIMIT 10;\n> takes 3 seconds on 20 million rows\n\nAn index on (customer_id, created) should make that instant. With only the single-column index the planner sorts all of the customer's rows first. Run EXPLAIN ANALYZE before and after and post the output if it's still slow.\n\nRegards,\n{sender}",
    "[linux-kernel] Re: scheduler regression in -rc3\n---\nOn {date}, {sender2} wrote:\n> hackbench is 8% slower on my 64-core box since -rc3.\n\nI can reproduce it here. Bisecting points at the load-balancing change; reverting it brings the numbers back. I'll dig into why it hurts large machines only.\n\nThanks for the report,\n{sender}",
    "Re: [python-list] why does my generator run only once?\n---\nA generator is exhausted after the first loop over it. If you need to iterate twice, either make a list of it (list(gen)) or call the function again to get a fresh generator. itertools.tee exists too but is rarely what you want.\n\n> for x in gen: print(x)\n> for x in gen: print(x)   # prints nothing\n\n-- \n{sender}",
    "[Fwd: RE: server room air conditioning]\n---\nForwarding this to the list since several of you asked.\n\n-------- Original Message --------\nSubject: RE: server room air conditioning\nFrom: Facilities\n\nThe replacement unit arrives on Thursday. Expect the room to run warm between 9 and 12; please shut down any test machines you don't need that morning.\n\n{sender}",
    "Re: [geek-talk] anyone still running a home mail server?\n---\nI do, for 15 years now. Postfix, Dovecot and SpamAssassin on a small box under the stairs. The hardest part is not the software, it's getting the big providers to accept your mail: SPF, DKIM, reverse DNS, and a clean IP. Once that's done it just runs.\n\n{sender} wrote:\n> Is it still worth the trouble in this day and age?\n\nFor me, yes. Your mileage may vary.\n\n--\n{sender2}",
    "[debian-user] Re: grub rescue prompt after update\n---\n> After the update the machine boots to a grub rescue> prompt.\n\nBoot a live USB, mount your root partition, chroot into it and run grub-install /dev/sda followed by update-grub. Make sure /boot is mounted too if it's separate.\n\nHTH\n{sender}",
    "Re: [users] Digest mode broken?\n---\nSwitching to digest mode works for me. Log in to the list page with your password and change 'Set digest mode' to Yes. The digest goes out once a day or when it reaches 30 KB.\n\n{sender}\nlist moderator\n\n----------------------------------------------------------------------\nThis list is sponsored by Riverton University Computing Services.\n<<|list>>",
    "users Digest, Vol 214, Issue 9\n---\nToday's Topics:\n\n   1. Re: compile error on FreeBSD ({sender})\n   2. configuration file location ({sender2})\n   3. Re: configuration file location ({sender})\n\n----------------------------------------------------------------------\n\nMessage: 1\nDate: {date}\nFrom: {sender}\nSubject: Re: compile error on FreeBSD\n\nYou need gmake, not make. The BSD make doesn't understand our Makefile syntax.\n\n------------------------------\n\nMessage: 2\nFrom: {sender2}\nSubject: configuration file location\n\nWhere does the daemon look for its config when started from the init script?\n\n------------------------------\n\nEnd of users Digest, Vol 214, Issue 9\n*************************************",
    "Re: [OT] coffee machines\n---\n> Any recommendations for an espresso machine that isn't a toy?\n\nBuy a good grinder first, then a simple machine. The grinder matters more than anything. I've had the same second-hand lever machine for ten years.\n\n{sender}\n(who should be writing code right now)",
    "@de Re: [de-users] Umlaute im Dateinamen\n---\n{sender2} schrieb:\n> Nach dem Kopieren sind alle Umlaute im Dateinamen kaputt.\n\nDas liegt an der Zeichenkodierung der Quelle. Mit convmv -f latin1 -t utf8 --notest * kannst du die Namen umwandeln. Vorher ohne --notest testen!\n\nGrüße\n{sender}",
    "@fr Re: [debutants] installation de l'imprimante\n---\n> L'imprimante n'apparaît pas dans la liste.\n\nAs-tu installé le paquet du pilote ? Sinon, essaie l'interface web de CUPS sur localhost:631, elle détecte souvent les imprimantes réseau toute seule.\n\nA+\n{sender}",
    "@es Re: [lista-usuarios] copia de seguridad con rsync\n---\n{sender2} escribió:\n> ¿Cómo hago para que rsync no copie los archivos temporales?\n\nUsa --exclude='*.tmp' o un fichero con la lista y --exclude-from. Y prueba antes con -n para ver qué haría sin copiar nada.\n\nUn saludo,\n{sender}",
  ],
  personal_email: [
    "Re: dinner on Saturday\n---\nSounds great, we'll bring dessert. Is 7 ok? The babysitter can't come before 6:30.\n\n{sender}\n\n> Would you like to come round for dinner on Saturday? Nothing fancy.",
    "long time no see\n---\nHey {first},\n\nI was clearing out the attic and found the photos from our trip to Scotland in '98. You look about twelve in them. Are you still in the same flat? I'd love to send you copies.\n\nWhat have you been up to?\n\n{sender}",
    "mum's birthday\n---\nHi both,\n\nMum turns 70 on the 14th. I thought we could book the Italian place she likes and all chip in for a weekend away for her and dad. Thoughts? I can do the booking if you send me your share.\n\nxx {sender}",
    "Re: the car\n---\nThe garage called: it's the clutch, about 600 with labour. I said go ahead. Can you pick me up from work tomorrow?\n\n> Any news from the garage?",
    "@de Wochenende\n---\nHallo {first},\n\nhast du am Samstag Zeit? Wir wollten zum Flohmarkt und danach grillen. Bring gern die Kinder mit.\n\nLiebe Grüße\n{sender}",
    "@pl Re: zdjęcia z wesela\n---\nDzięki za zdjęcia! Babcia płakała ze wzruszenia. Wydrukujemy kilka do albumu.\n\nUściski,\n{sender}",
  ],
  work_email: [
    "Re: contract review\n---\n{first},\n\nI've marked up section 7 (liability) and 11 (termination). The rest looks standard. Legal wants to see it again before we sign, so Friday is realistic, not Wednesday.\n\n{sender}\n\n-----Original Message-----\nFrom: {first}\nSent: {date}\nSubject: contract review\n\nCan you look at the attached draft before Wednesday?",
    "server maintenance tonight\n---\nAll,\n\nThe file server will be down tonight from 22:00 to about 23:30 for a disk replacement. Please save your work and log off before you leave.\n\nThanks,\n{sender}\nIT Support, ext. 4410",
    "minutes of Tuesday's meeting\n---\nPresent: {sender}, {sender2}, {first}\n\n1. Budget: approved as proposed, with travel cut by 10%.\n2. Office move: the new lease starts in March; packing list to follow.\n3. AOB: none.\n\nNext meeting: {date2}.",
  ],
  newsletter_editorial: [
    "The Weekly Bulletin - No. 312\n---\n==================================================\nTHE WEEKLY BULLETIN                       No. 312\n==================================================\n\nIN THIS ISSUE\n  1. Editor's note\n  2. Book reviews: three new histories of the railway\n  3. Letters\n  4. Events calendar\n\n1. EDITOR'S NOTE\nThank you to everyone who answered the readers' survey...\n\n--------------------------------------------------\nYou are subscribed as {email}. To unsubscribe, send a message with 'unsubscribe' in the subject to bulletin-request@lists.example.org. Archives: <<|page>>",
    "Astronomy picture of the week\n---\nThis week: the Orion Nebula in infrared, taken by an amateur group from a farm field with a 20 cm telescope. Read how they did it and see the full-size image: <<|page>>\n\nClear skies,\n{sender}\n\nTo stop receiving these emails, <<unsubscribe|unsub>>.",
  ],
};

export const MAIL_SPAM_TWENTY_YEARS: Record<string, string[]> = {
  bulk_old_style: [
    "ADV: Toner cartridges at wholesale\n---\nLASER PRINTER TONER - SAVE 50% OR MORE\n\nWe carry toner for HP LaserJet, Lexmark, Brother and Xerox. All cartridges are brand new and guaranteed. Call toll free 1-800-555-0132 and ask for our weekly specials!\n\nTo be taken off our mailing list please reply with REMOVE in the subject line. This message is sent in compliance with S.1618 Title III.",
    "Cable descrambler kit\n---\nWHY PAY FOR CABLE???\n\nGet ALL the premium movie channels, sports and adult channels with our new cable filter kit. Easy to install in 5 minutes! Works with 99% of cable systems. Only $49.95 plus shipping.\n\nOrder now while supplies last! <<ORDER HERE|spam>>\n\nIf you wish to be removed from our list, <<click here|unsub>>.",
    "Herbal alternative - all natural\n---\nTired of feeling tired? Our ancient herbal blend restores energy, vitality and stamina. No side effects. 100% natural. Doctors don't want you to know about this! Special price this month only: 3 bottles for the price of 2.\n\n<<Find out more|spam>>",
    "Millions of email addresses on CD\n---\n** 20 MILLION FRESH EMAIL ADDRESSES **\n\nTargeted lists sorted by country and interest. Includes bulk email software FREE! Send your ad to millions for pennies. Only $99 for a limited time.\n\nCall our 24 hour order line now. This is a one-time mailing; you will not receive further email from us.",
    "OEM software - download today\n---\nMicrosoft Office Professional: $59.95 (retail $499)\nAdobe Photoshop: $69.95 (retail $649)\nWindows XP Pro: $49.95\n\nAll software is full version, instant download, no CD needed. <<Browse our catalog|spam>>",
    "You are a WINNER!\n---\nCONGRATULATIONS!!! Your email address was selected in our monthly prize draw. You have won a 7 night cruise for two to the Bahamas! To claim your prize call 1-888-555-0177 within 48 hours and quote your winning code. Small processing fee applies.",
    "Reduce your debt by 60%\n---\nAre you drowning in credit card debt? Our licensed counselors can cut your payments in half, stop collection calls and consolidate everything into one low payment. Free consultation, no obligation. <<Get help now|spam>>\n\nYou received this email because you signed up with one of our marketing partners. To opt-out, <<click here|unsub>>.",
    "Save on car insurance\n---\nCompare quotes from the top 20 insurers in 2 minutes and save up to $500 a year. It's fast, free and there's no obligation. <<Get my quotes|spam>>",
    "@de Kredit ohne Schufa!\n---\nSofortkredit bis 50.000 Euro ohne Schufa-Auskunft! Auch für Selbständige, Rentner und Arbeitslose. Auszahlung in 24 Stunden. Jetzt unverbindlich anfragen: <<Antrag|spam>>\n\nWenn Sie keine weiteren Angebote wünschen, <<hier abmelden|unsub>>.",
    "@es Gane dinero desde casa\n---\n¡Gane hasta 3.000 euros al mes trabajando desde casa! Sin experiencia, sin jefes, sin horarios. Miles de personas ya lo han conseguido. Pida información GRATIS hoy mismo. <<Más información|spam>>",
    "@fr Crédit immédiat sans justificatif\n---\nBesoin d'argent ? Obtenez jusqu'à 30 000 € sans justificatif, réponse de principe immédiate. Même fiché Banque de France. <<Faire ma demande|spam>>",
    "@pt Ganhe dinheiro com seu computador\n---\nDESCUBRA como milhares de pessoas estão ganhando R$ 5.000 por mês na internet. Método simples, comprovado, sem investimento inicial! <<Quero saber mais|spam>>",
    "@it Guadagna da casa\n---\nLavora da casa e guadagna fino a 2.000 euro al mese! Nessuna esperienza richiesta. Richiedi subito informazioni gratuite. <<Clicca qui|spam>>",
  ],
  money_scheme: [
    "RE: Your request for information\n---\nThank you for your interest in our home business program.\n\nAs promised, here is how it works: you join for a one-time fee of $35, then recruit just five people who each recruit five more. In six months over 3,900 people are in your downline and you earn a commission on every one of them. It's simple math!\n\nReply with YES to receive your starter pack.",
    "Financial freedom is one click away\n---\nI was broke, working two jobs. Then a friend showed me this system. Last month I made $14,382 working from my kitchen table. I'm not allowed to say more here, but watch the free video before it's taken down: <<Watch now|spam>>",
    "Be your own boss - network marketing\n---\nJoin the fastest growing company in the health and wellness industry. Our distributors earn residual income from products people buy every month. Get in on the ground floor. Free training and website included. <<Join today|spam>>",
    "@ru Заработок в интернете\n---\nЗарабатывайте от 100 000 рублей в месяц, работая всего 2 часа в день! Без вложений и опыта. Пошаговая инструкция бесплатно. <<Узнать подробнее|spam>>",
  ],
  advance_fee: [
    "FROM THE DESK OF DR. {sender}\n---\nATTENTION: THE PRESIDENT/CEO\n\nI AM A SENIOR OFFICIAL OF THE MINISTRY OF PETROLEUM RESOURCES. DURING AN AUDIT WE DISCOVERED AN OVER-INVOICED CONTRACT SUM OF US$21,500,000 WHICH WE WISH TO TRANSFER INTO A FOREIGN ACCOUNT. YOU WILL RECEIVE 25% OF THE TOTAL SUM FOR YOUR ASSISTANCE. THIS TRANSACTION IS 100% RISK FREE. PLEASE TREAT AS STRICTLY CONFIDENTIAL.\n\nREPLY TO MY PRIVATE EMAIL.",
    "Compensation payment\n---\nGood day,\n\nThis is to inform you that the United Nations compensation committee has approved the sum of $850,000 as compensation for victims of internet fraud. Your email was found on our list. Contact the paying bank with your full name, address and a copy of your ID to receive your payment.",
    "Greetings from a dying widow\n---\nDear beloved,\n\nI am Mrs {sender}, suffering from cancer. My late husband left $4.2 million in a bank and I want a God-fearing person to use it for charity. Please reply so I can give you the details of the bank.",
  ],
  pharma: [
    "Re: your prescription\n---\nHi,\n\nV1AGRA 100mg x 30 pills - $64.95\nC1AL1S 20mg x 30 pills - $79.95\nPHENTERM1NE, VAL1UM, SOMA\n\nNo prescription needed. Overnight shipping. Satisfaction guaranteed.\n<<http://order-meds-today.com|spam>>",
    "Lose 20 pounds in 30 days\n---\nThe new diet pill everyone is talking about. Clinically proven, doctor approved. Burn fat while you sleep! Free trial bottle - just pay shipping. <<Claim free bottle|spam>>",
  ],
  replica_goods: [
    "Designer handbags - replica\n---\nLouis Vuitton, Gucci, Prada, Chanel: the best replica handbags on the web. Same materials, same quality as the originals, a fraction of the price. Free shipping worldwide. <<Visit our shop|spam>>",
    "Re: watches\n---\nHello,\n\nWe offer the finest Swiss replica watches: Rolex, Cartier, Breitling, Tag Heuer. 1:1 copies, automatic movement, sapphire glass. Prices from $185.\n\n<<Catalog|spam>>",
  ],
  stock_pump: [
    "This stock will double this week\n---\nSTOCK ALERT\n\nCompany: Global Mining Resources Inc.\nSymbol: GMRI\nCurrent: $0.31\n5-day target: $1.20\n\nThe company just announced a major gold discovery. Insiders are buying. Do your own research but act fast: this one is about to be discovered by the market!\n\nThis newsletter is paid for by a third party and may hold shares.",
  ],
  adult_dating: [
    "Hey its me\n---\nHi, its Anna, we met on the chat site remember? I posted some new pics on my private page, you can see them for free if you sign up. Dont tell anyone ;) <<My page|spam>>",
    "XXX - free access for 3 days\n---\nThe hottest adult site on the net. Thousands of videos, live cams 24/7. FREE 3 day trial membership, no credit card needed! You must be 18 or older. <<Enter|spam>>",
  ],
};

/** Harder legitimate mail: lists that talk about spam, forwarded articles, sponsor footers. */
export const MAIL_TWENTY_YEARS_HARD: Record<string, string[]> = {
  mailing_list: [
    "Re: [spam-l] new wave of stock spam\n---\n{sender2} wrote:\n> Anyone else getting the 'this stock will explode' junk with random\n> words at the bottom? It gets past my filters.\n\nYes, since Monday. The random words are there to poison Bayes. What works here is scoring the body URLs against a blocklist; the ticker symbol changes daily but the sites don't.\n\n--\n{sender}",
    "Re: [sa-users] false positive on a customer's invoice\n---\n> It hits FREE_MONEY and LOTS_OF_MONEY because the invoice lists amounts.\n\nThat's a known weakness of those rules. Whitelist the sender with whitelist_auth rather than lowering the rule scores for everyone. Post the full headers (pastebin) if you want more eyes on it.\n\n{sender}",
    "[Fwd: interesting article on mail encryption]\n---\nThought this would interest the list. The original is at <<|page>>\n\n---------- Forwarded message ----------\nThe author argues that encryption failed to catch on because key management is too hard for ordinary users, and that the answer is not better tools but better defaults...\n\n{sender}",
    "Re: [cooking] bread that won't rise\n---\n> Third loaf in a row that comes out flat as a pancake.\n\nCheck the date on your yeast, and whether the water is too hot - above 50 degrees it kills the yeast. I proof mine in a cup with a pinch of sugar first; if it doesn't foam in ten minutes, it's dead.\n\n{sender}\n\n------------------------ Yahoo! Groups Sponsor ---------------------\nYour use of this group is subject to the Terms of Service.",
    "Re: [firewall-wizards] logging dropped packets\n---\nLog them, but rate-limit the logging or a port scan will fill your disk. Something like -m limit --limit 5/min in front of the LOG target. And keep the logs on a separate partition.\n\n{sender2} wrote:\n> Is it worth logging every dropped packet?\n\n{sender}",
    "Re: [fans] tickets for the reunion tour\n---\nGot mine! Second row, but they cost a small fortune. Anyone from the list going to the Manchester show? We could meet for a drink before.\n\n{sender}\n\n> Tickets go on sale Friday at 9am. Be quick!",
    "Re: [macosx-talk] which backup software?\n---\nI've used the built-in one for years, with a second external drive I keep at work and swap every Friday. Cheap, boring, and it saved me twice.\n\n> What does everyone use for backups these days?\n\n--\n{sender}\nSent from my laptop",
    "@de Re: [linux-de] Kernel-Update und NVIDIA-Treiber\n---\n{sender2} schrieb:\n> Nach dem Update startet X nicht mehr.\n\nDer Treiber muss für den neuen Kernel neu gebaut werden. Mit DKMS passiert das automatisch, sonst das Installationsprogramm noch einmal laufen lassen.\n\nViele Grüße\n{sender}",
  ],
  email_verification: [
    "Please verify your email\n---\nHi {first},\n\nYou created an account at {brand} with this address. Click below to verify it:\n\n<<Verify my email|verify>>\n\nIf you didn't create an account, you can safely ignore this message.",
    "Your sign-up code\n---\nUse {code} to finish signing up to {brand}. This code is valid for 15 minutes.",
    "One more step\n---\nThanks for joining {brand}! Confirm your address so we know it's really you, then you're all set.\n\n<<Confirm address|verify>>\n\nOr copy this code into the sign-up page: {code}",
    "Activate your account\n---\nHello {first},\n\nyour account is almost ready. Please activate it within 7 days: <<Activate account|verify>>\n\nQuestions? Reply to this email and we'll help.",
    "Is this your email address?\n---\nSomeone (hopefully you) entered this address on {brand}. If it was you, confirm it here: <<Yes, this is me|verify>>. If not, do nothing and we won't email you again.",
    "Confirm your new email address\n---\nYou changed the email address of your {brand} account. Confirm the new address to start receiving our emails there: <<Confirm new address|verify>>\n\nYour old address stays active until you confirm.",
    "Verification code: {code}\n---\nEnter this code on the screen where you started: {code}\n\nFor your security, don't share this code with anyone.",
    "Please confirm your subscription\n---\nThanks for subscribing to the {brand} newsletter. To make sure we have the right address, please confirm: <<Confirm subscription|verify>>\n\nIf you didn't ask to subscribe, ignore this email.",
    "@de Bitte bestätigen Sie Ihre E-Mail-Adresse\n---\nHallo {first},\n\nvielen Dank für Ihre Registrierung bei {brand}. Bitte bestätigen Sie Ihre E-Mail-Adresse: <<E-Mail-Adresse bestätigen|verify>>\n\nOder geben Sie diesen Code ein: {code}",
    "@es Confirma tu correo electrónico\n---\nHola {first}, gracias por registrarte en {brand}. Confirma tu dirección de correo para activar tu cuenta: <<Confirmar correo|verify>>. Tu código es {code}.",
    "@pt Confirme seu endereço de e-mail\n---\nOlá {first}! Para concluir seu cadastro, confirme seu e-mail: <<Confirmar e-mail|verify>>. Se você não se cadastrou, ignore esta mensagem.",
    "@it Conferma il tuo indirizzo email\n---\nCiao {first}, grazie per esserti registrato a {brand}. Conferma il tuo indirizzo email per attivare l'account: <<Conferma email|verify>>",
    "@pl Potwierdź swój adres e-mail\n---\nCześć {first}, dziękujemy za rejestrację w {brand}. Potwierdź adres e-mail, aby aktywować konto: <<Potwierdź adres|verify>>. Twój kod: {code}",
    "@ja メールアドレスの確認\n---\n{brand}にご登録いただきありがとうございます。以下のリンクからメールアドレスの確認をお願いします。<<メールアドレスを確認する|verify>>\n確認コード：{code}",
  ],
  newsletter_company: [
    "Product update: version 5 is here\n---\nDear customer,\n\nThank you for using our software. Version 5 is now available as a free upgrade for all registered users. New in this release: faster searching, a spelling checker in 12 languages, and export to PDF.\n\nDownload it from your account page: <<|page>>\n\nIf you no longer wish to receive product announcements, reply with 'unsubscribe' or change your preferences: <<manage preferences|unsub>>\n\nThe Support Team",
    "Your monthly statement is available\n---\nDear member,\n\nYour statement for {month} is now available in online banking. For your security we never include links to sign in; please type our address into your browser as usual.\n\nThis is a service message, sent to all account holders.",
  ],
  order_confirmation: [
    "Order confirmation #{order}\n---\nThank you for your order!\n\nQty  Item                          Price\n 1   {product}                  {amount}\n\nShipping: standard (3-5 working days)\nPayment: card ending {last4}\n\nYou can check the status of your order at any time: <<|order>>\n\nQuestions? Just reply to this email.",
  ],
};

export const MAIL_SPAM_TWENTY_YEARS_MORE: Record<string, string[]> = {
  bulk_old_style: [
    "Re: your website\n---\nDear webmaster,\n\nWe visited your site and noticed it is not listed in the major search engines. For a one-time fee of $29.95 we will submit it to over 250,000 search engines and directories and guarantee top 10 placement! <<Submit my site|spam>>\n\n---------------------------------------\nThis email was sent to you because your address is listed on the web. To be removed, reply with 'remove' as the subject.",
    "Lowest mortgage rates in years!\n---\nHomeowners: Rates have dropped again!\n\n* Refinance and lower your monthly payment\n* Get cash out for home improvements or debt\n* Bad credit? We have programs for you!\n\nFixed rates as low as 4.95%. Free no-obligation quote in minutes. <<Click here|spam>>\n\n*** This is a commercial advertisement. To unsubscribe <<click here|unsub>> ***",
    "Fw: this really works!!!\n---\n>>>> I couldn't believe it either but I got my first check for $1,200 last week. All you do is send $5 to each of the 5 names on the list, take the first name off, put yours at the bottom and send the letter to 200 people. It's completely legal because you're buying a report!!! DON'T BREAK THE CHAIN <<<<",
    "@zh 诚招代理 月入过万\n---\n本公司诚招全国代理，无需经验，在家即可操作，月入过万不是梦！详情请加QQ咨询。如不想再收到此类邮件，请回复退订。",
    "@ja 副業で月収50万円！\n---\n誰でも簡単にできる在宅ワーク。1日たった30分で月収50万円も可能です。今だけ無料で資料をお送りします。<<詳しくはこちら|spam>>\n\n配信停止をご希望の方は<<こちら|unsub>>",
  ],
  phishing_payment_service: [
    "Account update required\n---\nDear valued customer,\n\nDuring our regular verification of accounts we could not verify your information. Please click the link below and confirm your identity within 48 hours or your account will be suspended.\n\n<<https://www.paypal.com/cgi-bin/webscr?cmd=_login-run|phish>>\n\nThank you for your cooperation,\nAccount Review Department",
  ],
};
