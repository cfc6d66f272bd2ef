import { expect } from 'chai';
import { OriginPolicy } from '../../../src/adapters/shared/origin-policy.js';

describe('OriginPolicy', () => {
  const policy = new OriginPolicy('https://vetted.example.org', ['https://agent.example.net'], ['vetted.internal:8080']);
  const loopback = { localAddress: '127.0.0.1', localPort: 3000 };
  const mapped = { localAddress: '::ffff:127.0.0.1', localPort: 3000 };
  const v6 = { localAddress: '::1', localPort: 3000 };
  const lan = { localAddress: '10.0.0.5', localPort: 3000 };

  it("allows BASE_URL's origin and the configured ones over any connection", () => {
    for (const local of [loopback, lan]) {
      expect(policy.allowsOrigin('https://vetted.example.org', local)).to.equal(true);
      expect(policy.allowsOrigin('https://agent.example.net', local)).to.equal(true);
      expect(policy.allowsOrigin('https://Agent.Example.NET', local)).to.equal(true);
    }
  });

  it('allows the loopback spellings with the port the connection came in on, only on loopback', () => {
    for (const local of [loopback, mapped, v6]) {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
        expect(policy.allowsOrigin(origin, local), origin).to.equal(true);
    }
    for (const origin of ['http://localhost:3001', 'http://127.0.0.2:3000', 'http://localhost', 'null'])
      expect(policy.allowsOrigin(origin, loopback), origin).to.equal(false);
    expect(policy.allowsOrigin('http://localhost:3000', lan)).to.equal(false);
    expect(policy.allowsOrigin('http://localhost', { localAddress: '127.0.0.1', localPort: 80 })).to.equal(true);
  });

  it('refuses every other origin, a rebinding page included', () => {
    for (const origin of ['https://evil.example', 'http://vetted.example.org', 'https://vetted.example.org:8443', 'http://evil.example:3000']) {
      expect(policy.allowsOrigin(origin, loopback), origin).to.equal(false);
    }
  });

  it('answers the Host of BASE_URL, the configured hosts, and loopback hosts on loopback only', () => {
    expect(policy.allowsHost('vetted.example.org', lan)).to.equal(true);
    expect(policy.allowsHost('VETTED.internal:8080', lan)).to.equal(true);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(policy.allowsHost(host, loopback), host).to.equal(true);
      expect(policy.allowsHost(host, lan), host).to.equal(false);
    }
    for (const host of ['evil.example:3000', 'localhost:3001', 'vetted.example.org.evil.example', '', undefined]) {
      expect(policy.allowsHost(host, loopback), String(host)).to.equal(false);
    }
  });
});
