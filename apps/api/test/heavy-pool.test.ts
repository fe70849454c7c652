import { describe, expect, it } from 'vitest'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { hostileFiles, hugeArray, manyObjects, pdfOf } from '../scripts/make-hostile-fixtures.mjs'
import { HEAVY_POOL_LIMITS, HeavyPool } from '../src/workers/heavy-pool'

/**
 * The heavy-work pool (decision 039) against the hostile-inputs corpus (issue #29): a task over its
 * time or memory limit, or a file of more values than a parse may hold, gets a clear refusal and the
 * pool goes on. It opens no database, so the API suite runs it once (scripts/test-api.mjs).
 */

describe('the heavy-work pool', () => {
  it('ends a task over its time limit with a clear refusal, and the next task runs in a new worker', async () => {
    const pool = new HeavyPool()
    try {
      await expect(pool.run('inspectPdf', manyObjects(50_000), { timeoutMs: 1 })).rejects.toMatchObject({ key: 'signing.fileTooComplex', statusCode: 400 })
      expect(pool.workerCount).toBe(0)
      const inspected = await pool.run('inspectPdf', manyObjects(10))
      expect(inspected.pages).toHaveLength(1)
      expect(pool.workerCount).toBe(1)
    } finally {
      await pool.close()
    }
  }, 120_000)

  it('refuses a file of more values than a parse may hold before it parses, in the file or in an object stream: its worker lives on', async () => {
    const pool = new HeavyPool()
    const corpus = await hostileFiles()
    try {
      for (const name of ['pdf-10-million-numbers.pdf', 'pdf-numbers-in-object-stream.pdf']) {
        const file = corpus.find((candidate) => candidate.name === name)!
        await expect(pool.run('inspectPdf', file.bytes), name).rejects.toMatchObject({ key: 'signing.fileTooComplex', statusCode: 400 })
        expect(pool.workerCount, name).toBe(1)
      }
      const justUnder = await pool.run('inspectPdf', hugeArray(SIGNING_LIMITS.maxPdfTokens - 1_000))
      expect(justUnder.pages).toHaveLength(1)
      // A page drawn with two million numbers: they are in its content stream, which the parse does not read.
      const drawing = `${'1 0 0 1 0 0 cm '.repeat(300_000)}`
      const drawn = pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>', `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`])
      expect((await pool.run('inspectPdf', drawn)).pages).toHaveLength(1)
    } finally {
      await pool.close()
    }
  }, 120_000)

  it('ends a task over its memory limit with a clear refusal instead of taking the process down', async () => {
    const pool = new HeavyPool({ ...HEAVY_POOL_LIMITS, maxOldGenerationMb: 32 })
    try {
      // Under the count of values refused before the parse, so the parse itself runs out of memory.
      await expect(pool.run('inspectPdf', hugeArray(900_000))).rejects.toMatchObject({ key: 'signing.fileTooComplex', statusCode: 400 })
      expect(pool.workerCount).toBe(0)
    } finally {
      await pool.close()
    }
  }, 120_000)
})
