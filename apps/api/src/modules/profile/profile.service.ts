import { randomUUID } from 'node:crypto'
import { isAPIError } from 'better-auth/api'
import type { ChangePassword, Onboarding, UpdateProfile } from '@offerbook/domain/profile'
import { canAddListings, hasAgentRole, isAgentKind, roleOfKind, uiModeOfKind } from '@offerbook/domain/profile'
import type { Role } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { DEFAULT_LANGUAGE, LanguageSchema } from '@offerbook/domain/user'
import { cleanFileName } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Auth } from '../session/session.auth'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import type { CleanupLog } from '../files/files.service'
import { openPhoto } from '../files/photo-decode'
import { fileUrl, forgetOtherFiles, PROFILE_PHOTO_PURPOSE, recordStoredFile, sniffImageType, withStoredObject } from '../files/files.service'
import { forgetFeedCursor } from '../listing-import/listing-import.service'
import { enqueueEmail } from '../messaging/messaging.service'
import { getUser } from '../users/users.service'
import {
  findPrincipalBrokerState,
  isPhoneTaken,
  listUsersWithRoles,
  markOnboarded,
  markPrincipalBrokerPending,
  replaceRoles,
  setSellerAgentId,
  setUserImage,
  updateProfileFields,
} from './profile.queries'

const PRINCIPAL_BROKER_REVIEWERS: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']

/** '', null and absent all mean "not given". */
const given = (value: string | null | undefined): string | undefined => (value === undefined || value === null || value === '' ? undefined : value)

async function reload(db: Db, userId: string): Promise<User> {
  const user = await getUser(db, userId)
  if (!user) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  return user
}

function phoneInUse(error: unknown): never {
  if (isPhoneTaken(error)) throw new AppError('CONFLICT', 'accounts.phoneInUse', { errors: [{ path: 'phone', key: 'accounts.phoneInUse' }], cause: error })
  throw error
}

/**
 * The user picks what they are; their roles become exactly that kind's one role (an assistant's is
 * SELLER_SIMPLE, decision 054), and they start in the UI mode of that kind: a seller is not greeted
 * as a buyer.
 */
export async function completeOnboarding(db: Db, { actor, input }: { actor: User; input: Onboarding }): Promise<User> {
  const agent = isAgentKind(input.kind)
  try {
    return await db.transaction(async (tx) => {
      const changed = await markOnboarded(tx, actor.uid, {
        nrds: agent ? (given(input.nrds) ?? null) : null,
        sellerAgentId: agent ? (given(input.sellerAgentId) ?? null) : null,
        phone: given(input.phone),
        zipcode: given(input.zipcode),
        isAddListingEnabled: canAddListings(input.kind),
        uiMode: uiModeOfKind(input.kind),
      })
      if (!changed) {
        const current = await getUser(tx, actor.uid)
        if (!current) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
        throw new AppError('CONFLICT', 'profile.alreadyOnboarded')
      }
      await replaceRoles(tx, actor.uid, [roleOfKind(input.kind)])
      return reload(tx, actor.uid)
    })
  } catch (error) {
    return phoneInUse(error)
  }
}

const AGENT_DETAILS = ['nrds', 'sellerAgentId', 'website'] as const

/**
 * Only an agent has an NRDS number and MLS ID. Anyone else sending one is told so on the field, as the
 * profile tells every refused field (a 403 would send the browser Home).
 */
function refuseAgentDetails(actor: User, input: UpdateProfile): void {
  if (hasAgentRole(actor.roles)) return
  const sent = AGENT_DETAILS.filter((field) => input[field] !== undefined)
  if (sent.length === 0) return
  throw new AppError('BAD_REQUEST', 'profile.agentDetailsOnly', { errors: sent.map((path) => ({ path, key: 'profile.agentDetailsOnly' })) })
}

export async function updateProfile(db: Db, { actor, input }: { actor: User; input: UpdateProfile }): Promise<User> {
  refuseAgentDetails(actor, input)
  try {
    await db.transaction(async (tx) => {
      const found = await updateProfileFields(tx, actor.uid, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.phone === undefined ? {} : { phone: input.phone || null }),
        ...(input.zipcode === undefined ? {} : { zipcode: input.zipcode || null }),
        ...(input.language === undefined ? {} : { language: input.language }),
        ...(input.uiMode === undefined ? {} : { uiMode: input.uiMode }),
        ...(input.currency === undefined ? {} : { currency: input.currency }),
        ...(input.nrds === undefined ? {} : { nrds: input.nrds }),
        ...(input.website === undefined ? {} : { website: input.website || null }),
      })
      if (!found) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
      if (input.sellerAgentId !== undefined && (await setSellerAgentId(tx, actor.uid, input.sellerAgentId))) {
        // The feed's high-water mark was kept for the old MLS ID's listings; the next check loads the new one's whole.
        await forgetFeedCursor(tx, { userId: actor.uid })
      }
    })
  } catch (error) {
    phoneInUse(error)
  }
  return reload(db, actor.uid)
}

export type Photo = { bytes: Buffer; filename: string }

/** The side a profile photo is kept at, at most: it shows as an avatar. */
export const PROFILE_PHOTO_SIDE = 512

/**
 * A profile photo is decoded and stored again as WebP (turned upright, at most 512 pixels on a side,
 * its metadata dropped), never kept or served as uploaded (issue #29); one that does not decode, or
 * is over the pixel limits, is refused.
 */
async function reencodeProfilePhoto(bytes: Buffer): Promise<Buffer> {
  const photo = await openPhoto(bytes, { type: 'profile.photoType', pixels: 'profile.photoPixels' })
  try {
    return await photo().rotate().resize(PROFILE_PHOTO_SIDE, PROFILE_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'profile.photoType')
  }
}

/**
 * Saves the photo under a new id and points the profile at it; the previous photo's row goes in the
 * same transaction and its bytes after the commit, so the profile never points at a missing file.
 */
export async function replaceProfilePhoto(
  db: Db,
  storage: FileStorage,
  { actor, photo, onCleanupError }: { actor: User; photo: Photo; onCleanupError: CleanupLog },
): Promise<User> {
  if (!sniffImageType(photo.bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'profile.photoType')
  const webp = await reencodeProfilePhoto(photo.bytes)
  const id = randomUUID()
  const key = `users/${actor.uid}/photo-${id}.webp`
  await storage.put(key, webp, { contentType: 'image/webp', contentLength: webp.length })
  await withStoredObject(storage, key, onCleanupError, () =>
    db.transaction(async (tx) => {
      if (!(await setUserImage(tx, actor.uid, fileUrl(id)))) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
      await recordStoredFile(tx, {
        id,
        ownerId: actor.uid,
        key,
        purpose: PROFILE_PHOTO_PURPOSE,
        filename: cleanFileName(photo.filename, 'photo.webp'),
        contentType: 'image/webp',
        size: webp.length,
      })
      return { result: undefined, unusedKeys: await forgetOtherFiles(tx, { ownerId: actor.uid, purpose: PROFILE_PHOTO_PURPOSE, keepId: id }) }
    }),
  )
  return reload(db, actor.uid)
}

/**
 * Changes the password through better-auth, which also ends every session of the user, this one
 * included, and opens a new one: the returned token replaces the caller's.
 */
export async function changePassword(auth: Auth, { authorization, input }: { authorization: string; input: ChangePassword }): Promise<{ accessToken: string }> {
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: new Headers({ authorization }),
      returnHeaders: true,
    })
    const accessToken = headers.get('set-auth-token')
    // Every session was revoked, the caller's too: without the new one the user would be signed out.
    if (!accessToken) throw new AppError('INTERNAL', 'request.internal', { cause: new Error('The password was changed but no new session was started') })
    return { accessToken }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (!isAPIError(error) || error.statusCode >= 500) throw error
    if (error.statusCode === 401) throw new AppError('UNAUTHORIZED', 'request.signInRequired', { cause: error })
    const code = (error.body as { code?: unknown } | undefined)?.code
    if (code === 'INVALID_PASSWORD') {
      throw new AppError('BAD_REQUEST', 'profile.wrongCurrentPassword', { errors: [{ path: 'currentPassword', key: 'profile.wrongCurrentPassword' }], cause: error })
    }
    if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw new AppError('BAD_REQUEST', 'profile.noPassword', { cause: error })
    // Another refusal of better-auth's, in its own words that have no key: a plain bad request.
    throw new AppError('BAD_REQUEST', 'request.invalid', { cause: error })
  }
}

/**
 * Asks the support team (every ADMIN and SUPER_ADMIN) for principal-broker access. The status and
 * the emails commit together: no pending request without its emails, no email without the request.
 */
export async function requestPrincipalBroker(db: Db, { actor, publicUrl }: { actor: User; publicUrl: string }): Promise<User> {
  return db.transaction(async (tx) => {
    const requester = await markPrincipalBrokerPending(tx, actor.uid)
    if (!requester) {
      const state = await findPrincipalBrokerState(tx, actor.uid)
      if (!state) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
      if (state.isPrincipalBroker || state.principalBrokerStatus === 'approved') throw new AppError('CONFLICT', 'profile.alreadyPrincipalBroker')
      throw new AppError('CONFLICT', 'profile.principalBrokerPending')
    }
    const data = { requesterName: requester.name, requesterEmail: requester.email, requesterPhone: requester.phone, nrds: requester.nrds }
    for (const reviewer of await listUsersWithRoles(tx, PRINCIPAL_BROKER_REVIEWERS)) {
      const locale = LanguageSchema.catch(DEFAULT_LANGUAGE).parse(reviewer.language)
      await enqueueEmail(tx, 'principal-broker-request', data, { to: reviewer.email, locale, publicUrl })
    }
    return reload(tx, actor.uid)
  })
}
