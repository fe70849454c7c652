import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MessageKey } from '@offerbook/domain/messages'
import { CATALOGUE, MESSAGE_AREAS, templateParams } from '@offerbook/domain/messages'
import { initI18n } from '../shared/i18n/i18n'
import { translate } from '../shared/i18n/messages'
import type { Tree } from './resources'
import { RESOURCES, copyOfAllLanguages } from './all-languages'
import { MESSAGE_NAMESPACE } from './resources'

const root = join(process.cwd(), process.cwd().endsWith('/apps/web') ? '../..' : '.')
const keys = Object.keys(CATALOGUE) as MessageKey[]

function messagesOf(language: 'en-us' | 'es-es'): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (tree: Tree, prefix: string) => {
    for (const [name, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${name}` : name
      if (typeof value === 'string') out.set(path, value)
      else walk(value, path)
    }
  }
  const tree = RESOURCES[language][MESSAGE_NAMESPACE]
  if (tree && typeof tree !== 'string') walk(tree, '')
  return out
}

/** Every source file that may name a key, outside the catalogue itself and the tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist' || name === 'messages') return []
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('messages.ts') ? [path] : []
  })
}

/** `{{name}}` placeholders, including those inside a nested `$t(...)`. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

describe('the message catalogue', () => {
  it('gives every key an es-es translation, and es-es no message the catalogue lacks', () => {
    const es = messagesOf('es-es')
    expect(keys.filter((key) => !es.has(key)), 'keys with no es-es text').toEqual([])
    expect([...es.keys()].filter((key) => !Object.hasOwn(CATALOGUE, key)), 'es-es texts of no key').toEqual([])
  })

  it('uses in en-us the catalogue text word for word', () => {
    const en = messagesOf('en-us')
    for (const key of keys) expect(en.get(key), key).toBe(CATALOGUE[key].replace(/\{(\w+)\}/g, '{{$1}}'))
  })

  it('takes in es-es the same parameters as in English', () => {
    const es = messagesOf('es-es')
    for (const key of keys) expect(placeholders(es.get(key) ?? ''), key).toEqual(templateParams(CATALOGUE[key]).sort())
  })

  it('nests in es-es only labels that exist, such as a status', () => {
    const es = RESOURCES['es-es']
    for (const [key, text] of messagesOf('es-es')) {
      for (const [, path] of text.matchAll(/\$t\(([\w.]+)\.\{\{\w+\}\}\)/g)) {
        const labels = (path ?? '').split('.').reduce<Tree | string | undefined>((node, part) => (node && typeof node !== 'string' ? node[part] : undefined), es)
        expect(typeof labels === 'object' && Object.keys(labels).length > 0, `${key} nests ${path}`).toBe(true)
      }
    }
  })

  it('has each key in one area only, named with its area', () => {
    const all = Object.values(MESSAGE_AREAS).flatMap((area) => Object.keys(area))
    expect(all.length).toBe(new Set(all).size)
    for (const key of keys) expect(key, key).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/)
  })

  it('has no message that no code sends or shows', () => {
    const files = ['packages/domain/src', 'apps/api/src', 'apps/web/src'].flatMap((dir) => sourceFiles(join(root, dir)))
    const text = files.map((path) => readFileSync(path, 'utf8')).join('\n')
    const unused = keys.filter((key) => !text.includes(`'${key}'`) && !text.includes(`"${key}"`) && !text.includes(`\`${key}\``))
    expect(unused, `unused keys (searched ${files.length} files under ${relative(process.cwd(), root) || '.'})`).toEqual([])
  })

  it('translates a message with its parameters in both languages', async () => {
    const i18n = initI18n('en-us', copyOfAllLanguages())
    expect(translate({ key: 'common.tooLong', params: { maximum: 256 } })).toBe('Must have at most 256 characters')
    await i18n.changeLanguage('es-es')
    expect(translate({ key: 'common.tooLong', params: { maximum: 256 } })).toBe('Debe tener como máximo 256 caracteres')
    await i18n.changeLanguage('en-us')
  })
})
