import { z } from 'zod'
import type { MessageKey, MessageParams } from './messages'
import type { Role } from './roles'
import { RoleSchema } from './roles'
import { runCounts } from './run-counts'
import { LanguageSchema } from './user'

/**
 * The CSV user import at /admin/import-users (issue #15, build 5): SUPER_ADMIN uploads a CSV, sees a
 * preview with each row's problems by line and column, chooses what a row whose email exists does,
 * and imports the valid rows as one background job. The web page and /api/admin/user-imports share
 * this contract.
 */

/** The columns a file may have, by their canonical (report) names; only email is required. */
export const USER_IMPORT_COLUMNS = ['email', 'name', 'phone', 'roles', 'language', 'principal_broker_email', 'add_listing'] as const
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number]

/** Header spellings besides the canonical ones (compared lower-cased, trimmed). */
export const USER_IMPORT_COLUMN_ALIASES: Record<string, UserImportColumn> = {
  principalbrokeremail: 'principal_broker_email',
  addlisting: 'add_listing',
  isaddlistingenabled: 'add_listing',
  is_add_listing_enabled: 'add_listing',
}

const ADD_LISTING_YES = ['yes', 'y', 'true', '1', 'sí', 'si']
const ADD_LISTING_NO = ['no', 'n', 'false', '0']

/**
 * The add_listing cell (spec section 3, isAddListingEnabled): yes or no (true/false, 1/0 too), null
 * when empty (a new user then gets what onboarding gives their roles; an existing one keeps theirs),
 * undefined when it is none of these.
 */
export function parseAddListing(cell: string): boolean | null | undefined {
  const value = cell.trim().toLowerCase()
  if (value === '') return null
  if (ADD_LISTING_YES.includes(value)) return true
  if (ADD_LISTING_NO.includes(value)) return false
  return undefined
}

/** The canonical column of a header cell, or null when it is not one of ours. */
export function userImportColumn(header: string): UserImportColumn | null {
  const name = header.trim().toLowerCase()
  if ((USER_IMPORT_COLUMNS as readonly string[]).includes(name)) return name as UserImportColumn
  return USER_IMPORT_COLUMN_ALIASES[name] ?? null
}

/** The messages userImport.fileTooLarge and tooManyRows say these numbers. */
export const USER_IMPORT_LIMITS = {
  fileMaxBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  /** Rows the preview shows. */
  previewRows: 50,
  nameMaxLength: 200,
} as const

/** Roles in one cell are separated by ';' or '|'. */
export function splitRoles(cell: string): string[] {
  return cell
    .split(/[;|]/)
    .map((role) => role.trim().toUpperCase())
    .filter(Boolean)
}

/** Pairs of roles one person cannot hold together: the plain and the agent's side of a deal. */
export const CONFLICTING_ROLES: ReadonlyArray<readonly [Role, Role]> = [
  ['SELLER_SIMPLE', 'SELLER_AGENT'],
  ['SELLER_OWNER', 'SELLER_AGENT'],
  ['SELLER_SIMPLE', 'SELLER_OWNER'],
  ['BUYER_SIMPLE', 'BUYER_AGENT'],
]

/** The first conflicting pair among the roles, or null. */
export function roleConflict(roles: readonly Role[]): readonly [Role, Role] | null {
  return CONFLICTING_ROLES.find(([a, b]) => roles.includes(a) && roles.includes(b)) ?? null
}

const MessageSchema = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })

/** One problem of a row: the line of the file (header is line 1), the column, and why. */
export const UserImportProblemSchema = z.object({ line: z.number().int(), column: z.string().nullable(), message: MessageSchema })
export type UserImportProblem = z.infer<typeof UserImportProblemSchema>

export function userImportProblem(line: number, column: string | null, key: MessageKey, params?: MessageParams): UserImportProblem {
  return { line, column, message: params ? { key, params } : { key } }
}

/** A row as read from the file, checked. */
export const UserImportRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** E.164 or '' */
  phone: z.string(),
  roles: z.array(RoleSchema),
  language: LanguageSchema,
  principalBrokerEmail: z.string(),
  /** Whether the user may add listings; null: as onboarding gives the roles (new user) or unchanged (existing). */
  addListing: z.boolean().nullable(),
  valid: z.boolean(),
})
export type UserImportRow = z.infer<typeof UserImportRowSchema>

export const UserImportPreviewSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  total: z.number().int(),
  valid: z.number().int(),
  problems: z.array(UserImportProblemSchema),
  rows: z.array(UserImportRowSchema),
})
export type UserImportPreview = z.infer<typeof UserImportPreviewSchema>

export const USER_IMPORT_ON_EXISTING = ['update', 'skip'] as const
export const UserImportOnExistingSchema = z.enum(USER_IMPORT_ON_EXISTING)
export type UserImportOnExisting = z.infer<typeof UserImportOnExistingSchema>

export const StartUserImportSchema = z.object({ onExisting: UserImportOnExistingSchema }).strict()
export type StartUserImport = z.infer<typeof StartUserImportSchema>

export const UserImportParamsSchema = z.object({ id: z.uuid() })

export const USER_IMPORT_STATUSES = ['preview', 'running', 'done', 'failed'] as const
export const UserImportStatusSchema = z.enum(USER_IMPORT_STATUSES)
export type UserImportStatus = z.infer<typeof UserImportStatusSchema>

export const USER_IMPORT_OUTCOMES = ['created', 'updated', 'skipped', 'failed', 'invalid'] as const
export type UserImportOutcome = (typeof USER_IMPORT_OUTCOMES)[number]

export const UserImportJobSchema = z.object({
  id: z.uuid(),
  status: UserImportStatusSchema,
  filename: z.string(),
  /** Rows in the file. */
  total: z.number().int(),
  /** Rows done, the invalid ones included (they are done at the start), so the bar ends at total. */
  processed: z.number().int(),
  /** Rows per outcome; 'invalid' are the rows the preview refused, never imported. */
  ...runCounts(USER_IMPORT_OUTCOMES),
  onExisting: UserImportOnExistingSchema,
  /** The rows (1-based, among the rows imported) at which the job went on after a restart stopped it. */
  resumedAt: z.array(z.number().int()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type UserImportJob = z.infer<typeof UserImportJobSchema>

export function userImportReportPath(id: string): string {
  return `/api/admin/user-imports/${encodeURIComponent(id)}/report`
}
