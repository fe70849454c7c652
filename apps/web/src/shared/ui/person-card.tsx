import type { ReactNode } from 'react'
import { ActionIcon, Anchor, Avatar, Card, Group, Stack, Text } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconMail, IconMessage, IconPhone } from '@tabler/icons-react'
import { useTranslation } from '../i18n/translation'
import { useSession } from '../session'

/** The person card of spec section 3. */
export type PersonCardProps = {
  fullName?: string | null
  subtitle?: ReactNode
  /** Photo URL; the initials of the name show without one. */
  image?: string | null
  phone?: string | null
  /** Number for text messages when it differs from `phone`. */
  sms?: string | null
  email?: string | null
  /** The person's website (an agent's, from their profile): a link under the name, for everyone. */
  website?: string | null
  /**
   * Opens the Send Email/SMS dialog with this person's address or number (the page that shows the
   * card composes the dialog, which loads on first use). Without it the buttons open the device's
   * own mail and text apps.
   */
  onSend?: (to: SendTarget) => void
}

/**
 * Who the card's email or SMS button writes to. The Send dialog needs an email besides the numbers it
 * texts (spec section 5), so the SMS button gives the person's address too when the card has one.
 */
export type SendTarget = { emails?: string[]; phones?: string[] }

const dialable = (number: string) => number.replace(/[^\d+]/g, '')
/** Only an http(s) address becomes a link (the API keeps no other; this guards against a javascript: one). */
const WEB_ADDRESS = /^https?:\/\//i

/** A person with, for signed-in users only (spec section 6), buttons to call, text and email them (spec section 2 screen 5). */
export function PersonCard({ fullName, subtitle, image, phone, sms, email, website, onSend }: PersonCardProps) {
  const { t } = useTranslation()
  const signedIn = useSession() !== null
  const nameId = useId()
  const realName = fullName?.trim() ?? ''
  const name = realName || t('inputs.personCard.noName')
  const callNumber = phone ? dialable(phone) : ''
  const textNumber = dialable(sms ?? phone ?? '')
  const mail = email?.trim() ?? ''

  return (
    <Card component="article" aria-labelledby={nameId} withBorder padding="md">
      {/* A long name wraps instead of being cut; when the card is narrow, the buttons go under it. */}
      <Group justify="space-between" gap="md">
        <Group wrap="nowrap" gap="md" miw={0} style={{ flex: '1 1 12rem' }}>
          <Avatar src={image || null} alt={realName || undefined} name={realName || undefined} size="lg" radius="xl" />
          <Stack gap={2} miw={0}>
            <Text id={nameId} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {subtitle ? (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            ) : null}
            {website && WEB_ADDRESS.test(website) ? (
              <Anchor href={website} target="_blank" rel="noopener noreferrer nofollow" size="sm" style={{ overflowWrap: 'anywhere' }} aria-label={t('inputs.personCard.website', { name })}>
                {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Anchor>
            ) : null}
          </Stack>
        </Group>
        {signedIn ? (
          <Group gap="xs" wrap="nowrap">
            {callNumber ? (
              <ActionIcon component="a" href={`tel:${callNumber}`} variant="light" size="lg" aria-label={t('inputs.personCard.call', { name })}>
                <IconPhone size={18} aria-hidden />
              </ActionIcon>
            ) : null}
            {textNumber && onSend ? (
              <ActionIcon variant="light" size="lg" aria-label={t('inputs.personCard.text', { name })} onClick={() => onSend(mail ? { phones: [textNumber], emails: [mail] } : { phones: [textNumber] })}>
                <IconMessage size={18} aria-hidden />
              </ActionIcon>
            ) : null}
            {textNumber && !onSend ? (
              <ActionIcon component="a" href={`sms:${textNumber}`} variant="light" size="lg" aria-label={t('inputs.personCard.text', { name })}>
                <IconMessage size={18} aria-hidden />
              </ActionIcon>
            ) : null}
            {mail && onSend ? (
              <ActionIcon variant="light" size="lg" aria-label={t('inputs.personCard.email', { name })} onClick={() => onSend({ emails: [mail] })}>
                <IconMail size={18} aria-hidden />
              </ActionIcon>
            ) : null}
            {mail && !onSend ? (
              <ActionIcon component="a" href={`mailto:${mail}`} variant="light" size="lg" aria-label={t('inputs.personCard.email', { name })}>
                <IconMail size={18} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Card>
  )
}
