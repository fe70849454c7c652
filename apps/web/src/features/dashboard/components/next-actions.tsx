import type { ReactNode } from 'react'
import { SimpleGrid } from '@mantine/core'
import type { Translate } from '../../../shared/i18n/translation'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Dashboard, DashboardDeadline, DashboardSection } from '@offerbook/domain/dashboard'
import type { MessageKey } from '@offerbook/domain/messages'
import { translate } from '../../../shared/i18n/messages'
import { formatDateTime } from '../../../shared/format-date-time'
import { formatDay, formatPrice } from '../format'
import { ActionItem, ActionSection } from './action-section'
import { WARNING_FILL } from '../../../shared/ui/warning-color'

export type NewHomesGroup = {
  query: string
  label: string
  href: string
  state: 'loading' | 'error' | 'ready'
  homes: { id: string; address: string; price: number | null; isNew: boolean }[]
}

/** The contract timeline items of a list (both dashboards show them), at-risk ones marked Missed or Due soon. */
export function deadlineItems(deadlines: readonly DashboardDeadline[], t: Translate, language: string): ReactNode[] {
  return deadlines.map((item) => (
    <ActionItem
      key={`${item.offerId}-${item.kind}`}
      label={t('dashboard.deadline', { kind: translate(`timeline.${item.kind}` as MessageKey), date: formatDay(item.date, language) })}
      detail={item.address}
      {...(item.state === 'missed' || item.state === 'dueSoon' ? { badge: t(`offerTimeline.state.${item.state}`), badgeColor: item.state === 'missed' ? 'red.9' : WARNING_FILL } : {})}
      href={item.href}
      action={t('dashboard.openTransaction')}
    />
  ))
}

function newHomeItems(groups: readonly NewHomesGroup[], t: Translate, language: string): ReactNode[] {
  return groups.flatMap((group) => {
    const heading = t('dashboard.newHomesFor', { search: group.label })
    if (group.state !== 'ready' || group.homes.length === 0) {
      const detail = group.state === 'loading' ? t('common.loading') : group.state === 'error' ? t('dashboard.newHomesLoadFailed') : t('dashboard.newHomesNone')
      return [<ActionItem key={group.query} label={heading} detail={detail} href={group.href} action={t('dashboard.seeSearch')} />]
    }
    return group.homes.map((home) => (
      <ActionItem
        key={`${group.query}-${home.id}`}
        label={home.price === null ? home.address : t('dashboard.home', { address: home.address, price: formatPrice(home.price, language) })}
        detail={heading}
        href={`/property/${encodeURIComponent(home.id)}`}
        action={t('nav.propertyDetail')}
        badge={home.isNew ? t('dashboard.newBadge') : undefined}
      />
    ))
  })
}

/** /dashboard's cards, in the order of the UI mode (dashboardSectionOrder). */
export function NextActions({ dashboard, order, newHomes }: { dashboard: Dashboard; order: readonly DashboardSection[]; newHomes: readonly NewHomesGroup[] }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const items: Record<DashboardSection, ReactNode[]> = {
    drafts: dashboard.drafts.map((item) => (
      <ActionItem
        key={item.offerId}
        label={item.purchasePrice === null ? t('dashboard.draftNoPrice', { address: item.address }) : t('dashboard.draft', { address: item.address, price: formatPrice(item.purchasePrice, language) })}
        detail={t('dashboard.draftUpdated', { date: formatDateTime(language, item.updatedAt) })}
        href={item.href}
        action={t('dashboard.finishDraft')}
      />
    )),
    offersToAnswer: dashboard.offersToAnswer.map((item) => (
      <ActionItem
        key={item.offerId}
        label={t('dashboard.offerFrom', { buyer: item.buyerName, address: item.address, price: formatPrice(item.purchasePrice, language) ?? '—' })}
        detail={item.expiresAt ? t('dashboard.offerExpires', { date: formatDateTime(language, item.expiresAt) }) : t('dashboard.offerNoExpiry')}
        href={item.href}
        action={t('dashboard.answerOffer')}
      />
    )),
    documentsToSign: dashboard.documentsToSign.map((item) => (
      <ActionItem
        key={item.packetId}
        label={t('dashboard.documentSent', { title: item.title, address: item.address })}
        detail={item.sentAt ? t('dashboard.documentSentAt', { date: formatDateTime(language, item.sentAt) }) : undefined}
        href={item.href}
        action={t('dashboard.signDocument')}
      />
    )),
    deadlines: deadlineItems(dashboard.deadlines, t, language),
    newHomes: newHomeItems(newHomes, t, language),
  }
  const counts: Partial<Record<DashboardSection, number>> = {
    drafts: dashboard.drafts.length,
    offersToAnswer: dashboard.offersToAnswer.length,
    documentsToSign: dashboard.documentsToSign.length,
    deadlines: dashboard.deadlines.length,
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="next-actions">
      {order.map((section) => (
        <ActionSection key={section} testId={`section-${section}`} title={t(`dashboard.sections.${section}`)} count={counts[section]} empty={t(`dashboard.empty.${section}`)}>
          {items[section]}
        </ActionSection>
      ))}
    </SimpleGrid>
  )
}
