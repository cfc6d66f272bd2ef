// Google's country domains, as Google itself publishes them: the list of "supported domains" at
// https://www.google.com/supported_domains (also what Google's SafeSearch and Workspace documents
// send administrators to). Copied from that published list as it stood in 2025; each is Google's
// own, so no lookalike. A domain Google adds later is found by the ownership evidence instead.

const SUFFIXES =
  'com ac ad ae com.af com.ag com.ai al am co.ao com.ar as at com.au az ba com.bd be bf bg com.bh bi bj com.bn com.bo ' +
  'com.br bs bt co.bw by com.bz ca com.kh cc cd cf cat cg ch ci co.ck cl cm cn com.co co.cr com.cu cv com.cy cz de dj ' +
  'dk dm com.do dz com.ec ee com.eg es com.et fi com.fj fm fr ga ge gf gg com.gh com.gi gl gm gp gr com.gt gy com.hk ' +
  'hn hr ht hu co.id iq ie co.il im co.in io is it je com.jm jo co.jp co.ke ki kg co.kr com.kw kz la com.lb com.lc li ' +
  'lk co.ls lt lu lv com.ly co.ma md me mg mk ml com.mm mn ms com.mt mu mv mw com.mx com.my co.mz com.na ne com.nf ' +
  'com.ng com.ni nl no com.np nr nu co.nz com.om com.pk com.pa com.pe com.ph pl com.pg pn com.pr ps pt com.py com.qa ' +
  'ro rs ru rw com.sa com.sb sc se com.sg sh si sk com.sl sn sm so st sr com.sv td tg co.th com.tj tk tl tm to tn ' +
  'com.tr tt com.tw co.tz com.ua co.ug co.uk com.uy co.uz com.vc co.ve vg co.vi com.vn vu ws co.za co.zm co.zw';

/** Every domain of Google's published list of supported domains, google.com first. */
export const GOOGLE_SUPPORTED_DOMAINS: readonly string[] = SUFFIXES.split(' ').map((suffix) => `google.${suffix}`);
