// A real SMTP server in the test process (smtp-server): the edge fake of invite tests. It can
// accept (keeping each parsed message), reject with a 5xx or 4xx answer, hang after the message
// body (an ambiguous outcome), or hold the answer until the test releases it.
import { AddressInfo } from 'node:net';
import { simpleParser, ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpMode = 'accept' | 'reject' | 'defer' | 'hang' | 'hold';

export interface SmtpReceiver {
  port: number;
  messages: ParsedMail[];
  mode: SmtpMode;
  /** Resolves held messages (mode hold) with acceptance. */
  release(): void;
  /** Resolves when a message body arrived (any mode). */
  nextArrival(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const held: (() => void)[] = [];
  let arrivals: (() => void)[] = [];
  const receiver: SmtpReceiver = {
    port: 0,
    messages: [],
    mode: 'accept',
    release: () => held.splice(0).forEach((done) => done()),
    nextArrival: () => new Promise((resolve) => arrivals.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const waiting = arrivals;
        arrivals = [];
        waiting.forEach((resolve) => resolve());
        const mode = receiver.mode;
        if (mode === 'reject') return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        if (mode === 'defer') return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
        if (mode === 'hang') return; // never answers: the client times out after handing the message over
        const accept = async () => {
          receiver.messages.push(await simpleParser(Buffer.concat(chunks)));
          callback();
        };
        if (mode === 'hold') held.push(() => void accept());
        else void accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return receiver;
}

/** The invite link in a message's plain text. */
export function linkIn(message: ParsedMail): string {
  const match = /(https?:\/\/\S+\/verify\/\S+#code=\S+)/.exec(message.text ?? '');
  if (!match) throw new Error('no invite link in the message');
  return match[1];
}
