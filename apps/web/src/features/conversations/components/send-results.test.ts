import { beforeAll, describe, expect, it } from 'vitest'
import type { Translate } from '../../../shared/i18n/translation'
import type { SendOutcome, SmsOutcome } from '../api/send-messages'
import { ApiClientError } from '../../../shared/api-client'
import { copyOfAllLanguages } from '../../../locales/all-languages'
import { i18n, initI18n } from '../../../shared/i18n/i18n'
import { sendReport } from './send-results'

let t: Translate
beforeAll(async () => {
  initI18n(undefined, copyOfAllLanguages())
  await i18n.changeLanguage('en-us')
  t = i18n.t.bind(i18n)
})

const sent = (phoneNumber: string, status: 'sent' | 'pending' = 'sent'): SmsOutcome => ({ phoneNumber, ok: true, answer: { status } })
const failed = (phoneNumber: string, status: 'failed' | 'opted-out' = 'failed'): SmsOutcome => ({ phoneNumber, ok: true, answer: { status } })
const thrown = (phoneNumber: string, error: unknown): SmsOutcome => ({ phoneNumber, ok: false, error })
const emailsOk: SendOutcome['email'] = { ok: true, answer: { queued: ['a@example.com', 'b@example.com'], optedOut: [] } }
const texts = (outcome: SendOutcome) => sendReport(outcome, t).notices.map((notice) => `${notice.tone}: ${notice.text}`)
const limit = new ApiClientError(429, { key: 'send.smsHourlyLimit', params: { limit: 20 } })

describe('sendReport', () => {
  it("says 'Emails sent!' when the email call is answered", () => {
    const report = sendReport({ email: emailsOk, sms: [] }, t)
    expect(report.notices).toEqual([{ tone: 'success', text: 'Emails sent!' }])
    expect(report.allSent).toBe(true)
  })

  it("says \"Couldn't send the email messages\" when the call fails without a message of its own", () => {
    const report = sendReport({ email: { ok: false, error: new ApiClientError(500, { key: 'client.unknown' }) }, sms: [] }, t)
    expect(report.notices).toEqual([{ tone: 'error', text: "Couldn't send the email messages" }])
    expect(report.allSent).toBe(false)
    expect(report.emailsSent).toBe(false)
  })

  it("shows the API's own words for an hourly limit and its field errors for a bad field", () => {
    const hourly = new ApiClientError(429, { key: 'send.emailHourlyLimit', params: { limit: 50 } })
    expect(texts({ email: { ok: false, error: hourly }, sms: [] })).toEqual(['error: You can send at most 50 emails an hour. Please try again later.'])

    const bad = new ApiClientError(400, { key: 'common.required' }, 'BAD_REQUEST', [{ path: 'subject', key: 'common.required' }])
    const report = sendReport({ email: { ok: false, error: bad }, sms: [] }, t)
    expect(report.fieldErrors).toEqual({ subject: { key: 'common.required' } })
    expect(report.notices).toEqual([{ tone: 'error', text: 'Required' }])
  })

  it('names the addresses skipped because they unsubscribed', () => {
    expect(texts({ email: { ok: true, answer: { queued: ['a@example.com'], optedOut: ['gone@example.com'] } }, sms: [] })).toEqual([
      'success: Emails sent!',
      'error: Not sent to gone@example.com: they unsubscribed from these messages.',
    ])
    const none = sendReport({ email: { ok: true, answer: { queued: [], optedOut: ['gone@example.com'] } }, sms: [] }, t)
    expect(none.notices[0]).toEqual({ tone: 'error', text: "Couldn't send the email messages" })
    expect(none.allSent).toBe(false)
  })

  it("one number: 'SMS sent!' (pending counts as sent) or 'SMS failed. Check the number or try later'", () => {
    expect(texts({ email: null, sms: [sent('+16155550101')] })).toEqual(['success: SMS sent!'])
    expect(texts({ email: null, sms: [sent('+16155550101', 'pending')] })).toEqual(['success: SMS sent!'])
    for (const outcome of [failed('+16155550101'), failed('+16155550101', 'opted-out'), thrown('+16155550101', new ApiClientError(0, { key: 'client.network' }))]) {
      const report = sendReport({ email: null, sms: [outcome] }, t)
      expect(report.notices).toEqual([{ tone: 'error', text: 'SMS failed. Check the number or try later' }])
      expect(report.failedPhones).toEqual(['+16155550101'])
    }
  })

  it("several numbers: 'All messages sent!' or, when all fail, 'SMS failed. Check the numbers or try later'", () => {
    expect(texts({ email: emailsOk, sms: [sent('+16155550101'), sent('+16155550102', 'pending')] })).toEqual(['success: Emails sent!', 'success: All messages sent!'])
    const report = sendReport({ email: null, sms: [failed('+16155550101'), failed('+16155550102', 'opted-out')] }, t)
    expect(report.notices).toEqual([{ tone: 'error', text: 'SMS failed. Check the numbers or try later' }])
    expect(report.failedPhones).toEqual(['+16155550101', '+16155550102'])
  })

  it('several numbers, some failing: names exactly the failed numbers, formatted', () => {
    const report = sendReport({ email: emailsOk, sms: [sent('+16155550101'), failed('+16155550102'), sent('+16155550103'), failed('+442071838750', 'opted-out')] }, t)
    expect(report.notices).toEqual([
      { tone: 'success', text: 'Emails sent!' },
      { tone: 'error', text: 'SMS failed for (615) 555-0102, +44 20 7183 8750. The other messages were sent.' },
    ])
    expect(report.failedPhones).toEqual(['+16155550102', '+442071838750'])
    expect(report.emailsSent).toBe(true)
    expect(report.allSent).toBe(false)
  })

  it('a number refused by the hourly limit shows that limit once and counts as failed', () => {
    expect(texts({ email: null, sms: [sent('+16155550101'), thrown('+16155550102', limit), thrown('+16155550103', limit)] })).toEqual([
      'error: You can send at most 20 text messages an hour. Please try again later.',
      'error: SMS failed for (615) 555-0102, (615) 555-0103. The other messages were sent.',
    ])
  })

  it('speaks Spanish with usted', async () => {
    await i18n.changeLanguage('es-es')
    try {
      const es = i18n.t.bind(i18n)
      expect(sendReport({ email: null, sms: [failed('+16155550101')] }, es).notices[0]?.text).toBe('No se pudo enviar el SMS. Compruebe el número o inténtelo más tarde')
      expect(sendReport({ email: null, sms: [sent('+16155550101'), failed('+16155550102')] }, es).notices[0]?.text).toBe('No se pudo enviar el SMS a (615) 555-0102. Los demás mensajes se enviaron.')
    } finally {
      await i18n.changeLanguage('en-us')
    }
  })
})
