import { Suspense } from 'react'
import { Alert, Stack, Text } from '@mantine/core'
import { useId } from '@mantine/hooks'
import type { Translate } from '../../../../shared/i18n/translation'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { Concession, OfferAgent, OfferParty, OfferView } from '@offerbook/domain/offer'
import { OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import { addendumClausesText, offerStipulationsText } from '@offerbook/domain/offer-clauses'
import { formatMoney } from '../../../../shared/money'
import { ExpirationCountdown } from '../../../../shared/ui/expiration-countdown'
import { downloadOfferAttachment } from './download-attachment'
import type { AttachmentDownload } from './offer-attachment-list'
import { OfferAttachmentList } from './offer-attachment-list'
import { concessionParts, formatCalendarDate, formatInstant } from './offer-format'
import type { Term } from './term-list'
import { DetailsSection, TermList } from './term-list'
import { lazyPart } from '../../../../shared/lazy-part'
import { moduleBeside } from '../../../../shared/module-beside'
import { InlineLoader } from '../../../../shared/ui/centered-loader'

// An accepted offer's contract parts (its timeline, the brokerage file, the earnest money) come with
// such an offer only: most offers a seller reviews are not under contract (issue 36).
const ContractTimelineSection = lazyPart(() => import('../timeline/contract-timeline-section').then((module) => ({ default: module.ContractTimelineSection })))
const OfferFileSection = lazyPart(() => import('../file/offer-file-section').then((module) => ({ default: module.OfferFileSection })))
const EarnestMoneySection = lazyPart(() => import('../earnest-money/earnest-money-section').then((module) => ({ default: module.EarnestMoneySection })))
/** The history at the foot of the details, with the event names of every stage of a deal. */
const OfferHistory = lazyPart(() => import('./offer-history'))

/** How a stored phone reads ('(615) 555-0100'): the numbering plans' data comes beside the details; until then a number reads as stored. */
const phoneFormat = moduleBeside(() => import('@offerbook/domain/phone'))
function usePhoneText(): (stored: string) => string {
  const module = phoneFormat.use()
  return module ? module.formatPhone : (stored) => stored
}

export type OfferDetailsProps = {
  offer: OfferView
  /** The share link's token, for downloads by a visitor who is not signed in. */
  linkToken?: string | null
  /** Replaces the default download (fetch with the session or the token, save as a file). */
  onDownload?: AttachmentDownload
  /** Heading level of the sections (2 under the page's h1). */
  headingOrder?: 2 | 3
}

function yesNo(value: boolean | null, t: Translate): string {
  if (value === null) return t('offer.field.notSet')
  return value ? t('offer.field.yes') : t('offer.field.no')
}

function partyTerms(party: OfferParty | OfferAgent, t: Translate, prefix: string, phoneText: (stored: string) => string): Term[] {
  const notSet = t('offer.field.notSet')
  const terms: Term[] = [
    { key: `${prefix}.name`, label: t('offer.field.fullName'), value: party.fullName || notSet },
    { key: `${prefix}.email`, label: t('offer.field.email'), value: party.email || notSet },
    { key: `${prefix}.phone`, label: t('offer.field.phone'), value: party.phone ? phoneText(party.phone) : notSet },
  ]
  if ('firmName' in party) {
    terms.push(
      { key: `${prefix}.firm`, label: t('offer.field.firmName'), value: party.firmName || notSet },
      { key: `${prefix}.firmLicense`, label: t('offer.field.firmLicenseNumber'), value: party.firmLicenseNumber || notSet },
      { key: `${prefix}.license`, label: t('offer.field.licenseNumber'), value: party.licenseNumber || notSet },
    )
  }
  return terms
}

function PartySection({ title, party, prefix }: { title: string; party: OfferParty | OfferAgent; prefix: string }) {
  const { t } = useTranslation()
  const titleId = useId()
  const phoneText = usePhoneText()
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Text fw={700} id={titleId}>
        {title}
      </Text>
      <TermList terms={partyTerms(party, t, prefix, phoneText)} />
    </Stack>
  )
}

/** A block of the offer's own words (stipulations, addendum) as written, or 'None'. */
function ContractText({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs">
      <Text fw={700}>{title}</Text>
      {text ? (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
          {text}
        </Text>
      ) : (
        <Text c="dimmed">{t('offerView.none')}</Text>
      )}
    </Stack>
  )
}

/** Every term of an offer, read-only, in sections: what the buyer side wrote and what has happened since. */
export function OfferDetails({ offer, linkToken, onDownload, headingOrder = 2 }: OfferDetailsProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const phoneText = usePhoneText()
  const { terms } = offer
  const notSet = t('offer.field.notSet')
  const usd = (amount: number | null) => (amount === null ? notSet : formatMoney(amount, language))
  const date = (value: string | null) => (value === null ? notSet : formatCalendarDate(value, language))

  const concession = (value: Concession) => {
    const parts = concessionParts(value, terms.purchasePrice, language)
    if (!parts) return notSet
    return parts.percent ? t('offerView.percentOfPrice', { percent: parts.percent, dollars: parts.dollars }) : parts.dollars
  }

  const earnest = terms.earnestMoney
  const holder = earnest.holder ? [t(`offer.holder.${earnest.holder}`), earnest.holderName].filter(Boolean).join(': ') : earnest.holderName || notSet
  const warranty = terms.homeWarranty.included
    ? t('offerView.warrantyIncluded', { payer: t(`offer.warrantyPayer.${terms.homeWarranty.paidBy}`) }) + (terms.homeWarranty.amount === null ? '' : ` (${usd(terms.homeWarranty.amount)})`)
    : t('offerView.warrantyNone')

  const moneyTerms: Term[] = [
    { label: t('offer.field.purchasePrice'), value: usd(terms.purchasePrice) },
    { label: t('offer.field.earnestMoneyAmount'), value: usd(earnest.amount) },
    { label: t('offer.field.earnestMoneyHolder'), value: holder },
    ...(earnest.holderAddress ? [{ label: t('offer.field.earnestMoneyHolderAddress'), value: earnest.holderAddress }] : []),
    { label: t('offer.field.earnestMoneyDueDays'), value: earnest.dueDays === null ? notSet : t('offerView.days', { count: earnest.dueDays }) },
    { label: t('offer.field.sellerConcessions'), value: concession(terms.sellerConcessions) },
    { label: t('offer.field.buyerBrokerCompensation'), value: concession(terms.buyerBrokerCompensation) },
    {
      label: t('offer.field.buyerAgreement'),
      value:
        terms.buyerAgreement.type === null
          ? notSet
          : terms.buyerAgreement.date === null
            ? t(`offer.buyerAgreement.${terms.buyerAgreement.type}`)
            : t('offer.buyerAgreement.dated', { type: t(`offer.buyerAgreement.${terms.buyerAgreement.type}`), date: formatCalendarDate(terms.buyerAgreement.date, language) }),
    },
    { label: t('offer.field.homeWarranty'), value: warranty },
  ]

  const financing = terms.financing
  const financingType = financing.type
    ? financing.type === 'other' && financing.otherDescription
      ? `${t('offer.financing.other')}: ${financing.otherDescription}`
      : t(`offer.financing.${financing.type}`)
    : notSet
  const preApproval = offer.attachments.filter((attachment) => attachment.kind === 'pre-approval')
  const financingTerms: Term[] = [
    { label: t('offer.field.financingType'), value: financingType },
    ...(financing.type === 'cash'
      ? []
      : [
          { label: t('offer.field.loanAmount'), value: usd(financing.loanAmount) },
          { label: t('offer.field.downPayment'), value: usd(financing.downPayment) },
          { label: t('offer.field.lenderName'), value: financing.lenderName || notSet },
          { label: t('offer.field.lenderPhone'), value: financing.lenderPhone ? phoneText(financing.lenderPhone) : notSet },
          { label: t('offer.field.lenderEmail'), value: financing.lenderEmail || notSet },
        ]),
    {
      label: t('offer.field.preApproval'),
      value: preApproval.length > 0 ? preApproval.map((attachment) => attachment.filename).join(', ') : t('offerView.preApprovalNone'),
    },
  ]

  const open = offer.status === 'draft' || OPEN_OFFER_STATUSES.includes(offer.status)
  const possession = t(`offer.possession.${terms.possession.time}`) + (terms.possession.date ? `: ${date(terms.possession.date)}` : '')
  const inspection = terms.inspectionPeriodDays === null ? notSet : terms.inspectionPeriodDays === 0 ? t('offer.field.waived') : t('offerView.days', { count: terms.inspectionPeriodDays })
  const datesTerms: Term[] = [
    { label: t('offer.field.appraisalContingency'), value: yesNo(terms.appraisalContingency, t) },
    { label: t('offer.field.inspectionPeriodDays'), value: inspection },
    ...(terms.inspectionPeriodDays === 0 ? [] : [{ label: t('offer.field.resolutionPeriodDays'), value: terms.resolutionPeriodDays === null ? notSet : t('offerView.days', { count: terms.resolutionPeriodDays }) }]),
    { label: t('offer.field.saleOfBuyersPropertyContingency'), value: yesNo(terms.saleOfBuyersPropertyContingency, t) },
    { label: t('offer.field.closingDate'), value: date(terms.closingDate) },
    { label: t('offer.field.possession'), value: possession },
    {
      label: t('offer.field.expiresAt'),
      value: terms.expiresAt ? (
        <Stack gap={2}>
          <time dateTime={terms.expiresAt}>{formatInstant(terms.expiresAt, language, offer.property.timeZone)}</time>
          {open && <ExpirationCountdown expiresAt={terms.expiresAt} />}
        </Stack>
      ) : (
        notSet
      ),
    },
  ]

  const deadlines = offer.deadlines
  const addendumText = addendumClausesText(terms)
  const stipulationsText = offerStipulationsText(terms)
  const download: AttachmentDownload = onDownload ?? ((attachment) => downloadOfferAttachment(offer.id, attachment, linkToken))

  return (
    <Stack gap="lg">
      {offer.status === 'declined' && offer.declineReason && (
        <Alert color="red" variant="light" title={t('offerView.declinedBecause')} data-testid="offer-decline-reason">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {offer.declineReason}
          </Text>
        </Alert>
      )}
      <DetailsSection title={t('offerView.sections.money')} headingOrder={headingOrder}>
        <TermList terms={moneyTerms} />
      </DetailsSection>

      <DetailsSection title={t('offer.field.financing')} headingOrder={headingOrder}>
        <TermList terms={financingTerms} />
      </DetailsSection>

      <DetailsSection title={t('offerView.sections.dates')} headingOrder={headingOrder}>
        <TermList terms={datesTerms} />
      </DetailsSection>

      {deadlines && (
        <DetailsSection title={t('offer.deadline.title')} headingOrder={headingOrder}>
          <TermList
            terms={[
              { label: t('offer.deadline.bindingAgreementDate'), value: date(deadlines.bindingAgreementDate) },
              { label: t('offer.deadline.earnestMoneyDue'), value: date(deadlines.earnestMoneyDue) },
              { label: t('offer.deadline.inspectionPeriodEnds'), value: date(deadlines.inspectionPeriodEnds) },
              { label: t('offer.deadline.closing'), value: date(deadlines.closing) },
            ]}
          />
        </DetailsSection>
      )}

      {/* The contract's parties and their teams; a share link's holder does not see it (the API answers 404). */}
      {offer.status === 'accepted' && !linkToken && (
        <Suspense fallback={<InlineLoader />}>
          <ContractTimelineSection offer={offer} headingOrder={headingOrder} />
        </Suspense>
      )}
      {/* The viewer's side's brokerage file (issue #35); hidden for a reader who keeps none. */}
      {offer.status === 'accepted' && !linkToken && (
        <Suspense fallback={null}>
          <OfferFileSection offer={offer} headingOrder={headingOrder} />
        </Suspense>
      )}
      {/* The earnest money held in trust (decision 070): for the contract's agents, near its timeline. */}
      {(offer.status === 'accepted' || offer.status === 'closed') && offer.bindingAgreementAt !== null && !linkToken && (
        <Suspense fallback={<InlineLoader />}>
          <EarnestMoneySection offerId={offer.id} headingOrder={headingOrder} />
        </Suspense>
      )}

      <DetailsSection title={t('offerView.sections.people')} headingOrder={headingOrder}>
        {terms.buyers.length === 0 ? (
          <Text c="dimmed">{t('offerView.noBuyers')}</Text>
        ) : (
          terms.buyers.map((buyer, index) => (
            <PartySection key={index} title={t('offer.field.buyer', { number: index + 1 })} party={buyer} prefix={`buyer${index}`} />
          ))
        )}
        <PartySection title={t('offer.field.buyerAgent')} party={terms.buyerAgent} prefix="buyerAgent" />
        <PartySection title={t('offer.field.listingAgent')} party={terms.listingAgent} prefix="listingAgent" />
      </DetailsSection>

      <DetailsSection title={t('offerView.sections.language')} headingOrder={headingOrder}>
        <ContractText title={t('offer.field.stipulations')} text={stipulationsText} testId="offer-stipulations" />
        <ContractText title={t('offer.field.addendum')} text={addendumText} testId="offer-addendum" />
      </DetailsSection>

      <DetailsSection title={t('offer.field.attachments')} headingOrder={headingOrder}>
        <OfferAttachmentList attachments={offer.attachments} onDownload={download} />
      </DetailsSection>

      <DetailsSection title={t('offerView.sections.history')} headingOrder={headingOrder}>
        <Suspense fallback={<InlineLoader />}>
          <OfferHistory offer={offer} />
        </Suspense>
      </DetailsSection>
    </Stack>
  )
}
