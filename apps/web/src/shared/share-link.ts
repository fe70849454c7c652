/** What came of sharing a link: the system share sheet took it, it was copied, the reader closed the sheet, or neither worked. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

export type ShareData = { title: string; text: string; url: string }

/** The parts of `navigator` sharing uses (a test passes its own). */
export type ShareNavigator = {
  share?: (data: ShareData) => Promise<void>
  canShare?: (data: ShareData) => boolean
  clipboard?: { writeText: (text: string) => Promise<void> }
}

/**
 * Shares a link without an account: the system share sheet where the browser has one (phones,
 * Safari, Edge), else the link copied to the clipboard. A sheet closed by the reader is no failure;
 * a sheet that fails otherwise falls back to the clipboard.
 */
export async function shareLink(data: ShareData, nav: ShareNavigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(data))) {
    try {
      await nav.share(data)
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    if (!nav.clipboard) return 'failed'
    await nav.clipboard.writeText(data.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}
