import type { CSSProperties } from 'react'
import { TextInput, VisuallyHidden } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { AdoptedSignature, SigningField } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing-values'
import { translate } from '../../../shared/i18n/messages'
import type { FieldProgress } from '../lib/fields'
import { isFieldDone } from '../lib/fields'
import classes from './signing-document.module.css'

export type FieldOverlayProps = {
  /** This page's fields of this signer. */
  fields: readonly SigningField[]
  /** Each field's place among all of this signer's fields, in visit order (1-based), for its name. */
  numbers: ReadonlyMap<string, number>
  total: number
  progress: FieldProgress
  adopted: AdoptedSignature | null
  signerName: string
  today: string
  errors: Readonly<Record<string, Message>>
  onStamp: (field: SigningField) => void
  onText: (fieldId: string, value: string) => void
  onFocusField: (fieldId: string) => void
  registerField: (fieldId: string, element: HTMLElement | null) => void
}

/** Fractions of the page (origin top left) as CSS, so the fields follow the page at any width. */
function place(field: SigningField): CSSProperties {
  return { left: `${field.x * 100}%`, top: `${field.y * 100}%`, width: `${field.width * 100}%`, height: `${field.height * 100}%` }
}

/** The signer's fields over one page: buttons to sign or initial, inputs for text, and the fields that fill themselves. */
export function FieldOverlay({ fields, numbers, total, progress, adopted, signerName, today, errors, onStamp, onText, onFocusField, registerField }: FieldOverlayProps) {
  const { t } = useTranslation()

  return (
    <>
      {fields.map((field) => {
        const index = numbers.get(field.id) ?? 0
        const problem = errors[field.id]
        const error = problem ? translate(problem) : undefined

        if (field.type === 'signature' || field.type === 'initials') {
          const done = isFieldDone(field, progress)
          const image = done && adopted ? (field.type === 'signature' ? adopted.signature : adopted.initials) : null
          const name = t(`signer.document.field.${field.type}`, { index, total, page: field.page + 1 })
          return (
            <button
              key={field.id}
              ref={(element) => registerField(field.id, element)}
              type="button"
              className={[classes.field, done ? classes.filled : '', error ? classes.invalid : ''].filter(Boolean).join(' ')}
              style={place(field)}
              aria-label={field.required ? name : t('signer.document.field.optional', { label: name })}
              aria-pressed={done}
              onClick={() => onStamp(field)}
              onFocus={() => onFocusField(field.id)}
              title={error}
            >
              {image ? <img src={image} alt="" className={classes.image} /> : <span aria-hidden>{t(field.type === 'signature' ? 'signer.document.field.sign' : 'signer.document.field.initial')}</span>}
            </button>
          )
        }

        if (field.type === 'text') {
          const label = field.label.trim() || t('signer.document.field.text')
          return (
            <div key={field.id} className={classes.text} style={{ ...place(field), minWidth: 96 }}>
              <TextInput
                ref={(element) => registerField(field.id, element)}
                aria-label={field.required ? label : t('signer.document.field.optional', { label })}
                placeholder={label}
                value={progress.values[field.id] ?? ''}
                onChange={(event) => onText(field.id, event.currentTarget.value)}
                onFocus={() => onFocusField(field.id)}
                maxLength={SIGNING_LIMITS.maxTextValue}
                required={field.required}
                error={error}
                size="xs"
                styles={{ input: { height: '100%', minHeight: 24, padding: '0 4px', background: 'rgba(255, 236, 153, 0.92)', borderColor: 'var(--mantine-color-orange-8)' }, wrapper: { height: '100%' }, root: { height: '100%' } }}
              />
            </div>
          )
        }

        const value = field.type === 'date-signed' ? today : signerName
        return (
          <div key={field.id} className={classes.auto} style={place(field)}>
            <VisuallyHidden>{t(field.type === 'date-signed' ? 'signer.document.field.dateSigned' : 'signer.document.field.fullName', { value })}</VisuallyHidden>
            <span aria-hidden>{value}</span>
          </div>
        )
      })}
    </>
  )
}
