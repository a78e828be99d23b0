/**
 * Breadth: legitimate mail in the languages where the corpus had as
 * much spam as legitimate mail or more (Russian, Chinese, Korean, Japanese,
 * Portuguese, Arabic, Italian, Polish), so that a language is not a sign of
 * spam; and legitimate mail full of links to many sites (link round-ups, news
 * digests, reading lists), which list mail is. Written from the kinds' names.
 */
export const MAIL_LEGIT_LANGUAGES: Record<string, string[]> = {
  mailing_list: [
    `@ru Re: [[[linux-ru]|[python-ru]|[dev-ru]]] [[ошибка при сборке|вопрос по настройке|медленно работает база]]\n---\n[[{sender2} пишет:|{date}, {sender2} написал:]]\n> [[При сборке падает с ошибкой линковки.|Где лежит файл конфигурации?|Запрос выполняется десять секунд.]]\n\n[[Поставь пакет dev-версии библиотеки, заголовков не хватает.|Смотри в /etc, а пользовательский в домашнем каталоге.|Добавь индекс по этим двум полям и посмотри EXPLAIN.]]\n\n[[--|С уважением,|Удачи,]]\n{sender}`,
    `@zh Re: [[[开发者邮件列表]|[用户讨论]]] [[编译错误|配置问题|性能问题]]\n---\n[[{sender2} 写道：|在 {date}，{sender2} 写道：]]\n> [[编译的时候提示找不到头文件。|配置文件应该放在哪里？|查询特别慢。]]\n\n[[需要先安装开发包，然后重新运行 configure。|默认在 /etc 目录下，也可以用参数指定。|给这两个字段加个索引试试。]]\n\n[[谢谢|祝好]]\n{sender}`,
    `[[Link roundup|Reading list|Weekend links|Interesting stuff this week]]\n---\n[[A few things I read this week:|Links from the last few days:|Some reading for the weekend:]]\n\n* [[A history of the mechanical calculator|Why cities plant the trees they do|The economics of free software]]: <<|page>>\n* [[How the new compiler optimises loops|A long interview with a retired typesetter|Photos of abandoned railway stations]]: <<|list>>\n* [[Notes on running a small mail server|What happened to the bees|A beginner's guide to sourdough]]: <<|share>>\n* [[The paper on spam filtering everyone cites|Old computer adverts|The best maps of the year]]: <<|page>>\n\n[[Enjoy,|Cheers,|--]]\n{sender}`,
    `[[News digest|Press clippings|Daily clips]] for {date}\n---\n[[1.|-]] [[Government announces broadband plan for rural areas|Central bank holds rates|Storm damages coastal towns]]\n   <<|page>>\n[[2.|-]] [[Software company buys rival for $2 billion|Study links sleep and memory|Museum returns stolen paintings]]\n   <<|list>>\n[[3.|-]] [[Local team wins the cup|New bridge opens|School budgets cut again]]\n   <<|page>>\n\n[[Compiled by {sender} for the team.|Sent to the press office list.|]]`,
  ],
  personal_email: [
    `@ru [[Привет|Здравствуй]], {first}!\n---\n[[Мы доехали хорошо|Спасибо за посылку|С днём рождения]]! [[Погода отличная, дети купаются.|Всё пришло целым.|Желаю здоровья и счастья.]] [[Позвоню в выходные.|Обнимаю.|Целую.]]\n\n{sender}`,
    `@zh {first}，[[你好|最近好吗]]\n---\n[[我们已经平安到达了|包裹收到了，谢谢|祝你生日快乐]]！[[这边天气很好。|东西都很好。|周末一起吃饭吧。]][[有空打电话。|想你们。|]]\n\n{sender}`,
    `@ko {first}님 [[안녕하세요|잘 지내세요]]\n---\n[[잘 도착했어요|보내주신 택배 잘 받았어요|생일 축하해요]]! [[날씨가 정말 좋아요.|정말 고마워요.|주말에 밥 한번 먹어요.]]\n\n{sender}`,
    `@ja [[お久しぶりです|こんにちは]]\n---\n{first}さん\n\n[[無事に着きました|荷物が届きました、ありがとう|お誕生日おめでとう]]。[[こちらは天気がいいです。|とても助かりました。|また週末に会いましょう。]]\n\n{sender}`,
    `@ar [[مرحبا|السلام عليكم]] {first}\n---\n[[وصلنا بالسلامة|شكرا على الهدية|عيد ميلاد سعيد]]! [[الجو جميل هنا.|أعجبتني كثيرا.|نتمنى لك سنة سعيدة.]] [[سأتصل بك قريبا.|مع تحياتي.]]\n\n{sender}`,
  ],
  password_reset: [
    `@ru Сброс пароля\n---\nЗдравствуйте, {first}! Мы получили запрос на сброс пароля вашей учётной записи. <<Задать новый пароль|reset>>. Если это были не вы, просто проигнорируйте это письмо.`,
    `@zh 重置密码\n---\n{first}，您好！我们收到了重置您账户密码的请求。<<设置新密码|reset>>。如果不是您本人操作，请忽略此邮件。`,
    `@pt [[Redefina sua senha|Pedido de nova senha]]\n---\nOlá {first}, [[alguém pediu para redefinir a senha da sua conta|recebemos um pedido de nova senha]]. <<[[Redefinir senha|Escolher nova senha]]|reset>>. [[O link expira em 1 hora.|Se não foi você, pode ignorar este e-mail.]]`,
    `@ko 비밀번호 재설정\n---\n{first}님, 비밀번호 재설정 요청을 받았습니다. <<새 비밀번호 설정|reset>>. 본인이 요청하지 않았다면 이 메일을 무시하세요.`,
  ],
  order_confirmation: [
    `@ru Ваш заказ № {order} принят\n---\nСпасибо за заказ, {first}! Сумма: {amount}. Мы сообщим, когда заказ будет отправлен. <<Статус заказа|order>>`,
    `@zh 订单确认 {order}\n---\n{first}，感谢您的订购！订单金额：{amount}。发货后我们会通知您。<<查看订单|order>>`,
    `@pt Pedido {order} confirmado\n---\nOlá {first}, obrigado pela sua compra! Total: {amount}. Avisaremos quando o pedido for enviado. <<Acompanhar pedido|order>>`,
    `@ko 주문 확인 {order}\n---\n{first}님, 주문해 주셔서 감사합니다. 결제 금액: {amount}. 발송되면 알려드리겠습니다. <<주문 조회|order>>`,
    `@ar تأكيد الطلب {order}\n---\nشكرا لطلبك يا {first}! المبلغ: {amount}. سنخبرك عند شحن الطلب. <<تتبع الطلب|order>>`,
  ],
  newsletter_company: [
    `@ru Новости {brand}: [[осенняя коллекция|скидки недели]]\n---\nЗдравствуйте, {first}!\n\n[[Новая коллекция уже в магазине.|Скидки до 30 % на всё до воскресенья.]] <<Смотреть|page>>\n\nВы получили это письмо, потому что подписались на рассылку {brand}. <<Отписаться|unsub>>`,
    `@zh {brand} [[新品上市|本周优惠]]\n---\n{first}，您好！\n\n[[秋季新品已经上架。|全场八折，截止到周日。]]<<立即查看|page>>\n\n您收到这封邮件是因为您订阅了 {brand} 的通讯。<<退订|unsub>>`,
    `@ja {brand}ニュース [[新商品のお知らせ|今週のセール]]\n---\n{first}様\n\n[[秋の新商品が入荷しました。|今週末まで全品20%オフです。]]<<詳しくはこちら|page>>\n\n配信停止は<<こちら|unsub>>`,
  ],
};
