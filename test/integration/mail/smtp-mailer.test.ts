import { expect } from 'chai';
import { SmtpMailer } from '../../../src/adapters/mail/smtp-mailer.js';
import { AppError } from '../../../src/application/errors.js';
import { bodyOf, closedPort, headerOf, startSilentServer, startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';

const FROM = 'Vetted <no-reply@vetted.example>';
const USER = 'mailer';
const PASSWORD = 's3cr3t-P@ss';
const URL_PASSWORD = encodeURIComponent(PASSWORD);
const CONFIRM_URL = `https://vetted.example/confirm/${'k'.repeat(120)}?next=%2Fregistry&x=1`;

async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the send to reject');
}

function withCredentials(sinkUrl: string, pass = URL_PASSWORD): string {
  return sinkUrl.replace('smtp://', `smtp://${USER}:${pass}@`);
}

describe('SmtpMailer against a real SMTP server', function () {
  this.timeout(10_000);
  let sink: SmtpSink | undefined;
  let mailer: SmtpMailer | undefined;

  afterEach(async () => {
    mailer?.close();
    await sink?.close();
    mailer = undefined;
    sink = undefined;
  });

  it('delivers a plain-text mail with From, To, Subject and the whole text, long lines intact', async () => {
    sink = await startSmtpSink();
    mailer = new SmtpMailer({ url: sink.url, from: FROM });
    const text = ['Then open this link:', '', `  ${CONFIRM_URL}`, '', 'Ünïcode survives too.'].join('\n');

    await mailer.send({ to: 'owner@example.org', subject: 'Confirm example.org', text });

    expect(sink.messages).to.have.length(1);
    const [mail] = sink.messages;
    expect(mail!.from).to.equal('no-reply@vetted.example');
    expect(mail!.to).to.deep.equal(['owner@example.org']);
    expect(mail!.user).to.equal(undefined);
    expect(headerOf(mail!.raw, 'From')).to.equal(FROM);
    expect(headerOf(mail!.raw, 'To')).to.equal('owner@example.org');
    expect(headerOf(mail!.raw, 'Subject')).to.equal('Confirm example.org');
    expect(headerOf(mail!.raw, 'Content-Type')).to.match(/^text\/plain\b/);
    expect(bodyOf(mail!.raw).replace(/\r\n/g, '\n').replace(/\n$/, '')).to.equal(text);
  });

  it('sends several mails through the same transport', async () => {
    sink = await startSmtpSink();
    mailer = new SmtpMailer({ url: sink.url, from: FROM });

    await mailer.send({ to: 'a@example.org', subject: 'one', text: 'first' });
    await mailer.send({ to: 'b@example.org', subject: 'two', text: 'second' });

    expect(sink.messages.map((m) => [m.to[0], headerOf(m.raw, 'Subject')])).to.deep.equal([
      ['a@example.org', 'one'],
      ['b@example.org', 'two'],
    ]);
  });

  it('keeps a line break in the subject from adding a header or a recipient', async () => {
    sink = await startSmtpSink();
    mailer = new SmtpMailer({ url: sink.url, from: FROM });

    await mailer.send({ to: 'owner@example.org', subject: 'Hello\r\nBcc: intruder@evil.example', text: 'hi' });

    const [mail] = sink.messages;
    expect(mail!.to).to.deep.equal(['owner@example.org']);
    expect(headerOf(mail!.raw, 'Bcc')).to.equal(undefined);
    expect(mail!.raw).to.not.match(/^Bcc:/im);
  });

  it('logs in with the user and password of the URL when the server requires AUTH', async () => {
    sink = await startSmtpSink({ auth: { user: USER, pass: PASSWORD } });
    mailer = new SmtpMailer({ url: withCredentials(sink.url), from: FROM });

    await mailer.send({ to: 'owner@example.org', subject: 'Authenticated', text: 'hello' });

    expect(sink.messages.map((m) => m.user)).to.deep.equal([USER]);
  });

  it('rejects with INTERNAL_ERROR, without the password, when the login fails', async () => {
    sink = await startSmtpSink({ auth: { user: USER, pass: 'another password' } });
    mailer = new SmtpMailer({ url: withCredentials(sink.url), from: FROM });

    const error = await rejectionOf(mailer.send({ to: 'owner@example.org', subject: 'x', text: 'y' }));

    expect(error.code).to.equal('INTERNAL_ERROR');
    expect(error.message).to.match(/^the mail could not be sent: .*535/);
    expect(error.message).to.not.include(PASSWORD).and.not.include(URL_PASSWORD);
    expect(error.cause).to.be.instanceOf(Error);
    expect(sink.messages).to.have.length(0);
  });

  it('rejects with INTERNAL_ERROR, without the password, when the server answers 550', async () => {
    // A server that echoes the password in its reply: the reason must still not carry it.
    sink = await startSmtpSink({
      auth: { user: USER, pass: PASSWORD },
      rejectAll: true,
      rejectMessage: `No mailbox (${PASSWORD})`,
    });
    mailer = new SmtpMailer({ url: withCredentials(sink.url), from: FROM });

    const error = await rejectionOf(mailer.send({ to: 'nobody@example.org', subject: 'x', text: 'y' }));

    expect(error.code).to.equal('INTERNAL_ERROR');
    expect(error.message).to.match(/^the mail could not be sent: .*550.*No mailbox \(\*\*\*\)/);
    expect(error.message).to.not.include(PASSWORD).and.not.include(URL_PASSWORD);
    expect(error.details).to.deep.equal({});
    expect(error.cause).to.be.instanceOf(Error);
    expect(sink.messages).to.have.length(0);
  });

  it('rejects at once when nothing listens on the port', async () => {
    const port = await closedPort();
    mailer = new SmtpMailer({ url: `smtp://${USER}:${URL_PASSWORD}@127.0.0.1:${port}`, from: FROM, timeoutMs: 3000 });
    const started = Date.now();

    const error = await rejectionOf(mailer.send({ to: 'owner@example.org', subject: 'x', text: 'y' }));

    expect(Date.now() - started).to.be.below(3000);
    expect(error.code).to.equal('INTERNAL_ERROR');
    expect(error.message).to.include('ECONNREFUSED');
    expect(error.message).to.not.include(PASSWORD).and.not.include(URL_PASSWORD);
  });

  it('gives up after timeoutMs when the server never greets', async () => {
    const silent = await startSilentServer();
    try {
      mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${silent.port}`, from: FROM, timeoutMs: 300 });
      const started = Date.now();

      const error = await rejectionOf(mailer.send({ to: 'owner@example.org', subject: 'x', text: 'y' }));

      const elapsed = Date.now() - started;
      expect(elapsed).to.be.at.least(250).and.below(3000);
      expect(error.code).to.equal('INTERNAL_ERROR');
      // The greeting and the socket timers are both set to timeoutMs: either may fire first.
      expect(error.message).to.match(/^the mail could not be sent: .*(greeting|timeout)/i);
    } finally {
      mailer?.close();
      mailer = undefined;
      await silent.close();
    }
  });
});
