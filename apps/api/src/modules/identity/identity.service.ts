import { randomUUID } from 'node:crypto'
import type { FirebaseImport, FirebaseImportProblem, FirebaseImportResult, IdentityCheck, IdentityConfig, IdentityMessage, LinkedAccountPage } from '@offerbook/domain/identity'
import { REQUIRED_SCOPES } from '@offerbook/domain/identity'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import { toE164 } from '@offerbook/domain/phone'
import { isEmail } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Auth } from '../session/session.auth'
import { OIDC_PROVIDER_ID } from '../session/session.auth'
import type { OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import { recordAudit } from '../admin/admin-audit'
import { legacyPasswordMarker } from './identity.legacy'
import { deleteLinkedAccount, insertCredentialAccount, insertImportedUser, insertLegacyPassword, selectExistingEmails, selectLinkedAccounts } from './identity.queries'

/** How long the live check waits for each document. */
export const CHECK_TIMEOUT_MS = 5000

const message = (key: MessageKey, params?: MessageParams): IdentityMessage => ({ key, message: messageText(key, params), ...(params ? { params } : {}) })

/** better-auth 1.7 serves every provider's callback at /callback/:providerId (generic OAuth included). */
export function identityConfig(oidc: OidcConfig, publicUrl: string): IdentityConfig {
  return {
    configured: oidc !== null,
    issuer: oidc?.issuer ?? null,
    clientId: oidc?.clientId ?? null,
    callbackUrl: `${publicUrl.replace(/\/+$/, '')}/api/auth/callback/${OIDC_PROVIDER_ID}`,
  }
}

class CheckFailure extends Error {
  constructor(readonly reason: IdentityMessage) {
    super(reason.message)
  }
}

async function fetchJson(url: string, failure: MessageKey): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), headers: { accept: 'application/json' }, redirect: 'follow' })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw new CheckFailure(timedOut ? message('identity.checkTimeout', { seconds: CHECK_TIMEOUT_MS / 1000 }) : message(failure))
  }
  if (!response.ok) throw new CheckFailure(message(failure))
  try {
    return await response.json()
  } catch {
    throw new CheckFailure(message('identity.checkBadDocument'))
  }
}

const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null)

/** Fetches the discovery document and the signing keys now; a provider that is down is an answer, not an error. */
export async function checkProvider(oidc: OidcConfig): Promise<IdentityCheck> {
  const result: IdentityCheck = { reachable: false, issuerMatches: false, jwksKeys: 0, scopesSupported: [], missingScopes: [...REQUIRED_SCOPES] }
  if (!oidc) return { ...result, error: message('identity.notConfigured') }
  const issuer = oidc.issuer.replace(/\/+$/, '')
  try {
    const discovery = record(await fetchJson(`${issuer}/.well-known/openid-configuration`, 'identity.checkUnreachable'))
    result.reachable = true
    if (!discovery || typeof discovery.issuer !== 'string' || typeof discovery.jwks_uri !== 'string') throw new CheckFailure(message('identity.checkBadDocument'))
    result.issuerMatches = discovery.issuer.replace(/\/+$/, '') === issuer
    const scopes = Array.isArray(discovery.scopes_supported) ? discovery.scopes_supported.filter((scope): scope is string => typeof scope === 'string') : []
    result.scopesSupported = scopes
    result.missingScopes = REQUIRED_SCOPES.filter((scope) => !scopes.includes(scope))
    let jwksUri: URL
    try {
      jwksUri = new URL(discovery.jwks_uri)
    } catch {
      throw new CheckFailure(message('identity.checkBadDocument'))
    }
    const jwks = record(await fetchJson(jwksUri.href, 'identity.checkJwksUnreachable'))
    if (!jwks || !Array.isArray(jwks.keys)) throw new CheckFailure(message('identity.checkJwksUnreachable'))
    result.jwksKeys = jwks.keys.length
    return result
  } catch (error) {
    if (error instanceof CheckFailure) return { ...result, error: error.reason }
    return { ...result, error: message('identity.checkUnreachable') }
  }
}

export async function listLinkedAccounts(db: Db, { page, pageSize, search }: { page: number; pageSize: number; search?: string | undefined }): Promise<LinkedAccountPage> {
  const { rows, total } = await selectLinkedAccounts(db, { providerId: OIDC_PROVIDER_ID, page, pageSize, search })
  return {
    items: rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString(), lastSignInAt: row.lastSignInAt?.toISOString() ?? null })),
    total,
    page,
    pageSize,
  }
}

/** Deletes the link (the account row) only; the user keeps their Offerbook account and other ways in. */
export async function unlinkAccount(db: Db, { actorId, id }: { actorId: string; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteLinkedAccount(tx, { id, providerId: OIDC_PROVIDER_ID })
    if (!row) throw new AppError('NOT_FOUND', 'identity.accountNotFound')
    await recordAudit(tx, { actorId, targetUserId: row.userId, action: 'identity.unlink', before: { provider: OIDC_PROVIDER_ID, subject: row.subject }, after: null })
  })
}

const problem = (index: number, email: string | null, key: MessageKey): FirebaseImportProblem => ({ index, email, key, message: messageText(key) })

/**
 * Creates each new user of a Firebase export (no roles: they onboard like a new sign-up). With the
 * project's hash parameters a user's Firebase hash is kept in legacy_password behind a marker in
 * their credential account; without them, or without a hash, the user is sent a code to set a password.
 */
export async function importFirebaseUsers(db: Db, auth: Auth, { actorId, input }: { actorId: string; input: FirebaseImport }): Promise<FirebaseImportResult> {
  const problems: FirebaseImportProblem[] = []
  const seen = new Set<string>()
  const candidates: { index: number; email: string; entry: FirebaseImport['users'][number] }[] = []
  input.users.forEach((entry, index) => {
    const email = entry.email?.trim().toLowerCase() ?? ''
    if (!email) return problems.push(problem(index, null, 'identity.emailMissing'))
    if (!isEmail(email)) return problems.push(problem(index, email, 'identity.emailInvalid'))
    if (seen.has(email)) return problems.push(problem(index, email, 'identity.emailRepeated'))
    seen.add(email)
    candidates.push({ index, email, entry })
  })

  const existing = new Set<string>()
  for (let start = 0; start < candidates.length; start += 500) {
    const emails = candidates.slice(start, start + 500).map((candidate) => candidate.email)
    for (const email of await selectExistingEmails(db, emails)) existing.add(email.toLowerCase())
  }

  const hashConfig = input.hashConfig
  const toInvite: { index: number; email: string }[] = []
  let created = 0
  let skipped = 0
  await db.transaction(async (tx) => {
    for (const { index, email, entry } of candidates) {
      if (existing.has(email)) {
        skipped++
        problems.push(problem(index, email, 'identity.emailExists'))
        continue
      }
      const id = randomUUID()
      const phone = entry.phoneNumber ? toE164(entry.phoneNumber) : null
      const name = entry.displayName?.trim() || email.slice(0, email.indexOf('@'))
      await insertImportedUser(tx, { id, name, email, emailVerified: entry.emailVerified === true, phone })
      created++
      if (hashConfig && entry.passwordHash && entry.salt !== undefined) {
        await insertCredentialAccount(tx, { id: randomUUID(), userId: id, password: legacyPasswordMarker(id) })
        await insertLegacyPassword(tx, {
          userId: id,
          passwordHash: entry.passwordHash,
          salt: entry.salt,
          parameters: { signerKey: hashConfig.base64_signer_key, saltSeparator: hashConfig.base64_salt_separator, rounds: hashConfig.rounds, memCost: hashConfig.mem_cost },
        })
      } else {
        toInvite.push({ index, email })
      }
    }
    await recordAudit(tx, {
      actorId,
      targetUserId: null,
      action: 'identity.import',
      before: null,
      after: { users: input.users.length, created, skipped, invited: toInvite.length, problems: problems.length - skipped, withHashParameters: hashConfig !== undefined },
    })
  })

  // The recovery flow's e-mail (a code to set a password, in the user's language), after the users exist.
  let invited = 0
  for (const { index, email } of toInvite) {
    try {
      await auth.api.requestPasswordResetEmailOTP({ body: { email } })
      invited++
    } catch {
      problems.push(problem(index, email, 'identity.inviteFailed'))
    }
  }
  problems.sort((a, b) => a.index - b.index)
  return { created, skipped, invited, problems }
}
