import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, useLocation } from '../../../shared/navigation'
import type { StartChatAnswer } from '@offerbook/domain/chat'
import { GuestStartChatInputSchema } from '@offerbook/domain/chat'
import { signInPathFor } from '@offerbook/domain/route-access'
import { fieldErrorsOf } from '../../../shared/api-client'
import { errorText } from '../../../shared/i18n/messages'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useStartConversation } from '../api/chat'

const FIELDS = ['name', 'email'] as const

export type GuestFormProps = {
  /** The listing the conversation is about; null: the support team. */
  listingId: string | null
  /** The conversation started: the answer holds the guest's token. */
  onStarted: (answer: StartChatAnswer) => void
}

/** A visitor who is not signed in says who they are (name and email), or signs in instead. */
export function GuestForm({ listingId, onStarted }: GuestFormProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const start = useStartConversation()
  const form = useSchemaForm({
    schema: GuestStartChatInputSchema,
    initialValues: { name: '', email: '' },
    toInput: (values) => ({ ...values, listingId: listingId ?? undefined }),
  })

  const submit = form.onSubmit((data) =>
    start.mutate(data, {
      onSuccess: (answer) => onStarted(answer),
      onError: (error) => form.serverErrors(error),
    }),
  )

  const generalError = start.isError && Object.keys(fieldErrorsOf(start.error, FIELDS)).length === 0

  return (
    <form onSubmit={submit} noValidate aria-label={t('chat.guest.formLabel')}>
      <Stack gap="sm">
      <Text size="sm">{t(listingId ? 'chat.guest.introListing' : 'chat.guest.introSupport')}</Text>
      <TextInput label={t('chat.guest.name')} autoComplete="name" required {...form.field('name')} />
      <TextInput label={t('chat.guest.email')} type="email" autoComplete="email" required {...form.field('email')} />
      {generalError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorText(start.error)}
        </Text>
      )}
      <Button type="submit" loading={start.isPending}>
        {t('chat.guest.start')}
      </Button>
      <Text size="sm">
        {t('chat.guest.haveAccount')}{' '}
        <Anchor component={Link} to={signInPathFor(location.pathname + location.search)}>
          {t('chat.guest.signIn')}
        </Anchor>
      </Text>
      </Stack>
    </form>
  )
}
