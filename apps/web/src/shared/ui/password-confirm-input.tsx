import { useState } from 'react'
import type { FocusEvent, ReactNode } from 'react'
import { PasswordInput, Stack } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconCheck, IconLock } from '@tabler/icons-react'
import { useTranslation } from '../i18n/translation'
import { translate } from '../i18n/messages'

export type PasswordConfirmValue = { password: string; confirm: string }

export type PasswordConfirmInputProps = {
  value: PasswordConfirmValue
  onChange: (value: PasswordConfirmValue) => void
  /** Label of the first field; 'Password' when not given. */
  label?: ReactNode
  /** Label of the second field; 'Confirm password' when not given. */
  confirmLabel?: ReactNode
  description?: ReactNode
  /** An error of the password field from outside (e.g. 'Required'); the length rule is checked here. */
  error?: ReactNode
  /** An error of the confirmation from outside; 'Password mismatch' takes its place while it applies. */
  confirmError?: ReactNode
  required?: boolean
  disabled?: boolean
  /** Name of the password field; the confirmation is `${name}Confirm`. */
  name?: string
  /** Id of the password field; the confirmation is `${id}-confirm`. */
  id?: string
  /** Called when either field loses focus. */
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void
  /** When set, a shorter password shows 'Must have at least N characters' once the field was left. */
  minLength?: number
}

const ICON_SIZE = 16

export function PasswordConfirmInput({
  value,
  onChange,
  label,
  confirmLabel,
  description,
  error,
  confirmError,
  required,
  disabled,
  name,
  id,
  onBlur,
  minLength,
}: PasswordConfirmInputProps) {
  const { t } = useTranslation()
  const passwordId = useId(id)
  const [passwordLeft, setPasswordLeft] = useState(false)

  const tooShort = minLength !== undefined && value.password !== '' && value.password.length < minLength
  const passwordError = passwordLeft && tooShort ? translate({ key: 'common.tooShort', params: { minimum: minLength } }) : error
  const mismatch = value.confirm !== '' && value.confirm !== value.password
  const confirmErrorShown = mismatch ? translate('accounts.passwordMismatch') : confirmError
  const match = value.confirm !== '' && value.confirm === value.password

  return (
    <Stack gap="sm">
      <PasswordInput
        id={passwordId}
        name={name}
        label={label ?? t('inputs.password.label')}
        description={description}
        error={passwordError}
        // Mantine's PasswordInput leaves aria-invalid out, so a screen reader would not hear the error state.
        aria-invalid={passwordError ? true : undefined}
        required={required}
        disabled={disabled}
        autoComplete="new-password"
        minLength={minLength}
        leftSection={<IconLock size={ICON_SIZE} aria-hidden />}
        // Each toggle needs its own name, and neither may contain the field labels, or they stop being unique.
        visibilityToggleButtonProps={{ 'aria-label': t('inputs.password.showPassword') }}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
        onBlur={(event) => {
          setPasswordLeft(true)
          onBlur?.(event)
        }}
      />
      <PasswordInput
        id={`${passwordId}-confirm`}
        name={name === undefined ? undefined : `${name}Confirm`}
        label={confirmLabel ?? t('inputs.password.confirmLabel')}
        error={confirmErrorShown}
        aria-invalid={confirmErrorShown ? true : undefined}
        required={required}
        disabled={disabled}
        autoComplete="new-password"
        // The lock turns into the check so the text does not shift; the live region lets a screen reader hear it.
        leftSection={
          <span aria-live="polite" style={{ display: 'flex' }}>
            {match ? (
              <IconCheck size={ICON_SIZE} color="var(--mantine-color-green-8)" role="img" aria-label={t('inputs.password.match')} />
            ) : (
              <IconLock size={ICON_SIZE} aria-hidden />
            )}
          </span>
        }
        visibilityToggleButtonProps={{ 'aria-label': t('inputs.password.showConfirm') }}
        value={value.confirm}
        onChange={(event) => onChange({ ...value, confirm: event.currentTarget.value })}
        onBlur={onBlur}
      />
    </Stack>
  )
}
