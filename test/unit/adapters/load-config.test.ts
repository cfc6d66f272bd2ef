import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../src/adapters/config/load-config.js';
import { readPopularDomainsFile, SHIPPED_POPULAR_DOMAINS_FILE } from '../../../src/adapters/config/popular-domains-file.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, NOW)).to.deep.equal({
      port: 8080,
      host: '127.0.0.1',
      baseUrl: 'http://localhost:8080',
      databaseUrl: 'sqlite:./data/vetted.sqlite',
      databaseReadUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      dnsServers: [],
      scanAllowedNetworks: [],
      reportSigningKey: undefined,
      mcpAllowedOrigins: ['http://localhost:8080'],
      mcpAllowedHosts: ['localhost:8080'],
      smtpUrl: undefined,
      mailFrom: 'Vetted <no-reply@localhost>',
      securityContact: 'mailto:security@localhost',
      securityTxtExpires: '2027-05-21T10:00:00.000Z',
      recheckIntervalMinutes: 360,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnectionsPerClient: 64, maxConnections: 1024 },
      workers: true,
      workerConcurrency: 4,
      recheckConcurrency: 16,
      refreshObservations: true,
      metricsToken: undefined,
      apiTiers: undefined,
      cdnPurgeUrl: undefined,
      rdapBaseUrl: undefined,
      externalDnsblZones: [],
      externalDeadlineMs: 4000,
      observeLimitPerMinute: 600,
      extraBrandDomains: [],
      popularDomains: readPopularDomainsFile(SHIPPED_POPULAR_DOMAINS_FILE),
      vettedUrl: undefined,
      scanLimits: { perClientPerHour: 10, perDomainPerHour: 6, globalPerMinute: 120 },
      watches: { perClient: 20, perCallbackHost: 100, retryBaseSeconds: 30 },
    });
  });

  it('reads every variable, derives BASE_URL from PORT and drops its trailing slash', () => {
    expect(loadConfig({ PORT: '9000' }).baseUrl).to.equal('http://localhost:9000');
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        BASE_URL: 'https://vetted.example.com/',
        DATABASE_URL: 'postgres://u@db:5432/vetted',
        DATABASE_READ_URL: 'postgres://u@replica:5432/vetted',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        DNS_SERVERS: '127.0.0.1:5353, [::1]:53,9.9.9.9',
        SCAN_ALLOWED_NETWORKS: '127.0.0.0/8,::1',
        REPORT_SIGNING_KEY: 'A'.repeat(43),
        MCP_ALLOWED_ORIGINS: 'https://app.example.com,http://localhost:3000/',
        MCP_ALLOWED_HOSTS: 'Vetted.Internal:8080, [::1]:3000',
        SMTP_URL: 'smtp://user:secret@mail.example.com:587',
        MAIL_FROM: 'Registry <registry@example.com>',
        RECHECK_INTERVAL_MINUTES: '60',
        RDAP_BASE_URL: 'https://rdap.example.net/',
        EXTERNAL_DNSBL_ZONES: 'dbl.example.org, BL.example.net',
        EXTERNAL_DEADLINE_MS: '2500',
        OBSERVE_LIMIT_PER_MINUTE: '120',
        SCAN_LIMIT_PER_CLIENT_HOUR: '20',
        SCAN_LIMIT_PER_DOMAIN_HOUR: '3',
        SCAN_LIMIT_GLOBAL_MINUTE: '500',
        WATCH_LIMIT_PER_CLIENT: '5',
        WATCH_LIMIT_PER_CALLBACK_HOST: '7',
        WEBHOOK_RETRY_BASE_SECONDS: '2',
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '20000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000',
        HTTP_MAX_CONNECTIONS_PER_CLIENT: '10',
        WORKERS: '0',
        WORKER_CONCURRENCY: '8',
        RECHECK_CONCURRENCY: '32',
        REFRESH_OBSERVATIONS: 'false',
        METRICS_TOKEN: 'scrape-token-0123456789',
        API_TIERS: 'on',
        API_QUOTA_FREE: '20',
        API_QUOTA_PRO: 'unlimited',
        CDN_PURGE_URL: 'http://purger:secret@10.0.0.7:6081/purge',
        SECURITY_CONTACT: 'https://vetted.example.com/contact',
        SECURITY_TXT_EXPIRES: '2027-03-01T12:00:00+01:00',
        VETTED_URL: 'https://vetted.example.org',
        UNRELATED: 'x',
      },
      NOW,
    );
    expect(config).to.deep.equal({
      port: 0,
      host: '0.0.0.0',
      baseUrl: 'https://vetted.example.com',
      databaseUrl: 'postgres://u@db:5432/vetted',
      databaseReadUrl: 'postgres://u@replica:5432/vetted',
      logLevel: 'warn',
      trustProxy: true,
      dnsServers: ['127.0.0.1:5353', '[::1]:53', '9.9.9.9'],
      scanAllowedNetworks: ['127.0.0.0/8', '::1'],
      reportSigningKey: 'A'.repeat(43),
      mcpAllowedOrigins: ['https://vetted.example.com', 'https://app.example.com', 'http://localhost:3000'],
      mcpAllowedHosts: ['vetted.example.com', 'vetted.internal:8080', '[::1]:3000'],
      smtpUrl: 'smtp://user:secret@mail.example.com:587',
      mailFrom: 'Registry <registry@example.com>',
      securityContact: 'https://vetted.example.com/contact',
      securityTxtExpires: '2027-03-01T11:00:00.000Z',
      recheckIntervalMinutes: 60,
      http: { headersTimeoutMs: 5_000, requestTimeoutMs: 20_000, keepAliveTimeoutMs: 2_000, maxConnectionsPerClient: 0, maxConnections: 1024 },
      workers: false,
      workerConcurrency: 8,
      recheckConcurrency: 32,
      refreshObservations: false,
      metricsToken: 'scrape-token-0123456789',
      apiTiers: { free: 20, pro: null, enterprise: null },
      cdnPurgeUrl: 'http://purger:secret@10.0.0.7:6081/purge',
      rdapBaseUrl: 'https://rdap.example.net/',
      externalDnsblZones: ['dbl.example.org', 'bl.example.net'],
      externalDeadlineMs: 2500,
      observeLimitPerMinute: 120,
      extraBrandDomains: [],
      popularDomains: readPopularDomainsFile(SHIPPED_POPULAR_DOMAINS_FILE),
      vettedUrl: 'https://vetted.example.org',
      scanLimits: { perClientPerHour: 20, perDomainPerHour: 3, globalPerMinute: 500 },
      watches: { perClient: 5, perCallbackHost: 7, retryBaseSeconds: 2 },
    });
    expect(Object.isFrozen(config)).to.equal(true);
  });

  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be an integer from 0 to 65535 \(got "abc"\)\.$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ BASE_URL: 'localhost:8080' }, /^Invalid configuration: BASE_URL must be an absolute http or https URL/],
    [{ BASE_URL: 'ftp://x.example' }, /^Invalid configuration: BASE_URL /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be sqlite:<file> or a postgres:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL must be one of/],
    [{ TRUST_PROXY: 'maybe' }, /^Invalid configuration: TRUST_PROXY must be true or false/],
    [{ DNS_SERVERS: 'dns.example.com' }, /^Invalid configuration: DNS_SERVERS must be a comma-separated list of ip or ip:port/],
    [{ DNS_SERVERS: '1.2.3.4:70000' }, /^Invalid configuration: DNS_SERVERS /],
    [
      { SMTP_URL: 'http://mail.example.com' },
      /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL with a host name and a port from 1 to 65535 \(smtp:\/\/user:password@mail\.example\.com:587\)\.$/,
    ],
    [{ SMTP_URL: 'smtp://u:pw@' }, /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL with a host name/],
    [{ SMTP_URL: 'smtp://mail.example.com:notaport' }, /^Invalid configuration: SMTP_URL must be/],
    [{ SMTP_URL: 'smtp://mail.example.com:0' }, /^Invalid configuration: SMTP_URL must be/],
    [
      { DATABASE_URL: 'postgres://u:pw@db.example.com:99999/v' },
      /^Invalid configuration: DATABASE_URL is not a URL with a host name and a port from 1 to 65535 \(such as postgres:\/\/user:password@db\.example\.com:5432\/vetted\) \(got "postgres:\/\/\*\*\*@db\.example\.com:99999\/v"\)\.$/,
    ],
    [
      { DATABASE_URL: 'postgres://u:p%zz@db.example.com/v' },
      /^Invalid configuration: DATABASE_URL has a malformed percent-escape in its user name or password \(got "postgres:\/\/\*\*\*@db/,
    ],
    [
      { DATABASE_URL: 'mysql://u:pw@h/db' },
      /^Invalid configuration: DATABASE_URL must be sqlite:<file> or a postgres:\/\/ URL \(got "mysql:\/\/\*\*\*@h\/db"\)\.$/,
    ],
    [{ BASE_URL: 'http://u:pw@' }, /^Invalid configuration: BASE_URL must be an absolute http or https URL \(got "http:\/\/\*\*\*@"\)\.$/],
    [{ HTTP_MAX_CONNECTIONS: '0' }, /^Invalid configuration: HTTP_MAX_CONNECTIONS must be a whole number from 1 to 1000000/],
    [{ EXTERNAL_DNSBL_ZONES: 'not a zone' }, /^Invalid configuration: EXTERNAL_DNSBL_ZONES must be a comma-separated list of DNS zones/],
    [{ BRAND_CATALOG_FILE: '/nonexistent/brands.txt' }, /^Invalid configuration: BRAND_CATALOG_FILE cannot be read \(ENOENT\)\.$/],
    [{ SCAN_LIMIT_PER_DOMAIN_HOUR: '0' }, /^Invalid configuration: SCAN_LIMIT_PER_DOMAIN_HOUR must be a whole number from 1 to 1000000/],
    [{ MCP_ALLOWED_ORIGINS: 'https://app.example.com/path' }, /^Invalid configuration: MCP_ALLOWED_ORIGINS must be a comma-separated list of origins/],
    [{ MCP_ALLOWED_HOSTS: 'https://vetted.internal' }, /^Invalid configuration: MCP_ALLOWED_HOSTS must be a comma-separated list of host names/],
    [{ RECHECK_INTERVAL_MINUTES: '7' }, /^Invalid configuration: RECHECK_INTERVAL_MINUTES must be 0 \(off\), minutes dividing an hour/],
    [
      { REPORT_SIGNING_KEY: 'short' },
      /^Invalid configuration: REPORT_SIGNING_KEY must be a PKCS#8 PEM Ed25519 private key or a base64url 32-byte Ed25519 seed \(43 characters\)\.$/,
    ],
    [{ BASE_URL: 'notaurl' }, /^Invalid configuration: BASE_URL must be an absolute http or https URL \(got "notaurl"\)\.$/],
    [{ BASE_URL: 'http://' }, /^Invalid configuration: BASE_URL must be an absolute http or https URL \(got "http:\/\/"\)\.$/],
    [{ BASE_URL: 'https://v.example/?a=1' }, /^Invalid configuration: BASE_URL must not carry a query or fragment/],
    [
      { CDN_PURGE_URL: 'varnish:6081/purge' },
      /^Invalid configuration: CDN_PURGE_URL must be an absolute http or https URL such as http:\/\/127\.0\.0\.1:6081\/purge \(got "varnish:6081\/purge"\)\.$/,
    ],
    [{ CDN_PURGE_URL: 'ftp://cdn.example.com/purge' }, /^Invalid configuration: CDN_PURGE_URL must be an absolute http or https URL/],
    [{ CDN_PURGE_URL: 'https://cdn.example.com/purge#x' }, /^Invalid configuration: CDN_PURGE_URL must not carry a fragment/],
    [
      { CDN_PURGE_URL: 'https://u:p%zz@cdn.example.com/purge' },
      /^Invalid configuration: CDN_PURGE_URL has a malformed percent-escape in its user name or password \(got "https:\/\/\*\*\*@cdn\.example\.com\/purge"\)\.$/,
    ],
    [{ METRICS_TOKEN: 'short secret' }, /^Invalid configuration: METRICS_TOKEN must be 16 to 256 printable characters without spaces\.$/],
    [{ HOST: '999.1.1.1' }, /^Invalid configuration: HOST must be an IP address or a host name \(got "999\.1\.1\.1"\)\.$/],
    [{ HOST: 'bad host' }, /^Invalid configuration: HOST must be an IP address or a host name/],
    [{ MAIL_FROM: 'garbage' }, /^Invalid configuration: MAIL_FROM must be an address such as registry@example\.com/],
    [
      { DATABASE_URL: 'sqlite:/nonexistent-dir/x.sqlite' },
      /^Invalid configuration: DATABASE_URL names the folder \/nonexistent-dir, which does not exist \(create it first; only folders inside the working directory are created\)/,
    ],
    [{ WORKERS: '0' }, /^Invalid configuration: WORKERS=0 needs a postgres:\/\/ DATABASE_URL/],
    [
      { DATABASE_READ_URL: 'postgres://replica.example.com:5432/vetted' },
      /^Invalid configuration: DATABASE_READ_URL needs a postgres:\/\/ DATABASE_URL \(it names a streaming replica of that PostgreSQL\)\.$/,
    ],
    [
      { DATABASE_URL: 'postgres://db.example.com/vetted', DATABASE_READ_URL: 'mysql://replica.example.com/vetted' },
      /^Invalid configuration: DATABASE_READ_URL must use postgresql:\/\/ \(such as postgres:\/\/user:password@db\.example\.com:5432\/vetted\) \(got "mysql:/,
    ],
    [{ WORKERS: '2' }, /^Invalid configuration: WORKERS must be a whole number from 0 to 1 \(got "2"\)\.$/],
    [{ WORKER_CONCURRENCY: '0' }, /^Invalid configuration: WORKER_CONCURRENCY must be a whole number from 1 to 64/],
    [{ RECHECK_CONCURRENCY: 'many' }, /^Invalid configuration: RECHECK_CONCURRENCY must be a whole number from 1 to 256/],
    [{ SCAN_ALLOWED_NETWORKS: '10.0.0.0/33' }, /^Invalid configuration: SCAN_ALLOWED_NETWORKS must be a comma-separated list of CIDRs/],
    [
      { SECURITY_CONTACT: 'security@example.com' },
      /^Invalid configuration: SECURITY_CONTACT must be a mailto: or https: URI such as mailto:security@example\.com \(got "security@example\.com"\)\.$/,
    ],
    [{ SECURITY_CONTACT: 'http://example.com/security' }, /^Invalid configuration: SECURITY_CONTACT must be a mailto: or https: URI/],
    [{ SECURITY_CONTACT: 'mailto:Security <security@example.com>' }, /^Invalid configuration: SECURITY_CONTACT must be a mailto: or https: URI/],
    [
      { SECURITY_TXT_EXPIRES: 'next year' },
      /^Invalid configuration: SECURITY_TXT_EXPIRES must be an ISO 8601 date-time such as 2027-01-01T00:00:00Z \(got "next year"\)\.$/,
    ],
    [{ SECURITY_TXT_EXPIRES: '2027-01-01' }, /^Invalid configuration: SECURITY_TXT_EXPIRES must be an ISO 8601 date-time/],
    [
      { SECURITY_TXT_EXPIRES: '2020-01-01T00:00:00Z' },
      /^Invalid configuration: SECURITY_TXT_EXPIRES must be in the future and less than a year away \(got "2020-01-01T00:00:00Z"\)\.$/,
    ],
    [{ SECURITY_TXT_EXPIRES: '2999-01-01T00:00:00Z' }, /^Invalid configuration: SECURITY_TXT_EXPIRES must be in the future and less than a year away/],
  ];
  it('accepts host names, addresses and mailboxes in their usual forms, and creates folders only under the working directory', () => {
    for (const HOST of ['0.0.0.0', '::', 'localhost', 'vetted.internal']) expect(loadConfig({ HOST }).host).to.equal(HOST);
    for (const MAIL_FROM of ['registry@example.com', 'Vetted Registry <registry@example.com>']) expect(loadConfig({ MAIL_FROM }).mailFrom).to.equal(MAIL_FROM);
    expect(loadConfig({ DATABASE_URL: 'sqlite:./data/nested/new/vetted.sqlite' }).databaseUrl).to.equal('sqlite:./data/nested/new/vetted.sqlite');
    expect(existsSync('./data/nested')).to.equal(false, 'validating creates nothing');
  });

  it('derives the security.txt contact from BASE_URL and takes an expiry just inside a year from now', () => {
    expect(loadConfig({ BASE_URL: 'https://vetted.example.com:8443/registry' }, NOW).securityContact).to.equal('mailto:security@vetted.example.com');
    expect(loadConfig({ SECURITY_CONTACT: 'mailto:psirt@example.com' }, NOW).securityContact).to.equal('mailto:psirt@example.com');
    expect(loadConfig({ SECURITY_TXT_EXPIRES: '2027-11-21T09:59:59Z' }, NOW).securityTxtExpires).to.equal('2027-11-21T09:59:59.000Z');
    expect(() => loadConfig({ SECURITY_TXT_EXPIRES: '2027-11-22T10:00:00Z' }, NOW)).to.throw(ConfigError, /less than a year away/);
    expect(() => loadConfig({ SECURITY_TXT_EXPIRES: NOW.toISOString() }, NOW)).to.throw(ConfigError, /in the future/);
  });

  it('reads POPULAR_DOMAINS_FILE at start: the shipped list by default; a bad file stops, naming the variable and the line', () => {
    const shipped = loadConfig({}).popularDomains;
    expect(shipped.asOf).to.equal('2026-08-10');
    expect(shipped.rank('google.com')?.bucket).to.equal(200);
    const dir = mkdtempSync(join(tmpdir(), 'vetted-popular-'));
    try {
      const good = join(dir, 'popular.csv');
      writeFileSync(good, '# source: Our list v1\n# as_of: 2026-01-31\n200,example.com\n1000,example.org\n');
      const list = loadConfig({ POPULAR_DOMAINS_FILE: good }).popularDomains;
      expect(list.rank('example.org')).to.deep.equal({ source: 'Our list v1', bucket: 1000, asOf: '2026-01-31' });
      expect(list.rank('google.com')).to.equal(undefined);
      const cases: Array<readonly [string, RegExp]> = [
        ['# source: x\n# as_of: 2026-01-31\n200,example.com\nexample.org\n', /^Invalid configuration: POPULAR_DOMAINS_FILE line 4: expected bucket,domain/],
        [
          '# source: x\n# as_of: 2026-01-31\n200,Example.COM\n',
          /^Invalid configuration: POPULAR_DOMAINS_FILE line 3: "Example.COM" is not a lower-case domain name/,
        ],
        ['# as_of: 2026-01-31\n200,example.com\n', /POPULAR_DOMAINS_FILE has no "# source: …" line/],
        ['# source: x\n200,example.com\n', /POPULAR_DOMAINS_FILE has no "# as_of: YYYY-MM-DD" line/],
        ['# source: x\n# as_of: 2026-01-31\n', /POPULAR_DOMAINS_FILE lists no domain/],
      ];
      cases.forEach(([text, message], i) => {
        const bad = join(dir, `bad-${i}.csv`);
        writeFileSync(bad, text);
        expect(() => loadConfig({ POPULAR_DOMAINS_FILE: bad })).to.throw(ConfigError, message);
      });
      expect(() => loadConfig({ POPULAR_DOMAINS_FILE: join(dir, 'missing.csv') })).to.throw(ConfigError, 'POPULAR_DOMAINS_FILE cannot be read (ENOENT)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads BRAND_CATALOG_FILE lines: brands, the domains they own, allowed words; a bad name stops with its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetted-brands-'));
    try {
      const good = join(dir, 'brands.txt');
      writeFileSync(good, '# our brands\nexample-bank.com: example-bank.de example-bank.co.uk\nallow: ample other-org.com\nshop.example.org\n');
      expect(loadConfig({ BRAND_CATALOG_FILE: good }).extraBrandDomains).to.deep.equal([
        'example-bank.com: example-bank.de example-bank.co.uk',
        'allow: ample other-org.com',
        'shop.example.org',
      ]);
      const bad = join(dir, 'bad.txt');
      writeFileSync(bad, 'fine.com\nexample-bank.com: not_a_domain\n');
      expect(() => loadConfig({ BRAND_CATALOG_FILE: bad })).to.throw(ConfigError, /^Invalid configuration: BRAND_CATALOG_FILE line 2: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const [env, message] of bad) {
    it(`stops on ${JSON.stringify(env)} with one line naming the variable`, () => {
      expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  }

  it("turns request-rate tiers on only with API_TIERS=on, with the contract's quotas unless set, and refuses a bad quota in words", () => {
    expect(loadConfig({ API_QUOTA_FREE: '5' }).apiTiers, 'off: no quota applies').to.equal(undefined);
    expect(loadConfig({ API_TIERS: 'off' }).apiTiers).to.equal(undefined);
    expect(loadConfig({ API_TIERS: 'on' }).apiTiers).to.deep.equal({ free: 1000, pro: 100_000, enterprise: null });
    expect(loadConfig({ API_TIERS: 'on', API_QUOTA_ENTERPRISE: '5000000' }).apiTiers).to.deep.equal({ free: 1000, pro: 100_000, enterprise: 5_000_000 });
    expect(() => loadConfig({ API_TIERS: 'yes' })).to.throw('Invalid configuration: API_TIERS must be on or off (got "yes").');
    for (const bad of ['0', '-1', '1.5', 'lots', '10000000000']) {
      expect(() => loadConfig({ API_TIERS: 'on', API_QUOTA_PRO: bad }), bad).to.throw(
        `Invalid configuration: API_QUOTA_PRO must be a whole number from 1 to 1000000000, or unlimited (got "${bad}").`,
      );
    }
  });
});
