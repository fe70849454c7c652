import { describe, expect, it, vi } from 'vitest'

describe("zod's fast parsers stay off in the browser", () => {
  it('zod takes the setting, and makes and parses object schemas without compiling code', async () => {
    await import('./zod-jitless')
    const compile = vi.spyOn(globalThis, 'Function')
    const { config, z } = await import('zod')
    expect(config().jitless).toBe(true)
    const schema = z.object({ price: z.number().positive(), address: z.string().min(1) })
    expect(schema.parse({ price: 450_000, address: '120 Maple Ave' })).toEqual({ price: 450_000, address: '120 Maple Ave' })
    expect(schema.safeParse({ price: -1, address: '' }).success).toBe(false)
    expect(compile).not.toHaveBeenCalled()
  })
})
