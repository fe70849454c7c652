import type { CSSProperties } from 'react'
import { memo, useDeferredValue, useMemo } from 'react'
import { Alert, Box, Stack } from '@mantine/core'
import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import { RF707_FORM, RF707_FORM_LABEL } from '@offerbook/domain/clauses/rf707-catalogue'
import type { Rf707Line, Rf707Page, Rf707Parties, Rf707Span } from '@offerbook/domain/clauses/rf707-layout'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import { useTranslation } from '../../../shared/i18n/translation'
import { translate } from '../../../shared/i18n/messages'

/**
 * The RF707 document as the PDF prints it (decision 010): layoutRf707's 287 numbered lines on 6
 * pages, drawn line for line in a monospaced font and never wrapped again, each page with its
 * footer. Values are set apart (bold, underlined, tinted); headings and marks are bold. Every piece
 * is React text, so a value can never become markup.
 */
export type Rf707PreviewProps = {
  formData: ClauseFormData
  parties?: Rf707Parties
  style?: CSSProperties
}

const NUMBER_WIDTH = String(RF707_FORM.lineCount).length

const PAPER: CSSProperties = {
  width: 'max-content',
  margin: '0 auto',
  padding: '16px 20px',
  background: '#ffffff',
  color: '#1a1b1e',
  boxShadow: '0 1px 4px rgba(0, 0, 0, 0.25)',
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 11,
  lineHeight: 1.45,
}

function SpanView({ span }: { span: Rf707Span }) {
  switch (span.kind) {
    case 'heading':
    case 'mark':
      return <b>{span.text}</b>
    case 'value':
      return <strong style={{ textDecoration: 'underline', background: 'var(--mantine-color-brand-0)' }}>{span.text}</strong>
    default:
      return <>{span.text}</>
  }
}

const spansKey = (line: Rf707Line) => line.spans.map((span) => `${span.kind}:${span.text}`).join('\u0000')

/** One numbered line; redrawn only when what it says changes, so typing stays quick. */
const LineView = memo(
  function LineView({ line }: { line: Rf707Line }) {
    return (
      <li style={{ whiteSpace: 'pre', minHeight: '1.4em' }}>
        <span style={{ color: '#495057', userSelect: 'none' }}>{String(line.number).padStart(NUMBER_WIDTH, ' ')}</span>
        {'  '}
        {line.spans.map((span, index) => (
          <SpanView key={index} span={span} />
        ))}
      </li>
    )
  },
  (before, after) => before.line.number === after.line.number && spansKey(before.line) === spansKey(after.line),
)

function PageView({ page }: { page: Rf707Page }) {
  const { t } = useTranslation()
  return (
    <section aria-label={t('clauses.preview.page', { page: page.number, count: RF707_FORM.pageCount })} style={PAPER}>
      <ol lang="en" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {page.lines.map((line) => (
          <LineView key={line.number} line={line} />
        ))}
      </ol>
      <div lang="en" style={{ display: 'flex', justifyContent: 'space-between', gap: '2ch', marginTop: 12, paddingTop: 6, borderTop: '1px solid #868e96' }}>
        <span>{RF707_FORM_LABEL}</span>
        <span>{page.footer}</span>
      </div>
    </section>
  )
}

export function Rf707Preview({ formData, parties, style }: Rf707PreviewProps) {
  const { t } = useTranslation()
  // The form keeps answering each key press; the preview follows as soon as React has a moment.
  const deferred = useDeferredValue(formData)
  const layout = useMemo(() => layoutRf707(deferred, parties), [deferred, parties])
  return (
    // Scrolls on its own, so it takes the focus for keyboard scrolling (WCAG 2.1.1).
    <Box role="region" aria-label={t('clauses.preview.label')} tabIndex={0} p="md" style={{ overflow: 'auto', background: 'var(--mantine-color-gray-2)', borderRadius: 'var(--mantine-radius-sm)', ...style }}>
      {layout.fits ? (
        <Stack gap="md">
          {layout.pages.map((page) => (
            <PageView key={page.number} page={page} />
          ))}
        </Stack>
      ) : (
        <Alert color="red" role="alert">
          {t('clauses.preview.tooLong', { message: translate(layout.message), needed: layout.linesNeeded, available: layout.linesAvailable })}
        </Alert>
      )}
    </Box>
  )
}
