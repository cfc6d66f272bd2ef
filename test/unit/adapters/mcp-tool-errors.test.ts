import { expect } from 'chai';
import { ERROR_CODE_META_KEY, RETRY_AFTER_META_KEY, toolErrorResult } from '../../../src/adapters/mcp/tool-errors.js';
import { AppError } from '../../../src/application/errors.js';

function textOf(result: ReturnType<typeof toolErrorResult>): string {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('expected one text block');
  return first.text;
}

describe('MCP tool errors', () => {
  const unexpected: unknown[] = [];
  const record = (error: unknown) => unexpected.push(error);
  beforeEach(() => (unexpected.length = 0));

  it('tells an exhausted scan budget with the delay in the text and as an integer in _meta, and points to the read-only tools', () => {
    const readOnly = ['get_report', 'verify_domain', 'lookup_entity', 'check_trust'];
    const result = toolErrorResult(
      new AppError('RATE_LIMITED', 'The fresh-scan budget of this client is spent.', { retryAfterSeconds: 42 }),
      'req-1',
      record,
      readOnly,
    );
    expect(result.isError).to.equal(true);
    expect(result.structuredContent).to.equal(undefined);
    expect(result._meta).to.deep.equal({ [ERROR_CODE_META_KEY]: 'RATE_LIMITED', [RETRY_AFTER_META_KEY]: 42 });
    const text = textOf(result);
    expect(text).to.match(/^RATE_LIMITED: The fresh-scan budget of this client is spent\. /);
    expect(text).to.include('Retry after 42 seconds.');
    for (const tool of readOnly) expect(text).to.include(tool);
    expect(unexpected).to.deep.equal([]);
  });

  it('does not repeat a delay the message already states', () => {
    const message = 'The fresh-scan budget of this domain is spent; retry after 42 seconds. Stored reports and verify answers stay available.';
    const text = textOf(toolErrorResult(new AppError('RATE_LIMITED', message, { retryAfterSeconds: 42 }), 'req-1', record));
    expect(text.match(/retry after 42 seconds/gi)).to.have.length(1);
  });

  it('rounds a fractional delay up to whole seconds', () => {
    const result = toolErrorResult(new AppError('RATE_LIMITED', 'spent', { retryAfterSeconds: 1.2 }), 'req-1', record);
    expect(result._meta?.[RETRY_AFTER_META_KEY]).to.equal(2);
    expect(textOf(result)).to.include('Retry after 2 seconds.');
  });

  it('tells fail-closed scanning (SCAN_UNAVAILABLE) the same way', () => {
    const result = toolErrorResult(
      new AppError('SCAN_UNAVAILABLE', 'Fresh scans are unavailable for now; retry after 30 seconds.', { retryAfterSeconds: 30 }),
      'req-1',
      record,
      ['verify_domain'],
    );
    expect(result._meta).to.deep.equal({ [ERROR_CODE_META_KEY]: 'SCAN_UNAVAILABLE', [RETRY_AFTER_META_KEY]: 30 });
    expect(textOf(result)).to.match(/^SCAN_UNAVAILABLE: .*retry after 30 seconds\..*keep working/);
  });

  it('keeps the _meta keys out of the reserved mcp and modelcontextprotocol prefixes', () => {
    for (const key of [ERROR_CODE_META_KEY, RETRY_AFTER_META_KEY]) {
      const prefix = key.split('/')[0]!;
      for (const reserved of ['mcp', 'modelcontextprotocol']) expect(prefix.split('.')).to.not.include(reserved);
      expect(key).to.match(/^[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9_.-]*[a-z0-9]$/);
    }
  });

  it('tells other application errors by code and message, without a delay', () => {
    const result = toolErrorResult(new AppError('NOT_FOUND', 'example.com has never been scanned.'), 'req-1', record);
    expect(textOf(result)).to.equal('NOT_FOUND: example.com has never been scanned.');
    expect(result._meta).to.deep.equal({ [ERROR_CODE_META_KEY]: 'NOT_FOUND' });
  });

  it('turns an unknown error into INTERNAL_ERROR naming the request id, reports it, and echoes nothing of it', () => {
    const secret = new Error('connection to postgres://admin:hunter2@db failed at /srv/app/x.js:12');
    const result = toolErrorResult(secret, 'req-42', record);
    expect(textOf(result)).to.equal('INTERNAL_ERROR: Internal error; quote request id req-42 when reporting it.');
    expect(result._meta).to.deep.equal({ [ERROR_CODE_META_KEY]: 'INTERNAL_ERROR' });
    expect(unexpected).to.deep.equal([secret]);
  });
});
