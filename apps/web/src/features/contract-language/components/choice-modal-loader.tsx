import type { ReactNode } from 'react'
import { Suspense, useState } from 'react'
import { lazyPart } from '../../../shared/lazy-part'
import { InlineLoader } from '../../../shared/ui/centered-loader'

const loadChoiceModals = () => import('./clause-choice-modals')
export const StipulationChoicesModal = lazyPart(() => loadChoiceModals().then((module) => ({ default: module.StipulationChoicesModal })))
export const AddendumChoicesModal = lazyPart(() => loadChoiceModals().then((module) => ({ default: module.AddendumChoicesModal })))

/**
 * A clause modal fetched on demand: its chunk starts loading when the GENERATE/EDIT button is pointed
 * at or focused (`intent`), and the modal is mounted from the first press on, so it keeps Mantine's
 * closing transition after. Until the chunk is there a small loader stands beside the button.
 */
export function useChoiceModal() {
  const [opened, setOpened] = useState(false)
  const [mounted, setMounted] = useState(false)
  return {
    opened,
    open: () => {
      setMounted(true)
      setOpened(true)
    },
    close: () => setOpened(false),
    intent: { onPointerEnter: () => void loadChoiceModals(), onFocus: () => void loadChoiceModals() },
    mount: (modal: ReactNode) => (mounted ? <Suspense fallback={<InlineLoader />}>{modal}</Suspense> : null),
  }
}

