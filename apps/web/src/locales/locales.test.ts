import { describe, expect, it } from 'vitest'
import { ROLES } from '@offerbook/domain/roles'
import { FOOTER_ITEMS, NAV_ITEMS, ROUTES } from '@offerbook/domain/route-access'
import { hasOwnPage } from '../app/page-modules'
import type { Tree } from './resources'
import { RESOURCES } from './all-languages'
import { flatten } from './locales.test-helpers'
import { mergeInto } from './resources'

const en = flatten(RESOURCES['en-us'])
const es = flatten(RESOURCES['es-es'])

describe('locales', () => {
  it('en-us and es-es have exactly the same keys', () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort())
  })

  it('have no empty values', () => {
    for (const [key, value] of [...en, ...es]) expect(value.trim(), key).not.toBe('')
  })

  it('hold the title of every route, the navigation and footer labels', () => {
    const keys = [...ROUTES.map((r) => r.titleKey), ...NAV_ITEMS.map((i) => i.labelKey), ...FOOTER_ITEMS.map((i) => i.labelKey)]
    for (const key of keys) {
      expect(en.has(key), key).toBe(true)
      expect(es.has(key), key).toBe(true)
    }
  })

  it('name every role in both languages', () => {
    for (const role of ROLES) {
      expect(en.get(`roles.${role}`), role).toBeTruthy()
      expect(es.get(`roles.${role}`), role).toBeTruthy()
    }
  })

  it('hold the placeholder text of every page a later issue builds, and none for a page already built', () => {
    for (const route of ROUTES) {
      if (route.redirectTo) continue
      const key = `soon.${route.name}`
      if (hasOwnPage(route.name)) expect(en.has(key), `${key} is left over`).toBe(false)
      else expect(en.has(key), `${key} is missing`).toBe(true)
    }
  })

  it('use the spec navigation labels word for word in en-us', () => {
    const labels = ['Home', 'Dashboard', 'My Listings', 'My Offers', 'Analytics', 'Offers', 'Add Listing', 'Property detail', 'Submitted offers', 'Onboarding', 'Admin', 'Reset Password', 'How It Works', 'FAQ', 'Legal', 'About Us', 'The Team']
    const navValues = [...en].filter(([key]) => key.startsWith('nav.')).map(([, value]) => value)
    expect(navValues.sort()).toEqual(labels.sort())
  })

  it('refuses a key that two locale files both define', () => {
    const tree: Tree = {}
    mergeInto(tree, { inputs: { phone: { label: 'Phone' } } }, 'en-us')
    mergeInto(tree, { inputs: { search: { label: 'Search' } } }, 'en-us')
    expect(tree).toEqual({ inputs: { phone: { label: 'Phone' } , search: { label: 'Search' } } })
    expect(() => mergeInto(tree, { inputs: { phone: { label: 'Telephone' } } }, 'en-us')).toThrow('Translation key en-us.inputs.phone.label is defined twice')
  })
})
