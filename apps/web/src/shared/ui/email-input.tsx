import { TextInput } from '@mantine/core'
import type { TextInputProps } from '@mantine/core'

/** An account's email address field: the email keyboard, the browser's address autofill, and the asterisk of a required field. */
export function EmailInput(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="email" name="email" autoComplete="email" withAsterisk {...props} />
}
