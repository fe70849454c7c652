import type { FocusEvent, ReactNode } from 'react'

/** What every shared input takes besides its value: the field's label, help, error and state. */
export type FieldProps = {
  label?: ReactNode
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  disabled?: boolean
  name?: string
  id?: string
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void
}
