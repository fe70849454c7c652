import type { ReactNode } from 'react'
import { useState } from 'react'
import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { SignerView } from '@offerbook/domain/signing'
import { notifyError } from '../../../shared/notify'
import type { SignerLink } from '../api/signer'
import { downloadSignedPdf } from '../api/signer'

/** A page that tells the signer where things stand, with what they can still do. */
export function SignerMessagePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="md" maw={680} py="xl" mx="auto">
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  )
}

export function InvalidLinkPage() {
  const { t } = useTranslation()
  return (
    <SignerMessagePage title={t('signer.invalid.title')}>
      <Text>{t('signer.invalid.body')}</Text>
    </SignerMessagePage>
  )
}

export function DownloadSignedButton({ link, title }: { link: SignerLink; title: string }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      await downloadSignedPdf(link, title)
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={() => void download()} style={{ alignSelf: 'flex-start' }}>
      {t('signer.ended.download')}
    </Button>
  )
}

export type EndedState = 'voided' | 'expired' | 'declined' | 'you-declined' | 'completed' | 'completing' | 'signed' | 'done' | 'waiting'

/** Which ended or waiting page a view calls for, or null when the signer can go on. */
export function endedStateOf(view: SignerView, justFinished: boolean): EndedState | null {
  const { packet, signer } = view
  if (signer.status === 'declined') return 'you-declined'
  if (packet.status === 'voided') return 'voided'
  if (packet.status === 'completed') return 'completed'
  if (packet.status === 'expired') return 'expired'
  if (packet.status === 'declined') return 'declined'
  if (signer.status === 'signed') return justFinished ? 'done' : packet.status === 'completing' ? 'completing' : 'signed'
  if (packet.status === 'completing') return 'completing'
  if (!signer.canSignNow) return 'waiting'
  return null
}

export function EndedPage({ state, view, link }: { state: EndedState; view: SignerView; link: SignerLink }) {
  const { t } = useTranslation()
  const download = view.canDownload ? <DownloadSignedButton link={link} title={view.packet.title} /> : null
  const simple = (key: string) => (
    <SignerMessagePage title={t(`signer.ended.${key}Title`)}>
      <Text>{t(`signer.ended.${key}Body`)}</Text>
      {download}
    </SignerMessagePage>
  )

  switch (state) {
    case 'voided':
      return (
        <SignerMessagePage title={t('signer.ended.voidedTitle')}>
          <Text>{t('signer.ended.voidedBody')}</Text>
          {view.packet.voidReason && (
            <Paper withBorder p="md" bg="gray.0">
              <Text fw={700}>{t('signer.ended.voidReason')}</Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{view.packet.voidReason}</Text>
            </Paper>
          )}
        </SignerMessagePage>
      )
    case 'you-declined':
      return simple('youDeclined')
    case 'done':
      return simple('done')
    default:
      return simple(state)
  }
}
