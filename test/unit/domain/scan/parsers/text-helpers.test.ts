import { expect } from 'chai';
import { capText, headingText, isHttpUrl, looksLikeHtml, parseJsonText, splitLines, stripBom } from '../../../../../src/domain/scan/parsers/text-helpers.js';

describe('text helpers', () => {
  it('strips one BOM and caps text', () => {
    expect(stripBom('\ufeff\ufeffa')).to.equal('\ufeffa');
    expect(capText('\ufeffabcdef', 3)).to.deep.equal({ text: 'abc', truncated: true });
    expect(capText('abc', 3)).to.deep.equal({ text: 'abc', truncated: false });
  });

  it('splits on LF, CRLF and CR within the line and character caps', () => {
    expect(splitLines('a\r\nb\rc\nd', 100, 100)).to.deep.equal({ lines: ['a', 'b', 'c', 'd'], truncated: false });
    expect(splitLines('a\n\nb\n', 100, 100).lines).to.deep.equal(['a', '', 'b']);
    expect(splitLines('a\nb\nc', 100, 2)).to.deep.equal({ lines: ['a', 'b'], truncated: true });
    expect(splitLines('abc\ndef', 5, 100)).to.deep.equal({ lines: ['abc', 'd'], truncated: true });
  });

  it('recognizes HTML documents but not Markdown with inline HTML', () => {
    expect(looksLikeHtml('\ufeff  <!DOCTYPE html>\n<html>')).to.equal(true);
    expect(looksLikeHtml('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml">')).to.equal(true);
    expect(looksLikeHtml('<HEAD><TITLE>404</TITLE></HEAD>')).to.equal(true);
    expect(looksLikeHtml('<div align="center"><img src="x.png"></div>\n# Project')).to.equal(false);
    expect(looksLikeHtml('User-agent: *\nDisallow: /html/')).to.equal(false);
    expect(looksLikeHtml(`${'x'.repeat(3000)}<html>`)).to.equal(false);
  });

  it('parses bounded JSON and says why it could not', () => {
    expect(parseJsonText('\ufeff{"a":1}', 100)).to.deep.equal({ ok: true, value: { a: 1 } });
    expect(parseJsonText('{"a":1}', 3)).to.deep.equal({ ok: false, error: 'TOO_LARGE' });
    expect(parseJsonText(' ', 100)).to.deep.equal({ ok: false, error: 'EMPTY' });
    expect(parseJsonText('<html><body>', 100)).to.deep.equal({ ok: false, error: 'HTML' });
    expect(parseJsonText('{a:1}', 100)).to.deep.equal({ ok: false, error: 'INVALID_JSON' });
  });

  it('checks absolute web URLs and heading text', () => {
    expect(isHttpUrl('https://example.com/a')).to.equal(true);
    expect(isHttpUrl('ftp://example.com/')).to.equal(false);
    expect(isHttpUrl('https://')).to.equal(false);
    expect(headingText('  Title   with  space ##  ')).to.equal('Title with space');
    expect(headingText('C#')).to.equal('C#');
  });
});
