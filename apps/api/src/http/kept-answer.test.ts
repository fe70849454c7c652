import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { keptAnswer } from './kept-answer'

describe('an answer kept with its compressed bytes', () => {
  it('compresses each encoding once, the first time it is asked, and hands the same bytes after', () => {
    const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ id: index, city: 'Nashville' })) }))
    const sizes: number[] = []
    const answer = keptAnswer(body, (extra) => sizes.push(extra))
    expect(sizes).toEqual([])
    const br = answer.encoded('br')
    expect(answer.encoded('br')).toBe(br)
    expect(brotliDecompressSync(br).equals(body)).toBe(true)
    const gzip = answer.encoded('gzip')
    expect(answer.encoded('gzip')).toBe(gzip)
    expect(gunzipSync(gzip).equals(body)).toBe(true)
    expect(sizes).toEqual([br.length, gzip.length])
    expect(br.length).toBeLessThan(body.length / 5)
  })
})
