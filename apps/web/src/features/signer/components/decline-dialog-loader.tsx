import { Suspense, useState } from 'react'
import { lazyPart } from '../../../shared/lazy-part'
import type { SignerLink } from '../api/signer'

const LazyDeclineDialog = lazyPart(() => import('./decline-dialog'))

/**
 * 'Decline to sign' (decline-dialog.tsx), fetched the first time the signer opens it and kept mounted
 * after, so it closes as any dialog does. Nothing is drawn before: the signer's first screen loads
 * neither the dialog nor the zod it checks its reason with (decision 101).
 */
export function DeclineDialog(props: { opened: boolean; onClose: () => void; link: SignerLink }) {
  const [asked, setAsked] = useState(props.opened)
  if (props.opened && !asked) setAsked(true)
  if (!asked) return null
  return (
    <Suspense fallback={null}>
      <LazyDeclineDialog {...props} />
    </Suspense>
  )
}
