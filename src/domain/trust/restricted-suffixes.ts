// Suffixes whose registry admits only its own kind (governments, armed forces, treaty bodies,
// accredited schools and universities): a name under one of them cannot be bought by an impostor,
// so it is never a lookalike (tamu.edu is not temu.com, meti.go.jp is not meta.com). Each entry
// names the registry and the policy that restricts it; a suffix whose policy lets anyone register
// (edu.es, com.tr) does not belong here.

/** One restricted suffix, with the registry that keeps it and what its policy admits. */
export interface RestrictedSuffix {
  readonly suffix: string;
  readonly registry: string;
  readonly policy: string;
}

const entry = (suffix: string, registry: string, policy: string): RestrictedSuffix => ({ suffix, registry, policy });

/** The restricted suffixes, by registry. */
export const RESTRICTED_SUFFIXES: readonly RestrictedSuffix[] = [
  entry('edu', 'EDUCAUSE', '.edu policy: US postsecondary institutions accredited by an agency the US Department of Education recognises'),
  entry('gov', 'CISA (DotGov program)', '.gov registration: US federal, state, local and tribal government organisations'),
  entry('mil', 'US Department of Defense (DoD NIC)', 'RFC 1591 and DoD policy: US military only'),
  entry('int', 'IANA', '.int policy: organisations established by international treaty between governments'),
  entry('gov.uk', 'Central Digital and Data Office (UK)', 'gov.uk domain name policy: UK central and local government'),
  entry('ac.uk', 'Jisc', 'ac.uk and gov.uk name policy: UK higher and further education institutions'),
  entry('nhs.uk', 'NHS England', 'nhs.uk domain policy: NHS organisations'),
  entry('police.uk', 'Home Office (UK)', 'police.uk naming policy: UK police forces'),
  entry('mod.uk', 'Ministry of Defence (UK)', 'mod.uk: UK Ministry of Defence'),
  entry('sch.uk', 'Jisc', 'sch.uk policy: UK schools, under their local authority'),
  entry('go.jp', 'JPRS', 'JP domain name registration rules: Japanese government ministries and agencies'),
  entry('ac.jp', 'JPRS', 'JP domain name registration rules: Japanese universities and colleges'),
  entry('lg.jp', 'JPRS', 'JP domain name registration rules: Japanese local governments'),
  entry('ed.jp', 'JPRS', 'JP domain name registration rules: Japanese schools for minors'),
  entry('gov.in', 'NIC (National Informatics Centre)', 'gov.in domain registration policy: Indian government bodies'),
  entry('nic.in', 'NIC (National Informatics Centre)', 'gov.in domain registration policy: Indian government bodies'),
  entry('ac.in', 'ERNET India', 'ac.in and edu.in registration: Indian academic institutions'),
  entry('edu.in', 'ERNET India', 'ac.in and edu.in registration: Indian academic institutions'),
  entry('gov.au', 'Digital Transformation Agency', 'gov.au domain name policy: Australian governments'),
  entry('edu.au', 'Education Services Australia', 'edu.au eligibility rules: Australian education institutions'),
  entry('govt.nz', 'Department of Internal Affairs (NZ)', '.govt.nz policy: New Zealand government agencies'),
  entry('ac.nz', 'InternetNZ (moderated by CERF)', 'moderated second level: New Zealand tertiary institutions'),
  entry('gc.ca', 'Government of Canada (TBS)', 'Standard on Web Domains: Government of Canada institutions'),
  entry('gouv.fr', 'DINUM (France)', 'AFNIC naming charter, reserved: French central government'),
  entry('gov.br', 'NIC.br', 'registro.br category rules: Brazilian government bodies'),
  entry('edu.br', 'NIC.br', 'registro.br category rules: Brazilian higher education institutions'),
  entry('mil.br', 'NIC.br', 'registro.br category rules: Brazilian armed forces'),
  entry('gob.mx', 'NIC México', '.MX registration policy: Mexican government bodies'),
  entry('edu.mx', 'NIC México', '.MX registration policy: Mexican education institutions'),
  entry('gob.es', 'Red.es', 'Spanish domain name plan: Spanish public administration'),
  entry('gov.it', 'Registro .it and AgID', 'reserved for Italian public administration'),
  entry('gv.at', 'nic.at and Austrian Federal Chancellery', 'gv.at: Austrian public authorities'),
  entry('ac.at', 'ACOnet', 'ac.at: Austrian academic institutions'),
  entry('gov.pl', 'NASK', 'gov.pl: Polish government administration'),
  entry('gov.cn', 'CNNIC', 'China domain name rules: Chinese government bodies'),
  entry('edu.cn', 'CERNET', 'China domain name rules: Chinese education institutions'),
  entry('go.kr', 'KISA', 'Korean domain name rules: Korean government bodies'),
  entry('ac.kr', 'KISA', 'Korean domain name rules: Korean universities'),
  entry('gov.sg', 'SGNIC', 'SGNIC registration policy: Singapore government'),
  entry('edu.sg', 'SGNIC', 'SGNIC registration policy: Singapore education institutions'),
  entry('gov.hk', 'HKIRC', 'HKIRC registration policy: Hong Kong government'),
  entry('edu.hk', 'HKIRC', 'HKIRC registration policy: Hong Kong education institutions'),
  entry('gov.tw', 'TWNIC', 'TWNIC registration rules: Taiwanese government bodies'),
  entry('edu.tw', 'TWNIC', 'TWNIC registration rules: Taiwanese education institutions'),
  entry('go.id', 'PANDI', 'PANDI registration policy: Indonesian government bodies'),
  entry('ac.id', 'PANDI', 'PANDI registration policy: Indonesian higher education institutions'),
  entry('go.th', 'THNIC', 'THNIC registration policy: Thai government bodies'),
  entry('ac.th', 'THNIC', 'THNIC registration policy: Thai academic institutions'),
  entry('gov.my', 'MYNIC', 'MYNIC registration policy: Malaysian government bodies'),
  entry('edu.my', 'MYNIC', 'MYNIC registration policy: Malaysian education institutions'),
  entry('gov.ph', 'DICT (Philippines)', 'gov.ph: Philippine government bodies'),
  entry('gov.vn', 'VNNIC', 'VNNIC registration rules: Vietnamese government bodies'),
  entry('edu.vn', 'VNNIC', 'VNNIC registration rules: Vietnamese education institutions'),
  entry('gov.tr', 'TRABIS (BTK)', '.tr domain name regulation: Turkish public bodies'),
  entry('edu.tr', 'TRABIS (BTK)', '.tr domain name regulation: Turkish universities'),
  entry('gov.il', 'ISOC-IL', '.il registration rules: Israeli government bodies'),
  entry('ac.il', 'ISOC-IL', '.il registration rules: Israeli academic institutions'),
  entry('gov.sa', 'SaudiNIC', 'SaudiNIC regulations: Saudi government bodies'),
  entry('edu.sa', 'SaudiNIC', 'SaudiNIC regulations: Saudi education institutions'),
  entry('gov.ae', 'TDRA (.ae domain administration)', '.ae domain name policy: UAE government bodies'),
  entry('gov.eg', 'EG domain registry (NTRA)', '.eg policy: Egyptian government bodies'),
  entry('gov.za', 'ZADNA (government zone)', 'gov.za: South African government bodies'),
  entry('ac.za', 'TENET', 'ac.za policy: South African academic institutions'),
  entry('gov.ng', 'NiRA and NITDA', 'gov.ng: Nigerian government bodies'),
  entry('gov.pk', 'PKNIC', 'PKNIC policy: Pakistani government bodies'),
  entry('edu.pk', 'PKNIC (HEC)', 'PKNIC policy: Pakistani education institutions'),
  entry('gov.bd', 'BTCL', '.bd policy: Bangladeshi government bodies'),
  entry('gob.ar', 'NIC Argentina', 'NIC Argentina rules: Argentine government bodies'),
  entry('gov.ar', 'NIC Argentina', 'NIC Argentina rules: Argentine government bodies'),
  entry('gov.co', 'MinTIC (.CO policy)', '.CO domain policy: Colombian government bodies'),
  entry('edu.co', 'MinTIC (.CO policy)', '.CO domain policy: Colombian education institutions'),
  entry('gob.pe', 'Red Científica Peruana (PUNTO.PE)', '.pe policy: Peruvian government bodies'),
  entry('gob.cl', 'NIC Chile', 'gob.cl: Chilean government bodies'),
  entry('gov.ua', 'Hostmaster.ua', 'gov.ua policy: Ukrainian government bodies'),
];

const BY_SUFFIX = new Map(RESTRICTED_SUFFIXES.map((s) => [s.suffix, s]));

/**
 * The restricted suffix a public suffix (as the public suffix list gives it: `go.jp`, `edu`) is or
 * falls under, or undefined. A name under it cannot be registered by just anyone.
 */
export function restrictedSuffixOf(publicSuffix: string): RestrictedSuffix | undefined {
  const labels = publicSuffix.toLowerCase().split('.');
  for (let i = 0; i < labels.length; i++) {
    const found = BY_SUFFIX.get(labels.slice(i).join('.'));
    if (found) return found;
  }
  return undefined;
}
