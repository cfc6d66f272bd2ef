import { expect } from 'chai';
import { logEntryBytes, parseLogEntry, type LogEvent } from '../../../../src/domain/log/log-event.js';

describe('log events', () => {
  const event: LogEvent = {
    type: 'domain.blocked',
    domain: 'évil.example',
    at: '2026-11-28T10:00:00.000Z',
    data: { reason: 'phishing', domain: 'évil.example', blocked_at: '2026-11-28T10:00:00.000Z', n: 1e21 },
  };

  it('serializes as RFC 8785: members sorted by code unit, no space, numbers as ECMAScript prints them, UTF-8', () => {
    const text = new TextDecoder().decode(logEntryBytes(event));
    expect(text).to.equal(
      '{"at":"2026-11-28T10:00:00.000Z","data":{"blocked_at":"2026-11-28T10:00:00.000Z","domain":"évil.example","n":1e+21,"reason":"phishing"},"domain":"évil.example","type":"domain.blocked"}',
    );
    expect(logEntryBytes({ ...event, data: { reason: 'phishing', n: 1e21, blocked_at: event.at, domain: 'évil.example' } })).to.deep.equal(
      logEntryBytes(event),
    );
  });

  it('reads an entry back, and refuses what is not an event', () => {
    expect(parseLogEntry(logEntryBytes(event))).to.deep.equal(event);
    for (const text of [
      '',
      'null',
      '[]',
      '{"type":"other","domain":"a","at":"b","data":{}}',
      '{"type":"domain.blocked","domain":1,"at":"b","data":{}}',
      '{"type":"domain.blocked","domain":"a","at":"b"}',
    ]) {
      expect(parseLogEntry(new TextEncoder().encode(text)), text).to.equal(undefined);
    }
    expect(parseLogEntry(new Uint8Array([0xff, 0xfe]))).to.equal(undefined);
  });
});
