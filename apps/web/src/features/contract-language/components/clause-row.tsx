import { Fragment, memo, useId } from 'react'
import { Box, Checkbox, Text } from '@mantine/core'
import type { Clause } from '@offerbook/domain/clauses/clause-types'
import { templateParts } from '@offerbook/domain/clauses/clause-types'
import type { ClauseForm } from '../hooks/use-clause-form'
import { ClauseFieldInput } from './clause-field-input'

type ClauseRowProps = { clause: Clause; form: ClauseForm }

/**
 * A row is drawn again only when its own tick, values or errors change (the form's handlers are
 * stable), so typing in one of the 40 clauses does not redraw the other 39.
 */
function sameRow(before: ClauseRowProps, after: ClauseRowProps): boolean {
  const { clause } = after
  if (before.clause !== clause || before.form.formId !== after.form.formId) return false
  if (before.form.isTicked(clause) !== after.form.isTicked(clause)) return false
  return clause.fields.every((field) => before.form.values[field.name] === after.form.values[field.name] && before.form.errors[field.name] === after.form.errors[field.name])
}

/**
 * One clause: its checkbox, titled with its letter, and its text with an input where each blank is
 * (spec screen 3). The clause text and title are the catalogue's English legal language, marked as
 * English so a screen reader reads them so in a Spanish interface.
 */
export const ClauseRow = memo(function ClauseRow({ clause, form }: ClauseRowProps) {
  const titleId = useId()
  const textId = useId()
  const ticked = form.isTicked(clause)
  return (
    <Box role="group" aria-labelledby={titleId} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Checkbox
        checked={ticked}
        onChange={(event) => form.toggle(clause, event.currentTarget.checked)}
        aria-describedby={textId}
        label={
          <span id={titleId} lang="en" style={{ fontWeight: 600 }}>
            {clause.key}. {clause.title}
          </span>
        }
      />
      <Text component="div" id={textId} size="sm" mt={6} ml={32} style={{ lineHeight: 2.1 }}>
        {templateParts(clause).map((part, index) =>
          part.type === 'text' ? (
            <span key={index} lang="en">
              {part.text}
            </span>
          ) : (
            <Fragment key={part.field.name}>
              <ClauseFieldInput clause={clause} field={part.field} form={form} />
            </Fragment>
          ),
        )}
      </Text>
    </Box>
  )
}, sameRow)
