// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { routePreloads } from '../../build/route-preloads'

/** A build's manifest, as Vite writes it: the entry with its static imports, a page, its texts. */
const MANIFEST = {
  'index.html': { file: 'assets/app-1.js', imports: ['_public-shell-1.js', '_app-frame-1.js'] },
  '_public-shell-1.js': { file: 'assets/public-shell-1.js' },
  '_app-frame-1.js': { file: 'assets/app-frame-1.js', imports: ['_public-shell-1.js'] },
  'src/app/routes/dashboard-page.tsx': { file: 'assets/dashboard-page-1.js', imports: ['_public-shell-1.js', '_Title-1.js'] },
  '_Title-1.js': { file: 'assets/Title-1.js', imports: ['_create-safe-context-1.js'] },
  '_create-safe-context-1.js': { file: 'assets/create-safe-context-1.js' },
  'src/locales/en-us/app.json': { file: 'assets/app-en.js' },
  'src/locales/es-es/app.json': { file: 'assets/app-es.js' },
  'src/locales/es-es/messages-common.json': { file: 'assets/messages-common-es.js' },
  'src/locales/en-us/dashboard.json': { file: 'assets/dashboard-en.js' },
  'src/locales/es-es/dashboard.json': { file: 'assets/dashboard-es.js' },
  '../../packages/domain/src/messages/timeline.ts': { file: 'assets/timeline-en.js', imports: ['_timeline-1.js'] },
  '_timeline-1.js': { file: 'assets/timeline-1.js' },
  'src/locales/es-es/messages-timeline.json': { file: 'assets/messages-timeline-es.js' },
}
const TEXTS = { frame: ['app'], pages: { 'dashboard-page': ['dashboard', 'messages-timeline'] } }

describe('the table of each route\'s first files (decision 093)', () => {
  const table = routePreloads(MANIFEST, TEXTS, ['en-us', 'es-es'])

  it('gives a page its chunk and static imports, without what index.html names already', () => {
    expect(table.routes.dashboard?.code[0]).toBe('/assets/dashboard-page-1.js')
    expect(new Set(table.routes.dashboard?.code)).toEqual(new Set(['/assets/dashboard-page-1.js', '/assets/Title-1.js', '/assets/create-safe-context-1.js']))
  })

  it('gives each language its own texts: en-us\'s messages are the catalogue\'s table, es-es\'s a locale file', () => {
    expect(new Set(table.routes.dashboard?.texts['en-us'])).toEqual(new Set(['/assets/dashboard-en.js', '/assets/timeline-en.js', '/assets/timeline-1.js']))
    expect(new Set(table.routes.dashboard?.texts['es-es'])).toEqual(new Set(['/assets/dashboard-es.js', '/assets/messages-timeline-es.js']))
    expect(table.frame).toEqual({ 'en-us': ['/assets/app-en.js'], 'es-es': expect.arrayContaining(['/assets/app-es.js', '/assets/messages-common-es.js']) as unknown })
  })

  it('has no row for a route whose page the build did not write', () => {
    expect(table.routes['my-properties-list']).toBeUndefined()
    expect(Object.keys(table.routes)).toEqual(['dashboard'])
  })
})
