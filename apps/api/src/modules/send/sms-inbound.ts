import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Language } from '@offerbook/domain/user'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/user'
import { E164_PATTERN } from '@offerbook/domain/phone'
import type { Db } from '../../db/client'
import { escapeHtml } from '../messaging/emails/layout'
import { addOptOut, languageByPhone, removeOptOut } from './send.queries'

/**
 * Texts people send back to our number (Twilio's inbound webhook): STOP and its synonyms opt the
 * number out of users' texts (TCPA revocation: one confirmation), START opts back in, HELP says who
 * we are (10DLC). The reply is TwiML; these texts are SMS content, in the number's user language.
 */

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPT OUT', 'OPTOUT'])
const START_WORDS = new Set(['START', 'UNSTOP', 'YES'])
const HELP_WORDS = new Set(['HELP', 'INFO'])

export type Keyword = 'stop' | 'start' | 'help' | null

export function keywordOf(body: string): Keyword {
  const word = body.trim().replace(/\s+/g, ' ').toUpperCase()
  if (STOP_WORDS.has(word)) return 'stop'
  if (START_WORDS.has(word)) return 'start'
  if (HELP_WORDS.has(word)) return 'help'
  return null
}

export const SMS_REPLIES = {
  'en-us': {
    stop: 'Offerbook: You are unsubscribed and will receive no more texts from Offerbook users. Reply START to resubscribe.',
    start: 'Offerbook: You are resubscribed to texts from Offerbook users. Reply STOP to opt out, HELP for help.',
    help: 'Offerbook: texts about homes from Offerbook users (real estate offers). Reply STOP to opt out, START to opt back in. Msg&data rates may apply. Help: support@offerbook.example',
  },
  'es-es': {
    stop: 'Offerbook: Se ha dado de baja y no recibirá más mensajes de usuarios de Offerbook. Responda START para volver a suscribirse.',
    start: 'Offerbook: Se ha vuelto a suscribir a los mensajes de usuarios de Offerbook. Responda STOP para darse de baja, HELP para obtener ayuda.',
    help: 'Offerbook: mensajes sobre viviendas de usuarios de Offerbook (ofertas inmobiliarias). Responda STOP para darse de baja, START para volver a suscribirse. Msg&data rates may apply: pueden aplicarse tarifas de mensajes y datos. Ayuda: support@offerbook.example',
  },
} as const satisfies Record<Language, Record<Exclude<Keyword, null>, string>>

/** `<Response><Message>…</Message></Response>`, or an empty `<Response/>` for no reply. */
export function twiml(reply: string | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>'
  return reply === null ? `${head}<Response/>` : `${head}<Response><Message>${escapeHtml(reply)}</Message></Response>`
}

/**
 * X-Twilio-Signature: base64(HMAC-SHA1(auth token, the full URL + each POST parameter's name and
 * value, sorted by name)).
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url)
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

export function validSignature(authToken: string, url: string, params: Readonly<Record<string, string>>, given: string | undefined): boolean {
  if (!given) return false
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Acts on one inbound text and answers the TwiML to reply with. */
export async function receiveSms(db: Db, params: Readonly<Record<string, string>>): Promise<string> {
  const from = (params.From ?? '').trim()
  const keyword = keywordOf(params.Body ?? '')
  if (keyword === null || !E164_PATTERN.test(from)) return twiml(null)
  const locale = (await languageByPhone(db, from)) ?? DEFAULT_LANGUAGE
  if (keyword === 'stop') {
    // One confirmation: a number already opted out is not written to again.
    const added = await addOptOut(db, 'sms', from, 'stop')
    return twiml(added ? SMS_REPLIES[locale].stop : null)
  }
  if (keyword === 'start') {
    await removeOptOut(db, 'sms', from)
    return twiml(SMS_REPLIES[locale].start)
  }
  return twiml(SMS_REPLIES[locale].help)
}
