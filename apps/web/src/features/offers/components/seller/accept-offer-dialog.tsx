import { useState } from 'react'
import { Radio, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { formatMoney } from '../../../../shared/money'
import type { AcceptOffer, OfferView } from '@offerbook/domain/offer'
import { OTHER_OFFERS_CHOICES } from '@offerbook/domain/offer-values'
import type { NetSheetLine } from '@offerbook/domain/net-sheet'
import { offerMoneyWarnings } from '@offerbook/domain/money-bounds'
import { AppDialog } from '../../../../shared/ui/app-dialog-view'
import { MoneyWarningList } from '../../../../shared/ui/money-check'
import { formatCalendarDate } from '../details/offer-format'
import { NetSheetLines } from './net-sheet-lines'
import { EarlyAnswerNotice } from '../negotiation/early-answer-notice'

type OthersChoice = AcceptOffer['others']

export type AcceptOfferDialogProps = {
  opened: boolean
  offer: OfferView
  /** The seller's net from this offer, when the ranking knows it. */
  netToSeller: number | null
  /** The net sheet's lines behind it, when the ranking knows them (each concession with its source). */
  netLines?: readonly NetSheetLine[]
  /** How many other offers on the property are still open; null while not known. */
  otherOpenCount: number | null
  onConfirm: (body: AcceptOffer) => void
  onCancel: () => void
}

const CHOICE_LABEL: Readonly<Record<OthersChoice, string>> = {
  decline: 'offerSeller.accept.declineOthers',
  backup: 'offerSeller.accept.keepAsBackups',
}

/**
 * The accept confirmation: what is accepted (price, net to seller, financing, closing), what becomes
 * of the other open offers, and the spec's CONFIRM ACCEPT OFFER button.
 */
export function AcceptOfferDialog({ opened, offer, netToSeller, netLines = [], otherOpenCount, onConfirm, onCancel }: AcceptOfferDialogProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const [others, setOthers] = useState<OthersChoice>('decline')
  const notSet = t('offer.field.notSet')
  const { terms } = offer
  const summary: [string, string][] = [
    [t('offer.field.purchasePrice'), terms.purchasePrice === null ? notSet : formatMoney(terms.purchasePrice, language)],
    ...(netToSeller === null ? [] : [[t('offerSeller.accept.net'), formatMoney(netToSeller, language)] as [string, string]]),
    [t('offer.field.financing'), terms.financing.type === null ? notSet : t(`offer.financing.${terms.financing.type}`)],
    [t('offer.field.closingDate'), terms.closingDate === null ? notSet : formatCalendarDate(terms.closingDate, language)],
  ]
  const askOthers = otherOpenCount === null || otherOpenCount > 0
  // The second look at the money (decision 037), repeated before the seller binds herself to it.
  const warnings = offerMoneyWarnings({ listPrice: offer.property.listPrice, purchasePrice: terms.purchasePrice, earnestMoney: terms.earnestMoney.amount })

  const message = (
    <Stack gap="md">
      <MoneyWarningList warnings={warnings} title={t('moneyCheck.acceptTitle')} />
      <Table withTableBorder variant="vertical" layout="fixed" aria-label={t('offerSeller.accept.summary')}>
        <Table.Tbody>
          {summary.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="45%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {netLines.length > 0 && <NetSheetLines lines={netLines} rankOf={() => null} />}
      {askOthers ? (
        <Radio.Group
          label={t('offerSeller.accept.others')}
          description={otherOpenCount === null ? t('offerSeller.accept.othersUnknown') : t('offerSeller.accept.othersCount', { count: otherOpenCount })}
          value={others}
          onChange={(value) => setOthers(value === 'backup' ? 'backup' : 'decline')}
        >
          <Stack gap="xs" mt="xs">
            {OTHER_OFFERS_CHOICES.map((choice) => (
              <Radio key={choice} value={choice} label={t(CHOICE_LABEL[choice])} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text>{t('offerSeller.accept.othersCount', { count: 0 })}</Text>
      )}
      <Text size="sm" c="dimmed">
        {t('offerSeller.accept.notified')}
      </Text>
      <EarlyAnswerNotice listingId={offer.property.id} offerId={offer.id} />
    </Stack>
  )

  return (
    <AppDialog
      state={{ type: 'confirm', show: opened, title: t('offerSeller.accept.title'), message, confirmLabel: t('offerSeller.accept.confirm') }}
      onConfirm={() => onConfirm({ others: askOthers ? others : 'decline', version: offer.negotiation.version })}
      onCancel={onCancel}
      onClose={() => {}}
    />
  )
}
