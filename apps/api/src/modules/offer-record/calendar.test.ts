import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contractTimeline } from '@offerbook/domain/contract-timeline'
import { OfferTermsSchema } from '@offerbook/domain/offer-terms'
import { CENTRAL_TIME } from '@offerbook/domain/property-time'
import { TIMELINE_ES } from './calendar-words'
import { offerCalendarEvents, toIcs } from './calendar.service'

const TERMS = OfferTermsSchema.parse({
  earnestMoney: { amount: 5000, holder: 'title-company', dueDays: 3 },
  financing: { type: 'conventional' },
  appraisalContingency: true,
  inspectionPeriodDays: 10,
  resolutionPeriodDays: 5,
  closingDate: '2026-03-13',
})
const ROW = { id: '00000000-0000-4000-8000-000000000001', status: 'accepted', terms: TERMS, bindingAgreementAt: new Date('2026-01-12T22:45:00Z'), address: '1 Elm St, Nashville, TN 37201', county: 'Davidson', listingId: 'l1' }

/** The lines of each VEVENT, unfolded (RFC 5545, 3.1), keyed by the uid's part after the offer id. */
function eventBlocks(ics: string): Map<string, string[]> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n')
  const blocks = new Map<string, string[]>()
  let current: string[] | null = null
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = []
    else if (line === 'END:VEVENT' && current) {
      const uid = current.find((entry) => entry.startsWith('UID:'))!.slice(`UID:${ROW.id}-`.length).replace(/@offerbook$/, '')
      blocks.set(uid, current)
      current = null
    } else current?.push(line)
  }
  return blocks
}

const alarmOf = (block: readonly string[]) => block.slice(block.indexOf('BEGIN:VALARM') + 1, block.indexOf('END:VALARM'))

describe('the contract timeline in the calendar', () => {
  it('writes every dated item as an all-day entry with a display alarm 48 hours before its deadline ends', () => {
    const ics = toIcs(offerCalendarEvents(ROW, 'en-us', 'https://offerbook.test', 'buyer'), 'en-us')
    const blocks = eventBlocks(ics)
    const dated = contractTimeline(TERMS, ROW.bindingAgreementAt, { zone: CENTRAL_TIME }).items.filter((item) => item.date !== null)
    expect(dated.length).toBeGreaterThanOrEqual(8)
    // The Binding Agreement Date, then one entry per dated item; the appraisal window waits for its notice.
    expect([...blocks.keys()].sort()).toEqual(['binding', 'earnest-money', 'loan-application', 'lender-intent', 'appraisal-ordered', 'inspection', 'resolution-period', 'title', 'closing', 'possession'].sort())
    expect(blocks.size).toBe(dated.length + 1)
    for (const [uid, block] of blocks) {
      if (uid === 'binding') {
        expect(block).not.toContain('BEGIN:VALARM')
        continue
      }
      expect(alarmOf(block)).toEqual(expect.arrayContaining(['ACTION:DISPLAY', expect.stringMatching(/^TRIGGER;VALUE=DATE-TIME:\d{8}T\d{6}Z$/), expect.stringMatching(/^DESCRIPTION:In 2 days: .+: 1 Elm St\\, Nashville\\, TN 37201$/)]))
    }
    const triggerOf = (uid: string) => {
      const line = alarmOf(blocks.get(uid)!).find((entry) => entry.startsWith('TRIGGER'))!
      const [, y, mo, d, h, mi, se] = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(line)!
      return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)))
    }
    // Each alarm rings exactly 48 hours before its item's deadline, 11:59 PM of the last day in the property's zone.
    for (const [uid, block] of blocks) {
      if (uid === 'binding') continue
      const start = block.find((line) => line.startsWith('DTSTART;VALUE=DATE:'))!.slice(-8)
      const deadlines = dated.filter((item) => item.date!.replaceAll('-', '') === start).map((item) => Date.parse(item.due!))
      expect(deadlines, uid).toContain(triggerOf(uid).getTime() + 48 * 3_600_000)
    }
    // Earnest money is due by January 15 (the agreement bound on the 12th, 3 days): its deadline is 11:59 PM
    // Central that day, 05:59 UTC on the 16th; the alarm rings at 11:59 PM Central on the 13th.
    expect(alarmOf(blocks.get('earnest-money')!)).toContain('TRIGGER;VALUE=DATE-TIME:20260114T055900Z')
    expect(triggerOf('earnest-money').toLocaleString('en-US', { timeZone: CENTRAL_TIME, dateStyle: 'long', timeStyle: 'short' })).toBe('January 13, 2026 at 11:59 PM')
    const closing = dated.find((item) => item.kind === 'closing')!
    expect(Date.parse(closing.due!) - triggerOf('closing').getTime()).toBe(48 * 3_600_000)
    const earnest = blocks.get('earnest-money')!
    expect(earnest).toContain('DTSTART;VALUE=DATE:20260115')
    expect(earnest).toContain('SUMMARY:Earnest money due: 1 Elm St\\, Nashville\\, TN 37201')
    expect(earnest.find((line) => line.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:Owner: Buyer.\\nIf nothing is done: If the earnest money is not delivered by then\\, the buyer is in default and the seller may end the agreement.',
    )
    expect(alarmOf(blocks.get('closing')!)).toContain('DESCRIPTION:In 2 days: Closing (on or before): 1 Elm St\\, Nashville\\, TN 37201')
  })

  it('writes the items in Spanish for a reader in es-es, as the browser shows them', () => {
    const blocks = eventBlocks(toIcs(offerCalendarEvents(ROW, 'es-es', 'https://offerbook.test', 'seller'), 'es-es'))
    expect(blocks.get('earnest-money')).toContain('SUMMARY:Vence el depósito de garantía: 1 Elm St\\, Nashville\\, TN 37201')
    expect(blocks.get('resolution-period')!.find((line) => line.startsWith('DESCRIPTION:'))).toMatch(/^DESCRIPTION:Responsable: Ambas partes\.\\nSi no se hace nada: Sin un acuerdo/)
    expect(alarmOf(blocks.get('closing')!)).toContain('DESCRIPTION:Dentro de 2 días: Cierre (en o antes de): 1 Elm St\\, Nashville\\, TN 37201')
  })

  it("says in Spanish what the browser's es-es texts say", () => {
    const web = JSON.parse(readFileSync(new URL('../../../../web/src/locales/es-es/messages-timeline.json', import.meta.url), 'utf8')) as { messages: { timeline: Record<string, string> } }
    const fromWeb = Object.fromEntries(Object.entries(web.messages.timeline).map(([key, text]) => [`timeline.${key}`, text.replace(/\{\{(\w+)\}\}/g, '{$1}')]))
    expect(TIMELINE_ES).toEqual(fromWeb)
  })
})
