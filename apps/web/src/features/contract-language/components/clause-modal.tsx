import type { ReactNode } from 'react'
import { Box, Button, Group, Modal } from '@mantine/core'
import type { ModalProps } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'


type ClauseModalProps = { opened: boolean; onClose: () => void; title: string; size: ModalProps['size']; children: ReactNode }

/** The frame of the stipulation and addendum modals: their width, title and close button. */
export function ClauseModal({ opened, onClose, title, size, children }: ClauseModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('clauses.closeDialog') }}
    >
      {children}
    </Modal>
  )
}

/** Close and Import, at the foot of both clause modals; Import waits for a ticked clause. */
export function ClauseModalActions({ canImport, onImport, onClose }: { canImport: boolean; onImport: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Group gap="sm">
      <Button variant="default" onClick={onClose}>
        {t('clauses.close')}
      </Button>
      <Button onClick={onImport} disabled={!canImport}>
        {t('clauses.import')}
      </Button>
    </Group>
  )
}

/**
 * The foot of a clause modal, kept in view at the bottom of the dialog however long the clause list
 * above it (a phone scrolls the whole dialog): its message line and its actions stay reachable.
 */
export function ClauseModalFooter({ children }: { children: ReactNode }) {
  return (
    <Box pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="clause-modal-footer">
      {children}
    </Box>
  )
}
