import { USER_IMPORT_LIMITS, userImportProblem } from '@offerbook/domain/user-import'
import { isEmail } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { runHeavy } from '../../workers/heavy-pool'
import type { StoredRow } from './user-import-rows'
import { COLUMN_ORDER } from './user-import-rows'
import { selectPrincipalBrokerEmails } from './user-import.queries'

/*
 * Reading a user import's file (issue #15): each row is decoded, parsed and checked on its own in the
 * heavy-work pool (user-import-rows.ts); the problems that need the whole file or the database are added here.
 */

export type { StoredRow } from './user-import-rows'

const QUERY_CHUNK = 1_000

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
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
  // Decoding, parsing and checking 50,000 rows takes a while: in the heavy-work pool, off the request thread (decision 039).
  const rows = await runHeavy('checkUserRows', bytes)

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
