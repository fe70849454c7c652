import { SsoReturn } from '../features/accounts/components/sso-return'
import { useCompleteSignIn } from './after-sign-in'

/**
 * The app root when the single sign-on provider sends the browser back (`/?sso=1`): a chunk of its
 * own, so the home page's first script carries none of the sign-in code.
 */
export default function SsoLanding() {
  const completeSignIn = useCompleteSignIn()
  return <SsoReturn onSignedIn={(signedIn, redirect) => completeSignIn(signedIn, true, redirect)} />
}
