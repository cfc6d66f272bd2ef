// Curated registrable domains of well-known brands that phishing imitates. Lower case, one
// registrable domain each (no subdomains, no public suffixes); main country variants are listed so
// that a brand's own domain under another suffix is not taken for a lookalike. The operator adds
// more through BRAND_CATALOG_FILE.

/** Registrable domains of well-known brands, the brand's main domain first. */
export const BRAND_DOMAINS: readonly string[] = [
  // Search, mail, cloud and software
  'google.com', 'google.co.uk', 'google.de', 'google.fr', 'google.ca', 'google.co.jp', 'google.com.au',
  'google.co.in', 'google.com.br', 'google.es', 'google.it', 'google.nl', 'google.ch', 'google.at',
  'google.be', 'google.pl', 'google.se', 'google.com.mx', 'google.co.kr', 'youtube.com', 'youtu.be',
  'gmail.com', 'googlemail.com', 'android.com', 'googleusercontent.com',
  'apple.com', 'icloud.com',
  'microsoft.com', 'live.com', 'outlook.com', 'hotmail.com', 'msn.com', 'office.com', 'microsoftonline.com', 'bing.com', 'xbox.com',
  'skype.com', 'linkedin.com', 'github.com', 'azure.com',
  'amazonaws.com',
  'meta.com', 'facebook.com', 'fb.com', 'instagram.com', 'whatsapp.com', 'messenger.com', 'threads.net',
  'x.com', 'twitter.com', 'tiktok.com', 'snapchat.com', 'pinterest.com', 'reddit.com', 'discord.com',
  'discord.gg', 'telegram.org', 'signal.org', 'zoom.us', 'slack.com', 'dropbox.com', 'box.com',
  'adobe.com', 'salesforce.com', 'oracle.com', 'ibm.com', 'intel.com', 'amd.com', 'nvidia.com',
  'cisco.com', 'dell.com', 'hp.com', 'lenovo.com', 'samsung.com', 'sony.com', 'sony.net', 'lg.com', 'huawei.com',
  'xiaomi.com', 'yahoo.com', 'aol.com', 'proton.me', 'protonmail.com', 'mozilla.org', 'opera.com',
  'duckduckgo.com', 'baidu.com', 'yandex.ru', 'yandex.com', 'vk.com', 'mail.ru', 'naver.com',
  'kakao.com', 'line.me', 'wechat.com', 'qq.com', 'shopify.com', 'wix.com', 'squarespace.com',
  'wordpress.com', 'godaddy.com', 'namecheap.com', 'cloudflare.com', 'atlassian.com', 'notion.so',
  'figma.com', 'canva.com', 'openai.com', 'chatgpt.com', 'anthropic.com', 'claude.ai', 'docusign.com',
  'zendesk.com', 'hubspot.com', 'mailchimp.com', 'intuit.com', 'quickbooks.com', 'turbotax.com',
  'okta.com', 'auth0.com', '1password.com', 'lastpass.com', 'bitwarden.com', 'norton.com', 'mcafee.com',
  'avast.com', 'kaspersky.com', 'zoho.com', 'gitlab.com', 'bitbucket.org', 'stackoverflow.com',
  // Entertainment and games
  'netflix.com', 'spotify.com', 'hulu.com', 'disneyplus.com', 'disney.com', 'twitch.tv', 'vimeo.com',
  'steampowered.com', 'steamcommunity.com', 'epicgames.com', 'roblox.com', 'playstation.com',
  'nintendo.com', 'ea.com', 'blizzard.com', 'battle.net', 'riotgames.com', 'minecraft.net',
  // Payments and fintech
  'paypal.com', 'paypal.me', 'venmo.com', 'stripe.com', 'squareup.com', 'cash.app', 'wise.com',
  'revolut.com', 'klarna.com', 'afterpay.com', 'affirm.com', 'adyen.com', 'payoneer.com', 'skrill.com',
  'westernunion.com', 'moneygram.com', 'worldpay.com', 'visa.com', 'mastercard.com',
  'americanexpress.com', 'discover.com', 'zellepay.com', 'alipay.com', 'paytm.com', 'phonepe.com',
  'mercadopago.com', 'n26.com', 'monzo.com', 'chime.com', 'sofi.com', 'robinhood.com', 'etoro.com',
  // Crypto exchanges and wallets
  'coinbase.com', 'binance.com', 'kraken.com', 'crypto.com', 'gemini.com', 'bitstamp.net',
  'bitfinex.com', 'kucoin.com', 'okx.com', 'bybit.com', 'htx.com', 'gate.io', 'bitget.com',
  'blockchain.com', 'metamask.io', 'ledger.com', 'trezor.io', 'uniswap.org', 'opensea.io',
  'bitpanda.com', 'bitflyer.com', 'upbit.com', 'bithumb.com', 'mexc.com', 'exodus.com',
  'trustwallet.com', 'phantom.app',
  // Banks and brokers
  'chase.com', 'jpmorganchase.com', 'jpmorgan.com', 'bankofamerica.com', 'wellsfargo.com', 'citi.com',
  'citibank.com', 'usbank.com', 'pnc.com', 'capitalone.com', 'tdbank.com', 'truist.com', 'schwab.com',
  'fidelity.com', 'vanguard.com', 'morganstanley.com', 'goldmansachs.com', 'ally.com', 'synchrony.com',
  'navyfederal.org', 'usaa.com', 'regions.com', 'citizensbank.com', '53.com', 'key.com',
  'huntington.com', 'santander.com', 'santander.co.uk', 'santander.es',
  'santander.com.br', 'hsbc.com', 'hsbc.co.uk', 'hsbc.com.hk', 'barclays.co.uk',
  'barclays.com', 'lloydsbank.com', 'natwest.com', 'halifax.co.uk', 'nationwide.co.uk', 'rbs.co.uk',
  'tsb.co.uk', 'starlingbank.com', 'bnpparibas.com', 'societegenerale.com', 'credit-agricole.fr',
  'labanquepostale.fr', 'deutsche-bank.de', 'db.com', 'commerzbank.de', 'sparkasse.de', 'ing.com',
  'ing.nl', 'ing.de', 'rabobank.nl', 'abnamro.nl', 'ubs.com', 'credit-suisse.com', 'unicredit.it',
  'intesasanpaolo.com', 'bbva.com', 'bbva.es', 'caixabank.es', 'rbc.com', 'royalbank.com', 'td.com',
  'scotiabank.com', 'bmo.com', 'cibc.com', 'commbank.com.au', 'westpac.com.au', 'anz.com.au',
  'nab.com.au', 'dbs.com.sg', 'ocbc.com', 'icicibank.com', 'hdfcbank.com', 'onlinesbi.sbi',
  'axisbank.com', 'mufg.jp', 'smbc.co.jp', 'nordea.com', 'danskebank.com', 'seb.se', 'swedbank.se',
  'handelsbanken.se', 'kbc.be', 'nubank.com.br', 'itau.com.br', 'bradesco.com.br', 'bb.com.br',
  'caixa.gov.br', 'standardbank.co.za', 'fnb.co.za', 'absa.co.za', 'interactivebrokers.com',
  'etrade.com', 'wealthfront.com', 'betterment.com',
  // E-commerce and marketplaces
  'amazon.com', 'amazon.co.uk', 'amazon.de', 'amazon.fr', 'amazon.it', 'amazon.es', 'amazon.ca',
  'amazon.co.jp', 'amazon.in', 'amazon.com.au', 'amazon.com.br', 'amazon.com.mx', 'amazon.nl',
  'amazon.se', 'amazon.pl', 'amazon.com.tr', 'amazon.sg', 'amazon.ae', 'amazon.sa',
  'ebay.com', 'ebay.co.uk', 'ebay.de', 'ebay.fr', 'ebay.it', 'ebay.es', 'ebay.ca', 'ebay.com.au',
  'ebay.ie', 'ebay.at', 'ebay.ch', 'ebay.nl', 'ebay.pl', 'walmart.com', 'walmart.ca', 'bestbuy.ca',
  'costco.ca', 'homedepot.ca', 'target.com', 'bestbuy.com', 'costco.com', 'homedepot.com', 'lowes.com', 'ikea.com',
  'etsy.com', 'wayfair.com', 'temu.com', 'shein.com', 'alibaba.com', 'aliexpress.com', 'taobao.com',
  'tmall.com', 'jd.com', 'rakuten.co.jp', 'rakuten.com', 'zalando.de', 'zalando.com', 'otto.de',
  'asos.com', 'argos.co.uk', 'tesco.com', 'sainsburys.co.uk', 'johnlewis.com', 'marksandspencer.com',
  'currys.co.uk', 'macys.com', 'nordstrom.com', 'kohls.com', 'sephora.com', 'ulta.com', 'nike.com',
  'adidas.com', 'zara.com', 'hm.com', 'uniqlo.com', 'newegg.com', 'chewy.com', 'instacart.com',
  'flipkart.com', 'myntra.com', 'mercadolibre.com', 'mercadolivre.com.br', 'allegro.pl', 'bol.com',
  'cdiscount.com', 'fnac.com', 'coupang.com', 'lazada.com', 'shopee.com', 'tokopedia.com',
  'zappos.com', 'groupon.com', 'stubhub.com', 'ticketmaster.com', 'eventbrite.com', 'craigslist.org',
  'gumtree.com', 'olx.com', 'vinted.com', 'poshmark.com', 'mercari.com', 'indeed.com',
  // Travel, transport and delivery
  'airbnb.com', 'booking.com', 'expedia.com', 'tripadvisor.com', 'hotels.com', 'agoda.com',
  'trivago.com', 'kayak.com', 'skyscanner.net', 'priceline.com', 'vrbo.com', 'uber.com', 'lyft.com',
  'doordash.com', 'grubhub.com', 'ubereats.com', 'deliveroo.co.uk', 'just-eat.co.uk',
  'delta.com', 'united.com', 'aa.com', 'southwest.com', 'jetblue.com', 'alaskaair.com',
  'britishairways.com', 'lufthansa.com', 'airfrance.com', 'klm.com', 'emirates.com',
  'qatarairways.com', 'etihad.com', 'singaporeair.com', 'cathaypacific.com', 'qantas.com',
  'aircanada.com', 'turkishairlines.com', 'ryanair.com', 'easyjet.com', 'iberia.com', 'aeromexico.com',
  'latamairlines.com', 'ana.co.jp', 'jal.co.jp', 'koreanair.com', 'virginatlantic.com', 'swiss.com',
  'flysas.com', 'finnair.com', 'wizzair.com', 'norwegian.com', 'airindia.com', 'hawaiianairlines.com',
  'dhl.com', 'dhl.de', 'fedex.com', 'ups.com', 'usps.com', 'royalmail.com', 'auspost.com.au',
  'laposte.fr', 'deutschepost.de', 'correos.es', 'postnl.nl', 'evri.com',
  // Telecoms and internet providers
  'att.com', 'att.net', 'verizon.com', 'verizon.net', 't-mobile.com', 'comcast.com', 'comcast.net', 'xfinity.com', 'spectrum.com', 'cox.com',
  'vodafone.com', 'vodafone.co.uk', 'vodafone.de', 'orange.com', 'orange.fr', 'bt.com', 'ee.co.uk',
  'o2.co.uk', 'three.co.uk', 'sky.com', 'virginmedia.com', 'telekom.de', 'telekom.com', 'telefonica.com',
  'movistar.es', 'swisscom.ch', 'telstra.com.au', 'optus.com.au', 'rogers.com', 'bell.ca', 'telus.com',
  'jio.com', 'airtel.in', 'docomo.ne.jp', 'softbank.jp', 'kddi.com', 'mtn.com', 'sfr.fr', 'free.fr',
  'bouyguestelecom.fr', 'kpn.com', 'proximus.be', 'telenor.com', 'telia.com', 'singtel.com',
  // News and media
  'nytimes.com', 'washingtonpost.com', 'wsj.com', 'bbc.co.uk', 'bbc.com', 'cnn.com', 'foxnews.com',
  'nbcnews.com', 'cbsnews.com', 'reuters.com', 'apnews.com', 'bloomberg.com', 'ft.com',
  'economist.com', 'theguardian.com', 'forbes.com', 'cnbc.com', 'usatoday.com', 'wikipedia.org',
  'imdb.com', 'medium.com', 'substack.com', 'quora.com', 'espn.com', 'spiegel.de', 'lemonde.fr',
  'elpais.com', 'nikkei.com', 'npr.org', 'dailymail.co.uk', 'telegraph.co.uk', 'latimes.com',
  // Insurance and health
  'geico.com', 'statefarm.com', 'progressive.com', 'allstate.com', 'aetna.com', 'cigna.com',
  'uhc.com', 'humana.com', 'kaiserpermanente.org', 'metlife.com', 'prudential.com', 'axa.com',
  'allianz.com', 'aviva.co.uk',
  // Public services and international organisations
  'irs.gov', 'ssa.gov', 'medicare.gov', 'healthcare.gov', 'login.gov', 'usa.gov', 'hmrc.gov.uk',
  'europa.eu', 'who.int', 'un.org', 'impots.gouv.fr', 'ameli.fr', 'canada.ca',
];

/**
 * Labels of catalog brands that are also everyday words. Neighbouring words are common and usually
 * unrelated (apply, chose, shelf), so these match only by look-alike characters or mixed scripts,
 * not by one edit or by the same word under another suffix.
 */
export const WORD_BRAND_LABELS: readonly string[] = [
  'apple', 'live', 'office', 'meta', 'threads', 'signal', 'discord', 'telegram', 'messenger', 'slack',
  'zoom', 'box', 'oracle', 'opera', 'line', 'notion', 'canva', 'norton', 'battle',
  'venmo', 'cash', 'wise', 'affirm', 'discover', 'chime', 'crypto', 'gemini', 'kraken', 'ledger',
  'exodus', 'phantom', 'chase', 'fidelity', 'vanguard', 'ally', 'regions', 'key', 'target', 'lowes',
  'united', 'delta', 'swiss', 'norwegian', 'orange', 'three', 'sky', 'spectrum', 'bell', 'free',
  'medium', 'progressive', 'booking', 'indeed', 'stripe', 'ups', 'login', 'canada', 'europa', 'kayak',
  'allstate', 'humana', 'prudential', 'huntington', 'emirates', 'evri', 'olx', 'bol',
];
