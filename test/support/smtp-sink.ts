import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

/** One message as the server received it. */
interface ReceivedMail {
  /** The envelope sender (MAIL FROM). */
  readonly from: string;
  /** The envelope recipients (RCPT TO). */
  readonly to: string[];
  /** The message as sent after DATA: headers, blank line, encoded body. */
  readonly raw: string;
  /** The user name the client logged in with, or undefined without AUTH. */
  readonly user: string | undefined;
}

export interface SmtpSinkOptions {
  /** Require AUTH (PLAIN or LOGIN) with exactly these credentials. */
  readonly auth?: { readonly user: string; readonly pass: string };
  /** Answer every recipient with 550, so that no message is accepted. */
  readonly rejectAll?: boolean;
  /** The text of that 550 reply; 'Mailbox unavailable' when not set. */
  readonly rejectMessage?: string;
}

/** A real SMTP server on 127.0.0.1 (ephemeral port, plain text, no STARTTLS) that keeps what it receives. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, without credentials. */
  readonly url: string;
  readonly port: number;
  readonly messages: ReceivedMail[];
  /** SMTP connections open right now. */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let open = 0;
  const server = new SMTPServer({
    onConnect(_session, callback) {
      open++;
      callback();
    },
    onClose() {
      open--;
    },
    authOptional: !options.auth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(_address, _session, callback) {
      if (!options.rejectAll) return callback();
      const error: SMTPServerError = Object.assign(new Error(options.rejectMessage ?? 'Mailbox unavailable'), {
        responseCode: 550,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    openConnections: () => open,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The value of header `name` in a raw message (folded lines joined), or undefined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The body of a single-part raw message, with its quoted-printable or base64 transfer encoding undone. */
export function bodyOf(raw: string): string {
  const start = raw.search(/\r?\n\r?\n/);
  const body = start < 0 ? '' : raw.slice(start).replace(/^\r?\n\r?\n/, '');
  const encoding = headerOf(raw, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A TCP server on 127.0.0.1 that accepts connections and never says a word (no SMTP greeting). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
