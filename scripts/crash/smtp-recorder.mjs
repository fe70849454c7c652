// The crash test's mail server: an SMTP server on 127.0.0.1 that accepts every message and records it
// before it answers 250, so a message the server's worker saw accepted is always in `received`.
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * @typedef {{ at: number, messageId: string | null, outboxId: string | null, to: string[], subject: string, from: string }} ReceivedMail
 * @param {number} port
 * @param {string} [host] the address it listens on (the two-host drill: its bridge)
 * @param {{ replyDelayMs?: number }} [options] replyDelayMs: how long it waits, once a message is recorded, before its 250
 */
export async function startSmtpRecorder(port, host = '127.0.0.1', { replyDelayMs = 0 } = {}) {
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
            // The sending client's address (the two-host drill: which host sent it).
            from: session.remoteAddress,
          })
          if (replyDelayMs > 0) setTimeout(() => callback(), replyDelayMs)
          else callback()
        },
        (error) => callback(error),
      )
    },
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(undefined))
  })
  // A client killed mid-session leaves a socket that errors; that is expected here, not a failure.
  server.on('error', () => {})
  return {
    url: `smtp://${host}:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  }
}
