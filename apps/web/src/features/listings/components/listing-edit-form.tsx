import { useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ListingFieldName, ManagedListing } from '@offerbook/domain/listing'
import { REQUIRED_TO_PUBLISH } from '@offerbook/domain/listing'
import { fieldErrorsOf } from '../../../shared/api-client'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { SectionCard } from '../../../shared/ui/section-card'
import { useSetManagedListing, useUpdateListing } from '../api/listing'
import { AgentSection } from './listing-form/agent-section'
import { DetailsSection } from './listing-form/details-section'
import { focusFirstInvalid } from './listing-form/focus-first-invalid'
import { LISTING_FORM_FIELDS, listingPatchOf } from './listing-form/listing-form-values'
import { OfferSettingsSection } from './listing-form/offer-settings-section'
import { PhotosSection } from './listing-form/photos-section'
import { LIST_PRICE_CHECK_ID, listPriceUnconfirmed, PricingSection } from './listing-form/pricing-section'
import { useListingForm } from './listing-form/use-listing-form'
import { useLeaveGuard } from '../../../shared/use-leave-guard'

const PUBLISH_FIELDS = REQUIRED_TO_PUBLISH.map(({ field }) => field)
const NO_FIELDS: readonly ListingFieldName[] = []

/**
 * The listing's fields on one page (the edit-listing tab of /my-properties/{id}): one Save sends what
 * changed; photos are saved as soon as they are uploaded, moved or deleted.
 */
export function ListingEditForm({ listing }: { listing: ManagedListing }) {
  const { t } = useTranslation()
  const formRef = useRef<HTMLFormElement>(null)
  const setListing = useSetManagedListing()
  const update = useUpdateListing(listing.id)
  // A published listing keeps what publishing needed; a draft may still be partly empty.
  const required = listing.StandardStatus === 'Incomplete' ? NO_FIELDS : PUBLISH_FIELDS
  const form = useListingForm(listing, { required })
  const [photosBusy, setPhotosBusy] = useState(false)
  // A new list price out of bounds waits for its confirmation, which goes with the save (decision 037).
  const [priceConfirmed, setPriceConfirmed] = useState<number | null>(null)
  const [priceMissing, setPriceMissing] = useState(false)
  const dirty = form.dirtyFields.length > 0
  const { dialog: leaveDialog } = useLeaveGuard({ dirty: dirty || photosBusy, watchSearch: true, texts: { title: t('wizard.unsaved.title'), message: t('wizard.unsaved.message'), stay: t('wizard.unsaved.stay'), discard: t('wizard.unsaved.leave') } })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = form.dirtyFields
    // Only what changed is checked and sent: an untouched field of an imported listing cannot stop a save.
    const toCheck = [...new Set([...fields, ...required])]
    if (!form.check(toCheck)) {
      focusFirstInvalid(formRef.current)
      return
    }
    if (fields.length === 0) {
      notifySuccess('wizard.edit.noChanges')
      return
    }
    const priceChanged = fields.includes('ListPrice')
    if (priceChanged && listPriceUnconfirmed(form.current().ListPrice, priceConfirmed)) {
      setPriceMissing(true)
      document.getElementById(LIST_PRICE_CHECK_ID)?.focus()
      return
    }
    const confirmedListPrice = priceChanged && priceConfirmed !== null ? { confirmedListPrice: priceConfirmed } : {}
    update.mutate({ ...listingPatchOf(fields, form.current()), ...confirmedListPrice }, {
      onSuccess: (saved) => {
        form.accept(saved, fields)
        notifySuccess('wizard.edit.saved')
      },
      onError: (error) => {
        form.showErrors(fieldErrorsOf(error, LISTING_FORM_FIELDS))
        notifyError(error)
        focusFirstInvalid(formRef.current)
      },
    })
  }

  const marked = required.length > 0 ? required : PUBLISH_FIELDS
  const disabled = update.isPending

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('wizard.edit.formLabel')}>
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          {t('wizard.markedNote')}
        </Text>
        <SectionCard title={t('listing.step.pricing')}>
          <PricingSection form={form} marked={marked} disabled={disabled} confirmation={{ confirmed: priceConfirmed, onConfirm: setPriceConfirmed, missing: priceMissing }} />
        </SectionCard>
        <SectionCard title={t('listing.step.details')}>
          <DetailsSection form={form} marked={marked} disabled={disabled} />
        </SectionCard>
        <SectionCard title={t('listing.step.photos')}>
          <Text size="sm" c="gray.7">
            {t('wizard.edit.photosSavedAtOnce')}
          </Text>
          <PhotosSection listing={listing} onListing={setListing} onBusyChange={setPhotosBusy} />
        </SectionCard>
        <SectionCard title={t('listing.step.agent')}>
          <AgentSection form={form} marked={marked} disabled={disabled} />
        </SectionCard>
        <SectionCard title={t('listing.step.offer-settings')}>
          <OfferSettingsSection form={form} marked={marked} disabled={disabled} />
        </SectionCard>
        <Group justify="space-between" align="center">
          <Text size="sm" c={dirty ? undefined : 'gray.7'} fw={dirty ? 600 : undefined} role="status">
            {dirty ? t('wizard.edit.unsaved', { count: form.dirtyFields.length }) : t('wizard.edit.allSaved')}
          </Text>
          <Button type="submit" loading={update.isPending}>
            {t('wizard.edit.save')}
          </Button>
        </Group>
      </Stack>
      {leaveDialog}
    </form>
  )
}
