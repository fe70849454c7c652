import '@fontsource/dancing-script/400.css'
import type { FormEvent } from 'react'
import { useEffect, useRef, useState } from 'react'
import { Box, Button, Modal, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import SignaturePad from 'signature_pad'
import { useTranslation } from '../../../shared/i18n/translation'
import type { AdoptedSignature } from '@offerbook/domain/signing'
import type { Message } from '@offerbook/domain/messages'
import { translate } from '../../../shared/i18n/messages'
import { fitsSignatureLimit, initialsOf, SIGNATURE_FONT_FAMILY, signatureScale, typedSignatureImage } from '../lib/signature-image'
import { DialogActions } from '../../../shared/ui/dialog-actions'

const INK = '#1a1b4b'

type DrawPadProps = { label: string; clearLabel: string; height: number; onChange: (dataUrl: string | null) => void }

/** A signature_pad canvas; drawing is by pointer only, so the Type tab is the keyboard way to sign. */
function DrawPad({ label, clearLabel, height, onChange }: DrawPadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const padRef = useRef<SignaturePad | null>(null)

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    // The canvas's pixels follow its CSS size and the screen's density, or strokes land off the pointer;
    // at most the server's 2000 × 1000 pixels on a wide, dense screen.
    const ratio = signatureScale(canvas.offsetWidth, canvas.offsetHeight, Math.max(window.devicePixelRatio || 1, 1))
    canvas.width = Math.floor(canvas.offsetWidth * ratio)
    canvas.height = Math.floor(canvas.offsetHeight * ratio)
    canvas.getContext('2d')?.scale(ratio, ratio)
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 1, maxWidth: 2.8 })
    const ended = () => onChange(pad.isEmpty() ? null : pad.toDataURL('image/png'))
    pad.addEventListener('endStroke', ended)
    padRef.current = pad
    // A pad shown again (after the Type tab) starts blank, so what was drawn before no longer counts.
    onChange(null)
    return () => {
      pad.removeEventListener('endStroke', ended)
      pad.off()
      padRef.current = null
    }
  }, [onChange])

  const clear = () => {
    padRef.current?.clear()
    onChange(null)
  }

  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Box style={{ border: '2px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: 'white' }}>
        <canvas ref={canvasRef} aria-label={label} role="img" style={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: 'crosshair' }} />
      </Box>
      <Button variant="default" size="xs" onClick={clear} style={{ alignSelf: 'flex-start' }}>
        {clearLabel}
      </Button>
    </Stack>
  )
}

export type AdoptSignatureDialogProps = {
  opened: boolean
  /** The signer's name, prefilled. */
  name: string
  onClose: () => void
  onAdopt: (adopted: AdoptedSignature) => void
}

/** 'Adopt your signature': type it (drawn in a handwriting font) or draw it; the result is kept for every field. */
export function AdoptSignatureDialog({ opened, name, onClose, onAdopt }: AdoptSignatureDialogProps) {
  const { t } = useTranslation()
  const phone = useMediaQuery('(max-width: 36em)')
  const [tab, setTab] = useState<'typed' | 'drawn'>('typed')
  const [fullName, setFullName] = useState(name)
  const [initials, setInitials] = useState(() => initialsOf(name))
  const [drawnSignature, setDrawnSignature] = useState<string | null>(null)
  const [drawnInitials, setDrawnInitials] = useState<string | null>(null)
  const [errors, setErrors] = useState<{ fullName?: string; initials?: string; form?: Message | 'failed' }>({})
  const [busy, setBusy] = useState(false)

  const ready = tab === 'typed' ? fullName.trim() !== '' && initials.trim() !== '' : drawnSignature !== null && drawnInitials !== null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (tab === 'typed') {
      const found = { fullName: fullName.trim() ? undefined : t('signer.adopt.nameRequired'), initials: initials.trim() ? undefined : t('signer.adopt.initialsRequired') }
      setErrors(found)
      if (found.fullName || found.initials) return
    }
    setBusy(true)
    try {
      const adopted: AdoptedSignature =
        tab === 'typed'
          ? { method: 'typed', signature: await typedSignatureImage(fullName.trim()), initials: await typedSignatureImage(initials.trim()) }
          : { method: 'drawn', signature: drawnSignature ?? '', initials: drawnInitials ?? '' }
      if (!fitsSignatureLimit(adopted.signature) || !fitsSignatureLimit(adopted.initials)) {
        setErrors({ form: { key: 'signing.signatureTooLarge' } })
        return
      }
      setErrors({})
      onAdopt(adopted)
    } catch {
      setErrors({ form: 'failed' })
    } finally {
      setBusy(false)
    }
  }

  const preview = (text: string, size: number, label: string) => (
    <Stack gap={4}>
      <Text size="sm" c="gray.8">
        {label}
      </Text>
      <Box px="md" py="xs" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, minHeight: size * 1.6, background: 'white', overflow: 'hidden' }}>
        <Text component="span" style={{ fontFamily: SIGNATURE_FONT_FAMILY, fontSize: size, color: INK, lineHeight: 1.4, whiteSpace: 'nowrap' }}>
          {text}
        </Text>
      </Box>
    </Stack>
  )

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('signer.adopt.title')}
      centered
      size="lg"
      fullScreen={phone}
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text>{t('signer.adopt.intro')}</Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label={t('signer.adopt.fullName')}
              value={fullName}
              onChange={(event) => setFullName(event.currentTarget.value)}
              error={errors.fullName}
              autoComplete="name"
              maxLength={200}
              withAsterisk
              style={{ gridColumn: 'span 2' }}
            />
            <TextInput label={t('signer.adopt.initials')} value={initials} onChange={(event) => setInitials(event.currentTarget.value)} error={errors.initials} maxLength={10} withAsterisk />
          </SimpleGrid>
          <Tabs value={tab} onChange={(value) => setTab(value === 'drawn' ? 'drawn' : 'typed')} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="typed">{t('signer.adopt.type')}</Tabs.Tab>
              <Tabs.Tab value="drawn">{t('signer.adopt.draw')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="typed" pt="md">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Box style={{ gridColumn: 'span 2' }}>{preview(fullName, 40, t('signer.adopt.signaturePreview'))}</Box>
                {preview(initials, 40, t('signer.adopt.initialsPreview'))}
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="drawn" pt="md">
              <Stack gap="md">
                <Text size="sm" c="gray.8">
                  {t('signer.adopt.drawHint')}
                </Text>
                <DrawPad label={t('signer.adopt.drawSignature')} clearLabel={t('signer.adopt.clearSignature')} height={150} onChange={setDrawnSignature} />
                <DrawPad label={t('signer.adopt.drawInitials')} clearLabel={t('signer.adopt.clearInitials')} height={110} onChange={setDrawnInitials} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
          {errors.form && (
            <Text c="red.9" role="alert">
              {errors.form === 'failed' ? t('signer.adopt.failed') : translate(errors.form)}
            </Text>
          )}
          <DialogActions cancel={t('signer.adopt.cancel')} onCancel={onClose} confirm={t('signer.adopt.adopt')} loading={busy} holdCancel disabled={!ready} />
          <Text size="sm" c="gray.8">
            {t('signer.adopt.legal')}
          </Text>
        </Stack>
      </form>
    </Modal>
  )
}
