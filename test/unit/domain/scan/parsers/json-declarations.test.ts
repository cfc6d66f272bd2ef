import { expect } from 'chai';
import fc from 'fast-check';
import { parseA2aAgentCard } from '../../../../../src/domain/scan/parsers/a2a-agent-card.js';
import { parseMcpServerCard } from '../../../../../src/domain/scan/parsers/json-declarations.js';

const MCP_CARD = JSON.stringify({
  $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
  version: '1.0',
  protocolVersion: '2025-06-18',
  serverInfo: { name: 'acme-catalog', version: '1.4.2' },
  transport: { type: 'streamable-http', endpoint: '/mcp' },
  authentication: { required: false },
  tools: [{ name: 'search' }, { name: 'get_item' }],
});

const A2A_V1 = JSON.stringify({
  name: 'Acme Travel Agent',
  description: 'Books trips.',
  version: '2.1.0',
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['application/json'],
  skills: [
    { id: 'book-flight', name: 'Book a flight', description: 'Books a flight.', tags: ['travel'] },
    { id: 'cancel', name: 'Cancel', description: 'Cancels a booking.', tags: [] },
  ],
  supportedInterfaces: [
    { url: 'https://agent.acme.example/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://agent.acme.example/a2a/rest', protocolBinding: 'HTTP+JSON' },
  ],
  signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'abc' }],
});

describe('parseMcpServerCard', () => {
  it('reads the draft card shape', () => {
    expect(parseMcpServerCard(MCP_CARD)).to.deep.equal({
      valid: true,
      name: 'acme-catalog',
      version: '1.4.2',
      protocolVersion: '2025-06-18',
      endpoints: [{ type: 'streamable-http', url: '/mcp' }],
      toolCount: 2,
      authenticationRequired: false,
      errors: [],
    });
  });

  it('reads the transports[] and remotes[] shapes with a top-level name', () => {
    const transports = parseMcpServerCard(JSON.stringify({ name: 'my-server', version: '1.0.0', transports: [{ type: 'http', url: '/mcp' }] }));
    expect(transports).to.include({ valid: true, name: 'my-server', version: '1.0.0', toolCount: null, authenticationRequired: null });
    expect(transports.endpoints).to.deep.equal([{ type: 'http', url: '/mcp' }]);
    const remotes = parseMcpServerCard(
      JSON.stringify({ name: 'io.example/srv', remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp' }], url: 'https://example.com/mcp' }),
    );
    expect(remotes.endpoints).to.deep.equal([{ type: 'streamable-http', url: 'https://example.com/mcp' }]);
  });

  it('reports an endpoint that is neither an http(s) URL nor a path', () => {
    const card = (endpoint: string) => parseMcpServerCard(JSON.stringify({ name: 'x', transport: { type: 'streamable-http', endpoint } })).errors;
    expect(card('mcp')).to.deep.equal(['BAD_ENDPOINT']);
    expect(card('//other.example/mcp')).to.deep.equal(['BAD_ENDPOINT']);
    expect(card('ws://a.example/mcp')).to.deep.equal(['BAD_ENDPOINT']);
    expect(card('https://a.example/mcp')).to.deep.equal([]);
  });

  it('reports a missing name or endpoint', () => {
    expect(parseMcpServerCard(JSON.stringify({ serverInfo: { version: '1' }, transport: { type: 'stdio' } })).errors).to.deep.equal(['NO_NAME', 'NO_ENDPOINT']);
  });

  it('reports unreadable input without throwing', () => {
    expect(parseMcpServerCard('').errors).to.deep.equal(['EMPTY']);
    expect(parseMcpServerCard('{"name": "x",').errors).to.deep.equal(['INVALID_JSON']);
    expect(parseMcpServerCard('[1,2]').errors).to.deep.equal(['NOT_AN_OBJECT']);
    expect(parseMcpServerCard('<!DOCTYPE html><html><body>Not found</body></html>').errors).to.deep.equal(['HTML']);
    expect(parseMcpServerCard(`{"name":"${'x'.repeat(1_100_000)}"}`).errors).to.deep.equal(['TOO_LARGE']);
    expect(parseMcpServerCard('\ufeff{"name":"x","endpoint":"/mcp"}').valid).to.equal(true);
  });
});

describe('parseA2aAgentCard', () => {
  it('reads a v1.0 card', () => {
    expect(parseA2aAgentCard(A2A_V1)).to.deep.equal({
      valid: true,
      name: 'Acme Travel Agent',
      description: 'Books trips.',
      version: '2.1.0',
      skillCount: 2,
      skillIds: ['book-flight', 'cancel'],
      interfaces: [
        { url: 'https://agent.acme.example/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'https://agent.acme.example/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: null },
      ],
      legacyUrl: null,
      hasSignatures: true,
      errors: [],
      warnings: [],
    });
  });

  it('accepts a pre-1.0 card with a top-level url and additionalInterfaces', () => {
    const old = {
      name: 'Old',
      description: 'd',
      version: '0.3.0',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    };
    const legacy = parseA2aAgentCard(JSON.stringify({ ...old, url: 'https://a.example/a2a', preferredTransport: 'JSONRPC' }));
    expect(legacy).to.include({ valid: true, legacyUrl: 'https://a.example/a2a', skillCount: 0, hasSignatures: false });
    expect(legacy.warnings).to.deep.equal(['LEGACY_URL_ONLY']);
    const additional = parseA2aAgentCard(
      JSON.stringify({ ...old, url: 'https://a.example/a2a', additionalInterfaces: [{ url: 'https://a.example/grpc', transport: 'GRPC' }] }),
    );
    expect(additional.interfaces).to.deep.equal([{ url: 'https://a.example/grpc', protocolBinding: 'GRPC', protocolVersion: null }]);
    expect(additional.warnings).to.deep.equal([]);
  });

  it('lists every required member a card misses', () => {
    const parsed = parseA2aAgentCard(JSON.stringify({ name: '  ', skills: 'none', supportedInterfaces: [{ protocolBinding: 'JSONRPC' }] }));
    expect(parsed).to.include({ valid: false, name: null, skillCount: null });
    expect(parsed.errors).to.deep.equal([
      'NO_NAME',
      'NO_DESCRIPTION',
      'NO_VERSION',
      'NO_CAPABILITIES',
      'NO_INPUT_MODES',
      'NO_OUTPUT_MODES',
      'NO_SKILLS',
      'NO_INTERFACE',
    ]);
    expect(parseA2aAgentCard('null').errors).to.deep.equal(['NOT_AN_OBJECT']);
  });

  it('wants every skill complete and tagged, every interface bound to a protocol at an endpoint URL', () => {
    const card = JSON.parse(A2A_V1);
    const errorsOf = (change: Record<string, unknown>) => parseA2aAgentCard(JSON.stringify({ ...card, ...change })).errors;
    expect(errorsOf({ skills: [{ id: 'a', name: 'A', tags: ['x'] }] })).to.deep.equal(['BAD_SKILL']);
    expect(errorsOf({ skills: [{ id: 'a', name: 'A', description: 'd' }, 'junk'] })).to.deep.equal(['BAD_SKILL', 'NO_SKILL_TAGS']);
    expect(errorsOf({ supportedInterfaces: [{ url: 'https://a.example/a2a' }] })).to.deep.equal(['NO_BINDING']);
    expect(errorsOf({ supportedInterfaces: [{ url: 'https://a.example/llms.txt', protocolBinding: 'JSONRPC' }] })).to.deep.equal(['BAD_INTERFACE_URL']);
    expect(errorsOf({ supportedInterfaces: [{ url: '/a2a', protocolBinding: 'JSONRPC' }] })).to.deep.equal(['BAD_INTERFACE_URL']);
    expect(errorsOf({ defaultInputModes: 'text/plain', defaultOutputModes: [1] })).to.deep.equal(['NO_INPUT_MODES', 'NO_OUTPUT_MODES']);
  });

  it('returns JSON-serializable values and never throws on any JSON', () => {
    const parsed = parseA2aAgentCard(A2A_V1);
    expect(JSON.parse(JSON.stringify(parsed))).to.deep.equal(parsed);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 300 }), (value, text) => {
        const json = JSON.stringify(value);
        expect(typeof parseA2aAgentCard(json).valid).to.equal('boolean');
        expect(typeof parseMcpServerCard(json).valid).to.equal('boolean');
        expect(typeof parseMcpServerCard(text).valid).to.equal('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
