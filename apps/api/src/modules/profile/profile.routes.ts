import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { ChangePasswordSchema, OnboardingSchema, PHOTO_MAX_BYTES, UpdateProfileSchema } from '@offerbook/domain/profile'
import { UserSchema } from '@offerbook/domain/user'
import type { Auth } from '../session/session.auth'
import type { Db } from '../../db/client'
import type { UploadMessages } from '../../http/multipart-upload'
import { readSingleFile } from '../../http/multipart-upload'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import { changePassword, completeOnboarding, replaceProfilePhoto, requestPrincipalBroker, updateProfile } from './profile.service'
import { routeOptions } from '../../http/route-options'

export type ProfileRoutesOptions = { db: Db; auth: Auth; storage: FileStorage; publicUrl: string }

const MeSchema = z.object({ user: UserSchema })
const PHOTO_FIELD = 'photo'

const PHOTO_UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'profile.photoTooLarge',
  notMultipart: 'profile.photoNotMultipart',
  onlyOne: 'profile.photoOnlyOne',
  missing: 'profile.photoMissing',
}

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { db, auth, storage, publicUrl }) => {
  app.put(
    '/api/me/onboarding',
    routeOptions('signed-in', 'me', 'Finish onboarding: choose buyer or seller, on your own or as an agent', {
      body: OnboardingSchema,
      response: { 200: MeSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema },
    }),
    async (request) => ({ user: await completeOnboarding(db, { actor: signedIn(request.user), input: request.body }) }),
  )

  app.patch(
    '/api/me',
    routeOptions('signed-in', 'me', "Change the signed-in user's name, phone, ZIP code, language or UI mode (buy or sell); an agent's NRDS number or MLS ID too", {
      body: UpdateProfileSchema,
      response: { 200: MeSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema },
    }),
    async (request) => ({ user: await updateProfile(db, { actor: signedIn(request.user), input: request.body }) }),
  )

  app.post(
    '/api/me/password',
    routeOptions('signed-in', 'me', 'Change the password; every session ends, and the caller gets the token of a new one', {
      body: ChangePasswordSchema,
      response: { 200: z.object({ accessToken: z.string() }), 400: ApiErrorSchema, 401: ApiErrorSchema },
    }),
    async (request) => changePassword(auth, { authorization: request.headers.authorization ?? '', input: request.body }),
  )

  app.post(
    '/api/me/principal-broker-request',
    routeOptions('signed-in', 'me', 'Ask the support team for principal broker access', { response: { 200: MeSchema, 401: ApiErrorSchema, 409: ApiErrorSchema } }),
    async (request) => ({ user: await requestPrincipalBroker(db, { actor: signedIn(request.user), publicUrl }) }),
  )

  // Multipart is parsed in this scope only, so every other route still takes JSON alone.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0 } })
    upload.post(
      '/api/me/photo',
      routeOptions('signed-in', 'me', 'Upload a profile photo (multipart/form-data, one file field "photo": JPEG, PNG or WebP, at most 5 MB and 50 megapixels); it is stored again as WebP, at most 512 pixels on a side', {
        consumes: ['multipart/form-data'],
        response: { 200: MeSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
      }),
      async (request) => {
        const actor = signedIn(request.user)
        const photo = await readSingleFile(request, { field: PHOTO_FIELD, messages: PHOTO_UPLOAD_MESSAGES })
        const onCleanupError = (error: unknown, key: string) => request.log.warn({ err: error, key }, 'could not remove a replaced profile photo')
        return { user: await replaceProfilePhoto(db, storage, { actor, photo, onCleanupError }) }
      },
    )
  })
}
