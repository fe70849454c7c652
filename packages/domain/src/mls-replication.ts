import { z } from 'zod'
import { freeText } from './validation'
import { pageOf, queryWholeNumber } from './paging'
import { runCounts } from './run-counts'

/** The MLS Grid feed replication of the admin area (issue #15, /admin/mls-grid-listing). */

export const MLS_REPLICATION_LIMITS = {
  scheduleMinMinutes: 5,
  scheduleMaxMinutes: 1440,
  /** How many runs the page shows. */
  runsShown: 20,
  /** A run still 'running' after this long was left by a process that stopped; the next start marks it failed. */
  staleRunMs: 60 * 60 * 1000,
  searchMaxLength: 200,
  pageSizeMax: 100,
} as const

export const MLS_RUN_TRIGGERS = ['manual', 'schedule'] as const
export const MLS_RUN_STATUSES = ['running', 'done', 'failed'] as const

export const MlsRunErrorSchema = z.object({ listingKey: z.string().nullable(), message: z.string() })
export type MlsRunError = z.infer<typeof MlsRunErrorSchema>

export const MlsRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(MLS_RUN_TRIGGERS),
  status: z.enum(MLS_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  ...runCounts(['created', 'updated', 'deleted', 'photos']),
  errors: z.array(MlsRunErrorSchema),
})
export type MlsRun = z.infer<typeof MlsRunSchema>

export const MlsScheduleSchema = z.object({ minutes: z.number().int().nullable() })
export type MlsSchedule = z.infer<typeof MlsScheduleSchema>

export const MlsGridStatusSchema = z.object({
  configured: z.boolean(),
  url: z.string().nullable(),
  systemName: z.string().nullable(),
  highWater: z.string().nullable(),
  schedule: MlsScheduleSchema,
  running: z.boolean(),
  runs: z.array(MlsRunSchema),
})
export type MlsGridStatus = z.infer<typeof MlsGridStatusSchema>

const { scheduleMinMinutes: MIN, scheduleMaxMinutes: MAX } = MLS_REPLICATION_LIMITS

/** The schedule form: every N minutes (5 to 1440), or null to turn it off. */
export const UpdateMlsScheduleSchema = z.object({
  minutes: z
    .number({ error: 'mlsReplication.scheduleWholeNumber' })
    .int('mlsReplication.scheduleWholeNumber')
    .min(MIN, 'mlsReplication.scheduleRange')
    .max(MAX, 'mlsReplication.scheduleRange')
    .nullable(),
})
export type UpdateMlsSchedule = z.infer<typeof UpdateMlsScheduleSchema>

export const MlsReplicaQuerySchema = z.object({
  search: freeText().max(MLS_REPLICATION_LIMITS.searchMaxLength, 'mlsReplication.searchTooLong').optional(),
  linked: z.enum(['true', 'false'], { error: 'mlsReplication.linkedInvalid' }).optional(),
  page: queryWholeNumber(1_000_000, 'mlsReplication.pageInvalid').default(1),
  pageSize: queryWholeNumber(MLS_REPLICATION_LIMITS.pageSizeMax, 'mlsReplication.pageSizeInvalid').default(20),
})
export type MlsReplicaQuery = z.infer<typeof MlsReplicaQuerySchema>

export const MlsReplicaSchema = z.object({
  listingKey: z.string(),
  listingId: z.string().nullable(),
  address: z.string().nullable(),
  price: z.number().nullable(),
  status: z.string().nullable(),
  listAgentMlsId: z.string().nullable(),
  linkedAgent: z.object({ id: z.string(), name: z.string() }).nullable(),
  photoCount: z.number().int(),
  modificationTimestamp: z.string(),
})
export type MlsReplica = z.infer<typeof MlsReplicaSchema>

export const MlsReplicaPageSchema = pageOf(MlsReplicaSchema)
export type MlsReplicaPage = z.infer<typeof MlsReplicaPageSchema>
