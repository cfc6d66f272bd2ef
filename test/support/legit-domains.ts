import { POPULAR_A } from './legit-popular-a.js';
import { POPULAR_B } from './legit-popular-b.js';
import { POPULAR_C } from './legit-popular-c.js';

/**
 * Brands' own country and sister domains: each must be known_brand (owned by its catalog brand),
 * never a lookalike of the brand's main domain.
 */
export const BRAND_OWNED: readonly string[] = [
  'google.ru', 'google.com.tr', 'google.co.id', 'google.com.ar', 'google.co.za', 'google.com.ua', 'google.cn',
  'gstatic.com', 'googlevideo.com', 'doubleclick.net', 'google-analytics.com',
  'googletagmanager.com', 'chromium.org', 'blogger.com', 'goo.gl', 'youtu.be', 'ytimg.com', 'googlemail.com',
  'yahoo.co.jp', 'yahoo.co.uk', 'yahoo.fr', 'yimg.com', 'mozilla.com', 'firefox.com', 'wordpress.org',
  'gravatar.com', 'wikimedia.org', 'wiktionary.org', 'wikidata.org', 'mediawiki.org', 'icloud.com', 'apple.co',
  'mzstatic.com', 'me.com', 'live.com', 'outlook.com', 'hotmail.com', 'office.com', 'sharepoint.com',
  'windows.net', 'bing.com', 'xbox.com', 'skype.com', 'minecraft.net', 'facebook.com', 'fbcdn.net',
  'instagram.com', 'whatsapp.com', 'wa.me', 'messenger.com', 'threads.net', 'twitter.com', 't.co', 'twimg.com',
  'lnkd.in', 'githubassets.com', 'discord.gg', 't.me', 'redd.it', 'pinimg.com', 'stackexchange.com',
  'superuser.com', 'askubuntu.com', 'fast.com', 'nflxvideo.net', 'disneyplus.com', 'go.com', 'steamcommunity.com',
  'battle.net', 'amazon.co.uk', 'amazon.de', 'amazon.co.jp', 'amazonaws.com', 'media-amazon.com', 'amzn.to',
  'audible.com', 'goodreads.com', 'primevideo.com', 'ebay.de', 'ebay.co.uk', 'ebayimg.com', 'walmart.ca',
  'samsclub.com', 'aliexpress.com', 'taobao.com', 'tmall.com', '1688.com', 'alicdn.com', 'rakuten.com',
  'mercadolivre.com.br', 'paypal.me', 'paypalobjects.com', 'venmo.com', 'xoom.com', 'cash.app', 'afterpay.com',
  'transferwise.com', 'amex.com', 'zelle.com', 'binance.us', 'jpmorganchase.com', 'chase.co.uk', 'merrilledge.com',
  'citibank.com', 'td.com', 'tdameritrade.com', 'etrade.com', 'marcus.com', 'keybank.com', 'fifththird.com',
  'santander.co.uk', 'santander.com.br', 'hsbc.co.uk', 'hangseng.com', 'barclays.com', 'halifax.co.uk',
  'rbs.co.uk', 'postbank.de', 'comdirect.de', 'ing.nl', 'ing.de', 'credit-suisse.com', 'orbitz.com',
  'momondo.com', 'ubereats.com', 'americanairlines.com', 'ba.com', 'deutschepost.de', 'laposte.net',
  'labanquepostale.fr', 'att.net', 'verizon.net', 'xfinity.com', 'spectrum.net', 'orange.fr', 'orange.es',
  'ee.co.uk', 'sky.it', 'skysports.com', 't-online.de', 'movistar.es', 'o2.de', 'fido.ca', 'au.com',
  'bbc.com', 'nyt.com', 'barrons.com', 'marketwatch.com', 'ap.org', 'guardian.co.uk', 'espncricinfo.com',
  'kp.org', 'optum.com', 'unitedhealthgroup.com', 'aviva.com',
];

/** Other organisations' domains that share or resemble a brand's name (the catalog's namesakes). */
export const NAMESAKES: readonly string[] = [
  'mail.com', 'canada.com', 'nationwide.com', 'kraken.io', 'progressive.org', 'prudential.co.uk',
  'huntington.org', 'gemini.edu',
];

/**
 * Everyday-word domains one edit (or one look-alike letter) from a brand's label: legitimate, never
 * lookalikes. Some are on the catalog's allow-list, others are left alone by rule (ample.com: m for
 * p is not a plausible slip).
 */
export const EVERYDAY_DOMAINS: readonly string[] = [
  'ample.com', 'apply.com', 'interest.com', 'trust.com', 'finance.com', 'trade.com', 'human.com',
  'discovery.com', 'pagoda.com', 'canvas.com', 'disco.com', 'adore.com', 'telecom.com', 'quota.com',
  'revolt.com', 'skill.com', 'motion.com', 'nation.com', 'never.com', 'okra.com', 'opus.com', 'ultra.com',
  'vast.com', 'viva.com', 'mega.com', 'tall.com', 'curry.com', 'sofa.com', 'room.com', 'city.com', 'cloud.com',
  'left.com', 'lift.com', 'loft.com', 'love.com', 'like.com', 'life.com', 'nice.com', 'bike.com', 'chose.com',
  'case.com', 'crash.com', 'dash.com', 'song.com', 'tree.com', 'there.com', 'wide.com', 'wire.com', 'range.com',
  'olive.com', 'alive.com', 'alley.com', 'rally.com', 'belly.com', 'ball.com', 'bring.com',
  'being.com', 'bingo.com', 'mobile.com', 'mall.com', 'untied.com', 'europe.com', 'applet.com', 'looking.com',
  'cooking.com', 'liver.com', 'siberia.com', 'metal.com', 'nine.com', 'main.com', 'snack.com',
];

/** Popular domains outside the catalog (see legit-popular-a.ts, -b.ts and -c.ts, the holdout). */
export const POPULAR: readonly string[] = [...POPULAR_A, ...POPULAR_B, ...POPULAR_C];

/** The whole legitimate set, by group. */
export const LEGITIMATE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  popular: POPULAR,
  'brand-owned': BRAND_OWNED,
  namesakes: NAMESAKES,
  'everyday-words': EVERYDAY_DOMAINS,
};
