import type { MouseEvent, RefObject } from 'react'
import { useEffect, useMemo, useState } from 'react'
import { Anchor, Box, Button, Group, List, Paper, Stack, Text } from '@mantine/core'
import { IconChevronDown, IconChevronUp, IconListDetails } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { OfferProblem } from '@offerbook/domain/offer'
import { useOfferRules } from './offer-rules'
import { translate } from '../../../../shared/i18n/messages'

type IndexedSection = { id: string; title: string }

/** Where each required field the share rules name is found: an input's id, or its label's key. */
const FIELD_TARGETS: Readonly<Record<string, { id?: string; label?: string }>> = {
  listingAgent: { id: 'offer-listingAgent-fullName' },
  buyers: { id: 'offer-buyer-0-fullName' },
  purchasePrice: { label: 'offer.field.purchasePrice' },
  'earnestMoney.amount': { label: 'offer.field.earnestMoneyAmount' },
  'earnestMoney.holder': { label: 'offer.field.earnestMoneyHolder' },
  'earnestMoney.dueDays': { label: 'offer.field.earnestMoneyDueDays' },
  'financing.type': { label: 'offer.field.financingType' },
  'financing.loanAmount': { label: 'offer.field.loanAmount' },
  appraisalContingency: { label: 'offer.field.appraisalContingency' },
  inspectionPeriodDays: { label: 'offer.field.inspectionPeriodDays' },
  resolutionPeriodDays: { label: 'offer.field.resolutionPeriodDays' },
  closingDate: { label: 'offer.field.closingDate' },
  'possession.date': { label: 'offer.field.possessionDate' },
  expiresAt: { label: 'offer.field.expiresAt' },
  'sellerConcessions.amount': { label: 'offer.field.concessionAmount' },
}

/** The form's sections, in order: the titled sections that are the editor's own children. */
function sectionsOf(root: HTMLElement): IndexedSection[] {
  return [...root.querySelectorAll<HTMLElement>(':scope > section[aria-labelledby]')].flatMap((section) => {
    const id = section.getAttribute('aria-labelledby') ?? ''
    const title = document.getElementById(id)?.textContent?.trim() ?? ''
    return id && title ? [{ id, title }] : []
  })
}

/** Brings an element into view under the sticky header and index, and moves the focus there. */
function jumpTo(element: HTMLElement | null) {
  if (!element) return
  if (!element.matches('input, select, textarea, button, a[href], [tabindex]')) element.setAttribute('tabindex', '-1')
  element.scrollIntoView({ block: 'center' })
  element.focus({ preventScroll: true })
}

/**
 * The offer form's index: a jump link to each section, and the required fields the offer still lacks
 * before it can be shared, each linking to its field. A phone shows it as a compact bar that stays at
 * the top and opens on demand.
 */
export function OfferSectionIndex({ root, terms, saved }: { root: RefObject<HTMLElement | null>; terms: OfferTerms; saved: readonly OfferProblem[] }) {
  const { t } = useTranslation()
  const [sections, setSections] = useState<IndexedSection[]>([])
  const [open, setOpen] = useState(false)
  // The clock only moves the dates' 'in the past' checks; the minute the terms last changed is near enough.
  // Until the rules arrive (offer-rules.ts), the server's list for the saved terms stands in.
  const rules = useOfferRules()
  const missing = useMemo(() => (rules ? rules.shareProblems(terms, new Date()) : saved), [rules, terms, saved])

  useEffect(() => {
    const element = root.current
    if (!element) return
    const read = () =>
      setSections((current) => {
        const next = sectionsOf(element)
        return JSON.stringify(next) === JSON.stringify(current) ? current : next
      })
    read()
    const observer = new MutationObserver(read)
    observer.observe(element, { childList: true })
    return () => observer.disconnect()
  }, [root])

  const fieldOf = (field: string): HTMLElement | null => {
    const element = root.current
    if (!element) return null
    const target = FIELD_TARGETS[field] ?? {}
    if (target.id) {
      const byId = document.getElementById(target.id)
      if (byId) return byId
    }
    if (target.label) {
      const text = t(target.label)
      const label = [...element.querySelectorAll('label')].find((candidate) => candidate.textContent?.replace(/\*/g, '').trim() === text)
      const control = label?.control ?? (label?.htmlFor ? document.getElementById(label.htmlFor) : null)
      if (control) return control
      // A yes/no choice is a radio group labelled by a heading that is not a <label>: its chosen radio, or its first.
      const group = [...element.querySelectorAll<HTMLElement>('[role="radiogroup"]')].find((candidate) => {
        const labelId = candidate.getAttribute('aria-labelledby')
        return labelId !== null && document.getElementById(labelId)?.textContent?.replace(/\*/g, '').trim() === text
      })
      const radio = group?.querySelector<HTMLElement>('input[type="radio"]:checked') ?? group?.querySelector<HTMLElement>('input[type="radio"]')
      if (radio) return radio
    }
    return null
  }

  // Found again at the click: a section drawn anew since the index was read has a new heading id.
  const headingTitled = (title: string): HTMLElement | null => {
    const found = root.current ? sectionsOf(root.current).find((section) => section.title === title) : undefined
    return found ? document.getElementById(found.id) : null
  }

  const go = (event: MouseEvent, element: HTMLElement | null) => {
    event.preventDefault()
    setOpen(false)
    jumpTo(element)
  }

  const content = (
    <Stack gap="sm">
      <Box component="nav" aria-label={t('offerIndex.jump')}>
        <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {sections.map((section) => (
            <li key={section.id}>
              <Anchor href={`#${section.id}`} size="sm" onClick={(event) => go(event, headingTitled(section.title))}>
                {section.title}
              </Anchor>
            </li>
          ))}
        </Group>
      </Box>
      {missing.length > 0 ? (
        <Box>
          <Text size="sm" fw={600}>
            {t('offerIndex.missingTitle', { count: missing.length })}
          </Text>
          <List size="sm" data-testid="offer-missing-fields">
            {missing.map((problem) => (
              <List.Item key={`${problem.field}-${problem.key}`}>
                <Anchor href={`#${FIELD_TARGETS[problem.field]?.id ?? ''}`} size="sm" onClick={(event) => go(event, fieldOf(problem.field))}>
                  {translate(problem)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Box>
      ) : (
        <Text size="sm">{t('offerIndex.complete')}</Text>
      )}
    </Stack>
  )

  return (
    <>
      <Paper withBorder p="md" visibleFrom="sm" data-testid="offer-index">
        <Stack gap="xs">
          <Group gap={6}>
            <IconListDetails size={18} aria-hidden />
            <Text fw={700}>{t('offerIndex.title')}</Text>
          </Group>
          {content}
        </Stack>
      </Paper>
      <Paper withBorder shadow="sm" px="sm" py={6} hiddenFrom="sm" pos="sticky" top={64} style={{ zIndex: 20 }} data-testid="offer-index-compact">
        <Button
          variant="subtle"
          fullWidth
          justify="space-between"
          size="sm"
          px={4}
          aria-expanded={open}
          leftSection={<IconListDetails size={16} aria-hidden />}
          rightSection={open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          onClick={() => setOpen((current) => !current)}
        >
          {missing.length > 0 ? `${t('offerIndex.title')} · ${t('offerIndex.missingShort', { count: missing.length })}` : t('offerIndex.title')}
        </Button>
        {/* Opened at once, without Collapse's animation: its code is not worth the first screen's wait (issue 36). */}
        {open && (
          <Box pt="xs" pb={4} mah="60vh" style={{ overflowY: 'auto' }}>
            {content}
          </Box>
        )}
      </Paper>
    </>
  )
}
