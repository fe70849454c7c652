import { useState } from 'react'
import { Alert, Badge, Button, Group, NumberInput, Paper, Slider, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { ListingWeighting, ManagedListing, OfferWeightCriterion } from '@offerbook/domain/listing'
import { DEFAULT_LISTING_WEIGHTING, LISTING_LIMITS, ListingWeightingSchema, OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/listing'
import type { Message } from '@offerbook/domain/messages'
import { translate } from '../../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { DateInput } from '../../../../shared/ui/date-input'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { useUpdateListingWeighting } from '../../api/listing'
import { useLeaveGuard } from '../../../../shared/use-leave-guard'
import { useSchemaForm } from '../../../../shared/use-schema-form'
import { weightShares } from './weighting-shares'

/** The form keeps numbers that may be emptied while typing; the schema says what is missing. */
export type WeightingValues = {
  weights: Record<OfferWeightCriterion, number>
  sellerCommissionPercent: number | null
  sellerClosingCosts: number | null
  wantedClosingDate: string
}
const COST_FIELDS = ['sellerCommissionPercent', 'sellerClosingCosts', 'wantedClosingDate'] as const
/** The fields by the API's dotted paths ('weights.netToSeller', 'sellerClosingCosts' ...). */
const FIELD_PATHS = [...COST_FIELDS, ...OFFER_WEIGHT_CRITERIA.map((criterion) => `weights.${criterion}`)]

function valuesOf(weighting: ListingWeighting): WeightingValues {
  return {
    weights: { ...weighting.weights },
    sellerCommissionPercent: weighting.sellerCommissionPercent,
    sellerClosingCosts: weighting.sellerClosingCosts,
    wantedClosingDate: weighting.wantedClosingDate ?? '',
  }
}

function sameValues(a: WeightingValues, b: WeightingValues): boolean {
  return (
    OFFER_WEIGHT_CRITERIA.every((criterion) => a.weights[criterion] === b.weights[criterion]) &&
    a.sellerCommissionPercent === b.sellerCommissionPercent &&
    a.sellerClosingCosts === b.sellerClosingCosts &&
    a.wantedClosingDate === b.wantedClosingDate
  )
}

/** What the schema of PUT /weighting is given: an emptied number is absent, an emptied date null. */
function weightingInput(values: WeightingValues): unknown {
  return {
    weights: values.weights,
    sellerCommissionPercent: values.sellerCommissionPercent ?? undefined,
    sellerClosingCosts: values.sellerClosingCosts ?? undefined,
    wantedClosingDate: values.wantedClosingDate === '' ? null : values.wantedClosingDate,
  }
}

function CriterionSlider({ criterion, value, percent, error, onChange }: { criterion: OfferWeightCriterion; value: number; percent: number; error?: Message; onChange: (value: number) => void }) {
  const { t } = useTranslation()
  const labelId = useId()
  const explainId = useId()
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={600} id={labelId}>
          {t(`listing.criterion.${criterion}`)}
        </Text>
        <Group gap="xs" wrap="nowrap" aria-hidden>
          <Text fw={700}>{value}</Text>
          <Badge variant="light" color={percent > 0 ? 'brand' : 'gray'} tt="none">
            {t('manage.weighting.share', { percent })}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" id={explainId}>
        {t(`manage.weighting.explain.${criterion}`)}
      </Text>
      <Slider
        min={0}
        max={10}
        step={1}
        value={value}
        onChange={onChange}
        name={`weights.${criterion}`}
        label={(weight) => weight}
        marks={[0, 5, 10].map((mark) => ({ value: mark, label: String(mark) }))}
        thumbLabel={t(`listing.criterion.${criterion}`)}
        thumbValueText={(weight) => t('manage.weighting.valueText', { value: weight, percent })}
        thumbProps={{ 'aria-describedby': explainId }}
        mb="md"
      />
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {translate(error)}
        </Text>
      )}
    </Stack>
  )
}

/** The weighting tab: the seller's weight (0 to 10) for each criterion the Offers issue ranks by, and the costs behind net to seller. */
export function WeightingForm({ listing }: { listing: ManagedListing }) {
  const { t } = useTranslation()
  const save = useUpdateListingWeighting(listing.id)
  const [saved, setSaved] = useState<WeightingValues>(() => valuesOf(listing.weighting))
  const form = useSchemaForm({ schema: ListingWeightingSchema, initialValues: saved, toInput: weightingInput, fields: FIELD_PATHS })
  const { values, errors } = form
  const dirty = !sameValues(values, saved)
  const { dialog: leaveDialog } = useLeaveGuard({ dirty: dirty && !save.isPending, texts: { title: t('manage.unsaved.title'), message: t('manage.unsaved.message'), stay: t('manage.unsaved.stay'), discard: t('manage.unsaved.leave') } })

  const shares = weightShares(values.weights)
  const allZero = OFFER_WEIGHT_CRITERIA.every((criterion) => values.weights[criterion] === 0)
  const setWeight = (criterion: OfferWeightCriterion, weight: number) => form.setValue('weights', { ...values.weights, [criterion]: weight }, [`weights.${criterion}`])

  const onSubmit = form.onSubmit((weighting: ListingWeighting) =>
    save.mutate(weighting, {
      onSuccess: (listing) => {
        const next = valuesOf(listing.weighting)
        setSaved(next)
        form.setValues(next)
        notifySuccess('manage.weighting.saved')
      },
      onError: (error) => {
        form.serverErrors(error)
        notifyError(error)
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('manage.weighting.title')}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('manage.weighting.title')}
          </Title>
          <Text c="dimmed">{t('manage.weighting.hint')}</Text>
        </Stack>

        <Paper withBorder p="lg" component="fieldset" style={{ margin: 0 }}>
          <Text component="legend" fw={700} px={4}>
            {t('manage.weighting.criteriaTitle')}
          </Text>
          <Stack gap="lg">
            {OFFER_WEIGHT_CRITERIA.map((criterion) => (
              <CriterionSlider
                key={criterion}
                criterion={criterion}
                value={values.weights[criterion]}
                percent={shares[criterion]}
                error={errors[`weights.${criterion}`]}
                onChange={(weight) => setWeight(criterion, weight)}
              />
            ))}
            {allZero && (
              <Alert color="yellow" role="status">
                {t('manage.weighting.allZero')}
              </Alert>
            )}
          </Stack>
        </Paper>

        <Paper withBorder p="lg" component="fieldset" style={{ margin: 0 }}>
          <Text component="legend" fw={700} px={4}>
            {t('manage.weighting.costsTitle')}
          </Text>
          <Stack gap="md" maw={420}>
            <NumberInput
              label={t('manage.weighting.commission')}
              description={t('manage.weighting.commissionHint')}
              name="sellerCommissionPercent"
              value={values.sellerCommissionPercent ?? ''}
              onChange={(value) => form.setValue('sellerCommissionPercent', typeof value === 'number' ? value : value === '' ? null : Number(value))}
              min={0}
              max={10}
              step={0.25}
              decimalScale={2}
              suffix="%"
              allowNegative={false}
              clampBehavior="none"
              error={form.errorOf('sellerCommissionPercent')}
            />
            <IncrementInput
              label={t('manage.weighting.closingCosts')}
              description={t('manage.weighting.closingCostsHint')}
              name="sellerClosingCosts"
              {...form.field('sellerClosingCosts')}
              min={0}
              max={LISTING_LIMITS.maxPrice}
              units={500}
            />
            <DateInput
              label={t('manage.weighting.wantedClosingDate')}
              description={t('manage.weighting.wantedClosingDateHint')}
              name="wantedClosingDate"
              {...form.field('wantedClosingDate')}
            />
          </Stack>
        </Paper>

        {form.hasErrors && (
          <Alert color="red" role="alert">
            {t('manage.weighting.fixErrors')}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => form.setValues(valuesOf(DEFAULT_LISTING_WEIGHTING), Object.keys(errors))} disabled={save.isPending}>
            {t('manage.weighting.reset')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('manage.weighting.save')}
          </Button>
        </Group>
      </Stack>
      {leaveDialog}
    </form>
  )
}
