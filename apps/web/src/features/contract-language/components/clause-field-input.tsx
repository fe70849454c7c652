import type { CSSProperties } from 'react'
import type { Clause, ClauseField } from '@offerbook/domain/clauses/clause-types'
import type { ClauseFieldKind } from '@offerbook/domain/clauses/fields'
import { RF707_EXTRA_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { useTranslation } from '../../../shared/i18n/translation'
import { translate } from '../../../shared/i18n/messages'
import { fieldInputId, fieldLabelKey } from '../clause-form'
import type { ClauseForm } from '../hooks/use-clause-form'

/** Room for what each kind takes, so a blank in the running text is about as long as its value. */
const WIDTH: Record<ClauseFieldKind, string> = { text: '16ch', percent: '6ch', dollars: '12ch', days: '6ch', date: '10.5rem', time: '10ch' }

/** How a phone or tablet keyboard should open for each kind; a date gets the browser's date picker. */
const INPUT_MODE: Record<ClauseFieldKind, 'text' | 'decimal' | 'numeric'> = { text: 'text', percent: 'decimal', dollars: 'decimal', days: 'numeric', date: 'text', time: 'text' }

function inputStyle(kind: ClauseFieldKind | 'area', invalid: boolean, disabled: boolean): CSSProperties {
  return {
    width: kind === 'area' ? '100%' : WIDTH[kind],
    maxWidth: '100%',
    boxSizing: 'border-box',
    display: kind === 'area' ? 'block' : 'inline-block',
    font: 'inherit',
    lineHeight: 1.4,
    padding: '1px 6px',
    margin: kind === 'area' ? '4px 0 0' : '0 2px',
    border: `1px solid ${invalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
    borderRadius: 'var(--mantine-radius-sm)',
    background: disabled ? 'var(--mantine-color-disabled)' : 'var(--mantine-color-body)',
    color: disabled ? 'var(--mantine-color-disabled-color)' : 'inherit',
    resize: kind === 'area' ? 'vertical' : undefined,
  }
}

/**
 * One blank of a clause, written where it stands in the clause text. Disabled while its clause is
 * unticked; its error ('Required' or what is wrong with the value) shows in red beside it only while
 * the clause is ticked, and is linked to it for screen readers.
 */
export function ClauseFieldInput({ clause, field, form }: { clause: Clause; field: ClauseField; form: ClauseForm }) {
  const { t } = useTranslation()
  const id = fieldInputId(form.formId, field.name)
  const errorId = `${id}-error`
  const ticked = form.isTicked(clause)
  const error = ticked ? form.errors[field.name] : undefined
  const raw = form.values[field.name]
  const common = {
    id,
    name: field.name,
    value: typeof raw === 'string' ? raw : '',
    disabled: !ticked,
    autoComplete: 'off',
    'aria-label': t('clauses.fieldLabel', { key: clause.key, label: t(fieldLabelKey(clause, field), { defaultValue: field.label }) }),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const
  const errorLine = error ? (
    <span id={errorId} style={{ color: 'var(--mantine-color-error)', fontWeight: 600, margin: '0 4px' }}>
      {translate(error)}
    </span>
  ) : null

  if (RF707_EXTRA_CLAUSES.includes(clause)) {
    return (
      <>
        <textarea
          {...common}
          rows={4}
          style={inputStyle('area', Boolean(error), !ticked)}
          onChange={(event) => form.change(field, event.currentTarget.value)}
          onBlur={(event) => form.blur(field, event.currentTarget.value)}
        />
        {errorLine}
      </>
    )
  }
  return (
    <>
      <input
        {...common}
        type={field.kind === 'date' ? 'date' : 'text'}
        inputMode={INPUT_MODE[field.kind]}
        placeholder={field.kind === 'time' ? t('clauses.timePlaceholder') : undefined}
        style={inputStyle(field.kind, Boolean(error), !ticked)}
        onChange={(event) => form.change(field, event.currentTarget.value)}
        onBlur={(event) => form.blur(field, event.currentTarget.value)}
      />
      {errorLine}
    </>
  )
}
