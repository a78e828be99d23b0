/**
 * More wordings in other languages, added to the kinds of the same name: spam
 * arrives in every language a site's owner might not read, and so do customers.
 * Both sides need each language, or the model would learn the language
 * instead of the message.
 */
export const MORE_TEXTS: Record<string, string[]> = {
  seo_pitch: [
    "@it Buongiorno, ho analizzato il sito {site} e non compare nella prima pagina di Google per le parole chiave principali. Offriamo servizi SEO con risultati garantiti in 90 giorni. Posso inviarle un'analisi gratuita?",
    "@ru Здравствуйте! Проанализировали ваш сайт {site}: он не попадает в топ-10 Яндекса и Google по ключевым запросам. Предлагаем SEO-продвижение с гарантией результата. Отправить бесплатный аудит?",
    "@nl Goedendag, uw website {site} staat niet op de eerste pagina van Google. Wij zorgen met zoekmachineoptimalisatie voor meer bezoekers en klanten. Interesse in een gratis analyse?",
    "@de Guten Tag, wir bieten professionelle Linkbuilding-Pakete mit starken Backlinks von deutschen Webseiten. Damit steigt die Sichtbarkeit von {site} bei Google deutlich. Preise ab 199 Euro im Monat.",
    "@es Estimado responsable de {site}: su web tiene errores técnicos que afectan al posicionamiento en Google. Somos una agencia SEO con 10 años de experiencia. ¿Le llamo para explicarle?",
    "@fr Bonjour, nous proposons des backlinks de qualité depuis des sites français à forte autorité. Boostez la visibilité de {site} rapidement. Tarifs dégressifs.",
    "@pt Bom dia! Seu site pode aparecer no topo do Google com nosso serviço de SEO local. Mais clientes na sua cidade, sem pagar por anúncios. Vamos conversar?",
    "@pl Witam, oferujemy pozycjonowanie lokalne w Google Maps i linki z polskich portali. Gwarancja wzrostu ruchu na stronie {site}. Zapraszam do kontaktu.",
  ],
  web_design_pitch: [
    "@es Hola, he visto su página web y creo que el diseño está un poco anticuado y no se ve bien en móviles. Diseñamos webs modernas para negocios desde 490 euros. ¿Le envío una propuesta?",
    "@pt Olá! Notei que o site {site} não está otimizado para celular. Criamos sites profissionais e lojas virtuais com preço acessível. Posso mandar alguns exemplos?",
    "@pl Dzień dobry, Państwa strona internetowa wygląda na przestarzałą. Tworzymy nowoczesne strony WWW i sklepy internetowe w atrakcyjnych cenach. Czy mogę przesłać ofertę?",
    "@it Salve, il vostro sito web sembra un po' datato e non è ottimizzato per smartphone. Realizziamo siti moderni a partire da 590 euro. Le interessa un preventivo gratuito?",
    "@nl Hallo, uw website is verouderd en niet mobielvriendelijk. Wij bouwen moderne websites voor een vast maandbedrag. Mag ik u een voorbeeld sturen?",
  ],
  guest_post: [
    "@fr Bonjour, acceptez-vous les articles invités sur {site} ? Nous rédigeons des contenus originaux et ne demandons qu'un lien vers notre site. Nous pouvons aussi payer la publication.",
    "@pt Olá, vocês aceitam artigos patrocinados no blog? Pagamos {price} por publicação com um link dofollow. Aguardo sua tabela de preços.",
    "@it Buongiorno, siamo un'agenzia di content marketing e vorremmo pubblicare un articolo sponsorizzato sul vostro blog con un link. Qual è il vostro prezzo?",
    "@pl Dzień dobry, czy publikują Państwo artykuły sponsorowane? Interesuje nas wpis z linkiem do naszego klienta. Proszę o cennik.",
  ],
  reviews: [
    "@es Hola, ofrecemos reseñas positivas de Google para su negocio. Perfiles reales y locales, entrega gradual y segura. ¡Consiga 5 estrellas hoy!",
    "@fr Bonjour, nous proposons des avis Google 5 étoiles pour votre entreprise, publiés par de vrais comptes français. Tarif dégressif.",
    "@pl Oferujemy pozytywne opinie Google dla Państwa firmy. Prawdziwe konta, bezpieczna publikacja, szybka realizacja.",
  ],
  business_funding: [
    "@de Guten Tag, Ihr Unternehmen kann eine Finanzierung bis 250.000 Euro ohne Sicherheiten erhalten. Zusage in 48 Stunden, auch bei schwacher Bonität. Interesse?",
    "@fr Bonjour, votre entreprise peut obtenir un financement rapide jusqu'à 100 000 € sans garantie. Réponse sous 24h. Souhaitez-vous être rappelé ?",
  ],
  loans: [
    "@de Sofortkredit ohne Schufa bis 10.000 Euro, Auszahlung in 24 Stunden, auch für Selbstständige. Jetzt unverbindlich anfragen: {url}",
    "@it Prestiti personali veloci senza busta paga, anche per protestati e cattivi pagatori. Risposta in 24 ore: {url}",
    "@ru Кредит наличными без справок и поручителей до 1 000 000 рублей, одобрение за 5 минут: {url}",
  ],
  crypto: [
    "@es Invierte en criptomonedas con nuestro robot de trading con inteligencia artificial y gana hasta 1000 euros al día. Plazas limitadas: {url}",
    "@de Verdienen Sie täglich bis zu 800 Euro mit Bitcoin-Trading per KI. Keine Erfahrung nötig, Start mit 250 Euro: {url}",
    "@pl Zarabiaj na kryptowalutach nawet 5000 zł tygodniowo dzięki automatycznemu botowi. Zarejestruj się teraz: {url}",
  ],
  casino: [
    "@es Casino online con bono de bienvenida del 200 % y 100 giros gratis. Juega a la ruleta y las tragaperras ahora: {url}",
    "@it Casinò online con bonus senza deposito e giri gratis ogni giorno. Gioca ora: {url}",
    "@pl Kasyno online z bonusem 100 % i darmowymi spinami na start. Zagraj teraz: {url}",
    "@ja オンラインカジノで今すぐ遊ぼう！初回入金ボーナス200%、フリースピン100回プレゼント：{url}",
  ],
  dating: [
    "@es Hola guapo, soy Valeria, tengo 25 años y busco un hombre serio. Mira mis fotos aquí: {url}",
    "@fr Salut, je m'appelle Julie, 27 ans, je cherche des rencontres discrètes près de chez toi. Écris-moi ici : {url}",
    "@pt Oi, sou a Bianca, tenho 24 anos e quero conhecer você. Veja minhas fotos: {url}",
  ],
  pharma: [
    "@de Viagra und Cialis ohne Rezept kaufen, diskreter Versand, günstige Preise: {url}",
    "@es Compra viagra y cialis sin receta, envío discreto y rápido a toda España: {url}",
  ],
  partnership: [
    "@es Hola, estamos buscando socios en su sector. Nuestro programa de afiliados ofrece un 30 % de comisión por cada venta. ¿Le interesa colaborar con nosotros?",
    "@de Guten Tag, wir suchen Partner in Ihrer Branche. Mit unserem Partnerprogramm verdienen Sie 25 % Provision pro Verkauf, ohne eigenes Risiko. Darf ich Ihnen Details schicken?",
  ],
  lead_lists: [
    "@de Guten Tag, wir bieten aktuelle B2B-Adressdaten von über 3 Millionen Unternehmen in Deutschland mit E-Mail und Telefonnummer. Interesse an einer kostenlosen Probe?",
    "@es Hola, disponemos de una base de datos de empresas de España con email y teléfono de los gerentes. Ideal para captar clientes. ¿Le envío una muestra?",
  ],
  ai_receptionist: [
    "@de Wie viele Anrufe verpasst Ihre Praxis pro Woche? Unsere KI-Telefonassistenz nimmt jeden Anruf an, bucht Termine und beantwortet Fragen, rund um die Uhr. Darf ich Ihnen eine Demo zeigen?",
    "@es ¿Cuántas llamadas pierde su negocio cada semana? Nuestra recepcionista con inteligencia artificial atiende 24/7 y agenda citas automáticamente. Pruébela gratis.",
  ],
  social_media_pitch: [
    "@es Hola, gestionamos las redes sociales de pequeños negocios: publicaciones diarias, reels y anuncios por una cuota mensual fija. ¿Le envío un plan gratuito?",
    "@de Hallo, wir betreuen Social-Media-Kanäle für kleine Unternehmen: Beiträge, Reels und Werbeanzeigen zum Festpreis. Mehr Follower und Kunden garantiert.",
    "@fr Bonjour, nous gérons les réseaux sociaux des petites entreprises : publications, stories et publicités. Plus d'abonnés et plus de clients. Intéressé ?",
  ],
  staffing: [
    "@de Guten Tag, wir vermitteln erfahrene Softwareentwickler aus Osteuropa ab 25 Euro pro Stunde. Keine Vermittlungsgebühr. Darf ich Ihnen Profile schicken?",
  ],
  video_pitch: [
    "@es Hola, creamos vídeos explicativos animados para empresas que aumentan las ventas hasta un 80 %. ¿Le envío algunos ejemplos?",
  ],
  contact_form_blast: [
    "@de Guten Tag, Sie lesen diese Nachricht - also funktioniert unsere Methode! Wir senden Ihre Werbung an Millionen Kontaktformulare. Preise ab 49 Euro.",
    "@es Si está leyendo este mensaje, sus clientes también leerán el suyo. Enviamos su anuncio a millones de formularios de contacto. Más información: {url}",
  ],
  foreign_language_customer: [
    "@it Buongiorno, vorrei sapere se fate consegne a domicilio e quali sono i costi. Grazie mille.",
    "@it Salve, ho ordinato la settimana scorsa ma non ho ricevuto nessuna conferma. Potete controllare?",
    "@nl Hallo, ik wil graag een offerte voor het schilderen van twee slaapkamers. Wanneer kunt u langskomen?",
    "@nl Goedemorgen, is de winkel op zondag open? Ik wil graag een cadeau komen uitzoeken.",
    "@tr Merhaba, siparişim hâlâ gelmedi. Kargo takip numarasını gönderebilir misiniz?",
    "@tr İyi günler, hafta sonu için iki kişilik rezervasyon yapmak istiyorum. Müsait misiniz?",
    "@pt Bom dia, gostaria de um orçamento para pintura de um apartamento de 70 metros quadrados. Obrigado.",
    "@pt Olá, meu pedido chegou com um item faltando. Como faço para resolver?",
    "@es Hola, quisiera saber si tienen cita disponible el jueves por la mañana para mi madre. Gracias.",
    "@es Buenas, ¿el precio incluye la instalación? Vivo en las afueras de Madrid.",
    "@fr Bonjour, pouvez-vous me rappeler au sujet du devis pour la cuisine ? Je suis disponible après 17h.",
    "@fr Je souhaiterais annuler ma réservation du 14 et reporter à la semaine suivante si possible.",
    "@de Guten Morgen, könnten Sie mir bitte ein Angebot für die Reparatur unseres Daches schicken? Es regnet an einer Stelle durch.",
    "@de Ist es möglich, die Bestellung noch zu ändern? Ich hätte gern die Größe M statt L.",
    "@pl Dzień dobry, chciałabym zarezerwować stolik dla sześciu osób na sobotę o 19:00.",
    "@pl Czy jest możliwość odbioru osobistego zamówienia? Mieszkam niedaleko.",
    "@ru Здравствуйте, хотим заказать торт на день рождения дочери, на 15 человек. Сколько это будет стоить?",
    "@ru Добрый день, можно ли забронировать номер на двоих на следующие выходные?",
    "@ru Подскажите, пожалуйста, есть ли у вас бесплатная парковка для клиентов?",
    "@zh 请问可以开发票吗？我们公司需要报销，谢谢。",
    "@zh 你好，我想预约下周六上午的时间，两个人，可以吗？",
    "@zh 请问这个价格包括安装费吗？我们住在市区。",
    "@ja お世話になっております。見積もりをお願いしたいのですが、担当の方からご連絡いただけますか。",
    "@ja 予約の日程を変更したいのですが、来週の水曜日は空いていますか。",
    "@ar مساء الخير، أريد معرفة سعر تنظيف الأسنان وهل تقبلون التأمين الصحي؟",
    "@ar هل يمكنني تغيير موعد الحجز إلى يوم الخميس القادم؟ شكراً جزيلاً",
    "@ko 안녕하세요, 주문한 상품이 아직 도착하지 않았어요. 배송 조회 부탁드립니다.",
    "@uk Добрий день! Хочу записатися на консультацію наступного тижня. Які є вільні дати?",
  ],
  unsubscribe_request: [
    "Hi, I signed up for your newsletter by mistake - could you take me off the list? Thanks.",
    "I'm moving abroad, please cancel my subscription box from next month and confirm by email.",
    "Could you update my email address for the newsletter? The old one is no longer active.",
    "@fr Bonjour, merci de me désinscrire de votre newsletter, je reçois trop d'emails.",
  ],
  job_application: [
    "Hi! I'm a graphic designer looking for freelance work. You can see my portfolio at {myurl} - would you ever need help with menus or posters?",
    "I'm a recent nursing graduate and would love to work at your clinic. My CV is on LinkedIn: {myurl}",
    "Are there any openings for a delivery driver? I have a clean licence and my own van.",
  ],
  several_links: [
    "These are the two tables I like: {ownlink} and {ownlink}. Could you make one in walnut instead of oak?",
    "We stayed at {bookinglink} last year and loved it. Is the same room available in August? Photos of our group: {sharelink}",
    "My company site is {myurl} and here's a photo of the wall we'd like painted: {sharelink}",
  ],
  mentions_seo: [
    "We'd like to redo our menu page so Google shows our opening hours properly - our SEO guy says it's a schema issue. Can you quote for that?",
    "Our marketing person asked if you could add alt text to all the product photos on our site for SEO. How long would that take?",
  ],
  one_word: [
    "hello?",
    "Hi there",
    "Booking",
    "Info",
    "Thank you",
    "@de Hallo",
    "@it Ciao",
    "@ru Спасибо",
  ],
};
