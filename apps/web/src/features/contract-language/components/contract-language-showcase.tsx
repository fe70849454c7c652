import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { useTranslation } from '../../../shared/i18n/translation'
import type { AddendumValue, StipulationValue } from '../clause-form'
import { AddendumModal } from './addendum-modal'
import { GenerateEditButton } from './generate-edit-button'
import { StipulationModal } from './stipulation-modal'

/** Sample parties for the showcase's addendum header (data, like a real offer's names, not interface text). */
const SAMPLE_PARTIES: Rf707Parties = { buyer: 'Ben Buyer', seller: 'Olivia Owner', property: '1200 Demonbreun Street, Nashville, TN 37203' }

/** One picker on show: its heading, the GENERATE/EDIT button and the imported text below it. */
function Picker({ title, text, children }: { title: string; text: string | undefined; children: ReactNode }) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
        <Text size="sm" fw={600}>
          {t('clauses.showcase.value')}:
        </Text>
        <Box
          component="output"
          aria-label={t('clauses.showcase.value')}
          p="xs"
          style={{ display: 'block', alignSelf: 'stretch', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)', background: 'var(--mantine-color-default-hover)', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {text || t('clauses.showcase.empty')}
        </Box>
      </Stack>
    </Box>
  )
}

/**
 * The stipulation modal and the addendum modal on the kitchen sink, until the offer editor hosts
 * them (issue #7). Each value lives in this page's state only.
 */
export function ContractLanguageShowcase() {
  const { t } = useTranslation()
  const headingId = useId()
  const [stipulation, setStipulation] = useState<StipulationValue | Record<string, never>>({})
  const [addendum, setAddendum] = useState<AddendumValue | Record<string, never>>({})
  const [open, setOpen] = useState<'stipulation' | 'addendum' | null>(null)
  const close = () => setOpen(null)

  return (
    <Card component="section" withBorder padding="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {t('clauses.showcase.title')}
          </Title>
          <Text size="sm">{t('clauses.showcase.lead')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Picker title={t('clauses.showcase.stipulations')} text={stipulation.concatLabel}>
            <GenerateEditButton value={stipulation} onClick={() => setOpen('stipulation')} />
          </Picker>
          <Picker title={t('clauses.showcase.addendum')} text={addendum.concatLabel}>
            <GenerateEditButton value={addendum} onClick={() => setOpen('addendum')} />
          </Picker>
        </SimpleGrid>
      </Stack>
      <StipulationModal opened={open === 'stipulation'} value={stipulation} onImport={setStipulation} onClose={close} />
      <AddendumModal opened={open === 'addendum'} value={addendum} parties={SAMPLE_PARTIES} onImport={setAddendum} onClose={close} />
    </Card>
  )
}
