import { Loader } from '@mantine/core'

/** Being built in this issue: replaced by the real page. */
export default function Page() {
  return <Loader aria-label="Loading" />
}
