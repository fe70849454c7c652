import { describe, expect, it } from 'vitest'
import type { ClauseFormData } from './clauses/clause-types'
import type { TimelineEvents, TimelineItem } from './contract-timeline'
import { contractTimeline } from './contract-timeline'
import type { OfferTermsInput } from './offer-terms'
import { OfferTermsSchema } from './offer-terms'
import { CENTRAL_TIME, EASTERN_TIME, instantOfWallText } from './property-time'
import { GOLDEN_TIMELINES } from './fixtures/contract-timelines.golden'

/**
 * The golden timelines (fixtures/contract-timelines.golden.ts): each row's terms and binding, and
 * every item expected, counted by hand. The table's notation is explained at the top of the file.
 */

type Row = { id: string; zone: string; binding: string; terms: string; expected: string }

function rows(): Row[] {
  return GOLDEN_TIMELINES
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const [id = '', zone = '', binding = '', terms = '', expected = ''] = line.split('|').slice(1, -1).map((cell) => cell.trim())
      return { id, zone: zone === 'E' ? EASTERN_TIME : CENTRAL_TIME, binding, terms, expected }
    })
}

const EVENT_NAMES: Record<string, keyof TimelineEvents> = { condoDescription: 'condoDescriptionReceived', condoDocuments: 'condoDocumentsReceived', hoa: 'hoaDocumentsReceived', leases: 'leasesReceived' }

function parseTerms(tokens: string): { terms: OfferTermsInput; events: TimelineEvents } {
  const terms: OfferTermsInput & { earnestMoney: object; financing: object } = { earnestMoney: {}, financing: {} }
  const choices: Record<string, boolean | string> = {}
  const events: TimelineEvents = {}
  for (const token of tokens.split(/\s+/).filter(Boolean)) {
    const [name = '', value = ''] = token.split('=')
    const [first = '', second = ''] = value.split('/')
    if (name === 'em') terms.earnestMoney = { dueDays: Number(value) }
    else if (['cash', 'fha', 'va', 'usda', 'other'].includes(name)) terms.financing = { type: name as 'cash' }
    else if (name === 'loan') terms.financing = { type: 'conventional' }
    else if (name === 'appr') terms.appraisalContingency = true
    else if (name === 'insp') terms.inspectionPeriodDays = Number(value)
    else if (name === 'res') terms.resolutionPeriodDays = Number(value)
    else if (name === 'close') terms.closingDate = value
    else if (name === 'poss') {
      const [time = '', date = ''] = value.split(':')
      terms.possession = { time: time === 'after' ? 'after-closing' : 'before-closing', date }
    } else if (name === 'low') events.lowAppraisalNotice = value
    else if (name === 'req') events.repairRequest = value
    else if (name.startsWith('recv:')) events[EVENT_NAMES[name.slice(5)] ?? 'leasesReceived'] = value
    else if (name === 'S') Object.assign(choices, { SCheckbox: true, Stext1: '4B', Stext2: 'A', Stext3: 'Instrument 20190101-0001' })
    else if (name === 'W') choices.WCheckbox = true
    else if (['T', 'U', 'V'].includes(name)) Object.assign(choices, { [`${name}Checkbox`]: true, [`${name}text1`]: first, [`${name}text2`]: second })
    else if (name === 'Y') Object.assign(choices, { YCheckbox: true, Ytext1: '1000', Ytext2: value, Ytext3: '6000' })
    else throw new Error(`unknown term token ${token}`)
  }
  if (Object.keys(choices).length > 0) terms.stipulationChoices = choices as ClauseFormData
  return { terms, events }
}

/** An item as the table writes it. */
function written(item: TimelineItem): string {
  if (item.date === null) return `${item.kind}=wait`
  const flag = item.nonBusinessDay === null ? '' : `!${item.nonBusinessDay === 'saturday' ? 'sat' : item.nonBusinessDay === 'sunday' ? 'sun' : item.nonBusinessDay}`
  return `${item.kind}=${item.date}${item.estimated ? '~' : ''}${flag}${item.lastBusinessDay ? `>${item.lastBusinessDay}` : ''}`
}

function bindingInstant(row: Row): Date {
  if (row.binding.endsWith('Z')) return new Date(row.binding.replace('Z', ':00Z'))
  const [date = '', time = ''] = row.binding.split(' ')
  const instant = instantOfWallText(date, time, row.zone)
  if (!instant) throw new Error(`row ${row.id}: ${row.binding} is no wall time`)
  return instant
}

const golden = rows()

describe('the golden contract timelines', () => {
  it('has at least 40 timelines', () => {
    expect(golden.length).toBeGreaterThanOrEqual(40)
  })

  it.each(golden.map((row) => [row.id, row] as const))('timeline %s', (_, row) => {
    const { terms, events } = parseTerms(row.terms)
    const timeline = contractTimeline(OfferTermsSchema.parse(terms), bindingInstant(row), { zone: row.zone, events })
    const expected = row.expected.split(/\s+/).filter((token) => token !== '' && token !== '(none)')
    const items = expected.filter((token) => !token.startsWith('bad=') && !token.startsWith('due:'))
    expect(timeline.items.map(written).sort()).toEqual(items.sort())
    for (const token of expected) {
      const [name = '', value = ''] = token.split('=')
      if (name === 'bad') expect(timeline.bindingAgreementDate).toBe(value)
      if (name.startsWith('due:')) expect(timeline.items.find((item) => item.kind === name.slice(4))?.due, token).toBe(value)
    }
  })
})
