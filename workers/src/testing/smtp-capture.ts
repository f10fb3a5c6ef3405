/** An in-process SMTP server for tests: real SMTP delivery, every message kept in memory. */
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  messageId: string | null;
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

/**
 * `refuse`: recipients the server answers 550 for (to prove provider errors stay out of logs).
 * `delayMs`: how long the server takes to accept each message (a slow provider keeps sends in flight).
 */
export async function startSmtpCapture(options: { refuse?: (recipient: string) => boolean; delayMs?: number } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) return callback(new Error(`Mailbox ${address.address} unavailable`));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const accept = () => {
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null, raw });
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
