import { Checkbox, Grid, Group, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { Concession } from '@offerbook/domain/offer'
import { BUYER_AGREEMENT_TYPES, CONCESSION_UNITS, EARNEST_MONEY_HOLDERS, FINANCING_TYPES, OFFER_LIMITS, POSSESSION_TIMES, WARRANTY_PAYERS } from '@offerbook/domain/offer-values'
import { DateInput } from '../../../../shared/ui/date-input'
import { ZonedDateTimeInput } from '../../../../shared/ui/zoned-date-time-input'
import { ExpirationCountdown } from '../../../../shared/ui/expiration-countdown'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { PhoneInput } from '../../../../shared/ui/phone-input'
import { SectionCard } from '../../../../shared/ui/section-card'
import type { EditorForm } from './editor-form'
import { sectionMemo } from './editor-form'
import { OfferMoneyCheck } from './money-checks'

const today = () => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** A choice that may still be unmade (null): the select starts on 'Choose…'. */
function OptionalSelect<T extends string>({ label, value, options, labelOf, onChange, error, disabled }: { label: string; value: T | null; options: readonly T[]; labelOf: (value: T) => string; onChange: (value: T | null) => void; error?: string; disabled: boolean }) {
  const { t } = useTranslation()
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      data={[{ value: '', label: t('offerEditor.choose') }, ...options.map((option) => ({ value: option, label: labelOf(option) }))]}
      onChange={(event) => onChange((event.currentTarget.value || null) as T | null)}
      error={error}
      disabled={disabled}
    />
  )
}

/** Yes, no, or not answered yet. */
function YesNo({ label, value, onChange, error, disabled }: { label: string; value: boolean | null; onChange: (value: boolean) => void; error?: string; disabled: boolean }) {
  const { t } = useTranslation()
  return (
    <Radio.Group label={label} value={value === null ? '' : value ? 'yes' : 'no'} onChange={(next) => onChange(next === 'yes')} error={error}>
      <Group gap="lg" mt={6}>
        <Radio value="yes" label={t('offer.field.yes')} disabled={disabled} />
        <Radio value="no" label={t('offer.field.no')} disabled={disabled} />
      </Group>
    </Radio.Group>
  )
}

function EarnestMoneySectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const money = terms.earnestMoney
  return (
    <SectionCard title={t('offer.field.earnestMoney')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <IncrementInput label={t('offer.field.earnestMoneyAmount')} value={money.amount} onChange={(value) => set('earnestMoney.amount', value)} max={OFFER_LIMITS.maxPrice} units={500} error={error('earnestMoney.amount')} disabled={disabled} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <IncrementInput
            label={t('offer.field.earnestMoneyDueDays')}
            currency={false}
            value={money.dueDays}
            onChange={(value) => set('earnestMoney.dueDays', value)}
            max={OFFER_LIMITS.maxEarnestMoneyDays}
            error={error('earnestMoney.dueDays')}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <OptionalSelect
            label={t('offer.field.earnestMoneyHolder')}
            value={money.holder}
            options={EARNEST_MONEY_HOLDERS}
            labelOf={(holder) => t(`offer.holder.${holder}`)}
            onChange={(value) => set('earnestMoney.holder', value)}
            error={error('earnestMoney.holder')}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('offer.field.earnestMoneyHolderName')} value={money.holderName} onChange={(event) => set('earnestMoney.holderName', event.currentTarget.value)} error={error('earnestMoney.holderName')} disabled={disabled} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label={t('offer.field.earnestMoneyHolderAddress')}
            value={money.holderAddress}
            onChange={(event) => set('earnestMoney.holderAddress', event.currentTarget.value)}
            error={error('earnestMoney.holderAddress')}
            disabled={disabled}
            autoComplete="off"
          />
        </Grid.Col>
      </Grid>
      <OfferMoneyCheck field="earnestMoney" disabled={disabled} />
    </SectionCard>
  )
}

export const EarnestMoneySection = sectionMemo(EarnestMoneySectionView, ({ form }) => [form.terms.earnestMoney, form.errorsUnder('earnestMoney')])

/** The financing terms; the pre-approval letter's upload comes in as `preApproval`. */
function FinancingSectionView({ form, preApproval }: { form: EditorForm; preApproval: React.ReactNode }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const financing = terms.financing
  const borrows = financing.type !== null && financing.type !== 'cash'
  return (
    <SectionCard title={t('offer.field.financing')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <OptionalSelect
            label={t('offer.field.financingType')}
            value={financing.type}
            options={FINANCING_TYPES}
            labelOf={(type) => t(`offer.financing.${type}`)}
            onChange={(value) => set('financing.type', value)}
            error={error('financing.type')}
            disabled={disabled}
          />
        </Grid.Col>
        {financing.type === 'other' && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('offer.field.financingOther')} value={financing.otherDescription} onChange={(event) => set('financing.otherDescription', event.currentTarget.value)} error={error('financing.otherDescription')} disabled={disabled} />
          </Grid.Col>
        )}
      </Grid>
      {borrows && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <IncrementInput label={t('offer.field.loanAmount')} value={financing.loanAmount} onChange={(value) => set('financing.loanAmount', value)} max={OFFER_LIMITS.maxPrice} units={1000} error={error('financing.loanAmount')} disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <IncrementInput label={t('offer.field.downPayment')} value={financing.downPayment} onChange={(value) => set('financing.downPayment', value)} max={OFFER_LIMITS.maxPrice} units={1000} error={error('financing.downPayment')} disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('offer.field.lenderName')} value={financing.lenderName} onChange={(event) => set('financing.lenderName', event.currentTarget.value)} error={error('financing.lenderName')} disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('offer.field.lenderEmail')} type="email" value={financing.lenderEmail} onChange={(event) => set('financing.lenderEmail', event.currentTarget.value)} error={error('financing.lenderEmail')} disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PhoneInput label={t('offer.field.lenderPhone')} value={financing.lenderPhone} onChange={(value) => set('financing.lenderPhone', value)} error={error('financing.lenderPhone')} disabled={disabled} />
          </Grid.Col>
        </Grid>
      )}
      {preApproval}
    </SectionCard>
  )
}

export const FinancingSection = sectionMemo(FinancingSectionView, ({ form, preApproval }) => [form.terms.financing, form.errorsUnder('financing'), preApproval])

function ContingenciesSectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  return (
    <SectionCard title={t('offerEditor.section.contingencies')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <YesNo label={t('offer.field.appraisalContingency')} value={terms.appraisalContingency} onChange={(value) => set('appraisalContingency', value)} error={error('appraisalContingency')} disabled={disabled} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <YesNo
            label={t('offer.field.saleOfBuyersPropertyContingency')}
            value={terms.saleOfBuyersPropertyContingency}
            onChange={(value) => set('saleOfBuyersPropertyContingency', value)}
            error={error('saleOfBuyersPropertyContingency')}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <IncrementInput
            label={t('offer.field.inspectionPeriodDays')}
            description={t('offerEditor.inspectionHint')}
            currency={false}
            value={terms.inspectionPeriodDays}
            onChange={(value) => set('inspectionPeriodDays', value)}
            max={OFFER_LIMITS.maxInspectionDays}
            error={error('inspectionPeriodDays')}
            disabled={disabled}
          />
        </Grid.Col>
        {/* A waived inspection (0 days) leaves nothing to resolve. */}
        {terms.inspectionPeriodDays !== 0 && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <IncrementInput
              label={t('offer.field.resolutionPeriodDays')}
              description={t('offerEditor.resolutionHint')}
              currency={false}
              value={terms.resolutionPeriodDays}
              onChange={(value) => set('resolutionPeriodDays', value)}
              max={OFFER_LIMITS.maxInspectionDays}
              error={error('resolutionPeriodDays')}
              disabled={disabled}
            />
          </Grid.Col>
        )}
      </Grid>
    </SectionCard>
  )
}

export const ContingenciesSection = sectionMemo(ContingenciesSectionView, ({ form }) => [
  form.terms.appraisalContingency,
  form.terms.inspectionPeriodDays,
  form.terms.resolutionPeriodDays,
  form.terms.saleOfBuyersPropertyContingency,
  form.errorsUnder('appraisalContingency', 'inspectionPeriodDays', 'resolutionPeriodDays', 'saleOfBuyersPropertyContingency'),
])

function ClosingSectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const possession = terms.possession
  return (
    <SectionCard title={t('offerEditor.section.closing')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateInput label={t('offer.field.closingDate')} value={terms.closingDate ?? ''} onChange={(value) => set('closingDate', value || null)} minDate={today()} error={error('closingDate')} disabled={disabled} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t('offer.field.possession')}
            value={possession.time}
            data={POSSESSION_TIMES.map((time) => ({ value: time, label: t(`offer.possession.${time}`) }))}
            onChange={(event) => set('possession.time', event.currentTarget.value)}
            error={error('possession.time')}
            disabled={disabled}
          />
        </Grid.Col>
        {possession.time !== 'at-closing' && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput label={t('offer.field.possessionDate')} value={possession.date ?? ''} onChange={(value) => set('possession.date', value || null)} error={error('possession.date')} disabled={disabled} />
          </Grid.Col>
        )}
      </Grid>
    </SectionCard>
  )
}

export const ClosingSection = sectionMemo(ClosingSectionView, ({ form }) => [form.terms.closingDate, form.terms.possession, form.errorsUnder('closingDate', 'possession')])

function ConcessionFields({ form, path, legend }: { form: EditorForm; path: 'sellerConcessions' | 'buyerBrokerCompensation'; legend: string }) {
  const { t } = useTranslation()
  const { set, error, disabled } = form
  const concession: Concession = form.terms[path]
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, padding: 0 }}>{legend}</legend>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t('offer.field.concessionUnit')}
            value={concession.unit}
            data={CONCESSION_UNITS.map((unit) => ({ value: unit, label: t(`offer.concessionUnit.${unit}`) }))}
            onChange={(event) => set(path, { ...concession, unit: event.currentTarget.value })}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {concession.unit === 'dollars' ? (
            <IncrementInput label={t('offer.field.concessionAmount')} value={concession.amount} onChange={(value) => set(`${path}.amount`, value)} max={OFFER_LIMITS.maxPrice} units={500} error={error(`${path}.amount`)} disabled={disabled} />
          ) : (
            <NumberInput
              label={t('offerEditor.percentAmount')}
              value={concession.amount ?? ''}
              onChange={(value) => set(`${path}.amount`, value === '' ? null : Number(value))}
              min={0}
              max={100}
              step={0.5}
              decimalScale={2}
              suffix="%"
              error={error(`${path}.amount`)}
              disabled={disabled}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

function ConcessionsSectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  return (
    <SectionCard title={t('offerEditor.section.concessions')}>
      <ConcessionFields form={form} path="sellerConcessions" legend={t('offer.field.sellerConcessions')} />
      <ConcessionFields form={form} path="buyerBrokerCompensation" legend={t('offer.field.buyerBrokerCompensation')} />
      <BuyerAgreementFields form={form} />
    </SectionCard>
  )
}

/** Beside the compensation: the written buyer agreement it rests on, its type and date (the 2024 settlement). */
function BuyerAgreementFields({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const agreement = terms.buyerAgreement
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, padding: 0 }}>{t('offer.field.buyerAgreement')}</legend>
      <Text size="sm" c="dimmed">
        {t('offer.field.buyerAgreementHint')}
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <OptionalSelect
            label={t('offer.field.buyerAgreementType')}
            value={agreement.type}
            options={BUYER_AGREEMENT_TYPES}
            labelOf={(type) => t(`offer.buyerAgreement.${type}`)}
            onChange={(value) => set('buyerAgreement.type', value)}
            error={error('buyerAgreement.type')}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateInput label={t('offer.field.buyerAgreementDate')} value={agreement.date ?? ''} onChange={(value) => set('buyerAgreement.date', value || null)} error={error('buyerAgreement.date')} disabled={disabled} />
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

export const ConcessionsSection = sectionMemo(ConcessionsSectionView, ({ form }) => [
  form.terms.sellerConcessions,
  form.terms.buyerBrokerCompensation,
  form.terms.buyerAgreement,
  form.errorsUnder('sellerConcessions', 'buyerBrokerCompensation', 'buyerAgreement'),
])

function WarrantySectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const warranty = terms.homeWarranty
  return (
    <SectionCard title={t('offer.field.homeWarranty')}>
      <Checkbox label={t('offer.field.homeWarrantyIncluded')} checked={warranty.included} onChange={(event) => set('homeWarranty.included', event.currentTarget.checked)} disabled={disabled} />
      {warranty.included && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('offer.field.homeWarrantyPaidBy')}
              value={warranty.paidBy}
              data={WARRANTY_PAYERS.map((payer) => ({ value: payer, label: t(`offer.warrantyPayer.${payer}`) }))}
              onChange={(event) => set('homeWarranty.paidBy', event.currentTarget.value)}
              disabled={disabled}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <IncrementInput label={t('offer.field.homeWarrantyAmount')} value={warranty.amount} onChange={(value) => set('homeWarranty.amount', value)} max={OFFER_LIMITS.maxPrice} units={50} error={error('homeWarranty.amount')} disabled={disabled} />
          </Grid.Col>
        </Grid>
      )}
    </SectionCard>
  )
}

export const WarrantySection = sectionMemo(WarrantySectionView, ({ form }) => [form.terms.homeWarranty, form.errorsUnder('homeWarranty')])

function ExpirationSectionView({ form, timeZone }: { form: EditorForm; timeZone: string }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  return (
    <SectionCard title={t('offerEditor.section.expiration')}>
      <ZonedDateTimeInput
        label={t('offer.field.expiresAt')}
        value={terms.expiresAt}
        onChange={(value) => set('expiresAt', value)}
        timeZone={timeZone}
        futureOnly
        error={error('expiresAt')}
        disabled={disabled}
      />
      {terms.expiresAt && <ExpirationCountdown expiresAt={terms.expiresAt} />}
    </SectionCard>
  )
}

export const ExpirationSection = sectionMemo(ExpirationSectionView, ({ form, timeZone }) => [form.terms.expiresAt, form.errorsUnder('expiresAt'), timeZone])
