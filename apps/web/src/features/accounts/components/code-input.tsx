import { TextInput } from '@mantine/core'
import type { ReactNode } from 'react'
import { CODE_LENGTH } from '@offerbook/domain/session'

export type CodeInputProps = {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error?: ReactNode
  disabled?: boolean
}

/** A one-time code field: the browser and phone keyboards offer the code they just received. */
export function CodeInput({ label, value, onChange, error, disabled }: CodeInputProps) {
  return (
    <TextInput
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      // Room for a space or hyphen pasted along with the digits.
      maxLength={CODE_LENGTH + 2}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={disabled}
      withAsterisk
    />
  )
}
