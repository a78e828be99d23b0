/**
 * Hand-written messages for the model tests, none of them in the corpus: the
 * legitimate hard cases of issue 13 and plainly spam messages of the kinds
 * that got through the rules.
 */
import type { EmailMessage, FormSubmission } from "../../../domain/spam/model/scorer.ts";

const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const UA_PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

function form(
  site: string,
  fields: Record<string, string>,
  opts: { language?: string; phone?: boolean } = {},
): FormSubmission {
  return {
    fields,
    visitor: { user_agent: opts.phone ? UA_PHONE : UA, referrer: `https://${site}/contact` },
    site: { domain: site, language: opts.language ?? "en" },
  };
}

export const LEGIT_HARD_CASES: Record<string, FormSubmission> = {
  arabic: form("harborviewinn.com", {
    "your-name": "سارة الحربي",
    "your-email": "sara.harbi@gmail.com",
    "your-message":
      "مساء الخير، نود حجز غرفتين لعائلتنا من الخامس إلى التاسع من الشهر القادم. هل الإفطار مشمول في السعر؟ وهل توجد مواقف للسيارات؟ شكراً جزيلاً",
  }),
  german: form("greenleaf-landscaping.com", {
    name: "Monika Brandt",
    email: "m.brandt@web.de",
    message:
      "Guten Tag, unser Garten ist etwa 300 Quadratmeter groß und völlig verwildert. Könnten Sie uns ein Angebot für das Anlegen eines Rasens und einer kleinen Terrasse machen? Am besten passt es uns samstags.",
  }),
  spanish: form("casa-rustica.com", {
    nombre: "Andrés Villalobos",
    correo: "andres.villalobos@hotmail.es",
    mensaje:
      "Hola, somos un grupo de doce compañeros de trabajo y queremos celebrar una cena de despedida el viernes 20. ¿Tienen un menú cerrado para grupos? Uno de nosotros es vegetariano.",
  }, { language: "es" }),
  french: form("annikaphoto.studio", {
    "your-name": "Claire Lefèvre",
    "your-email": "claire.lefevre@orange.fr",
    "your-message":
      "Bonjour, je me marie en septembre près d'Annecy et j'adore vos photos. Seriez-vous disponible le samedi 14 ? Pourriez-vous m'envoyer vos formules et tarifs ? Merci beaucoup.",
  }),
  japanese: form("stitchandyarn.shop", {
    "your-name": "山田 恵子",
    "your-email": "keiko.yamada@yahoo.co.jp",
    "your-message":
      "こんにちは。メリノウールの毛糸を10玉注文したいのですが、日本への発送は可能でしょうか。送料と到着までの日数を教えていただけますか。よろしくお願いいたします。",
  }),
  polish: form("cityhopbikes.nl", {
    name: "Bartosz Michalski",
    email: "bartek.michalski@wp.pl",
    message:
      "Dzień dobry, w moim rowerze elektrycznym przestała działać bateria po dwóch latach. Czy zajmują się Państwo naprawą baterii, czy trzeba kupić nową? Ile mniej więcej to kosztuje?",
  }),
  portuguese: form("brightpath-tutoring.org", {
    "wpforms[fields][0][first]": "Renata",
    "wpforms[fields][0][last]": "Carvalho",
    "wpforms[fields][1]": "renata.carvalho@uol.com.br",
    "wpforms[fields][2]":
      "Olá! Minha filha tem 15 anos e está com dificuldade em matemática. Vocês oferecem aulas online? Gostaria de saber os horários e o valor mensal. Obrigada!",
  }),
  chinese: form("globaltea-trading.com", {
    name: "陈静",
    email: "chenjing88@163.com",
    message:
      "您好，我想给父母买两盒铁观音作为礼物，请问可以寄到加拿大多伦多吗？大概几天能到？谢谢！",
  }),
  russian: form("trailheadoutfitters.com", {
    name: "Ирина Волкова",
    email: "irina.volkova@yandex.ru",
    message:
      "Здравствуйте! Хочу купить палатку на двоих для похода в горы в августе. Подскажите, пожалуйста, какая модель лучше подойдёт для холодных ночей и есть ли она в наличии?",
  }),
  casino: form("casa-rustica.com", {
    "your-name": "Linda Morales",
    "your-email": "linda.morales@rivertonrotary.org",
    "your-subject": "Casino night fundraiser",
    "your-message":
      "Hi, our Rotary club is holding a casino night to raise money for the children's hospital on March 8th. Could you cater finger food for about 90 people? We have a modest budget, so let me know what's possible.",
  }),
  crypto: form("velvetchair-salon.com", {
    name: "Jordan Blake",
    email: "jordanblake@icloud.com",
    message:
      "Quick question before I book a cut and colour: do you take crypto? I get paid partly in USDC. Card is fine too if not.",
  }),
  loans: form("apex-roofing.com", {
    "input_1.3": "Derek",
    "input_1.6": "Hollis",
    input_2: "derek.hollis@comcast.net",
    input_3: "(918) 555-0177",
    input_4:
      "We're refinancing and taking a home equity loan to replace the roof. The lender needs a written estimate with materials and labour listed separately. Can you send one after the inspection?",
  }),
  pharmacies: form("codecraft.dev", {
    name: "Helen Park",
    email: "helen@parkfamilypharmacy.com",
    message:
      "We run two independent pharmacies and want a simple online refill request form that our pharmacists can check each morning. Is this something you could build, and roughly what would it cost?",
  }),
  dating: form("annikaphoto.studio", {
    name: "Marcus Reid",
    email: "marcus.reid@outlook.com",
    message:
      "This is a bit awkward, but my sister says my dating app photos are terrible. Do you do short portrait sessions outdoors? Nothing fancy, just a few natural shots.",
  }),
  seo: form("codecraft.dev", {
    "form_fields[name]": "Priya Nair",
    "form_fields[email]": "priya@nairaccounting.co.uk",
    "form_fields[message]":
      "Hello, our accountancy website was built five years ago and barely shows up on Google. We'd like a refresh and some help with SEO so local clients can find us. Could we arrange a call next week?",
  }),
  wholesale: form("lunabakery.com", {
    name: "Tomás Ortega",
    email: "tomas@corner-grind.com",
    message:
      "I own a small coffee shop two streets away and our customers keep asking for good croissants. Do you sell wholesale? We'd need about 40 a day, delivered before 7am. What would your wholesale prices be?",
  }),
  all_caps_complaint: form("fastflowplumbing.com", {
    name: "Gary Turner",
    email: "gturner62@aol.com",
    message:
      "YOU REPLACED MY WATER HEATER LAST WEEK AND NOW THERE IS WATER ALL OVER THE GARAGE FLOOR. I HAVE CALLED THREE TIMES. SEND SOMEBODY TODAY OR I WANT MY MONEY BACK.",
  }, { phone: true }),
  one_word: form("elmwood-realty.com", {
    "your-name": "Kate Sullivan",
    "your-email": "kate.sullivan@gmail.com",
    "your-message": "Viewing?",
  }, { phone: true }),
  several_links: form("stitchandyarn.shop", {
    name: "Ruth Green",
    email: "ruthgreen@btinternet.com",
    message:
      "Hi, I'm trying to match the yarn in this pattern: https://www.ravelry.com/patterns/library/cozy-cabled-cardigan - would https://stitchandyarn.shop/products/merino-dk-heather work, or is https://stitchandyarn.shop/products/aran-tweed closer? Photo of my swatch: https://imgur.com/a/Xk29fQp",
  }),
  website_field: form("codecraft.dev", {
    "g2-name": "Oliver Bennett",
    "g2-email": "oliver@bennettjoinery.co.uk",
    "g2-website": "https://www.bennettjoinery.co.uk",
    "g2-message":
      "We're a three-person joinery workshop and our booking system keeps double-booking site visits. Could you have a look at what we use now and quote for a fix or a replacement?",
  }),
  // Customers who write a letter: a formal greeting and sign-off, a number, little else
  // (the model once took the frame itself for a pitch).
  formal_price_list: form("hollowayflooring.co.uk", {
    name: "Anne Walsh",
    email: "anne.walsh@gmail.com",
    message:
      "Dear Sir/Madam, Please could you send me your price list. Yours faithfully, Anne Walsh",
  }),
  formal_account: form("northgatebuildingsociety.co.uk", {
    name: "Jay Patel",
    email: "jpatel1962@outlook.com",
    message:
      "To whom it may concern, I am writing regarding my account. Please contact me on +44 7911 123 456. Regards, J. Patel",
  }),
  formal_viewing: form("keyhomes-lettings.co.uk", {
    name: "Martin Cole",
    email: "martin.cole@btinternet.com",
    message:
      "Dear team, we would like to arrange a viewing of the property on Elm Road. I look forward to your reply. Best regards, Martin and Sue",
  }),
  formal_only_frame: form("brightsparkelectrical.com", {
    name: "Tom Archer",
    email: "tom.archer@yahoo.com",
    phone: "07700 900 461",
    message: "Dear Sir or Madam, Looking forward to hearing from you. Kind regards, Tom",
  }),
  formal_callback: form("fairwaydental.ie", {
    name: "Siobhan Kelly",
    email: "siobhan.kelly@gmail.com",
    message:
      "Dear Sir or Madam,\nMy phone number is +353 87 412 9035. Could someone call me back regarding an appointment?\nLooking forward to hearing from you.\nKind regards,\nSiobhan",
  }, { phone: true }),
};

export const OBVIOUS_SPAM: Record<string, FormSubmission> = {
  guest_post: form("lunabakery.com", {
    "your-name": "Emma Clarke",
    "your-email": "emma.outreach@gmail.com",
    "your-message":
      "Hi there, I'm reaching out to see if you accept guest posts on lunabakery.com. I'd write a unique, high-quality article for your readers for free; all I ask is one do-follow backlink to my client's site. Would you be interested?",
  }),
  seo: form("apex-roofing.com", {
    name: "Daniel Ross",
    email: "daniel@rankhigher-seo.com",
    message:
      "Hello, I was analyzing your website and noticed it isn't ranking on the first page of Google for important keywords. Our SEO team can get you more organic traffic and leads within 90 days. Can I send you a free audit report?",
  }),
  ai_receptionist: form("brightsmiledental.com", {
    name: "Sophie Turner",
    email: "sophie@answerly-ai.com",
    message:
      "How many patient calls go to voicemail at your practice each week? Our AI receptionist answers every call 24/7, books appointments straight into your calendar and never takes a break. Can I show you a quick 2-minute demo?",
  }),
  funding: form("greenleaf-landscaping.com", {
    name: "Mark Evans",
    email: "mark.evans@fundingfast.co",
    message:
      "Good news: your business has been pre-qualified for up to $250,000 in working capital. No collateral, approval in 24 hours, funds the next day. Reply to this message to see your offer.",
  }),
  pharma: form("harborviewinn.com", {
    name: "Jamesvob",
    email: "jamesvob@mailinator.com",
    message:
      "Buy cialis online without prescription, best price, fast discreet delivery https://rx-cheapmeds.top/cialis",
  }),
  crypto: form("cityhopbikes.nl", {
    name: "Crypto Team",
    email: "profit@btcbonus.xyz",
    message:
      "Earn $3,000 a day with our AI bitcoin trading robot! Guaranteed profits, withdraw anytime. Register now: https://btc-ai-profit.site/join",
  }),
  phishing: form("trailheadoutfitters.com", {
    name: "Google Business Support",
    email: "support.gbp@gmail.com",
    message:
      "Your Google Business Profile has been flagged for policy violations and will be suspended within 24 hours. To prevent suspension verify your ownership here: https://gbp-verify-center.com/verify",
  }),
  cyrillic: form("millerlaw.us", {
    name: "Виктор",
    email: "viktor1985@mail.ru",
    message:
      "Прогон сайта по базам, быстрый рост позиций в поисковиках, недорого. Подробнее: http://seo-progon.ru/",
  }),
};

export const LEGIT_MAIL: Record<string, EmailMessage> = {
  newsletter: {
    subject: "This week at Fernwood Books: author night and new arrivals",
    text:
      "Hi Sam,\n\nJoin us on Thursday for an evening with local author Jane Moss. Tickets are free but limited.\n\nReserve a seat: https://click.fernwoodbooks.com/ls/click?upn=a8F3kd93Kd-2Fjs93kdK3jdl\n\nNew arrivals this week include three new crime novels and a beautiful atlas of birds.\n\nUnsubscribe: https://fernwoodbooks.com/unsubscribe?e=9f8e7d",
    html:
      '<html><body><table width="600"><tr><td><div style="display:none">Author night on Thursday</div><h1>Author night</h1><p>Join us on Thursday for an evening with local author Jane Moss.</p><p><a href="https://click.fernwoodbooks.com/ls/click?upn=a8F3kd93Kd-2Fjs93kdK3jdl">www.fernwoodbooks.com/events</a></p><p><a href="https://click.fernwoodbooks.com/ls/click?upn=Zk3kdl93Kd">Shop new arrivals</a></p><p style="font-size:11px">You are receiving this because you signed up at our shop. <a href="https://fernwoodbooks.com/unsubscribe?e=9f8e7d">Unsubscribe</a></p><img src="https://click.fernwoodbooks.com/o/abc.gif" width="1" height="1"></td></tr></table></body></html>',
  },
  receipt: {
    subject: "Your receipt from Harbour Coffee Roasters",
    text:
      "Thanks for your order, Sam!\n\nOrder 10442\n2 x Colombia Huila 250g  £17.00\nShipping  £3.50\nTotal  £20.50\n\nPaid with Visa ending 4421.\nView your order: https://harbourcoffee.co.uk/account/orders/10442",
    html: null,
  },
  password_reset: {
    subject: "Reset your password",
    text:
      "Hi Sam,\n\nSomeone asked to reset the password for your Fieldnote account. If it was you, open this link within an hour:\n\nhttps://app.fieldnote.io/reset-password?token=3kd93KdlsK39dkLs\n\nIf you didn't ask, ignore this email and nothing will change.",
    html: null,
  },
  personal: {
    subject: "Re: Sunday",
    text:
      "Sunday works. I'll bring the salad and Ben's bringing his guitar, so be warned :) See you at 1.",
    html: null,
  },
};

export const SPAM_MAIL: Record<string, EmailMessage> = {
  phishing: {
    subject: "Your account access has been limited",
    text: null,
    html:
      '<html><body><table width="600"><tr><td><img src="https://paypal-resolution-center.info/logo.png"></td></tr><tr><td>Dear Customer, we noticed unusual activity in your PayPal account and have limited access. Please confirm your identity within 24 hours to avoid permanent suspension.</td></tr><tr><td><a href="https://paypal-resolution-center.info/login/verify.php">https://www.paypal.com/signin</a></td></tr></table></body></html>',
  },
  advance_fee: {
    subject: "Confidential business proposal",
    text:
      "Dear friend, I am barrister John Mensah, attorney to the late engineer who died with his family in a plane crash, leaving US$12,500,000 in a bank with no next of kin. I want to present you as the beneficiary and we share the funds 50/50. Reply with your full name and phone number.",
    html: null,
  },
  pharma: {
    subject: "Discreet meds at 80% off",
    text:
      "Viagra, Cialis, Levitra - no prescription needed. Lowest prices online, discreet worldwide delivery. Order now: http://cheap-rx-store.top/",
    html: null,
  },
};
