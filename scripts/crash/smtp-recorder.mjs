// The crash test's mail server: an SMTP server on 127.0.0.1 that accepts every message and records it
// before it answers 250, so a message the server's worker saw accepted is always in `received`.
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * @typedef {{ at: number, messageId: string | null, outboxId: string | null, to: string[], subject: string }} ReceivedMail
 * @param {number} port
 */
export async function startSmtpRecorder(port) {
  /** @type {ReceivedMail[]} */
  const received = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true }).then(
        (mail) => {
          const outboxId = mail.headers.get('x-offerbook-outbox-id')
          received.push({
            at: Date.now(),
            messageId: mail.messageId ?? null,
            outboxId: typeof outboxId === 'string' ? outboxId : null,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: mail.subject ?? '',
          })
          callback()
        },
        (error) => callback(error),
      )
    },
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(undefined))
  })
  // A client killed mid-session leaves a socket that errors; that is expected here, not a failure.
  server.on('error', () => {})
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  }
}
