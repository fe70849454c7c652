import { MESSAGES } from '@offerbook/domain/validation'

/** The code the API mails or texts: six digits. Spaces a user pastes along are dropped. */
export const CODE_LENGTH = 6
export const CODE_DIGITS_MESSAGE = 'Enter the 6 digits of the code'

export function cleanCode(value: string): string {
  return value.replace(/\s+/g, '')
}

export function codeError(value: string): string | null {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(cleanCode(value)) ? null : CODE_DIGITS_MESSAGE
}

export function secondsUntil(until: string | null, now: number): number {
  const target = until ? Date.parse(until) : Number.NaN
  return Number.isFinite(target) ? Math.max(0, Math.ceil((target - now) / 1000)) : 0
}

export const PASSWORD_MIN_LENGTH = 8

/** A new password and its confirmation: required, long enough, and the same twice. */
export function passwordErrors(value: { password: string; confirm: string }): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {}
  if (value.password === '') errors.password = MESSAGES.required
  else if (value.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.minLength(PASSWORD_MIN_LENGTH)
  if (value.confirm === '') errors.confirm = MESSAGES.required
  else if (value.confirm !== value.password) errors.confirm = 'Password mismatch'
  return errors
}
