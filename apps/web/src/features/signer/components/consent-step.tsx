import type { FormEvent, ReactNode } from 'react'
import { useState } from 'react'
import { Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { SignerView } from '@offerbook/domain/signing'
import { notifyError } from '../../../shared/notify'
import { translateOptional } from '../../../shared/i18n/messages'
import type { SignerLink } from '../api/signer'
import { useConsent } from '../api/signer'
import { DeclineDialog } from './decline-dialog-loader'
import { SignerMessagePage } from './signer-message-page'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

/**
 * The ESIGN Act consumer disclosure (15 U.S.C. 7001(c)): before records are given electronically the
 * signer is told how, what they need, their right to paper and to withdraw, and consents to it.
 */
export function ConsentStep({ view, link }: { view: SignerView; link: SignerLink }) {
  const { t } = useTranslation()
  const consent = useConsent(link)
  const [agreed, setAgreed] = useState(false)
  const [error, setError] = useState<Message | null>(null)
  const [declining, setDeclining] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!agreed) return setError({ key: 'signing.consentRequired' })
    setError(null)
    consent.mutate(undefined, { onError: notifyError })
  }

  return (
    <SignerMessagePage title={t('signer.consent.title')}>
      <Text>{t('signer.consent.intro', { sender: view.packet.senderName ?? t('signer.consent.theSender') })}</Text>
      <Paper withBorder p="md">
        <Stack gap="md">
          <Section title={t('signer.consent.electronicTitle')}>
            <Text>{t('signer.consent.electronicBody')}</Text>
          </Section>
          <Section title={t('signer.consent.systemTitle')}>
            <Text>{t('signer.consent.systemIntro')}</Text>
            <List>
              <List.Item>{t('signer.consent.systemBrowser')}</List.Item>
              <List.Item>{t('signer.consent.systemPdf')}</List.Item>
              <List.Item>{t('signer.consent.systemEmail')}</List.Item>
              <List.Item>{t('signer.consent.systemDevice')}</List.Item>
            </List>
          </Section>
          <Section title={t('signer.consent.paperTitle')}>
            <Text>{t('signer.consent.paperBody')}</Text>
          </Section>
          <Section title={t('signer.consent.withdrawTitle')}>
            <Text>{t('signer.consent.withdrawBody')}</Text>
          </Section>
          <Section title={t('signer.consent.contactTitle')}>
            <Text>{t('signer.consent.contactBody')}</Text>
          </Section>
          <Section title={t('signer.consent.scopeTitle')}>
            <Text>{t('signer.consent.scopeBody')}</Text>
          </Section>
        </Stack>
      </Paper>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Checkbox
            label={t('signer.consent.agree')}
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.currentTarget.checked)
              setError(null)
            }}
            error={translateOptional(error)}
          />
          <Group gap="sm">
            <Button type="submit" loading={consent.isPending} disabled={!agreed}>
              {t('signer.consent.continue')}
            </Button>
            <Button variant="default" onClick={() => setDeclining(true)}>
              {t('signer.consent.decline')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DeclineDialog opened={declining} onClose={() => setDeclining(false)} link={link} />
    </SignerMessagePage>
  )
}
