import { describe, expect, it } from 'vitest'
import { overlappingPairs } from './field-geometry'

const field = (id: string, page: number, x: number, y: number, width = 0.2, height = 0.05) => ({ id, page, x, y, width, height })

describe('overlappingPairs', () => {
  it('finds the fields that cover each other on the same page', () => {
    const a = field('a', 0, 0.1, 0.1)
    const b = field('b', 0, 0.2, 0.12)
    const c = field('c', 0, 0.5, 0.5)
    expect(overlappingPairs([a, b, c]).map(([first, second]) => [first.id, second.id])).toEqual([['a', 'b']])
  })

  it('lets fields touch edge to edge, and the same spot on two pages', () => {
    expect(overlappingPairs([field('a', 0, 0.1, 0.1), field('b', 0, 0.3, 0.1), field('c', 0, 0.1, 0.15)])).toEqual([])
    expect(overlappingPairs([field('a', 0, 0.1, 0.1), field('b', 1, 0.1, 0.1)])).toEqual([])
  })
})
