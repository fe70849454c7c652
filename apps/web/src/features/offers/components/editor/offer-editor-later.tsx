import { Group, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import type { OfferView } from '@offerbook/domain/offer'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { useTranslation } from '../../../../shared/i18n/translation'
import { SectionCard } from '../../../../shared/ui/section-card'
import { zoneOf } from '../details/offer-format'
import { OfferTimeline } from '../details/offer-timeline'
import { AttachmentList, UploadButton } from './attachments-section'
import type { ClausePickers } from './clause-sections'
import { AddendumSection, StipulationsSection } from './clause-sections'
import type { EditorForm } from './editor-form'
import { EscalationSection } from './escalation-section'
import { AgentSection, BuyersSection } from './parties-sections'
import { ClosingSection, ConcessionsSection, ContingenciesSection, EarnestMoneySection, ExpirationSection, FinancingSection, WarrantySection } from './terms-sections'

export type OfferEditorLaterProps = { offer: OfferView; form: EditorForm; pickers: ClausePickers; editable: boolean; parties: Rf707Parties & { buyer: string; seller: string; property: string } }

/**
 * The editor's sections after the price: the other terms (with the date and number inputs), the
 * parties (with the phone inputs and their number rules), the stipulations and the RF707 addendum,
 * the attachments and the history. A chunk of its own (offer-editor.tsx, decision 088), fetched with
 * the page and drawn as soon as it is there; the sections stay the editor's own children, so the
 * index lists them once they are drawn.
 */
export default function OfferEditorLater({ offer, form, pickers, editable, parties }: OfferEditorLaterProps) {
  const { t } = useTranslation()

  // Made once per change of the files, so the financing section need not draw again on every keystroke.
  const preApproval = useMemo(
    () => (
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('offer.field.preApproval')}
        </Text>
        <AttachmentList offerId={offer.id} attachments={offer.attachments} kinds={['pre-approval']} editable={editable} label={t('offer.field.preApproval')} />
        <Group>
          <UploadButton offerId={offer.id} attachments={offer.attachments} kind="pre-approval" label={t('offerEditor.uploadPreApproval')} disabled={!editable} />
        </Group>
      </Stack>
    ),
    [offer.id, offer.attachments, editable, t],
  )

  return (
    <>
      <EscalationSection form={form} />
      <EarnestMoneySection form={form} />
      <FinancingSection form={form} preApproval={preApproval} />
      <ContingenciesSection form={form} />
      <ClosingSection form={form} />
      <ConcessionsSection form={form} />
      <WarrantySection form={form} />
      <ExpirationSection form={form} timeZone={zoneOf(offer.property)} />
      <BuyersSection form={form} />
      <AgentSection form={form} path="buyerAgent" title={t('offer.field.buyerAgent')} />
      <AgentSection form={form} path="listingAgent" title={t('offer.field.listingAgent')} />
      <StipulationsSection form={form} pickers={pickers} />
      <AddendumSection form={form} pickers={pickers} parties={parties} />
      <SectionCard title={t('offer.field.attachments')}>
        <AttachmentList offerId={offer.id} attachments={offer.attachments} kinds={['attachment', 'offer-form']} editable={editable} label={t('offer.field.attachments')} />
        <Group>
          <UploadButton offerId={offer.id} attachments={offer.attachments} kind="attachment" label={t('offerEditor.addAttachment')} disabled={!editable} />
        </Group>
      </SectionCard>
      <SectionCard title={t('offerEditor.history')}>
        <OfferTimeline events={offer.events} />
      </SectionCard>
    </>
  )
}
