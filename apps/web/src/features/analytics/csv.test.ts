import { describe, expect, it } from 'vitest'
import type { AnalyticsReport } from '@offerbook/domain/analytics'
import { copyOfAllLanguages } from '../../locales/all-languages'
import { createTranslator } from '../../shared/i18n/translator'
import { tablesToCsv } from './csv'
import { reportTables } from './report-tables'

const REPORT: AnalyticsReport = {
  scope: 'buyer',
  period: { from: '2025-01-01', to: '2025-01-31' },
  agents: [],
  agentId: null,
  total: {
    selling: null,
    buying: { offersMade: 2, accepted: 1, declined: 1, acceptanceRate: 0.5, hoursToAnswer: { answered: 12, accepted: 6, declined: 18 }, offerToListRatio: 0.95, acceptedToListRatio: null, acceptedVolume: 300_000 },
  },
  byAgent: [],
  months: [{ month: '2025-01', received: 0, accepted: 0, declined: 0, made: 2 }],
  topListings: [],
  expiringSoon: { count: 1, offers: [{ offerId: 'o1', address: '12 Oak St, Nashville, TN 37201', expiresAt: '2025-01-30T10:00:00.000Z', purchasePrice: 250_000 }] },
}

/** A translator showing es-es, with both languages' texts. */
function spanish() {
  const translator = createTranslator('es-es')
  const texts = copyOfAllLanguages()
  translator.addTree('en-us', texts['en-us'])
  translator.addTree('es-es', texts['es-es'])
  return translator.t
}

describe('the analytics CSV', () => {
  it("writes each table under its caption with the headers in the reader's language, quoting where needed", () => {
    const csv = tablesToCsv(reportTables(REPORT, spanish()))
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    expect(lines.slice(0, 3)).toEqual(['Cifras clave', 'Cifra,Usted', 'Ofertas hechas,2'])
    expect(lines).toContain('Tasa de aceptación de las ofertas hechas,0.5')
    expect(lines).toContain('Precio aceptado sobre precio de lista (ofertas hechas),')
    expect(lines).toContain('Mes,Ofertas hechas')
    expect(lines).toContain('"12 Oak St, Nashville, TN 37201",2025-01-30T10:00:00.000Z,250000')
  })

  it('keeps a spreadsheet from reading a text cell as a formula', () => {
    const csv = tablesToCsv([{ id: 't', caption: 'T', columns: ['A'], rows: [[{ value: '=HYPERLINK("x")', kind: 'text' }]] }])
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`)
  })
})
