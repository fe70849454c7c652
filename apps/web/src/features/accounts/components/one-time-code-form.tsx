import type { ReactNode } from 'react'
import { Button, Stack } from '@mantine/core'
import type { Message } from '@offerbook/domain/messages'
import { OneTimeCodeSchema } from '@offerbook/domain/session'
import { z } from 'zod'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { CodeInput } from './code-input'

const CodeFormSchema = z.object({ code: OneTimeCodeSchema })

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
  const form = useSchemaForm({ schema: CodeFormSchema, initialValues: { code: '' } })
  const onSubmit = form.onSubmit(({ code }) => onCode(code, (failure) => form.setError('code', refusalOf(failure))))

  return (
    <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
      <Stack gap="md">
        {intro}
        <CodeInput
          label={codeLabel}
          {...form.field('code')}
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
