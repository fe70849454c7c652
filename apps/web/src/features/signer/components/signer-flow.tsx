import { useEffect, useState } from 'react'
import { Center, Loader, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { PacketKind } from '@offerbook/domain/signing'
import { ApiClientError } from '../../../shared/api-client'
import { errorMessage } from '../../../shared/notify'
import { RetryAlert } from '../../../shared/ui/retry-alert'
import { loadPdfJs } from '../../../shared/ui/pdf-page'
import { whenIdleAfterLoad } from '../../../shared/when-idle'
import { useSignerView } from '../api/signer'
import { CodeStep } from './code-step'
import { ConsentStep } from './consent-step'
import { EndedPage, endedStateOf, InvalidLinkPage } from './signer-message-page'
import { SigningDocument } from './signing-document'

export type SignerFlowProps = {
  /** 'offer' for /sign/{offerId}/…, 'form' for /form-sign/{documentId}/…, where every other packet is signed (a form, a notice, an amendment). */
  kind: Extract<PacketKind, 'offer' | 'form'>
  /** The offer id or the document (packet) id the link names. */
  routeId: string
  signerId: string
  token: string
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

function Loading() {
  const { t } = useTranslation()
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{t('signer.loading')}</Text>
      </Stack>
    </Center>
  )
}

/**
 * What a signer sees, step by step: the code (when required), the ESIGN consent, then the document;
 * or the page that says why there is nothing to sign (decision 016).
 */
export function SignerFlow({ kind, routeId, signerId, token }: SignerFlowProps) {
  const link = { signerId, token }
  const query = useSignerView(link)
  const [finishing, setFinishing] = useState(false)
  // pdf.js (its library and worker, the page's largest part: 113 KB) loads while the code and consent
  // are read, so the document's first page draws as soon as its bytes are here (issue #36, decision
  // 076). It is asked once the link's first screen is drawn, at the browser's first idle moment, not
  // beside the page's own code: it then shares the network with nothing the signer waits for
  // (decision 101). The document asks at once when it is the first screen; a failed load is tried
  // again by the document itself.
  const viewHere = query.isSuccess
  useEffect(() => {
    if (!viewHere) return
    return whenIdleAfterLoad(() => void loadPdfJs().catch(() => {}))
  }, [viewHere])

  if (query.isPending) return <Loading />
  if (query.isError) {
    const error = query.error
    // The API answers a wrong token with 404; any other refusal of the link reads the same to a signer.
    if (error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.status !== 429) return <InvalidLinkPage />
    return <RetryAlert message={errorMessage(error)} onRetry={() => void query.refetch()} />
  }

  const view = query.data
  // The link names the offer (or the document) too; a signer reached under another one is not this link's.
  const linkedId = kind === 'offer' ? view.packet.offerId : view.packet.id
  const linkKind = view.packet.kind === 'offer' ? 'offer' : 'form'
  if (linkKind !== kind || !sameId(linkedId, routeId) || view.packet.status === 'draft') return <InvalidLinkPage />

  const ended = endedStateOf(view, finishing)
  if (ended) return <EndedPage state={ended} view={view} link={link} />
  if (view.signer.needsCode && !view.signer.codeVerified) return <CodeStep view={view} link={link} />
  if (!view.signer.consentedAt) return <ConsentStep view={view} link={link} />
  return <SigningDocument key={view.signer.id} view={view} link={link} onFinishing={() => setFinishing(true)} />
}
