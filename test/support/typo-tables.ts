// Data for the lookalike corpus (lookalike-corpus.ts), kept apart from the detector's own tables
// (src/domain/trust/confusables.ts, combosquat.ts) so that the corpus measures them rather than
// repeats them: the homoglyphs follow the glyph lists typosquatting tools use, including pairs the
// detector does not fold.

/** Keys next to each key on a QWERTY keyboard (digits row included). */
export const QWERTY_NEIGHBOURS: Readonly<Record<string, string>> = {
  '1': '2q', '2': '3wq1', '3': '4ew2', '4': '5re3', '5': '6tr4', '6': '7yt5', '7': '8uy6', '8': '9iu7', '9': '0oi8', '0': 'po9',
  q: '12wa', w: '3esaq2', e: '4rdsw3', r: '5tfde4', t: '6ygfr5', y: '7uhgt6', u: '8ijhy7', i: '9okju8', o: '0plki9', p: 'lo0',
  a: 'qwsz', s: 'edxzaw', d: 'rfcxse', f: 'tgvcdr', g: 'yhbvft', h: 'ujnbgy', j: 'ikmnhu', k: 'olmji', l: 'kop',
  z: 'asx', x: 'zsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
};

/** ASCII look-alikes: digits for letters, letter pairs for one letter, and common visual swaps. */
export const ASCII_GLYPHS: Readonly<Record<string, readonly string[]>> = {
  a: ['4'], b: ['lb', 'd'], c: ['e'], d: ['cl', 'b'], e: ['3', 'c'], g: ['q', '9'], h: ['lh'], i: ['1', 'l'],
  k: ['lk', 'lc'], l: ['1', 'i'], m: ['rn', 'nn'], n: ['m', 'r'], o: ['0'], q: ['g'], s: ['5'], u: ['v'],
  v: ['u'], w: ['vv'], z: ['2'],
};

/** Unicode look-alikes (Latin with marks or strokes, IPA, small capitals, Cyrillic, Greek, Armenian). */
export const UNICODE_GLYPHS: Readonly<Record<string, string>> = {
  a: 'àáâãäåɑạǎăȧąаα',
  b: 'ʙɓḃḅḇƅь',
  c: 'ƈċćçčĉᴄсϲ',
  d: 'ɗđďɖḑḋḍḏḓԁ',
  e: 'éèêëēĕěėẹęȩɇḛеε',
  f: 'ƒḟ',
  g: 'ɢɡġğǵģĝǧǥԍ',
  h: 'ĥȟħɦḧḩⱨḣḥḫẖһ',
  i: 'íìïıɩǐĭỉịɨȋīɪі',
  j: 'ʝǰɉĵј',
  k: 'ḳḵⱪķᴋкκ',
  l: 'ɫłӏ',
  m: 'ṁṃᴍɱḿм',
  n: 'ńṅṇṉñņǹňꞑпη',
  o: 'ȯọỏơóöᴏоοσ',
  p: 'ƿƥṕṗрρ',
  q: 'ʠԛ',
  r: 'ʀɼɽŕŗřɍɾȓȑṙṛṟг',
  s: 'ʂśṣṡșŝšꜱѕ',
  t: 'ţŧṫṭțƫт',
  u: 'ᴜǔŭüʉùúûũūųưůűȕȗụυս',
  v: 'ṿⱱᶌṽⱴᴠν',
  w: 'ŵẁẃẅⱳẇẉẘᴡԝω',
  x: 'ẋẍхχ',
  y: 'ʏýÿŷƴȳɏỿẏỵуү',
  z: 'ʐżźᴢƶẓẕⱬ',
};

/** Cyrillic letters that spell a whole Latin label (аррӏе) when every letter has one. */
export const CYRILLIC_TWINS: Readonly<Record<string, string>> = {
  a: 'а', c: 'с', e: 'е', h: 'һ', i: 'і', j: 'ј', k: 'к', l: 'ӏ', o: 'о', p: 'р', s: 'ѕ', x: 'х', y: 'у',
};

/**
 * Words squatters put beside a brand (after studies of combosquatting domains): security and
 * account words, support, shopping, delivery and money words.
 */
export const COMBO_WORDS: readonly string[] = [
  'login', 'secure', 'account', 'verify', 'support', 'help', 'online', 'update', 'service', 'wallet', 'pay',
  'billing', 'my', 'app', 'official', 'signin', 'security', 'alert', 'id', 'auth', 'customer', 'recovery',
  'claim', 'refund', 'bonus', 'gift', 'promo', 'track', 'delivery', 'mail', 'store', 'shop', 'web', 'center',
  'team', 'access', 'unlock', 'confirm', 'portal', 'payment', 'rewards', 'card', 'bank', 'checkout', 'helpdesk',
  '24', '365', 'us',
];

/** Suffixes a squatter may register a brand's name under, checked against what the brand owns. */
export const OTHER_SUFFIXES: readonly string[] = [
  'com', 'net', 'org', 'co', 'io', 'info', 'biz', 'xyz', 'online', 'site', 'shop', 'app', 'top', 'us', 'co.uk',
  'de', 'ru', 'cn', 'fr', 'in', 'me', 'cc', 'club', 'store', 'support', 'vip', 'icu', 'link', 'cloud', 'page',
  'website', 'tech', 'live', 'pro', 'services', 'com.br', 'com.au', 'es', 'it', 'nl', 'pl', 'ca', 'ai', 'help',
];
