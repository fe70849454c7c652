// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { PUBLIC_PAGES } from './public-pages'

/**
 * public-styles.css is all of Mantine a public page's first paint gets (the rest comes after it): every
 * Mantine component the public shell and its pages import must have its styles there, in the order
 * of Mantine's own styles.css, or the page is drawn unstyled, then shifts when the rest arrives.
 */

const HERE = dirname(fileURLToPath(import.meta.url))
const STYLES = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'))

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate
  return null
}

/** The source files a module imports statically, and the Mantine components they name (type imports left out). */
function walk(entries: string[]): { files: Set<string>; components: Set<string> } {
  const files = new Set<string>()
  const components = new Set<string>()
  const stack = [...entries]
  while (stack.length > 0) {
    const file = stack.pop() as string
    if (files.has(file)) continue
    files.add(file)
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/^import (?!type )([^'"]*?) from '([^']+)'/gm)) {
      const [, names = '', specifier = ''] = match
      if (specifier === '@mantine/core') for (const name of names.replace(/[{}]/g, '').split(',')) if (name.trim() && !name.trim().startsWith('type ')) components.add(name.trim())
      if (specifier.startsWith('.')) {
        const next = resolveImport(file, specifier)
        if (next) stack.push(next)
      }
    }
  }
  return { files, components }
}

describe("the public shell's first styles", () => {
  const imported = [...readFileSync(join(HERE, 'public-styles.css'), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.layer\.css'/g)].map((match) => match[1] ?? '')

  it('hold every Mantine component the shell and its pages import', () => {
    expect(Object.keys(PUBLIC_PAGES).length).toBeGreaterThan(5)
    const routes = readFileSync(join(HERE, 'public-pages.ts'), 'utf8')
    const pages = [...routes.matchAll(/import\('(\.\.\/routes\/[\w-]+)'\)/g)].map((match) => resolveImport(join(HERE, 'public-pages.ts'), match[1] ?? '') ?? '')
    const { files, components } = walk([join(HERE, 'main.tsx'), ...pages])
    expect(files.size).toBeGreaterThan(40)
    const missing = [...components].filter((name) => existsSync(join(STYLES, 'styles', `${name}.layer.css`)) && !imported.includes(name))
    expect(missing).toEqual([])
  })

  it("keep the order of Mantine's own styles.css", () => {
    const full = readFileSync(join(STYLES, 'styles.css'), 'utf8')
    const components = imported.filter((name) => !['baseline', 'default-css-variables', 'global'].includes(name))
    const positions = components.map((name) => {
      const first = /\.(m_[0-9a-f]+)\s*\{/.exec(readFileSync(join(STYLES, 'styles', `${name}.css`), 'utf8'))?.[0] ?? ''
      return full.indexOf(first)
    })
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })
})
