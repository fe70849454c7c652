import { useCallback, useMemo, useState } from 'react'
import { Box, Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferTerms, OfferView } from '@offerbook/domain/offer'
import type { Message } from '@offerbook/domain/messages'
import { COUNTER_TERMS, counterChanges, NEGOTIATION_LIMITS } from '@offerbook/domain/offer-negotiation'
import { ApiClientError } from '../../../../shared/api-client'
import { errorText, translate, translateOptional } from '../../../../shared/i18n/messages'
import { notifySuccess } from '../../../../shared/notify'
import { useCounterOffer } from '../../api/negotiation'
import { zoneOf } from '../details/offer-format'
import type { AddendumPickerProps, ClausePickers } from '../editor/clause-sections'
import { AddendumSection, StipulationsSection } from '../editor/clause-sections'
import type { EditorForm } from '../editor/editor-form'
import { errorsUnder } from '../editor/editor-form'
import { EscalationSection } from '../editor/escalation-section'
import type { FieldErrors } from '../editor/offer-form'
import { setAt, touches } from '../editor/offer-form'
import { termsErrors } from '../editor/offer-rules-module'
import { ClosingSection, ConcessionsSection, ContingenciesSection, EarnestMoneySection, ExpirationSection, FinancingSection, WarrantySection } from '../editor/terms-sections'
import { PriceSection } from '../editor/price-section'
import { useVersionChanged } from './version-changes'

const isCounterPath = (path: string) => (COUNTER_TERMS as readonly string[]).includes(path.split('.')[0] ?? '')

/** The API names a counter's fields under `terms.` (the body) or by the term itself (the checks before sending). */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiClientError)) return {}
  return Object.fromEntries(error.errors.map(({ path, key, params }) => [path.replace(/^terms\./, ''), { key, params } satisfies Message]))
}

/**
 * A counter-offer on every term (issue: a Tennessee purchase agreement): the offer editor's own
 * sections, filled with the latest version's terms; what differs when it is sent is the counter.
 * A counter that changes nothing is refused here, before any request.
 */
export function CounterForm({ offer, opened, onClose, pickers }: { offer: OfferView; opened: boolean; onClose: () => void; pickers: ClausePickers }) {
  const { t } = useTranslation()
  const versionChanged = useVersionChanged()
  const counter = useCounterOffer(offer.id)
  const [terms, setTerms] = useState<OfferTerms>(offer.terms)
  const [message, setMessage] = useState('')
  const [unchanged, setUnchanged] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  // Only the terms a counter changes: a party's detail is not the counter's to fix.
  const clientErrors = useMemo(() => Object.fromEntries(Object.entries(termsErrors(terms)).filter(([path]) => isCounterPath(path))), [terms])

  const set = useCallback((path: string, value: unknown) => {
    setTerms((current) => setAt(current, path, value))
    setUnchanged(false)
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touches(key, path))))
  }, [])

  const errorAt = (path: string) => clientErrors[path] ?? serverErrors[path]
  const form: EditorForm = {
    terms,
    set,
    error: (path) => translateOptional(errorAt(path)),
    errorsUnder: (...paths) => errorsUnder([clientErrors, serverErrors], paths),
    disabled: counter.isPending,
  }

  const send = () => {
    const changes = counterChanges(offer.terms, terms)
    const nothing = Object.keys(changes).length === 0
    setUnchanged(nothing)
    if (nothing || Object.keys(clientErrors).length > 0) return
    counter.mutate(
      { terms: changes, message, version: offer.negotiation.version },
      {
        onSuccess: () => {
          notifySuccess('negotiation.counter.sent')
          onClose()
        },
        onError: (error) => {
          // Countering a version the offer moved on from: the difference is shown, the form closes on the new version.
          if (versionChanged(error, offer)) onClose()
          else setServerErrors(serverFieldErrors(error))
        },
      },
    )
  }

  const property = offer.property
  const parties: AddendumPickerProps['parties'] = { buyer: terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean).join(', '), seller: '', property: property.address }
  if (property.timeZone === 'America/New_York' || property.timeZone === 'America/Chicago') parties.timeZone = property.timeZone
  const invalid = Object.keys(clientErrors).length > 0
  const problem = unchanged ? translate('negotiation.counterUnchanged') : invalid ? t('negotiation.counter.fixFields') : counter.isError && Object.keys(serverErrors).length === 0 ? errorText(counter.error) : null

  return (
    <Modal opened={opened} onClose={onClose} title={t('negotiation.counter.title')} size="xl" closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <Stack gap="md">
        <PriceSection form={form} />
        <EscalationSection form={form} />
        <EarnestMoneySection form={form} />
        <FinancingSection form={form} preApproval={null} />
        <ContingenciesSection form={form} />
        <ClosingSection form={form} />
        <ConcessionsSection form={form} />
        <WarrantySection form={form} />
        <StipulationsSection form={form} pickers={pickers} />
        <AddendumSection form={form} pickers={pickers} parties={parties} />
        <ExpirationSection form={form} timeZone={zoneOf(property)} />
        <Textarea label={t('negotiation.counter.message')} value={message} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={NEGOTIATION_LIMITS.maxMessage} autosize minRows={2} />
        {/* The answer and the actions stay in view at the foot of a long form, on a phone too. */}
        <Box pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {problem && (
            <Box role="alert" mb="xs" c="red.8">
              {problem}
            </Box>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('negotiation.counter.cancel')}
            </Button>
            <Button onClick={send} loading={counter.isPending}>
              {t('negotiation.counter.send')}
            </Button>
          </Group>
        </Box>
      </Stack>
    </Modal>
  )
}
