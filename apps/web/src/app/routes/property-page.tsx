import { CenteredLoader } from '../../shared/ui/centered-loader'

/** Being built (Listings issue). */
export default function Page() {
  return <CenteredLoader />
}
