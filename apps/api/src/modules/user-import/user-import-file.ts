import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import type { Language } from '@offerbook/domain/user'
import { LANGUAGES } from '@offerbook/domain/user'
import type { UserImportColumn, UserImportProblem, UserImportRow } from '@offerbook/domain/user-import'
import { USER_IMPORT_COLUMNS, USER_IMPORT_LIMITS, roleConflict, splitRoles, userImportColumn, userImportProblem } from '@offerbook/domain/user-import'
import { hasUnstorableCharacters, isEmail, toE164 } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { CsvRecord } from './csv'
import { CsvError, parseCsv } from './csv'
import { selectPrincipalBrokerEmails } from './user-import.queries'

/*
 * Reading a user import's file (issue #15): the CSV is decoded, its header mapped to the columns and
 * every row checked, with the problems that need the whole file or the database.
 */

/** A row as the job keeps it from the preview to the import and the report. */
export type StoredRow = Omit<UserImportRow, 'valid'> & {
  /** The file's values by USER_IMPORT_COLUMNS position; null for a column the file does not have. */
  cells: (string | null)[]
  problems: UserImportProblem[]
}

const QUERY_CHUNK = 1_000

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
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
    let count = 0
    return parseCsv(text, () => ++count <= USER_IMPORT_LIMITS.maxRows + 1)
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

  return {
    line: record.line,
    email,
    name: name.slice(0, USER_IMPORT_LIMITS.nameMaxLength),
    phone: phone ?? '',
    roles,
    language: (LANGUAGES as readonly string[]).includes(language) ? language : 'en-us',
    principalBrokerEmail,
    cells,
    problems,
  }
}

/** Emails of users who are principal brokers on Offerbook, among those asked. */
async function existingPrincipalBrokers(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (const part of chunks(emails, QUERY_CHUNK)) {
    for (const email of await selectPrincipalBrokerEmails(db, part)) found.add(email.toLowerCase())
  }
  return found
}

/** Checks every row; the problems that need the whole file or the database are added here. */
export async function checkFile(db: Db, bytes: Buffer): Promise<StoredRow[]> {
  if (bytes.length > USER_IMPORT_LIMITS.fileMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'userImport.fileTooLarge')
  const records = readRecords(decodeFile(bytes))
  const [header, ...body] = records
  if (!header) throw new AppError('BAD_REQUEST', 'userImport.noEmailColumn')
  const columns = readHeader(header.cells)
  if (body.length === 0) throw new AppError('BAD_REQUEST', 'userImport.empty')
  if (body.length > USER_IMPORT_LIMITS.maxRows) throw new AppError('PAYLOAD_TOO_LARGE', 'userImport.tooManyRows', { params: { max: USER_IMPORT_LIMITS.maxRows } })
  const rows = body.map((record) => checkRow(record, columns))

  // The same email on several lines: each of them names the others.
  const linesByEmail = new Map<string, number[]>()
  for (const row of rows) if (isEmail(row.email)) linesByEmail.set(row.email, [...(linesByEmail.get(row.email) ?? []), row.line])
  for (const row of rows) {
    const lines = linesByEmail.get(row.email)
    if (lines && lines.length > 1) row.problems.push(userImportProblem(row.line, 'email', 'userImport.duplicateEmail', { lines: lines.filter((line) => line !== row.line).slice(0, 10).join(', ') }))
  }

  // A principal broker named by a row is one already, or a row of the file with that role.
  const brokersInFile = new Set(rows.filter((row) => row.roles.includes('PRINCIPAL_BROKER')).map((row) => row.email))
  const asked = [...new Set(rows.map((row) => row.principalBrokerEmail).filter((email) => email !== '' && isEmail(email) && !brokersInFile.has(email)))]
  const known = await existingPrincipalBrokers(db, asked)
  for (const row of rows) {
    const broker = row.principalBrokerEmail
    if (broker === '' || !isEmail(broker) || brokersInFile.has(broker) || known.has(broker)) continue
    row.problems.push(userImportProblem(row.line, 'principal_broker_email', 'userImport.unknownPrincipalBroker', { email: broker }))
  }
  for (const row of rows) row.problems.sort((a, b) => COLUMN_ORDER(a.column) - COLUMN_ORDER(b.column))
  return rows
}

const COLUMN_ORDER = (column: string | null) => (column === null ? -1 : (COLUMN_INDEX[column as UserImportColumn] ?? 99))
