import { useSearchParams } from '../../shared/navigation'
import { InvalidLinkPage } from '../../features/signer/components/signer-message-page'
import { SignerFlow } from '../../features/signer/components/signer-flow'
import type { PageProps } from '../page-props'

/**
 * /sign/{offerId}/{signerId}?token= and /form-sign/{documentId}/{signerId}?token=: the page an
 * emailed or texted signing link opens (decision 016). Public: the token is the signer's only key,
 * and no answer sends them to sign in.
 */
export default function SignPage({ route, params }: PageProps) {
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  const kind = route.name === 'form-sign' ? 'form' : 'offer'
  const routeId = (kind === 'form' ? params.documentId : params.offerId) ?? ''
  const signerId = params.signerId ?? ''

  if (!token || !routeId || !signerId) return <InvalidLinkPage />
  return <SignerFlow key={`${signerId}:${token}`} kind={kind} routeId={routeId} signerId={signerId} token={token} />
}
