import { useState } from 'react'
import type { ReactNode } from 'react'
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Radio, Stack, TagsInput, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { ListingSettingsPatch, ListingVisibility, ManagedListing, StandardStatus } from '@offerbook/domain/listing'
import { LISTING_LIMITS, LISTING_VISIBILITIES, ListingNotifySchema, ListingSettingsPatchSchema, ListingVisibilitySchema, StandardStatusSchema } from '@offerbook/domain/listing'
import type { Message } from '@offerbook/domain/messages'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import { emailSchema, firstError, isEmail } from '@offerbook/domain/validation'
import { ApiClientError, fieldErrorsOf } from '../../../../shared/api-client'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { ZonedDateTimeInput } from '../../../../shared/ui/zoned-date-time-input'
import { deadlineIso, deadlineText } from '../listing-form/listing-form-values'
import { useUpdateListingSettings } from '../../api/listing'
import { needsConfirmation, statusOptions } from './status-options'
import { useLeaveGuard } from '../../../../shared/use-leave-guard'
import { useSchemaForm } from '../../../../shared/use-schema-form'

export type SettingsValues = {
  status: StandardStatus
  /** 'YYYY-MM-DD HH:mm' on the clocks of `timeZone`, or '' for no deadline. */
  deadline: string
  /** The property's zone (by its county): the deadline is typed and shown in it. Not edited here. */
  timeZone: string
  notifyOwner: boolean
  notifyListAgent: boolean
  emails: string[]
  visibility: ListingVisibility
}
type Field = 'status' | 'deadline' | 'emails' | 'visibility'
type Errors = Partial<Record<Field, Message>>

export function settingsValuesOf(listing: Pick<ManagedListing, 'StandardStatus' | 'offerDeadline' | 'notify' | 'visibility' | 'CountyOrParish'>): SettingsValues {
  const timeZone = propertyTimeZone(listing.CountyOrParish)
  return {
    status: listing.StandardStatus,
    deadline: deadlineText(listing.offerDeadline, timeZone),
    timeZone,
    notifyOwner: listing.notify.owner,
    notifyListAgent: listing.notify.listAgent,
    emails: [...listing.notify.emails],
    visibility: listing.visibility,
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index])

/**
 * The PATCH body for what changed since `saved` (only that, so an unchanged status is never re-sent),
 * or the messages of what is wrong. `now` is the clock the deadline must be after.
 */
export function settingsPatch(saved: SettingsValues, values: SettingsValues, now: Date): { patch: ListingSettingsPatch } | { errors: Errors } {
  const errors: Errors = {}
  const patch: ListingSettingsPatch = {}
  if (values.status !== saved.status) patch.StandardStatus = values.status
  if (values.deadline !== saved.deadline) {
    if (values.deadline === '') patch.offerDeadline = null
    else {
      const deadline = deadlineIso(values.deadline, values.timeZone)
      if (!deadline) errors.deadline = { key: 'listing.invalidDate' }
      else if (new Date(deadline).getTime() <= now.getTime()) errors.deadline = { key: 'listing.offerDeadlinePast' }
      else patch.offerDeadline = deadline
    }
  }
  const emails = values.emails.map((email) => email.trim()).filter(Boolean)
  // A wrong address is named before the count: it is the one the person can fix in place.
  const emailsError = emails.map((email) => firstError(emailSchema, email)).find(Boolean) ?? firstError(ListingNotifySchema.shape.emails, emails)
  if (emailsError) errors.emails = emailsError
  if (values.notifyOwner !== saved.notifyOwner || values.notifyListAgent !== saved.notifyListAgent || !sameList(emails, saved.emails)) {
    patch.notify = { owner: values.notifyOwner, listAgent: values.notifyListAgent, emails }
  }
  if (values.visibility !== saved.visibility) patch.visibility = values.visibility
  return Object.keys(errors).length > 0 ? { errors } : { patch }
}

function sameValues(a: SettingsValues, b: SettingsValues): boolean {
  return (
    a.status === b.status &&
    a.deadline === b.deadline &&
    a.notifyOwner === b.notifyOwner &&
    a.notifyListAgent === b.notifyListAgent &&
    sameList(a.emails, b.emails) &&
    a.visibility === b.visibility
  )
}

function serverErrors(error: unknown): Errors {
  const fields = fieldErrorsOf(error, ['StandardStatus', 'offerDeadline', 'notify', 'notify.emails', 'visibility'])
  const errors: Errors = {
    status: fields.StandardStatus,
    deadline: fields.offerDeadline,
    emails: fields['notify.emails'] ?? fields.notify,
    visibility: fields.visibility,
  }
  if (error instanceof ApiClientError && error.detail.key === 'listing.statusChange') errors.status = error.detail
  return errors
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="fieldset" style={{ margin: 0 }}>
      <Text component="legend" fw={700} px={4}>
        {title}
      </Text>
      {children}
    </Paper>
  )
}

/** The settings tab: status, offer deadline, who is notified of offers and who can see the listing. */
export function SettingsForm({ listing }: { listing: ManagedListing }) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const save = useUpdateListingSettings(listing.id)
  const [saved, setSaved] = useState<SettingsValues>(() => settingsValuesOf(listing))
  // The request is what changed since `saved` (settingsPatch), checked with the API's schema; the rules
  // only the form can apply (a deadline still ahead, each address named) come from settingsPatch too.
  const form = useSchemaForm({
    schema: ListingSettingsPatchSchema,
    initialValues: saved,
    fields: ['status', 'deadline', 'emails', 'visibility'],
    toInput: (current: SettingsValues) => {
      const checked = settingsPatch(saved, current, new Date())
      return 'patch' in checked ? checked.patch : {}
    },
    check: (current) => {
      const checked = settingsPatch(saved, current, new Date())
      return 'errors' in checked ? checked.errors : {}
    },
  })
  const { values } = form
  const [confirming, setConfirming] = useState(false)
  const dirty = !sameValues(values, saved)
  const { dialog: leaveDialog } = useLeaveGuard({ dirty: dirty && !save.isPending && !confirming, texts: { title: t('manage.unsaved.title'), message: t('manage.unsaved.message'), stay: t('manage.unsaved.stay'), discard: t('manage.unsaved.leave') } })

  const options = statusOptions(saved.status)

  const set = form.setValue
  const invalidEmails = values.emails.filter((email) => !isEmail(email))
  const shown = (field: Field) => {
    if (field === 'emails' && invalidEmails.length > 0) return t('manage.settings.invalidEmails', { emails: invalidEmails.join(', ') })
    return form.errorOf(field)
  }

  const onSubmit = async (patch: ListingSettingsPatch) => {
    if (Object.keys(patch).length === 0) {
      notifySuccess('manage.settings.noChanges')
      return
    }
    if (patch.StandardStatus && needsConfirmation(saved.status, patch.StandardStatus)) {
      const status = t(`listing.status.${patch.StandardStatus}`)
      setConfirming(true)
      const confirmed = await dialog.confirm({
        title: t('manage.settings.confirm.title', { status }),
        message: t(`manage.settings.confirm.${patch.StandardStatus}`),
        confirmLabel: t('manage.settings.confirm.confirmLabel', { status }),
      })
      setConfirming(false)
      if (!confirmed) return
    }
    save.mutate(patch, {
      onSuccess: (updated) => {
        const next = settingsValuesOf(updated)
        setSaved(next)
        form.setValues(next)
        notifySuccess('manage.settings.saved')
      },
      onError: (error) => {
        form.setErrors(serverErrors(error))
        notifyError(error)
      },
    })
  }

  const statusHint = saved.status === 'Incomplete' ? 'manage.settings.draftStatusHint' : options.length === 1 ? 'manage.settings.closedStatusHint' : 'manage.settings.statusHint'

  return (
    <form onSubmit={form.onSubmit((patch) => void onSubmit(patch))} noValidate aria-label={t('manage.property.tab.settings')}>
      <Stack gap="lg">
        <Section title={t('manage.settings.statusTitle')}>
          <NativeSelect
            label={t('manage.settings.status')}
            description={t(statusHint)}
            name="StandardStatus"
            value={values.status}
            disabled={options.length === 1}
            onChange={(event) => {
              const parsed = StandardStatusSchema.safeParse(event.currentTarget.value)
              if (parsed.success) set('status', parsed.data)
            }}
            data={options.map((status) => ({ value: status, label: t(`listing.status.${status}`) }))}
            error={shown('status')}
            maw={420}
          />
        </Section>

        <Section title={t('manage.settings.deadlineTitle')}>
          <Stack gap="xs" align="flex-start">
            <ZonedDateTimeInput
              label={t('manage.settings.deadline')}
              description={t('manage.settings.deadlineHint')}
              name="offerDeadline"
              value={deadlineIso(values.deadline, values.timeZone)}
              onChange={(deadline) => set('deadline', deadlineText(deadline, values.timeZone))}
              timeZone={values.timeZone}
              futureOnly
              error={shown('deadline')}
            />
            {values.deadline !== '' && (
              <Button variant="subtle" size="compact-sm" onClick={() => set('deadline', '')}>
                {t('manage.settings.clearDeadline')}
              </Button>
            )}
          </Stack>
        </Section>

        <Section title={t('manage.settings.notifyTitle')}>
          <Stack gap="sm">
            <Checkbox label={t('manage.settings.notifyOwner')} name="notify.owner" checked={values.notifyOwner} onChange={(event) => set('notifyOwner', event.currentTarget.checked)} />
            <Checkbox
              label={t('manage.settings.notifyListAgent')}
              name="notify.listAgent"
              checked={values.notifyListAgent}
              onChange={(event) => set('notifyListAgent', event.currentTarget.checked)}
            />
            <TagsInput
              label={t('manage.settings.notifyEmails')}
              description={t('manage.settings.notifyEmailsHint')}
              name="notify.emails"
              value={values.emails}
              onChange={(emails) => set('emails', emails.map((email) => email.trim()).filter(Boolean))}
              splitChars={[',', ' ', ';']}
              maxTags={LISTING_LIMITS.maxNotifyEmails}
              clearable
              clearButtonProps={{ 'aria-label': t('inputs.search.clear') }}
              error={shown('emails')}
              maw={560}
            />
          </Stack>
        </Section>

        <Section title={t('manage.settings.visibility')}>
          <Radio.Group
            name="visibility"
            aria-label={t('manage.settings.visibility')}
            value={values.visibility}
            onChange={(value) => {
              const parsed = ListingVisibilitySchema.safeParse(value)
              if (parsed.success) set('visibility', parsed.data)
            }}
            error={shown('visibility')}
          >
            <Stack gap="xs">
              {LISTING_VISIBILITIES.map((visibility) => (
                <Radio key={visibility} value={visibility} label={t(`listing.visibility.${visibility}`)} />
              ))}
            </Stack>
          </Radio.Group>
        </Section>

        {form.hasErrors && (
          <Alert color="red" role="alert">
            {t('manage.settings.fixErrors')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('manage.settings.save')}
          </Button>
        </Group>
      </Stack>
      {leaveDialog}
    </form>
  )
}
