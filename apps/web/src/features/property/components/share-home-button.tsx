import { useState } from 'react'
import { Button, Stack, Text } from '@mantine/core'
import { IconShare } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ShareOutcome } from '../../../shared/share-link'
import { shareLink } from '../../../shared/share-link'

export type ShareHomeButtonProps = {
  address: string
  /** The home's page, absolute. */
  url: string
  /** Signed in: Offerbook's Send dialog. Without it (a visitor), the system share sheet or the clipboard. */
  onSend?: () => void
}

/**
 * 'Share this home'. Sending through Offerbook needs an account; a visitor shares through their own
 * apps (navigator.share) or copies the link, and is told which happened.
 */
export function ShareHomeButton({ address, url, onSend }: ShareHomeButtonProps) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null)
  const [busy, setBusy] = useState(false)

  const share = async () => {
    if (onSend) {
      onSend()
      return
    }
    setBusy(true)
    setOutcome(await shareLink({ title: address, text: t('property.share.text', { address }), url }))
    setBusy(false)
  }

  return (
    <Stack gap={4}>
      <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} loading={busy} onClick={() => void share()}>
        {t('property.share.action')}
      </Button>
      <Text size="sm" role="status" c={outcome === 'failed' ? 'red.8' : 'gray.7'} style={{ overflowWrap: 'anywhere' }}>
        {outcome === 'copied' ? t('property.share.copied') : outcome === 'failed' ? t('property.share.failed', { link: url }) : ''}
      </Text>
    </Stack>
  )
}
