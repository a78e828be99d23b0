/**
 * Legitimate submissions a real site owner meets every week (issue 13 phase
 * 4, robustness): none of them in the corpus. Each must score under 30 as
 * forms/submit decides. Used by form_robustness_test.ts (judge) and
 * tests/routes/api/forms_robustness_test.ts (the real endpoint).
 */
export type RobustCase = {
  site: string;
  fields: Record<string, string>;
  /** Referrer path on the site; null: none. */
  referrer?: string | null;
  phone?: boolean;
};

const LONG = [
  "Hello,",
  "I am writing on behalf of my mother, who has been a customer of yours for nearly twenty years. Since her hip operation in the spring she cannot drive, and the bus no longer stops near the garden centre, so she has not been able to visit as she used to.",
  "She asked me to find out whether you could deliver her usual order every month: two bags of compost, a bag of bird seed, the fat balls she likes and whatever bedding plants are in season. She is happy to pay by card over the phone or by bank transfer, whichever suits you.",
  "She also mentioned that the apple tree you planted for her in 2019 has a kind of white powder on the leaves this year. Could someone who knows about fruit trees have a look when the delivery comes? She would of course pay for the visit.",
  "Her address is 12 Willow Close, and the best time is weekday mornings, as she rests in the afternoon. My own number is 07700 900 314 if anything needs arranging; she is a little hard of hearing on the phone.",
  "Finally, she wanted me to say how much she misses the café and the staff, especially the young man who always carried her bags to the car. Please pass on her thanks.",
  "With many thanks and best wishes,",
  "Helen Marsh",
].join("\n\n").repeat(2);

export const ROBUST_CASES: Record<string, RobustCase> = {
  own_domain_url_with_utm: {
    site: "oakleafbakery.co.uk",
    fields: {
      "your-name": "Sam Taylor",
      "your-email": "sam.taylor@gmail.com",
      "your-message":
        "Is this one available? https://www.oakleafbakery.co.uk/product/rye?utm_source=instagram&utm_medium=social",
    },
  },
  deposit_percent_money: {
    site: "oakleafbakery.co.uk",
    fields: {
      "your-name": "Sam Taylor",
      "your-email": "sam.taylor@gmail.com",
      "your-message":
        "Hi, to confirm: I paid the 20% deposit (£45.00) today by bank transfer, ref OAK-2291. Balance of £180 on collection?",
    },
  },
  html_pasted: {
    site: "oakleafbakery.co.uk",
    fields: {
      name: "Anna Weber",
      email: "anna.weber@gmail.com",
      message:
        "<p>Hello,</p><p>I'd like to book a table for 4 on <strong>Friday 7pm</strong>.</p><p>Thanks,<br>Anna</p>",
    },
  },
  whatsapp_number: {
    site: "oakleafbakery.co.uk",
    fields: {
      name: "Sam Taylor",
      email: "sam.taylor@gmail.com",
      message:
        "Hi, can you send me the price list for birthday cakes? WhatsApp me on +44 7700 900123, I'm at work all day.",
    },
  },
  map_short_link: {
    site: "lakeside-lettings.co.uk",
    fields: {
      name: "Sam Taylor",
      email: "sam.taylor@gmail.com",
      message:
        "Parking is tricky here, directions: https://maps.app.goo.gl/Xy12AbCd. See you at 10.",
    },
  },
  own_domain_url_only: {
    site: "oakleafbakery.co.uk",
    fields: {
      "your-name": "Kevin Doyle",
      "your-email": "kevin.doyle@gmail.com",
      "your-subject": "",
      "your-message": "https://oakleafbakery.co.uk/shop/sourdough-loaf",
    },
  },
  phone_and_address: {
    site: "harbourplumbing.com",
    fields: {
      name: "Margaret Ellis",
      email: "margaret.ellis@btinternet.com",
      phone: "01632 960983",
      message:
        "Leaking tap in the kitchen. 14 Orchard Close, Thornbury BS35 2AB. Tel 01632 960 983, after 2pm please.",
    },
  },
  order_number: {
    site: "ridgewayautos.com",
    fields: {
      "wpforms[fields][1]": "Victoria Hill",
      "wpforms[fields][2]": "victoria.hill@gmail.com",
      "wpforms[fields][3]":
        "Order #WEB-104773, invoice INV-2025-0419, tracking JD014600003828 - not delivered yet.",
    },
  },
  html_entities: {
    site: "oakleafbakery.co.uk",
    fields: {
      name: "Pierre &amp; Anne Lef&egrave;vre",
      email: "anne.lefevre@gmail.com",
      message:
        "Hi, we&#39;d like the &quot;Classic&quot; cake for 12 people &amp; pick it up Saturday &ndash; is that OK? Thanks &#128578;",
    },
  },
  emojis: {
    site: "oakleafbakery.co.uk",
    fields: {
      "form_fields[name]": "Tasha",
      "form_fields[email]": "tasha.bee@gmail.com",
      "form_fields[message]":
        "Hiii 😊😊 the birthday cake was AMAZING 🎂🎉🥳 everyone loved it!! Can I order another one for next month? 💕💕",
    },
    phone: true,
  },
  very_long_message: {
    site: "greenfieldgardencentre.co.uk",
    fields: {
      "your-name": "Helen Marsh",
      "your-email": "helen.marsh@gmail.com",
      "your-message": LONG,
    },
  },
  one_word_hi: {
    site: "brightsmiledental.com",
    fields: { "your-name": "Jo", "your-email": "jo.harris@gmail.com", "your-message": "Hi" },
    phone: true,
  },
  name_arabic_script: {
    site: "brightsmiledental.com",
    fields: {
      name: "محمد عبد الله",
      email: "m.abdullah@gmail.com",
      message: "Hello, can I book a check-up for next Tuesday morning? Thank you.",
    },
  },
  name_chinese_script: {
    site: "harborviewinn.com",
    fields: {
      "input_1.3": "伟",
      "input_1.6": "王",
      "input_2": "wei.wang@163.com",
      "input_4":
        "Hi, do you have a double room for two nights from 14 March? We arrive late, around 10pm.",
    },
  },
  name_cyrillic_script: {
    site: "ridgewayautos.com",
    fields: {
      "your-name": "Дмитрий Соколов",
      "your-email": "d.sokolov@gmail.com",
      "your-message": "Hello, is the blue 2018 Golf still for sale? Could I see it on Saturday?",
    },
  },
  name_greek_korean_devanagari: {
    site: "oakleafbakery.co.uk",
    fields: {
      "wpforms[fields][1]": "Αλέξανδρος 김민준 अर्जुन",
      "wpforms[fields][2]": "alex.k@gmail.com",
      "wpforms[fields][3]":
        "Do you make gluten-free birthday cakes? It's for my son's party next week.",
    },
  },
  newsletter_email_only: {
    site: "oakleafbakery.co.uk",
    fields: { email: "pat.whitaker@gmail.com" },
  },
  newsletter_email_only_elementor: {
    site: "greenfieldgardencentre.co.uk",
    fields: { "form_fields[email]": "k.tanaka@gmail.com" },
    referrer: "/",
  },
};
