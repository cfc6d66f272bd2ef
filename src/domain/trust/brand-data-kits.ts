// Brands that phishing kits are built to imitate and that the other catalog files lacked, in the
// catalog's line format (see brand-data-tech.ts). Chosen from a public collection of brand names
// found inside phishing kits (SteveD3/kit_hunter, tag_files/Phishing_Kit_Brand_Indicators.tag,
// commit 138b9294660e8b1d15a7d7f6e0597bfa5c6086c8, kits collected 2020-2021), which is independent
// of the phishing feeds the lookalike measure uses. Names that are everyday words (tangerine,
// frontier, match, sella), labels of three letters or fewer (atb, bdo, mtb) and generic terms
// (commercebank, interbank) were left out: as brands they would accuse more bystanders than
// impostors they catch.

/** Catalog lines of the brands phishing kits target that the rest of the catalog lacked. */
export const KIT_TARGET_BRANDS: readonly string[] = [
  // Credit bureaus
  'equifax.com: equifax.co.uk equifax.ca',
  'transunion.com: transunion.co.uk transunion.ca',
  // Banks
  'bancogalicia.com',
  'banquepopulaire.fr',
  'caisse-epargne.fr',
  'creditmutuel.fr: creditmutuel.com',
  'fibank.bg',
  'piraeusbank.gr',
  'pichincha.com',
  'laurentianbank.ca',
  'eqbank.ca',
  'glacierbank.com',
  'co-operativebank.co.uk',
  'becu.org',
  'bper.it',
  // Payments and crypto
  'paytabs.com',
  'windcave.com',
  // Internet, hosting and mail
  'hinet.net',
  'iinet.net.au',
  'hughesnet.com',
  'weebly.com',
  'rackspace.com: rackspacecloud.com',
  'tutanota.com: tuta.com tutanota.de tuta.io',
  'zimbra.com',
  // Shipping, classifieds and services
  'maersk.com',
  'sf-express.com',
  'kijiji.ca',
  'deloitte.com',
];
