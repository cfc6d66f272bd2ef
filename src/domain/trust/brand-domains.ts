// The built-in brand catalog: curated brands that phishing imitates, each with the domains its
// organization owns (see brand-data-*.ts), and the allow-list of everyday words and namesake
// domains (see everyday-words.ts). The operator adds lines of the same format through
// BRAND_CATALOG_FILE.
import { COMMERCE_BRANDS } from './brand-data-commerce.js';
import { FINANCE_BRANDS } from './brand-data-finance.js';
import { KIT_TARGET_BRANDS } from './brand-data-kits.js';
import { SERVICE_BRANDS } from './brand-data-services.js';
import { TECH_BRANDS } from './brand-data-tech.js';
import { EVERYDAY_WORDS, NAMESAKE_DOMAINS } from './everyday-words.js';

/**
 * The built-in catalog as lines in BRAND_CATALOG_FILE's format (see parseCatalogEntry): one line a
 * brand (`main.com: owned.de owned.co.uk`), then `allow:` lines for everyday words and namesakes.
 */
// biome-ignore format: a word list, kept dense
export const BRAND_DOMAINS: readonly string[] = [
  ...TECH_BRANDS,
  ...FINANCE_BRANDS,
  ...COMMERCE_BRANDS,
  ...SERVICE_BRANDS,
  ...KIT_TARGET_BRANDS,
  `allow: ${EVERYDAY_WORDS.join(' ')}`,
  `allow: ${NAMESAKE_DOMAINS.join(' ')}`,
];

/**
 * Labels of catalog brands that are also everyday words or names. They keep one-edit and
 * look-alike protection, but they are not searched for inside longer labels (applebees, deltafaucet):
 * a combination counts only when the rest is a lure word (apple-login, secure-chase).
 */
// biome-ignore format: a word list, kept dense
export const WORD_BRAND_LABELS: readonly string[] = [
  'adobe', 'affirm', 'ally', 'allianz', 'ameli', 'android', 'apple', 'argos', 'aviva', 'azure', 'battle', 'bell',
  'bing', 'blockchain', 'blogger', 'booking', 'box', 'canada', 'canva', 'cash', 'chase', 'chime', 'chrome', 'citi',
  'correos', 'crypto', 'dell', 'delta', 'discord', 'discover', 'disney', 'economist', 'emirates', 'etrade',
  'europa', 'exodus', 'fast', 'fidelity', 'forbes', 'force', 'free', 'gate', 'gemini', 'guardian', 'healthcare',
  'hotels', 'hotmail', 'humana', 'huntington', 'iberia', 'indeed', 'intel', 'java', 'kayak', 'key', 'kraken',
  'ledger', 'line', 'live', 'login', 'lowes', 'mail', 'marcus', 'medicare', 'medium', 'messenger', 'meta', 'mint',
  'nike', 'nintendo', 'norton', 'norwegian', 'notion', 'office', 'opera', 'optus', 'oracle', 'orange', 'origin',
  'otto', 'outlook', 'phantom', 'progressive', 'prudential', 'regions', 'reuters', 'ring', 'rogers', 'shell',
  'signal', 'skype', 'sky', 'slack', 'snap', 'sony', 'spectrum', 'spiegel', 'sprint', 'stripe', 'swiss', 'target',
  'telegram', 'telegraph', 'telus', 'three', 'threads', 'twitch', 'uber', 'united', 'vanguard', 'visa', 'visible',
  'windows', 'wise', 'xbox', 'zara', 'zoom',
];

/**
 * Word labels so common (free, live, mail, key) that a combination with ordinary words (freeshop,
 * webmail, live-score) says nothing: only account-takeover words (free-login, mail-verify) count.
 */
// biome-ignore format: a word list, kept dense
export const GENERIC_BRAND_LABELS: readonly string[] = [
  'ally', 'bell', 'booking', 'box', 'canada', 'cash', 'chrome', 'europa', 'fast', 'force', 'free', 'gate',
  'guardian', 'hotels', 'indeed', 'java', 'key', 'line', 'live', 'login', 'mail', 'medium', 'mint', 'office',
  'origin', 'progressive', 'regions', 'ring', 'sky', 'snap', 'spectrum', 'sprint', 'swiss', 'three', 'united',
  'visible', 'windows', 'zoom',
];
