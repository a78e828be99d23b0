/**
 * Plain-text correspondence of mailing lists and groups (questions, replies
 * with quoted text, patches, announcements, digests) and plain-text bulletins,
 * and the plain-text bulk mail of the older spam kinds: mail without HTML or
 * tracking, where only the words tell.
 */
export const LIST_TEXTS: Record<string, string[]> = {
  mailing_list: [
    "Re: [sysadmin] cron job runs twice\n---\n{sender2} wrote:\n> My backup script in /etc/cron.d runs twice every night, once at 2:00\n> and again at 2:01. There's only one entry.\n\nCheck whether the same file is also in /etc/cron.daily or in root's crontab. `grep -r backup /etc/cron* /var/spool/cron` usually finds it. Also, a file in cron.d must not have a dot in its name or it's ignored - unless your distro patched that.\n\n--\n{sender}",
    "[perl] sorting a hash by value\n---\nHi all,\n\nI have a hash of word counts and want the top ten words. This works but feels clumsy:\n\n  my @top = (sort { $h{$b} <=> $h{$a} } keys %h)[0..9];\n\nIs there a more idiomatic way, or is this it?\n\nThanks,\n{sender}",
    "Re: [perl] sorting a hash by value\n---\n> my @top = (sort { $h{$b} <=> $h{$a} } keys %h)[0..9];\n\nThat's the idiomatic way. If the hash is huge and you only need ten, a heap is faster, but for a few thousand keys don't bother.\n\n{sender}",
    "Re: [python-help] unicode error reading a csv\n---\nOn {date}, {sender2} wrote:\n> UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 14\n\nThe file is probably Latin-1 (0xe9 is é). Open it with encoding='latin-1', or better, find out what produced it and ask for UTF-8.\n\nCheers,\n{sender}",
    "[linux-users] laptop won't resume from suspend\n---\nSince the last kernel update my laptop (ThinkPad T14, Debian testing) hangs on resume. Screen stays black, fans spin. Booting the previous kernel works fine. Anyone seeing the same? Happy to test patches.\n\n{sender}",
    "Re: [linux-users] laptop won't resume from suspend\n---\n> Since the last kernel update my laptop hangs on resume.\n\nSame here with an AMD machine. Adding amdgpu.dcdebugmask=0x10 to the kernel command line works around it. There's a bug report upstream already.\n\n{sender}",
    "[mail-filter] scores too high for our newsletter\n---\nHello,\n\nOur weekly newsletter to members keeps getting tagged. The headers show HTML_IMAGE_RATIO and a few URI rules. We use our own domain for links, no shorteners. Any hints what to look at?\n\nRegards,\n{sender}\nIT, Riverton Food Bank",
    "Re: [mail-filter] Bayes not learning\n---\n> sa-learn says it learned the messages but the scores don't change\n\nCheck that you run sa-learn as the same user that spamd uses, otherwise it writes to a different database. `sa-learn --dump magic` as that user shows the counts.\n\n{sender}",
    "[garden-club] plant swap on Saturday\n---\nHello everyone,\n\nJust a reminder that the spring plant swap is this Saturday from 10 till 12 at the community hall. Bring labelled cuttings and seedlings; spare pots welcome. Tea and cake as usual.\n\n{sender} (secretary)",
    "Re: [photo-club] best lens for birds on a budget?\n---\nI'd look for a used 100-400. Mine cost half the new price and is sharp enough for small birds at 10 metres. Avoid the older push-pull version if you shoot in rain.\n\n> Budget around 800, shooting mostly garden birds.\n\n{sender}",
    "[hiking] route for Sunday\n---\nHi all, for Sunday I propose the ridge walk from the car park at Low Moor, about 14 km with 600 m of climbing. Meet 8:30. Boots essential, it'll be muddy after the rain. Let me know if you're coming so we can share cars.\n\n{sender}",
    "[choir] rehearsal moved\n---\nDear all, Thursday's rehearsal moves to the church hall because of the heating repairs. Same time. Please bring your scores for the Fauré. Thanks! {sender}",
    "Re: [dev] proposal: switch CI to containers\n---\n+1 from me. The current runners break every time the host gets updated. One concern: build times - can we cache the dependency layer?\n\n> I'd like to move all CI jobs to container images we build ourselves.\n\n{sender}",
    "[security-announce] advisory: buffer overflow in image parser\n---\nA buffer overflow in the TIFF parser allows a crafted file to crash the viewer and possibly execute code. Affected: versions before 2.8.3. Fixed in 2.8.3, released today. Users should upgrade. Credit to {sender} for the report.",
    "Re: [research] call for reviewers\n---\nHappy to review two papers in the distributed systems track. I'll be travelling the first week of the review period, so please don't assign anything with an early deadline.\n\nBest,\n{sender}",
    "[parents] lost property\n---\nHi all, a navy school jumper with 'Ella M' on the label went missing after PE on Tuesday. If it ended up in your child's bag please let me know. Thanks!",
    "Re: [users] how do I rotate logs without restarting?\n---\nUse copytruncate in logrotate if the program can't reopen its log file; otherwise send it SIGUSR1 in the postrotate script. See the man page, section 'postrotate'.\n\n--\n{sender}",
    "[dev] weekly meeting notes\n---\nAttendees: {sender}, {sender2}, and four others.\n\n- 3.1 release candidate is out; please test on your platforms.\n- Docs sprint next Friday.\n- We need a volunteer to triage old bugs.\n\nNext meeting same time next week.",
    "@de [debian-user-german] Re: WLAN bricht ab\n---\n> Das WLAN bricht alle paar Minuten ab.\n\nSchalte mal das Energiesparen ab: iw dev wlan0 set power_save off. Bei meinem Intel-Chip hat das geholfen.\n\nGruß\n{sender}",
    "@fr [groupe-rando] Sortie de dimanche\n---\nBonjour à tous, dimanche nous partons du parking du lac à 9h pour une boucle de 12 km. Pensez à prendre de l'eau et un pique-nique. À dimanche ! {sender}",
    "@es Re: [usuarios] error al instalar el paquete\n---\n> Me sale un error de dependencias al instalar.\n\nPrueba primero con apt update y luego apt -f install. Si sigue fallando, pega aquí la salida completa.\n\nSaludos,\n{sender}",
  ],
  newsletter_editorial: [
    "Tech news digest - {date}\n---\nTODAY'S HEADLINES\n\n* Chip maker posts record quarter on data-centre demand\n* Browser update fixes two actively exploited flaws\n* Open-source office suite reaches 10 million downloads\n\nFull stories: <<|page>>\n\nYou received this digest because you subscribed at our site. To change your subscription, visit <<|page>>",
    "Security bulletin: updates for the month\n---\nThis month's updates fix 47 vulnerabilities, six rated critical. Administrators should prioritise the mail server and VPN patches. Details and affected versions: <<|page>>",
    "Software update available: version 8.2\n---\nA new version of the app is available. What's new: faster sync, a redesigned settings screen and many small fixes. The update will install automatically next time you restart. Release notes: <<|page>>",
    "The Monthly Letter from the Riverton Historical Society\n---\nDear members,\n\nOur next talk, 'Mills of the river valley', is on the 12th at 7.30pm. Subscriptions for the new year are now due. The archive room is open on Wednesday afternoons.\n\nWith best wishes,\n{sender}, Chair",
  ],
  bulk_old_style: [
    "Refinance today - rates at all time lows\n---\nDear Homeowner,\n\nYou have been pre-approved for a $400,000 home loan at a 3.25% fixed rate. We have been trying to reach you. This offer is valid for 72 hours. Fill out our short 30 second form to get your free quote.\n\n<<Apply now|spam>>\n\nThis email is not spam. To be removed from our database, <<click here|unsub>>.",
    "EARN $$$ WITH YOUR COMPUTER\n---\nDear Friend,\n\nYou can make OVER $50,000 in 90 days!!! This is a LEGAL and PROVEN money making program. I was skeptical too but I followed the simple instructions and the money started pouring in. Print this letter, read it, and follow the instructions. It works!!!\n\nTo be removed from future mailings reply with REMOVE.",
    "Your FREE credit report\n---\nFind out your credit score in seconds - it's FREE! Bad credit? No problem. We can help you fix your credit and get the loans you deserve. <<Click here now|spam>>",
    "Increase your size\n---\nThousands of men have already discovered this 100% natural herbal formula. Results in weeks, or your money back. Order with complete privacy. <<More info|spam>>",
    "Get your university diploma\n---\nBachelors, masters, MBA and doctorate (PhD) degrees available in the field of your choice. No required tests, classes, books or interviews. Confidentiality assured. Call 1-800-555-0199 24 hours a day, 7 days a week.",
    "Cheap software - save 90%\n---\nWindows, Office, Photoshop and more at unbeatable prices. All original CDs, instant download. <<Order software|spam>>",
    "Your vehicle's warranty is about to expire\n---\nThis is your final notice. Your extended vehicle warranty is about to expire. Call now to keep your coverage: 1-888-555-0147.",
    "Work at home - stuffing envelopes\n---\nEarn $5 for every envelope you stuff! No experience necessary. Send $35 for your starter kit and begin earning immediately. Guaranteed income!",
    "Lowest prices on Viagra, Xanax, Valium\n---\nNo doctor visit needed. Online consultation. We ship overnight to your door. Save over 70% compared to pharmacy prices. <<Visit our store|spam>>",
    "Hello Dear, I need your assistance\n---\nHello Dear,\n\nI got your contact from an online directory and decided to write you. I am the only daughter of a late cocoa merchant and I need a trustworthy foreign partner to help me transfer $7.5 million to your country for investment. Please keep this confidential.",
    "Stock to watch: huge news coming\n---\nCompany: Xtreme Oil & Gas. Symbol: XOGI. Current price: $0.07. Target: $0.60. Big news on the way, the stock is about to take off. Watch it trade Monday!",
    "Get a free digital camera\n---\nCongratulations! You have been selected to receive a FREE digital camera. Just pay shipping and handling. Limited time offer. <<Claim yours|spam>>",
  ],
};
