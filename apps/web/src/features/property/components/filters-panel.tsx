import { useState } from 'react'
import type { ReactNode } from 'react'
import { Box, Button, Collapse, Group, Paper, Title } from '@mantine/core'
import { useId, useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** Mantine's md breakpoint: from here the filters stand beside the results. */
const WIDE = '(min-width: 62em)'

/** The filters' box: always open beside the results on a wide screen, folded above them on a narrow one. */
export function FiltersPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const titleId = useId()
  const bodyId = useId()
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false })
  const [open, setOpen] = useState(false)

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {t('search.filters.title')}
        </Title>
        {!wide && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t('search.filters.hide') : t('search.filters.show')}
          </Button>
        )}
      </Group>
      {wide ? (
        <Box mt="sm">{children}</Box>
      ) : (
        <Collapse expanded={open} id={bodyId}>
          <Box mt="sm">{children}</Box>
        </Collapse>
      )}
    </Paper>
  )
}
