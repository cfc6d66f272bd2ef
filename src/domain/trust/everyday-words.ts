// The built-in allow-list of the brand catalog (see parseCatalogEntry's `allow:` lines).
//
// Everyday words: English words and common names within one plausible edit (or one look-alike
// fold) of a catalog brand's label, so that a site named after the word is not called an impostor:
// ample and apply stay clear of apple, trust of truist, finance of binance, interest of pinterest.
// Chosen by hand from every dictionary word the detector would otherwise flag. Left out on purpose:
// the brand's own name inflected (apples, targets, chased, oranges), which reads as the brand, and
// transpositions such as appel, which are the classic typo. An operator adds words with an
// `allow:` line in BRAND_CATALOG_FILE.

/** Everyday words within one edit of a catalog brand's label, never taken for a typo. */
// biome-ignore format: a word list, kept dense
export const EVERYDAY_WORDS: readonly string[] = [
  'adore', 'alive', 'allay', 'alley', 'alloy', 'ample', 'applet', 'apply', 'argus', 'asks', 'ball', 'bang', 'bash',
  'being', 'belle', 'belly', 'belt', 'betsy', 'bike', 'bill', 'binge', 'bingo', 'bong', 'booming', 'booting',
  'bring', 'bull', 'canvas', 'cargos', 'case', 'cell', 'chasm', 'chaste', 'chew', 'chine', 'chose', 'cite',
  'city', 'clack', 'cloud', 'cooking', 'crash', 'crypt', 'curl', 'curry', 'dash', 'deli', 'dine', 'ding',
  'disco', 'discovery', 'dive', 'doll', 'dull', 'dwell', 'europe', 'fate', 'fell', 'finance', 'forces', 'fred',
  'gage', 'gale', 'gash', 'gave', 'grange', 'hate', 'hell', 'hike', 'hive', 'hooking', 'horton', 'hostels',
  'hula', 'human', 'humans', 'indexed', 'interest', 'jail', 'jell', 'kim', 'kohl', 'krill', 'lack', 'lane',
  'lave', 'ledge', 'left', 'lemonade', 'liberia', 'lice', 'lien', 'life', 'lift', 'like', 'lime', 'linen',
  'ling', 'lite', 'liver', 'loft', 'logan', 'loin', 'lone', 'looking', 'loses', 'love', 'loves', 'lows', 'maces',
  'macy', 'maid', 'maim', 'main', 'mall', 'maul', 'meat', 'mega', 'metal', 'mike', 'mine', 'mobile', 'moil',
  'morton', 'motion', 'nail', 'nation', 'never', 'nice', 'nile', 'nine', 'nuke', 'okra', 'olive', 'opus', 'owes',
  'pagoda', 'pine', 'quota', 'rally', 'range', 'renters', 'revolt', 'roger', 'room', 'routers', 'sack', 'sara',
  'sash', 'sell', 'shack', 'shall', 'shelly', 'shin', 'siberia', 'skill', 'slick', 'smack', 'snack', 'sofa',
  'song', 'sonny', 'stack', 'strip', 'tall', 'tally', 'telecom', 'tell', 'telos', 'there', 'tine', 'tinted',
  'trade', 'tree', 'trust', 'tuber', 'ultra', 'untied', 'vast', 'vented', 'vida', 'vise', 'vista', 'viva',
  'wide', 'wire', 'zora',
];

/**
 * Namesakes: domains of other organisations whose name is, or is one edit from, a catalog brand's,
 * each well established under its own name. Listed explicitly, never by rule.
 */
// biome-ignore format: a word list, kept dense
export const NAMESAKE_DOMAINS: readonly string[] = [
  'mail.com', // a webmail service, not mail.ru
  'canada.com', // a Canadian news site, not the Government of Canada
  'nationwide.com', // Nationwide Mutual Insurance (US), not Nationwide Building Society (UK)
  'kraken.io', // an image optimisation service, not the Kraken exchange
  'progressive.org', // The Progressive magazine, not Progressive Insurance
  'prudential.co.uk', // Prudential plc (UK), not Prudential Financial (US)
  'huntington.org', // The Huntington Library, not Huntington Bank
  'gemini.edu', // the Gemini Observatory, not the Gemini exchange
  'asus.com', // ASUS (computers), one vowel from asos.com
  'avira.com', // Avira (antivirus), one bit from aviva
  'ansa.it', // ANSA (Italian news agency), one key from absa
  'tbank.ru', // T-Bank (Russia), one letter short of tdbank
  'icbc.com.cn', // Industrial and Commercial Bank of China, a transposition of cibc
  'wisc.edu', // the University of Wisconsin, one look-alike letter from wise.com
];
