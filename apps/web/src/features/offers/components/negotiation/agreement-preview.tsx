import { useEffect, useState } from 'react'
import { Button } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { fetchApiFile } from '../../../../shared/download-file'
import { moduleBeside } from '../../../../shared/module-beside'
import { notifyError } from '../../../../shared/notify'
import { getAccessToken } from '../../../../shared/session'
import { offerAgreementPath } from '../../api/offers'
import type { AgreementPreviewDialogProps, ShownAgreement } from './agreement-preview-dialog'

/** The dialog (Mantine's Modal) is fetched with the first agreement asked for, beside the PDF itself. */
const dialog = moduleBeside(() => import('./agreement-preview-dialog'), { eager: false })

/**
 * 'Agreement' beside a version: fetches that version's purchase and sale agreement (the PDF 'Send for
 * signature' would send for it) with the session, and shows it in a dialog with the browser's PDF
 * viewer, with a button to download it; a browser with no PDF viewer is told to download it.
 * Without a version it is the draft's agreement as saved: `beforeOpen` saves what is typed first.
 */
export function AgreementPreview({ offerId, version, beforeOpen }: { offerId: string; version?: number; beforeOpen?: () => Promise<unknown> }) {
  const { t } = useTranslation()
  const [loading, setLoading] = useState(false)
  const [shown, setShown] = useState<ShownAgreement | null>(null)
  // Drawn once a file was shown (and kept, so it closes with its animation); its code is here by then.
  const [asked, setAsked] = useState(false)

  useEffect(() => () => (shown ? URL.revokeObjectURL(shown.url) : undefined), [shown])

  const open = async () => {
    setLoading(true)
    try {
      await beforeOpen?.()
      const session = getAccessToken()
      const [file] = await Promise.all([
        fetchApiFile(offerAgreementPath(offerId, version), {
          headers: session ? { Authorization: `Bearer ${session}` } : {},
          fallbackName: version === undefined ? 'Purchase-and-Sale-Agreement-draft.pdf' : `Purchase-and-Sale-Agreement-v${version}.pdf`,
        }),
        dialog.load(),
      ])
      setShown({ ...file, url: URL.createObjectURL(file.blob) })
      setAsked(true)
    } catch (error) {
      notifyError(error)
    } finally {
      setLoading(false)
    }
  }

  const draft = version === undefined
  const title = draft ? t('negotiation.agreement.draftTitle') : t('negotiation.agreement.title', { number: version })
  return (
    <>
      {draft ? (
        <Button variant="default" loading={loading} onClick={() => void open()}>
          {t('negotiation.agreement.preview')}
        </Button>
      ) : (
        <Button variant="subtle" size="compact-sm" loading={loading} onClick={() => void open()} aria-label={t('negotiation.agreement.open', { number: version })}>
          {t('negotiation.agreement.button')}
        </Button>
      )}
      {asked && <DialogSlot shown={shown} title={title} onClose={() => setShown(null)} />}
    </>
  )
}

function DialogSlot(props: AgreementPreviewDialogProps) {
  const module = dialog.use()
  return module ? <module.AgreementPreviewDialog {...props} /> : null
}
