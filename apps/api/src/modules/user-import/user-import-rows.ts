import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import type { Language } from '@offerbook/domain/user'
import { LANGUAGES } from '@offerbook/domain/user'
import type { UserImportColumn, UserImportProblem, UserImportRow } from '@offerbook/domain/user-import'
import { parseAddListing, USER_IMPORT_COLUMNS, USER_IMPORT_LIMITS, roleConflict, splitRoles, userImportColumn, userImportProblem } from '@offerbook/domain/user-import'
import { toE164 } from '@offerbook/domain/phone'
import { fullNameSchema, hasUnstorableCharacters, isEmail } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { CsvRecord } from './csv'
import { CsvError, parseCsv } from './csv'

/**
 * Reading a user import's file: decoding, parsing and checking each row on its own. Pure, so it runs
 * in the heavy-work pool (workers/heavy-tasks.ts); the checks that need the whole file or the
 * database (duplicate emails, principal brokers) are the service's.
 */

/** A row as the job keeps it from the preview to the import and the report. */
export type StoredRow = Omit<UserImportRow, 'valid'> & {
  /** The file's values by USER_IMPORT_COLUMNS position; null for a column the file does not have. */
  cells: (string | null)[]
  problems: UserImportProblem[]
}

/** The text of the file, or the reason the whole file is refused. */
function decodeFile(bytes: Buffer): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new AppError('BAD_REQUEST', 'userImport.notUtf8')
  }
  if (hasUnstorableCharacters(text)) throw new AppError('BAD_REQUEST', 'userImport.notText')
  return text
}

function readRecords(text: string): CsvRecord[] {
  try {
    // One record past the header and the limit is enough to know the file is too long.
    return parseCsv(text, { maxRecords: USER_IMPORT_LIMITS.maxRows + 2 })
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('BAD_REQUEST', 'userImport.malformed', { params: { line: error.line } })
    throw error
  }
}

/** Where each of the file's columns goes, refusing unknown and repeated columns and a file without email. */
function readHeader(cells: readonly string[]): (UserImportColumn | null)[] {
  const columns = cells.map((cell) => userImportColumn(cell))
  const unknown = cells.filter((_, index) => columns[index] === null).map((cell) => cell.trim() || '""')
  if (unknown.length > 0) throw new AppError('BAD_REQUEST', 'userImport.unknownColumns', { params: { columns: unknown.slice(0, 20).join(', ') } })
  const seen = new Set<UserImportColumn>()
  for (const column of columns) {
    if (column && seen.has(column)) throw new AppError('BAD_REQUEST', 'userImport.duplicateColumn', { params: { column } })
    if (column) seen.add(column)
  }
  if (!seen.has('email')) throw new AppError('BAD_REQUEST', 'userImport.noEmailColumn')
  return columns
}

const COLUMN_INDEX = Object.fromEntries(USER_IMPORT_COLUMNS.map((column, index) => [column, index])) as Record<UserImportColumn, number>

function checkRow(record: CsvRecord, columns: readonly (UserImportColumn | null)[]): StoredRow {
  const cells: (string | null)[] = USER_IMPORT_COLUMNS.map(() => null)
  columns.forEach((column, index) => {
    if (column) cells[COLUMN_INDEX[column]] = record.cells[index] ?? ''
  })
  const value = (column: UserImportColumn) => (cells[COLUMN_INDEX[column]] ?? '').trim()
  const problems: UserImportProblem[] = []
  const problem = (column: UserImportColumn | null, key: MessageKey, params?: MessageParams) => problems.push(userImportProblem(record.line, column, key, params))
  if (record.cells.length > columns.length) problem(null, 'userImport.extraCells')

  const email = value('email').toLowerCase()
  if (!isEmail(email)) problem('email', 'userImport.invalidEmail')

  const name = value('name')
  if (name === '') problem('name', 'userImport.nameRequired')
  else if (name.length > USER_IMPORT_LIMITS.nameMaxLength) problem('name', 'userImport.nameTooLong', { max: USER_IMPORT_LIMITS.nameMaxLength })
  // The rule of sign-up: a first and a last name.
  else if (!fullNameSchema.safeParse(name).success) problem('name', 'common.fullName')

  const phoneText = value('phone')
  const phone = phoneText === '' ? '' : toE164(phoneText)
  if (phone === null) problem('phone', 'userImport.invalidPhone')

  const roles: Role[] = []
  for (const role of splitRoles(value('roles'))) {
    if (!(ROLES as readonly string[]).includes(role)) problem('roles', 'userImport.unknownRole', { role: role.slice(0, 40) })
    else if (!roles.includes(role as Role)) roles.push(role as Role)
  }
  const conflict = roleConflict(roles)
  if (conflict) problem('roles', 'userImport.roleConflict', { first: conflict[0], second: conflict[1] })

  const languageText = value('language').toLowerCase()
  const language = (languageText === '' ? 'en-us' : languageText) as Language
  if (!(LANGUAGES as readonly string[]).includes(language)) problem('language', 'userImport.invalidLanguage', { language: value('language').slice(0, 40) })

  const principalBrokerEmail = value('principal_broker_email').toLowerCase()
  if (principalBrokerEmail !== '' && !isEmail(principalBrokerEmail)) problem('principal_broker_email', 'userImport.invalidPrincipalBrokerEmail')

  const addListing = parseAddListing(value('add_listing'))
  if (addListing === undefined) problem('add_listing', 'userImport.invalidAddListing')

  return {
    line: record.line,
    email,
    name: name.slice(0, USER_IMPORT_LIMITS.nameMaxLength),
    phone: phone ?? '',
    roles,
    language: (LANGUAGES as readonly string[]).includes(language) ? language : 'en-us',
    principalBrokerEmail,
    addListing: addListing ?? null,
    cells,
    problems,
  }
}

/** The file's rows, each checked on its own: the reason the whole file is refused, or one stored row per line. */
export function checkUserRows(bytes: Uint8Array): StoredRow[] {
  const records = readRecords(decodeFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)))
  const [header, ...body] = records
  if (!header) throw new AppError('BAD_REQUEST', 'userImport.noEmailColumn')
  const columns = readHeader(header.cells)
  if (body.length === 0) throw new AppError('BAD_REQUEST', 'userImport.empty')
  if (body.length > USER_IMPORT_LIMITS.maxRows) throw new AppError('PAYLOAD_TOO_LARGE', 'userImport.tooManyRows', { params: { max: USER_IMPORT_LIMITS.maxRows } })
  return body.map((record) => checkRow(record, columns))
}

/** A problem's place in a row: the file-wide ones first, then by column. */
export const COLUMN_ORDER = (column: string | null) => (column === null ? -1 : (COLUMN_INDEX[column as UserImportColumn] ?? 99))
