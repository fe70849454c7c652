import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../../test/build-test-app'
import { useTestApp } from '../../../test/per-file'

const t = useTestApp()

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' })
  })
})

describe('GET /api/health without a database', () => {
  it('answers 503 UNAVAILABLE', async () => {
    const broken = await buildTestApp()
    try {
      await broken.closeDatabase()
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' })
    } finally {
      await broken.close()
    }
  })
})
