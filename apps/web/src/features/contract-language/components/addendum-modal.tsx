import { useId } from 'react'
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core'
import { concatLabel } from '@offerbook/domain/clauses/clause-text'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { signInPathFor } from '@offerbook/domain/route-access'
import { IconDownload } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, useLocation } from '../../../shared/navigation'
import { notifyError } from '../../../shared/notify'
import { useSession } from '../../../shared/session'
import { useDownloadRf707Pdf } from '../api/rf707-pdf'
import type { AddendumValue } from '../clause-form'
import { useClauseForm } from '../hooks/use-clause-form'
import { ClauseModal, ClauseModalActions, ClauseModalFooter } from './clause-modal'
import { ClauseRow } from './clause-row'
import { Rf707Preview } from './rf707-preview'

export type AddendumModalProps = {
  opened: boolean
  /** The saved value; with no keys (or none at all) the form opens empty. */
  value?: Partial<AddendumValue> | null
  /** Who and what the addendum is about, printed in its header; blanks when not given. */
  parties?: Rf707Parties
  /** Import with every ticked clause filled: the value to save. The modal then closes. */
  onImport: (value: AddendumValue) => void
  /** The closed event (spec screen 2): Close, Escape or the corner button. The parent runs its close action. */
  onClose: () => void
}

const COLUMN_HEIGHT = 'calc(100dvh - 15rem)'

/**
 * The addendum modal ADDITIONAL CONTRACT LANGUAGE (spec screens 1 and 2; no logo): the RF707 form's
 * lettered clauses and two extra options with their blanks, beside a preview of the 6-page document
 * that follows the typing, a Download PDF for signed-in users, Close and Import. Each field shows its
 * own error; the original's cross-wired error slots are not reproduced (decision 010).
 */
export function AddendumModal({ opened, value, parties, onImport, onClose }: AddendumModalProps) {
  const { t } = useTranslation()
  return (
    <ClauseModal opened={opened} onClose={onClose} title={t('clauses.addendum.title')} size="100%">
      {/* Mantine mounts the body only while open, so each opening starts from the saved value. */}
      <AddendumForm value={value} parties={parties} onImport={onImport} onClose={onClose} />
    </ClauseModal>
  )
}

function AddendumForm({ value, parties, onImport, onClose }: Omit<AddendumModalProps, 'opened'>) {
  const { t } = useTranslation()
  const form = useClauseForm(RF707_CLAUSES, value?.formData)
  const signedIn = useSession() !== null
  const { pathname, search } = useLocation()
  const download = useDownloadRf707Pdf()
  const downloadNoteId = useId()

  const submit = () => {
    if (!form.check().canImport) return
    onImport({ concatLabel: concatLabel(RF707_CLAUSES, form.values), formData: form.values })
    onClose()
  }

  const downloadPdf = () => {
    // The server checks the choices as Import does; the same check here shows what to fix in place.
    if (!form.check().canImport) return
    download.mutate({ formData: form.values, parties }, { onError: notifyError })
  }

  const downloadNote = !signedIn ? (
    <>
      {t('clauses.addendum.signInToDownload')}{' '}
      <Anchor component={Link} to={signInPathFor(pathname + search)}>
        {t('clauses.addendum.signIn')}
      </Anchor>
    </>
  ) : !form.anyTicked ? (
    t('clauses.addendum.tickToDownload')
  ) : null

  return (
    <Stack gap="sm">
      <Text size="sm">{t('clauses.addendum.intro')}</Text>
      {/* The form takes what the preview's pages leave; on a narrow screen the preview goes below it. */}
      <Box style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}>
        <Box
          component="section"
          aria-label={t('clauses.addendum.form')}
          pr="xs"
          style={{ flex: '1 1 22rem', minWidth: 0, maxHeight: COLUMN_HEIGHT, minHeight: '12rem', overflowY: 'auto', borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          {RF707_CLAUSES.map((clause) => (
            <ClauseRow key={clause.key} clause={clause} form={form} />
          ))}
        </Box>
        <Rf707Preview formData={form.values} parties={parties} style={{ flex: '0 1 auto', maxWidth: '100%', maxHeight: COLUMN_HEIGHT, minHeight: '12rem' }} />
      </Box>
      <ClauseModalFooter>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Group gap="sm" align="center" style={{ flex: '1 1 18rem' }}>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={downloadPdf}
              loading={download.isPending}
              disabled={!signedIn || !form.anyTicked}
              aria-describedby={downloadNote ? downloadNoteId : undefined}
            >
              {t('clauses.addendum.downloadPdf')}
            </Button>
            {downloadNote && (
              <Text id={downloadNoteId} size="sm">
                {downloadNote}
              </Text>
            )}
          </Group>
          <ClauseModalActions canImport={form.anyTicked} onImport={submit} onClose={onClose} />
        </Group>
      </ClauseModalFooter>
    </Stack>
  )
}
