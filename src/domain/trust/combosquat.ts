import { LOOKALIKE_LIMITS, type BrandIndex, type IndexedBrand } from './brand-index.js';
import { skeleton } from './confusables.js';

// Words that phishing pairs with a brand's name (paypal-login, secure-chase, appleid-verify). Strong
// ones speak of accounts, credentials and money at risk: they make any brand combination suspect.
// Weak ones are ordinary shop and web words: they count only with brands whose label is not a
// generic word (freeshop, webmail and live-score say nothing about free.fr, mail.ru or live.com).
// biome-ignore format: a word list, kept dense
const STRONG_LURES = [
  'login', 'logon', 'signin', 'signon', 'secure', 'security', 'account', 'accounts', 'verify', 'verification',
  'verified', 'validate', 'validation', 'confirm', 'confirmation', 'update', 'updates', 'unlock', 'locked',
  'suspended', 'recovery', 'recover', 'restore', 'reset', 'password', 'passwd', 'auth', 'authentication',
  'authorize', '2fa', 'mfa', 'otp', 'sso', 'kyc', 'billing', 'invoice', 'invoices', 'refund', 'refunds',
  'dispute', 'wallet', 'wallets', 'payment', 'payments', 'payout', 'helpdesk', 'support', 'customer',
  'customers', 'service', 'services', 'alert', 'alerts', 'notice', 'warning', 'fraud', 'claim', 'claims',
  'airdrop', 'giveaway', 'id', 'appleid', 'webscr', 'cgi', 'reactivate', 'activate', 'activation',
  'unblock', 'protect', 'protection', 'safety', 'checkpoint', 'identity', 'credentials', 'sms', 'tax', 'taxes',
  'official', 'portal', 'authorise', 'authorisation', 'authorization', 'signature',
  // The same in the languages phishing in Europe and Latin America is written in.
  'compte', 'connexion', 'actualisation', 'actualiser', 'securite', 'remboursement', 'paiement', 'facture',
  'cuenta', 'acceso', 'verificacion', 'seguridad', 'reembolso', 'pago', 'factura', 'conta', 'acesso',
  'seguranca', 'pagamento', 'konto', 'anmeldung', 'sicherheit', 'zahlung', 'rechnung', 'verifizierung',
  'accesso', 'sicurezza', 'rimborso',
];
// biome-ignore format: a word list, kept dense
const WEAK_LURES = [
  'my', 'app', 'apps', 'web', 'online', 'store', 'shop', 'pay', 'mail', 'email', 'inbox', 'cloud',
  'drive', 'help', 'info', 'center', 'centre', 'team', 'access', 'member', 'members', 'client', 'user', 'users',
  'home', 'hub', 'net', 'site', 'page', 'link', 'go', 'get', 'now', 'plus', 'pro', 'prime', 'vip', 'premium',
  'gift', 'gifts', 'giftcard', 'promo', 'promos', 'deal', 'deals', 'offer', 'offers', 'sale', 'sales', 'coupon',
  'coupons', 'bonus', 'reward', 'rewards', 'prize', 'win', 'winner', 'track', 'tracking', 'delivery', 'parcel',
  'package', 'shipping', 'post', 'order', 'orders', 'checkout', 'cart', 'card', 'cards', 'credit', 'loan',
  'bank', 'banking', 'money', 'nft', 'swap', 'stake', 'staking', 'connect',
  'sync', 'dapp', 'bridge', 'download', 'install', 'setup', 'admin', 'cdn', 'ssl', 'http', 'https', 'ww', 'signup',
  'register', 'registration', 'enroll', 'safe', 'com', 'org', 'renew', 'renewal', 'subscription', 'subscribe',
  'ticket', 'tickets', 'reservation', 'us', 'usa', 'uk', 'eu', 'global', 'intl', 'corp', 'inc', 'hq',
  'desk', 'the', 'www', 'mobile', 'live', 'free', 'cash', 'pc', 'assist', 'assistance', 'contact', 'chat',
  'message', 'messages', 'notification', 'notifications', 'status', 'points', 'pass', 'club', 'new', 'en',
  'start', 'desktop', 'dashboard', 'extension', 'extensions', 'addon', 'addons', 'docs', 'sso', 'colis', 'livraison',
  'suivi', 'envio', 'paquete', 'paket', 'sendung', 'pacote', 'entrega', 'mon', 'mes', 'votre', 'espace',
  'assurance', 'assur', 'maladie', 'vitale', 'carte', 'cartes', 'dossier', 'aide', 'sante', 'infos', 'actu',
  'mise', 'jour', 'renouvellement', 'controle', 'moi', 'minha', 'mi', 'cliente', 'clientes', 'ayuda',
];

/** How much a lure word says: strong (accounts, credentials, money) or weak (shop and web words). */
type LureStrength = 'strong' | 'weak';

const PLAIN = lureMap((w) => w);
const FOLDED = lureMap(skeleton);
const MAX_LURE_LENGTH = Math.max(...[...PLAIN.keys(), ...FOLDED.keys()].map((w) => w.length));

function lureMap(form: (word: string) => string): ReadonlyMap<string, LureStrength> {
  const map = new Map<string, LureStrength>();
  for (const word of WEAK_LURES) map.set(form(word), 'weak');
  for (const word of STRONG_LURES) map.set(form(word), 'strong');
  return map;
}

/** Whether `token` is a lure word (`folded` for a skeleton), a run of digits (weak), or neither (null). */
function lureStrength(token: string, folded = false): LureStrength | null {
  if (isDigits(token)) return 'weak';
  return (folded ? FOLDED : PLAIN).get(token) ?? null;
}

function isDigits(text: string): boolean {
  if (text === '') return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

// The stronger of two strengths; undefined stands for nothing (an empty part).
function stronger(a: LureStrength | undefined, b: LureStrength | undefined): LureStrength | undefined {
  return a === 'strong' || b === 'strong' ? 'strong' : (a ?? b);
}

// For every cut i of text, how text.slice(0, i) splits into lure words: null when it does not,
// undefined for the empty prefix, otherwise the strongest split. `reverse` does the same for
// text.slice(i), indexed by i.
function lureSplits(text: string, folded: boolean, reverse: boolean): (LureStrength | null | undefined)[] {
  const n = text.length;
  const best: (LureStrength | null | undefined)[] = new Array(n + 1).fill(null);
  best[reverse ? n : 0] = undefined;
  for (let step = 1; step <= n; step++) {
    const cut = reverse ? n - step : step;
    let found: LureStrength | null = null;
    for (let size = 1; size <= Math.min(MAX_LURE_LENGTH, step) && found !== 'strong'; size++) {
      const other = reverse ? cut + size : cut - size;
      const before = best[other];
      if (before === null) continue;
      const here = lureStrength(reverse ? text.slice(cut, other) : text.slice(other, cut), folded);
      if (here !== null) found = stronger(stronger(before, here), found ?? undefined) ?? null;
    }
    best[cut] = found;
  }
  return best;
}

// Words a brand's own operations put beside its name (paypalinc, rackspace-cloud, msedge-cdn): they
// address no customer, so beside a brand's exact name they say "possibly its own" rather than "lure".
// biome-ignore format: a word list, kept dense
const OPERATIONS_WORDS = new Set(['inc', 'corp', 'corporate', 'hq', 'intl', 'int', 'global', 'group', 'cloud', 'cdn', 'dns', 'static', 'assets', 'img', 'images', 'media', 'labs', 'lab', 'dev', 'api']);
const INNER_LURE_WORDS = [...PLAIN.keys()].filter((word) => word.length >= 3);

/**
 * Whether a label that holds a brand's exact name is only that name with words added that speak to
 * no customer (paypalinc, rackspace-cloud, microsoft-int, list-manage1, fh-telekom-leipzig), which
 * brands often register themselves: each added part is a number, a word of a brand's operations, or
 * holds no lure word. A lure word anywhere beside it (paypal-login, mypaypal-center, ledgerlive)
 * makes it an imitation, as does any typo of the brand.
 */
export function onlyWordsAdded(label: string, brandLabel: string): boolean {
  const text = label.replace(/-/g, '');
  const at = text.indexOf(brandLabel);
  if (at === -1) return false;
  const plain = (part: string) =>
    part === '' || isDigits(part) || OPERATIONS_WORDS.has(part) || (lureStrength(part) === null && !INNER_LURE_WORDS.some((word) => part.includes(word)));
  const tokens = label.split('-');
  if (tokens.includes(brandLabel)) return tokens.every((token) => token === brandLabel || plain(token));
  return [text.slice(0, at), text.slice(at + brandLabel.length)].every(plain);
}

/** Whether lure words of `strength` around `brand` make a combination: generic words need a strong one. */
function lured(brand: IndexedBrand, strength: LureStrength | undefined): boolean {
  if (strength === undefined) return false;
  return brand.kind === 'generic' ? strength === 'strong' : true;
}

/**
 * The brand a label combines with lure words, or null. `folded` is the label's skeleton and
 * `everyday(word, folded)` tells words on the allow-list. Two ways:
 * - hyphenated labels: a run of tokens spells a brand, or one plausible typo of a brand of 4
 *   characters or more, and the other tokens are lure words (hp-support, paypai-login); a
 *   distinctive brand of 4 characters or more needs no lure (ebay-kleinanzeigen);
 * - hyphens dropped: a brand of `minComboLength` or more between lure words (applelogin, mypaypal).
 */
export function findCombination(
  label: string,
  folded: string,
  index: BrandIndex,
  everyday: (word: string, folded: string) => boolean,
  hosted = false,
): IndexedBrand | null {
  if (label.includes('-')) {
    const found = tokenCombination(label, index, everyday) ?? (hosted ? hostedCombination(label, index) : null);
    if (found) return found;
  }
  if (hosted) {
    const inside = hostedContainment(label.replace(/-/g, ''), index);
    if (inside) return inside;
  }
  return joinedCombination(label.replace(/-/g, ''), false, index) ?? joinedCombination(folded, true, index);
}

function tokenCombination(label: string, index: BrandIndex, everyday: (word: string, folded: string) => boolean): IndexedBrand | null {
  const tokens = label.split('-').filter((t) => t !== '');
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= tokens.length && end - start < tokens.length; end++) {
      const joined = tokens.slice(start, end).join('');
      const folded = skeleton(joined);
      const exact = index.byLabel.get(joined) ?? (/\p{L}/u.test(joined) ? index.bySkeleton.get(folded) : undefined);
      if (exact && exact.kind === 'distinctive' && exact.label.length >= LOOKALIKE_LIMITS.minLabelLength) return exact;
      let rest: LureStrength | undefined;
      let allLures = true;
      for (const token of [...tokens.slice(0, start), ...tokens.slice(end)]) {
        const strength = lureStrength(token) ?? lureStrength(skeleton(token), true);
        if (strength === null) allLures = false;
        else rest = stronger(rest, strength);
      }
      if (!allLures) continue;
      if (exact && lured(exact, rest)) return exact;
      if (folded.length >= LOOKALIKE_LIMITS.minEditLabelLength && !everyday(joined, folded) && !index.ownLabels.has(joined)) {
        const near = index.oneEditFrom(folded, 'skeleton', (b) => lured(b, rest));
        if (near) return near;
      }
    }
  }
  return null;
}

/** A brand label this long, alone among other words on a hosting platform's suffix, is an imitation by itself. */
const HOSTED_BARE_LENGTH = 5;

/**
 * On a hosting platform's shared suffix (x.pages.dev, x.webflow.io, x.blogspot.com) anyone names
 * their site, and a brand never signs its customers in there: a token that spells a brand of 5
 * characters or more is enough (backup-exodus.vercel.app), and a shorter one beside one lure word
 * (aap-ledger--auth.webflow.io), whatever the other tokens are; a generic brand label (mail, live)
 * needs a strong lure.
 */
function hostedCombination(label: string, index: BrandIndex): IndexedBrand | null {
  const tokens = label.split('-').filter((t) => t !== '');
  const lures = tokens.map((token) => lureStrength(token) ?? lureStrength(skeleton(token), true));
  for (const token of tokens) {
    const brand = index.byLabel.get(token) ?? (/\p{L}/u.test(token) ? index.bySkeleton.get(skeleton(token)) : undefined);
    if (!brand || brand.label.length < LOOKALIKE_LIMITS.minLabelLength) continue;
    // A brand of 5 characters or more that is no generic word needs no lure there (ledger-gp.pages.dev).
    if (brand.kind !== 'generic' && brand.label.length >= HOSTED_BARE_LENGTH) return brand;
    const strength = lures.reduce<LureStrength | undefined>((best, here, i) => (tokens[i] === token || here === null ? best : stronger(best, here)), undefined);
    if (lured(brand, strength)) return brand;
  }
  return null;
}

/** Lure words long enough to be found inside a run of letters without finding them by chance too often. */
const INNER_LURES = [...PLAIN.keys()].filter((word) => word.length >= 3);

/**
 * On a hosting platform's shared suffix, a brand of 5 characters or more anywhere in the name with a
 * lure word of 3 or more anywhere else (ledgerlivewallet.pages.dev, blockfilogin.webflow.io); a
 * generic brand label needs a strong lure.
 */
function hostedContainment(text: string, index: BrandIndex): IndexedBrand | null {
  return index.findIn(text, 'label', (o) => {
    if (o.brand.label.length < 5 || (o.start === 0 && o.end === text.length)) return false;
    const rest = `${text.slice(0, o.start)} ${text.slice(o.end)}`;
    const lure = INNER_LURES.find((word) => rest.includes(word));
    return lure !== undefined && lured(o.brand, PLAIN.get(lure));
  });
}

function joinedCombination(text: string, folded: boolean, index: BrandIndex): IndexedBrand | null {
  let before: (LureStrength | null | undefined)[] | undefined;
  let after: (LureStrength | null | undefined)[] | undefined;
  return index.findIn(text, folded ? 'skeleton' : 'label', ({ start, end, brand }) => {
    if (start === 0 && end === text.length) return false;
    before ??= lureSplits(text, folded, false);
    after ??= lureSplits(text, folded, true);
    const left = before[start];
    const right = after[end];
    return left !== null && right !== null && lured(brand, stronger(left, right));
  });
}
