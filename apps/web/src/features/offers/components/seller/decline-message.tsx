import { Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { DECLINE_REASON_MAX } from '@offerbook/domain/offer-values'
import { EarlyAnswerNotice } from '../negotiation/early-answer-notice'

export type DeclineMessageProps = {
  /** What declining does: the confirmation's own text, as the other confirmations show theirs. */
  text: string
  listingId: string
  offerId: string
  /** Told each change of the optional reason, trimmed: the dialog's text box is gone once it closes. */
  onReasonChange: (reason: string) => void
}

/**
 * The decline confirmation's body: what declining does, the seller's own highest-and-best deadline
 * when it is still ahead (with the offers still expected), and an optional reason the buyer side
 * reads on its offer. A chunk of its own, loaded when Decline is pressed: the offer page draws without it.
 */
export function DeclineMessage({ text, listingId, offerId, onReasonChange }: DeclineMessageProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      <Text>{text}</Text>
      <EarlyAnswerNotice listingId={listingId} offerId={offerId} />
      <Textarea onChange={(event) => onReasonChange(event.currentTarget.value.trim())} label={t('offerSeller.offer.declineReason')} description={t('offerSeller.offer.declineReasonHint')} maxLength={DECLINE_REASON_MAX} autosize minRows={2} maxRows={6} />
    </Stack>
  )
}
