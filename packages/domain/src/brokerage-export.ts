import { z } from 'zod'
import { isIsoDate } from './analytics'

/**
 * The brokerage's export (issue #35 item 5, decision 071): a principal broker asks for every file of
 * the brokerage, or those of a period, as one ZIP for TREC (Rule 1260-02-.40 asks for them within
 * 24 hours). It is a job: queued, running (files done of the total), then done with its download, or
 * failed. One export of a brokerage runs at a time.
 */

export const BROKERAGE_EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const
export type BrokerageExportState = (typeof BROKERAGE_EXPORT_STATES)[number]

const day = (message: 'brokerageExport.invalidFrom' | 'brokerageExport.invalidTo') => z.string({ error: message }).refine(isIsoDate, { error: message, abort: true })

/** The period: both days optional (none: every file), each a calendar day in Central time, `from` not after `to`. */
export const BrokerageExportStartSchema = z
  .object({ from: day('brokerageExport.invalidFrom').optional(), to: day('brokerageExport.invalidTo').optional() })
  .strict()
  .refine((period) => period.from === undefined || period.to === undefined || period.from <= period.to, { error: 'brokerageExport.periodReversed', path: ['to'] })
export type BrokerageExportStart = z.infer<typeof BrokerageExportStartSchema>

export const BrokerageExportSchema = z.object({
  id: z.string(),
  state: z.enum(BROKERAGE_EXPORT_STATES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Offers written into the ZIP so far, of `filesTotal` (known once the job starts). */
  filesDone: z.number().int(),
  filesTotal: z.number().int().nullable(),
  /** The ZIP's size in bytes, once done. */
  size: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Once done: where the ZIP is downloaded. */
  downloadUrl: z.string().nullable(),
})
export type BrokerageExport = z.infer<typeof BrokerageExportSchema>

export const BrokerageExportParamsSchema = z.object({ id: z.string() })

/** The ZIP's layout, named here so the API and its tests agree. */
export const BROKERAGE_EXPORT_LAYOUT = {
  offersFolder: 'offers',
  index: 'index.csv',
  manifest: 'manifest.json',
  sums: 'SHA256SUMS',
} as const
