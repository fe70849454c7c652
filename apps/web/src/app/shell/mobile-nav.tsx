import type { ReactNode } from 'react'
import { Drawer, Stack } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'

export type MobileNavProps = { opened: boolean; onClose: () => void; children: ReactNode }

export default function MobileNav({ opened, onClose, children }: MobileNavProps) {
  const { t } = useTranslation()
  return (
    <Drawer opened={opened} onClose={onClose} hiddenFrom="lg" size="xs" title={t('shell.brand')} closeButtonProps={{ 'aria-label': t('shell.closeNavigation') }}>
      <Stack component="nav" aria-label={t('shell.mainNavigation')} gap={4}>
        {children}
      </Stack>
    </Drawer>
  )
}
