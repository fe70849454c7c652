import { z } from 'zod'

/**
 * The API's background jobs, run by one job runner (decision 045) and listed for super admins at
 * /admin/jobs. The names are the keys of the runner's registry and of the page's texts.
 */
export const JOB_NAMES = ['outbox', 'offer-expiry', 'chat-digest', 'mls-replication', 'signing', 'timeline-reminders', 'brokerage-export', 'disbursement-reminders', 'webhooks'] as const
export const JobNameSchema = z.enum(JOB_NAMES)
export type JobName = z.infer<typeof JobNameSchema>

export const JOB_LIMITS = {
  /** The failure in a row that dead-letters a job until a super admin runs it again. */
  maxFailures: 8,
} as const

export const JOB_OUTCOMES = ['ok', 'failed'] as const

export const JobStatusSchema = z.object({
  name: JobNameSchema,
  /** 'schedule': one process at a time, by a lease; 'queue': every process drains it, a row at a time. */
  kind: z.enum(['schedule', 'queue']).nullable(),
  everyMs: z.number().int().nullable(),
  leaseOwner: z.string().nullable(),
  leaseUntil: z.string().nullable(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastOutcome: z.enum(JOB_OUTCOMES).nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  nextRunAt: z.string().nullable(),
  deadLetteredAt: z.string().nullable(),
})
export type JobStatus = z.infer<typeof JobStatusSchema>

export const JobListSchema = z.object({ items: z.array(JobStatusSchema) })
export type JobList = z.infer<typeof JobListSchema>
