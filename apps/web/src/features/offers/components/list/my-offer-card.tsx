import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconPencil, IconEye } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import type { OfferSummary } from '@offerbook/domain/offer'
import { OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import { formatMoney } from '../../../../shared/money'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { ExpirationCountdown } from '../../../../shared/ui/expiration-countdown'
import { TeamBadge } from '../../../../shared/ui/team-badge'
import { useOfferAction } from '../../api/offers'
import { OfferStatusBadge } from '../details/offer-status-badge'
import { SignedBadge } from '../details/signed-badge'
import { PreApprovalBadge } from '../negotiation/pre-approval-badge'
import { CardPhoto } from '../../../../shared/ui/card-photo'

export function offerUpdatePath(offerId: string): string {
  return `/submitted-offers/update/${encodeURIComponent(offerId)}`
}

/** Withdraw, after the buyer confirms it; the lists refresh from the answer. */
function WithdrawButton({ offer, address }: { offer: OfferSummary; address: string }) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const withdraw = useOfferAction(offer.id)

  const ask = async () => {
    const confirmed = await dialog.confirm({
      title: t('offerView.withdraw.title'),
      message: t('offerView.withdraw.message', { address }),
      confirmLabel: t('offerView.withdraw.confirm'),
    })
    if (!confirmed) return
    withdraw.mutate({ action: 'withdraw' }, {
      onSuccess: () => notifySuccess('offerView.withdraw.done'),
      onError: notifyError,
    })
  }

  return (
    <Button variant="default" color="red" loading={withdraw.isPending} onClick={() => void ask()} aria-label={t('offerView.withdraw.label', { address })}>
      {t('offer.action.withdraw')}
    </Button>
  )
}

/** One of the buyer's offers: the property, the price, the status, the time left, and what to do next. */
export function MyOfferCard({ offer, firstScreen = false }: { offer: OfferSummary; firstScreen?: boolean }) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const address = offer.property.address.trim() || t('offerView.list.noAddress')
  const open = OPEN_OFFER_STATUSES.includes(offer.status)
  // A team leader's offer (issue #16) is read-only to the member: it opens on the offer's own page.
  const team = offer.team ?? null
  const editable = !team && (offer.status === 'draft' || open)
  const path = team ? `/property/${encodeURIComponent(offer.property.id)}/offers/${encodeURIComponent(offer.id)}` : offerUpdatePath(offer.id)
  const canWithdraw = offer.actions.includes('withdraw')

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId} data-offer-id={offer.id}>
      <CardPhoto src={offer.property.primaryPhotoURL} alt={t('offerView.list.photoOf', { address })} ratio={16 / 9} noPhoto={t('offerView.list.noPhoto')} firstScreen={firstScreen} />

      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <OfferStatusBadge status={offer.status} />
            <SignedBadge signedAt={offer.signedAt} />
            {offer.preApproval && offer.preApproval !== 'none' && <PreApprovalBadge state={offer.preApproval} />}
          </Group>
          {offer.financingType && <Text size="sm">{t(`offer.financing.${offer.financingType}`)}</Text>}
        </Group>
        <Title order={2} size="h4" id={titleId}>
          {address}
        </Title>
        <Text fw={700} size="lg">
          {offer.purchasePrice !== null ? formatMoney(offer.purchasePrice, i18n.language) : t('offerView.list.noPrice')}
        </Text>
        <TeamBadge team={team} />
        {offer.buyerNames.length > 0 && <Text size="sm">{t('offerView.list.buyers', { names: offer.buyerNames.join(', ') })}</Text>}
        {open && offer.expiresAt && <ExpirationCountdown expiresAt={offer.expiresAt} />}
        {offer.bindingAgreementAt === null && offer.status === 'accepted' && <Text size="sm">{t('offerView.list.acknowledge')}</Text>}
      </Stack>

      <Group mt="md" gap="sm">
        <Button
          component={Link}
          to={path}
          leftSection={editable ? <IconPencil size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
          aria-label={t(editable ? 'offerView.list.editLabel' : 'offerView.list.viewLabel', { address })}
        >
          {t(editable ? 'offerView.list.edit' : 'offerView.list.view')}
        </Button>
        {canWithdraw && <WithdrawButton offer={offer} address={address} />}
      </Group>
    </Card>
  )
}
