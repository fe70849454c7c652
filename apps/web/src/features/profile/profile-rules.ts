import { profileMlsIdSchema, profileNrdsSchema } from '@offerbook/domain/profile'
import { firstError, fullNameSchema, requiredText } from '@offerbook/domain/validation'

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const PHOTO_TYPE_MESSAGE = 'The photo must be a JPEG, PNG or WebP image'
export const PHOTO_SIZE_MESSAGE = 'The photo is larger than 5 MB'
export const ZIPCODE_MESSAGE = 'Invalid ZIP code'
export const PASSWORD_MIN_LENGTH = 8

/** The same checks the API makes, so a wrong file is refused before it is sent. */
export function photoError(file: File): string | null {
  if (!PHOTO_TYPES.some((type) => type === file.type)) return PHOTO_TYPE_MESSAGE
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_SIZE_MESSAGE
  return null
}

export function nameError(name: string): string | null {
  return firstError(requiredText, name) ?? firstError(fullNameSchema, name)
}

export function zipcodeError(zipcode: string): string | null {
  const value = zipcode.trim()
  return value === '' || /^\d{5}$/.test(value) ? null : ZIPCODE_MESSAGE
}

/** An agent's NRDS number and MLS ID: the API's own rules (onboarding's formats; an agent cannot empty them). */
export function nrdsError(nrds: string): string | null {
  return firstError(profileNrdsSchema, nrds)
}

export function mlsIdError(mlsId: string): string | null {
  return firstError(profileMlsIdSchema, mlsId)
}
