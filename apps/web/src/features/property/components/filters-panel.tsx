import { useState } from 'react'
import type { ReactNode } from 'react'
import { Box, Button, Group, Paper, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconAdjustmentsHorizontal } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'

/**
 * The filters' box: always open beside the results on a wide screen (from Mantine's md breakpoint),
 * folded above them on a narrow one. The width decides in CSS (app.css, .filters-body), not in a
 * script, so the page the server renders is the one the browser shows, at any width.
 */
export function FiltersPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const titleId = useId()
  const bodyId = useId()
  const [open, setOpen] = useState(false)

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {t('search.filters.title')}
        </Title>
        <Button
          hiddenFrom="md"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('search.filters.hide') : t('search.filters.show')}
        </Button>
      </Group>
      <Box mt="sm" id={bodyId} className="filters-body" data-open={open || undefined}>
        {children}
      </Box>
    </Paper>
  )
}
