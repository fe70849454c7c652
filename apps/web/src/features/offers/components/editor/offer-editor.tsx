import { Suspense, useCallback, useRef } from 'react'
import { Anchor, Group, Image, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import { formatMoney } from '../../../../shared/money'
import type { OfferView } from '@offerbook/domain/offer'
import type { Message } from '@offerbook/domain/messages'
import { translateOptional } from '../../../../shared/i18n/messages'
import { SectionCard } from '../../../../shared/ui/section-card'
import { useLeaveGuard } from '../../../../shared/use-leave-guard'
import { useSetOffer } from '../../api/offers'
import { OfferStatusBadge } from '../details/offer-status-badge'
import type { ClausePickers } from './clause-sections'
import type { EditorForm } from './editor-form'
import { errorsUnder } from './editor-form'
import { OfferActionsPanel, useOfferActions } from './offer-actions'
import { OfferSectionIndex } from './offer-section-index'
import type { FieldErrors } from './offer-form'
import { setAt } from './offer-form'
import { PriceSection } from './price-section'
import { useOfferAutosave } from './use-offer-autosave'
import { useOfferAsOfNow } from '../negotiation/version-changes'
import { MoneyChecksProvider, useMoneyChecks } from './money-checks'
import { formatDateTime } from '../../../../shared/format-date-time'
import { CenteredLoader } from '../../../../shared/ui/centered-loader'
import { moduleBeside } from '../../../../shared/module-beside'
import { lazyPart } from '../../../../shared/lazy-part'

// Below the first screen (every term after the price, the parties, the clauses, the files), and for a
// decided offer: chunks of their own, so an offer being written draws its first screen with the
// page's own code while the rest is fetched alongside (decision 088).
const later = moduleBeside(() => import('./offer-editor-later'))
const OfferDecidedParts = lazyPart(() => import('./offer-decided-parts'))

export type OfferEditorProps = {
  offer: OfferView
  /** The stipulation and RF707 modals with their GENERATE/EDIT buttons (another feature's; the page composes them). */
  pickers: ClausePickers
}

/** Buyer-side statuses whose terms may still change (the API takes PATCH on these; an expired offer's edits renew it when sent). */
const EDITABLE_STATUSES: readonly OfferView['status'][] = ['draft', 'active', 'expired']

/** A field named by a whole party ('listingAgent') shows its message on the party's name and email. */
function errorFor(path: string, client: FieldErrors, server: FieldErrors): Message | undefined {
  const direct = client[path] ?? server[path]
  if (direct) return direct
  const [parent, child] = path.split('.')
  if (parent && (child === 'fullName' || child === 'email') && path.split('.').length === 2) return server[parent]
  return undefined
}

/**
 * The buyer side's offer at /submitted-offers/update/{id}: every term, saved by itself as it is typed,
 * and the actions the offer's status allows. A decided offer is shown read-only.
 */
export function OfferEditor({ offer: given, pickers }: OfferEditorProps) {
  const { t, i18n } = useTranslation()
  // Past its expiration the offer reads expired at once, open page or not (decision 036).
  const offer = useOfferAsOfNow(given) ?? given
  const setOffer = useSetOffer()
  const laterModule = later.use()
  const formRef = useRef<HTMLDivElement>(null)
  const editable = offer.viewer === 'buyer' && EDITABLE_STATUSES.includes(offer.status)

  const autosave = useOfferAutosave({ offer, editable, onSaved: setOffer })
  const { terms, setTerms, errors } = autosave
  const guard = useLeaveGuard({
    dirty: autosave.dirty,
    save: autosave.saveNow,
    texts: { title: t('offerEditor.unsaved.title'), message: t('errors.changesNotSaved'), stay: t('offerEditor.unsaved.stay'), discard: t('offerEditor.unsaved.discard'), save: t('offerEditor.unsaved.save') },
  })

  const money = useMoneyChecks(offer.property.listPrice, terms)
  const actions = useOfferActions({ offer, terms, guard, money })
  const { changed } = actions

  const set = useCallback(
    (path: string, value: unknown) => {
      setTerms((current) => setAt(current, path, value))
      changed(path)
    },
    [setTerms, changed],
  )

  const form: EditorForm = {
    terms,
    set,
    error: (path) => translateOptional(errorFor(path, errors, actions.serverErrors)),
    errorsUnder: (...paths) => errorsUnder([errors, actions.serverErrors], paths),
    disabled: !editable,
  }

  const property = offer.property
  const address = property.address || t('offerEditor.noAddress')
  // The RF707 file is dated in the property's zone (CENTRAL_TIME or EASTERN_TIME).
  const offerTimeZone = property.timeZone === 'America/New_York' || property.timeZone === 'America/Chicago' ? property.timeZone : null

  const actionsPanel = offer.viewer === 'buyer' && <OfferActionsPanel offer={offer} actions={actions} autosave={autosave} editable={editable} />

  const header = (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Title order={1}>{t('offerEditor.title')}</Title>
        <OfferStatusBadge status={offer.status} size="lg" />
      </Group>
      {offer.sharedAt && (
        <Text size="sm">
          {t('offerEditor.sharedAt', { time: formatDateTime(i18n.language, offer.sharedAt) })}
        </Text>
      )}
    </Stack>
  )

  const propertyCard = (
    <SectionCard title={t('offerEditor.section.property')}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        {property.primaryPhotoURL && <Image src={property.primaryPhotoURL} alt={t('offerEditor.photoOf', { address })} w={160} h={110} radius="sm" fit="cover" />}
        <Stack gap={4} miw={0}>
          <Anchor component={Link} to={`/property/${encodeURIComponent(property.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {address}
          </Anchor>
          {property.city && <Text size="sm">{property.city}</Text>}
          <Text size="sm">
            {t('offerEditor.listPrice')}: {property.listPrice === null ? t('offer.field.notSet') : formatMoney(property.listPrice, i18n.language)}
          </Text>
        </Stack>
      </Group>
    </SectionCard>
  )

  if (!editable) {
    return (
      <Stack gap="lg" maw={960}>
        {header}
        {actionsPanel}
        <Suspense fallback={<CenteredLoader />}>
          <OfferDecidedParts offer={offer} propertyCard={propertyCard} />
        </Suspense>
      </Stack>
    )
  }

  const OfferEditorLater = laterModule?.default
  const buyerNames = terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean).join(', ')

  return (
    <MoneyChecksProvider value={money}>
    <Stack gap="lg" maw={960} ref={formRef}>
      {header}
      {actionsPanel}
      {propertyCard}
      <OfferSectionIndex root={formRef} terms={terms} saved={offer.shareProblems} />
      <PriceSection form={form} />
      {OfferEditorLater ? <OfferEditorLater offer={offer} form={form} pickers={pickers} editable={editable} parties={{ buyer: buyerNames, seller: '', property: address, ...(offerTimeZone ? { timeZone: offerTimeZone } : {}) }} /> : <CenteredLoader />}
      {guard.dialog}
    </Stack>
    </MoneyChecksProvider>
  )
}
