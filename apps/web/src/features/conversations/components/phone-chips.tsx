import { useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { Badge, CloseButton, Group, Stack, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from '../../../shared/i18n/translation'
import type { PhoneChipsValue } from './phone-format'
import { commitDraft, formatPhone } from './phone-format'

export type PhoneChipsProps = {
  value: PhoneChipsValue
  onChange: (value: PhoneChipsValue) => void
  /** An error from outside (too many recipients, the API's); 'Invalid format' takes its place while it applies. */
  error?: ReactNode
  disabled?: boolean
}

/**
 * Phone numbers as chips (spec section 2 screen 4): a number typed and followed by Enter, a comma
 * or leaving the field becomes a chip when it is valid, kept in E.164 and shown formatted; an
 * invalid one stays in the field with 'Invalid format'. Each chip has its own remove button.
 */
export function PhoneChips({ value, onChange, error, disabled }: PhoneChipsProps) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)

  const commit = () => {
    if (value.draft.trim() === '') return
    onChange(commitDraft(value))
  }

  const remove = (phone: string) => {
    onChange({ ...value, phones: value.phones.filter((item) => item !== phone) })
    input.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter adds the number; it must not send the dialog with a number half-typed.
      event.preventDefault()
      commit()
    } else if (event.key === 'Backspace' && value.draft === '' && value.phones.length > 0) {
      event.preventDefault()
      remove(value.phones[value.phones.length - 1] ?? '')
    }
  }

  return (
    <Stack gap={6}>
      <TextInput
        ref={input}
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        label={t('sendDialog.phones')}
        description={t('sendDialog.phonesHint')}
        error={value.invalid ? t('errors.invalidFormat') : error}
        disabled={disabled}
        value={value.draft}
        onChange={(event) => onChange({ ...value, draft: event.currentTarget.value, invalid: false })}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      {value.phones.length > 0 && (
        <Group component="ul" aria-label={t('sendDialog.phoneList')} gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {value.phones.map((phone) => {
            const shown = formatPhone(phone)
            return (
              <li key={phone}>
                <Badge
                  size="lg"
                  variant="light"
                  tt="none"
                  pr={2}
                  rightSection={<CloseButton size="sm" aria-label={t('sendDialog.removePhone', { number: shown })} disabled={disabled} onClick={() => remove(phone)} />}
                >
                  <span data-e164={phone}>{shown}</span>
                </Badge>
              </li>
            )
          })}
        </Group>
      )}
    </Stack>
  )
}
