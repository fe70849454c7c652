import { useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { Button, Stack } from '@mantine/core'
import type { Message } from '@offerbook/domain/messages'
import { OneTimeCodeSchema } from '@offerbook/domain/session'
import { firstError } from '@offerbook/domain/validation'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { translateOptional } from '../../../shared/i18n/messages'
import { CodeInput } from './code-input'

export type OneTimeCodeFormProps = {
  /** The form's accessible name. */
  formLabel: string
  codeLabel: string
  submitLabel: string
  submitting: boolean
  /**
   * Called with the six digits once they pass the code rule; `refuse` puts the API's refusal on
   * the field.
   */
  onCode: (code: string, refuse: (error: unknown) => void) => void
  /** Shown above the field: what was sent where. */
  intro?: ReactNode
  /** Shown between the field and the submit button (e.g. "Remember me"). */
  options?: ReactNode
  /** Shown below the submit button (e.g. send a new code, use another address). */
  footer?: ReactNode
}

/** The refusal of a code, by its catalogue key: the API's own message, or a generic one. */
function refusalOf(error: unknown): Message {
  return error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR
}

/**
 * The one form that takes a 6-digit code from an e-mail or a text: the code is checked with the
 * domain's rule before it is sent, and the API's refusal is shown on the field.
 */
export function OneTimeCodeForm({ formLabel, codeLabel, submitLabel, submitting, onCode, intro, options, footer }: OneTimeCodeFormProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<Message | null>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = OneTimeCodeSchema.safeParse(code)
    if (!parsed.success) {
      setError(firstError(OneTimeCodeSchema, code))
      return
    }
    setError(null)
    onCode(parsed.data, (failure) => setError(refusalOf(failure)))
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
      <Stack gap="md">
        {intro}
        <CodeInput
          label={codeLabel}
          value={code}
          onChange={(value) => {
            setCode(value)
            if (error) setError(null)
          }}
          error={translateOptional(error)}
        />
        {options}
        <Button type="submit" loading={submitting} fullWidth>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  )
}
