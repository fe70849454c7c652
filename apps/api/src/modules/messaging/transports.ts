import { createTransport } from 'nodemailer'
import type { MailConfig, SmsConfig } from '../../config'

export type OutgoingEmail = { id: string; to: string; subject: string; text: string; html: string | null }
export type OutgoingSms = { id: string; to: string; text: string }
export type Delivery = { providerMessageId: string }

export type EmailTransport = { name: 'smtp' | 'dev-mailbox'; send: (email: OutgoingEmail) => Promise<Delivery> }
export type SmsTransport = { name: 'sms-api' | 'dev-outbox' | 'sms-not-configured'; send: (sms: OutgoingSms) => Promise<Delivery> }

/** Sending again cannot help (a refused address, a provider's 4xx): the worker fails the message at once. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError'
}

export type Print = (line: string) => void

const SMTP_TIMEOUT_MS = 15_000
const SMS_TIMEOUT_MS = 15_000

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

type SmtpError = Error & { code?: string; responseCode?: number }

export function smtpTransport({ smtpUrl, from }: { smtpUrl: string; from: string }): EmailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: 2 * SMTP_TIMEOUT_MS,
  })
  const messageIdDomain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'offerbook.invalid'
  return {
    name: 'smtp',
    async send(email) {
      try {
        const info = await transporter.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          // The same Message-ID on every attempt of one outbox message: a copy sent again after a crash
          // between the server's acceptance and markSent is recognisably the same message.
          messageId: `<${email.id}@${messageIdDomain}>`,
          headers: { 'X-Offerbook-Outbox-Id': email.id },
        })
        return { providerMessageId: info.messageId }
      } catch (error) {
        const { code, responseCode, message } = error as SmtpError
        // A 5xx reply to the recipient or the message itself will not change on a retry; a 5xx to
        // authentication (a configuration mistake) or any 4xx might, so those are retried.
        if (responseCode !== undefined && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE')) {
          throw new PermanentDeliveryError(`SMTP refused the message: ${message}`, { cause: error })
        }
        throw error
      }
    },
  }
}

/** Without SMTP_URL: the message stays readable at /dev/mailbox and its text goes to the console. */
export function devMailbox(print: Print = console.log): EmailTransport {
  return {
    name: 'dev-mailbox',
    async send(email) {
      print(`[dev mailbox] to ${email.to} | ${email.subject} | ${oneLine(email.text)}`)
      return { providerMessageId: 'dev-mailbox' }
    },
  }
}

/** A Twilio-compatible Messages API: POST a form, HTTP Basic auth with the account SID and token. */
export function smsApiTransport({ accountSid, authToken, from, apiUrl }: NonNullable<SmsConfig>, timeoutMs = SMS_TIMEOUT_MS): SmsTransport {
  const url = `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
  return {
    name: 'sms-api',
    async send(sms) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: sms.to, From: from, Body: sms.text }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const body = await response.text()
      if (!response.ok) {
        const detail = `SMS API answered ${response.status}: ${providerMessage(body)}`
        if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new PermanentDeliveryError(detail)
        throw new Error(detail)
      }
      const sid = parseSid(body)
      if (!sid) throw new Error(`SMS API answered ${response.status} without a message sid`)
      return { providerMessageId: sid }
    },
  }
}

function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown }
    if (typeof parsed.message === 'string') return typeof parsed.code === 'number' || typeof parsed.code === 'string' ? `${parsed.message} (code ${parsed.code})` : parsed.message
  } catch {
    // not JSON: show the start of the body instead
  }
  return body.slice(0, 200) || '(empty body)'
}

function parseSid(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { sid?: unknown }
    return typeof parsed.sid === 'string' && parsed.sid !== '' ? parsed.sid : null
  } catch {
    return null
  }
}

/** Without an SMS provider: the message stays readable at /dev/mailbox and its text goes to the console. */
export function devOutbox(print: Print = console.log): SmsTransport {
  return {
    name: 'dev-outbox',
    async send(sms) {
      print(`[dev outbox] SMS to ${sms.to} | ${oneLine(sms.text)}`)
      return { providerMessageId: 'dev-outbox' }
    },
  }
}

export function createEmailTransport(mail: MailConfig, print?: Print): EmailTransport {
  return mail.smtpUrl ? smtpTransport({ smtpUrl: mail.smtpUrl, from: mail.from }) : devMailbox(print)
}

/** In production an SMS without a provider fails where it can be seen (the outbox row) instead of pretending. */
export function smsNotConfigured(): SmsTransport {
  return {
    name: 'sms-not-configured',
    async send() {
      throw new PermanentDeliveryError('SMS is not configured: set SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM')
    },
  }
}

export function createSmsTransport(sms: SmsConfig, options: { production?: boolean; print?: Print } = {}): SmsTransport {
  if (sms) return smsApiTransport(sms)
  return options.production ? smsNotConfigured() : devOutbox(options.print)
}
