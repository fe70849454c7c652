import type { ReactNode } from 'react'
import { useState } from 'react'
import { Alert, Button, Group, Loader, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { FileSide } from '@offerbook/domain/file-checklist'
import type { BrokerageRuleView as BrokerageRule } from '@offerbook/domain/transaction-file-view'
import { BROKERAGE_RULE_TITLE_MAX, BrokerageRuleSchema, FILE_SIDES } from '@offerbook/domain/file-checklist'
import type { PropertyType } from '@offerbook/domain/listing-values'
import { PROPERTY_TYPES } from '@offerbook/domain/listing-values'
import { errorText } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { DataTable } from '../../../shared/ui/data-table'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useAddFileRule, useDeleteFileRule, useFileRules } from '../api/review'

const ANY_SIDE = 'any'
type RuleValues = { title: string; side: FileSide | typeof ANY_SIDE; propertyTypes: PropertyType[]; minPrice: number | string; maxPrice: number | string }
const EMPTY: RuleValues = { title: '', side: ANY_SIDE, propertyTypes: [], minPrice: '', maxPrice: '' }
const price = (value: number | string) => (typeof value === 'number' ? value : null)

function AddRuleForm() {
  const { t } = useTranslation()
  const add = useAddFileRule()
  const form = useSchemaForm({
    schema: BrokerageRuleSchema,
    initialValues: EMPTY,
    toInput: (values) => ({ title: values.title, side: values.side === ANY_SIDE ? null : values.side, propertyTypes: values.propertyTypes, minPrice: price(values.minPrice), maxPrice: price(values.maxPrice) }),
  })
  const [failure, setFailure] = useState<string | null>(null)

  const submit = form.onSubmit((rule) => {
    setFailure(null)
    add.mutate(rule, {
      onSuccess: () => {
        notifySuccess(t('fileRules.added', { title: rule.title }))
        form.setValues(EMPTY, Object.keys(EMPTY))
      },
      onError: (error) => {
        if (!form.serverErrors(error)) setFailure(errorText(error))
      },
    })
  })

  return (
    <form onSubmit={submit} noValidate aria-label={t('fileRules.addTitle')}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('fileRules.addTitle')}
        </Title>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label={t('fileRules.title')} description={t('fileRules.titleHint')} required maxLength={BROKERAGE_RULE_TITLE_MAX} {...form.field('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('fileRules.side')}
            data={[{ value: ANY_SIDE, label: t('fileRules.sides.any') }, ...FILE_SIDES.map((side) => ({ value: side, label: t(`fileRules.sides.${side}`) }))]}
            value={form.values.side}
            onChange={(value) => form.setValue('side', (value ?? ANY_SIDE) as RuleValues['side'])}
            allowDeselect={false}
            error={form.errorOf('side')}
          />
          <MultiSelect
            label={t('fileRules.propertyTypes')}
            description={t('fileRules.propertyTypesHint')}
            data={PROPERTY_TYPES.map((type) => ({ value: type, label: t(`listing.type.${type}`) }))}
            value={form.values.propertyTypes}
            onChange={(value) => form.setValue('propertyTypes', value as PropertyType[])}
            error={form.errorOf('propertyTypes')}
          />
          <NumberInput label={t('fileRules.minPrice')} description={t('fileRules.priceHint')} min={0} allowDecimal={false} thousandSeparator="," prefix="$" {...form.field('minPrice')} />
          <NumberInput label={t('fileRules.maxPrice')} description={t('fileRules.priceHint')} min={0} allowDecimal={false} thousandSeparator="," prefix="$" {...form.field('maxPrice')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('fileRules.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function ruleScope(rule: BrokerageRule, t: (key: string, options?: Record<string, unknown>) => string): string {
  const parts: string[] = [t(`fileRules.sides.${rule.side ?? ANY_SIDE}`)]
  parts.push(rule.propertyTypes.length > 0 ? rule.propertyTypes.map((type) => t(`listing.type.${type}`)).join(', ') : t('fileRules.allTypes'))
  const money = (value: number) => `$${value.toLocaleString('en-US')}`
  if (rule.minPrice !== null && rule.maxPrice !== null) parts.push(t('fileRules.between', { min: money(rule.minPrice), max: money(rule.maxPrice) }))
  else if (rule.minPrice !== null) parts.push(t('fileRules.from', { min: money(rule.minPrice) }))
  else if (rule.maxPrice !== null) parts.push(t('fileRules.upTo', { max: money(rule.maxPrice) }))
  else parts.push(t('fileRules.anyPrice'))
  return parts.join(' · ')
}

/** The brokerage's own required documents (issue #35 item 1): each asks every matching file for one more slot. */
export function FileRulesEditor() {
  const { t } = useTranslation()
  const rules = useFileRules(true)
  const remove = useDeleteFileRule()
  const dialog = useDialog()

  const removeRule = async (rule: BrokerageRule) => {
    const confirmed = await dialog.confirm({ title: t('fileRules.deleteTitle'), message: t('fileRules.deleteConfirm', { title: rule.title }), confirmLabel: t('fileRules.delete') })
    if (!confirmed) return
    remove.mutate(rule.id, { onSuccess: () => notifySuccess(t('fileRules.deleted', { title: rule.title })), onError: notifyError })
  }

  let list: ReactNode
  if (rules.isPending)
    list = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('fileRules.loading')}</Text>
      </Group>
    )
  else if (rules.isError) list = <LoadFailedAlert title={t('fileRules.loadFailed')} error={rules.error} onRetry={() => void rules.refetch()} />
  else if (rules.data.length === 0) list = <Text data-testid="file-rules-empty">{t('fileRules.empty')}</Text>
  else
    list = (
      <DataTable
        minWidth={560}
        aria-label={t('fileRules.table')}
        columns={[t('fileRules.title'), t('fileRules.appliesTo'), t('fileRules.actions')]}
        items={rules.data}
        row={(rule) => (
          <Table.Tr key={rule.id} data-testid={`file-rule-${rule.id}`}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{rule.title}</Table.Td>
            <Table.Td>{ruleScope(rule, t)}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" color="red" onClick={() => void removeRule(rule)} aria-label={t('fileRules.deleteNamed', { title: rule.title })} loading={remove.isPending && remove.variables === rule.id}>
                {t('fileRules.delete')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    )

  return (
    <Stack gap="lg" data-testid="file-rules">
      <Text size="sm" c="gray.8">
        {t('fileRules.lead')}
      </Text>
      {list}
      <AddRuleForm />
    </Stack>
  )
}
