// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '@offerbook/domain/route-access'
import { computePageTexts, messageAreas, textAreas } from '../../build/page-texts'
import { hasArea } from '../locales/areas'
import { PAGE_FILES, PLACEHOLDER_PAGE } from './page-files'

describe('page-texts.json: the texts each page loads before its first render (decision 074)', () => {
  it('says what the source names: rewrite it with `npx vitest run --project web src/app/page-texts.test.ts -u`', async () => {
    await expect(JSON.stringify(computePageTexts(), null, 2) + '\n').toMatchFileSnapshot('./page-texts.json')
  })

  it('names only areas there are, and gives every route its title', () => {
    const texts = JSON.parse(readFileSync(new URL('./page-texts.json', import.meta.url), 'utf8')) as { frame: string[]; pages: Record<string, string[]> }
    const areas = new Set([...textAreas(), ...messageAreas().keys()])
    for (const area of [...texts.frame, ...Object.values(texts.pages).flat()]) expect(areas.has(area), area).toBe(true)
    const english = (area: string) => area.startsWith('messages-') ? '' : JSON.stringify(JSON.parse(readFileSync(new URL(`../locales/en-us/${area}.json`, import.meta.url), 'utf8')))
    for (const route of ROUTES) {
      const page = PAGE_FILES[route.name] ?? PLACEHOLDER_PAGE
      const loaded = [...texts.frame, ...(texts.pages[page] ?? [])]
      const last = route.titleKey.split('.').at(-1) ?? ''
      expect(loaded.some((area) => english(area).includes(`"${last}"`)), `${route.name}: ${route.titleKey}`).toBe(true)
    }
  })

  it('finds every area it names in both languages, the catalogue messages of en-us too', () => {
    const texts = JSON.parse(readFileSync(new URL('./page-texts.json', import.meta.url), 'utf8')) as { frame: string[]; pages: Record<string, string[]>; later: Record<string, string[]> }
    const named = new Set([...texts.frame, ...Object.values(texts.pages).flat(), ...Object.values(texts.later).flat()])
    expect([...named].filter((area) => area.startsWith('messages-')).length).toBeGreaterThan(0)
    for (const area of named) {
      expect(hasArea('en-us', area), `en-us ${area}`).toBe(true)
      expect(hasArea('es-es', area), `es-es ${area}`).toBe(true)
    }
  })
})
