import { useEffect, useMemo, useState } from 'react'
import { Anchor, Loader, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { SealedRecord } from '@offerbook/domain/signing'
import { SealedRecordSchema } from '@offerbook/domain/signing'
import { loadPdfJs } from '../../../shared/ui/pdf-page'
import { sha256HexOfBytes } from './file-fingerprint'
import { numberFormat } from '@offerbook/domain/intl-formats'

type Reading =
  | { step: 'reading' }
  | { step: 'matches'; record: SealedRecord; bytes: Uint8Array<ArrayBuffer> }
  | { step: 'mismatch' }
  | { step: 'missing' }
  | { step: 'unreadable' }

/** The record a sealed file carries (decision 059), taken out of the file in the browser with pdf.js; null when it has none. */
export async function readSealedRecord(file: Blob, filename: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const pdfjs = await loadPdfJs()
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false }).promise
  try {
    const attachments = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>
    const found = Object.values(attachments).find((attachment) => attachment.filename === filename)
    return found ? new Uint8Array(found.content) : null
  } finally {
    void doc.destroy()
  }
}

const termNumber = (terms: Record<string, unknown>, key: string): number | null => (typeof terms[key] === 'number' ? (terms[key] as number) : null)

/**
 * Beside 'Intact': the terms read from the record inside the very file checked, shown only when its
 * SHA-256 is the one the server sealed (`sha256`). A changed byte of the record shows a warning instead.
 */
export function SealedRecordView({ file, filename, sha256, read = readSealedRecord }: { file: Blob; filename: string; sha256: string; read?: typeof readSealedRecord }) {
  const { t, i18n } = useTranslation()
  const [reading, setReading] = useState<Reading>({ step: 'reading' })

  useEffect(() => {
    // The parent keys this view by file and record, so a new file starts it afresh at 'reading'.
    let current = true
    read(file, filename)
      .then(async (bytes) => {
        if (!bytes) return { step: 'missing' } as const
        if ((await sha256HexOfBytes(bytes)) !== sha256) return { step: 'mismatch' } as const
        const parsed = SealedRecordSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
        return parsed.success ? ({ step: 'matches', record: parsed.data, bytes } as const) : ({ step: 'unreadable' } as const)
      })
      .catch(() => ({ step: 'unreadable' }) as const)
      .then((next) => {
        if (current) setReading(next)
      })
    return () => {
      current = false
    }
  }, [file, filename, sha256, read])

  const download = useMemo(() => (reading.step === 'matches' ? URL.createObjectURL(new Blob([reading.bytes], { type: 'application/json' })) : null), [reading])
  useEffect(() => () => (download ? URL.revokeObjectURL(download) : undefined), [download])

  if (reading.step === 'reading')
    return (
      <Text size="sm" role="status">
        <Loader size="xs" mr={6} aria-hidden />
        {t('signing.verify.recordReading')}
      </Text>
    )
  if (reading.step !== 'matches') {
    const key = reading.step === 'mismatch' ? 'recordMismatch' : reading.step === 'missing' ? 'recordMissing' : 'recordUnreadable'
    return (
      <Text size="sm" c={reading.step === 'mismatch' ? 'red.9' : undefined} fw={reading.step === 'mismatch' ? 600 : undefined} data-testid="verify-record" data-record={reading.step} role={reading.step === 'mismatch' ? 'alert' : undefined}>
        {t(`signing.verify.${key}`)}
      </Text>
    )
  }

  const { record } = reading
  const terms = record.offer.terms
  const money = (amount: number | null) => (amount === null ? t('signing.verify.recordNotStated') : numberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount))
  const earnest = terms.earnestMoney && typeof terms.earnestMoney === 'object' ? termNumber(terms.earnestMoney as Record<string, unknown>, 'amount') : null
  const closing = typeof terms.closingDate === 'string' ? terms.closingDate : null
  const rows: [string, string][] = [
    [t('signing.verify.recordVersion'), String(record.offer.version)],
    [t('signing.verify.recordPrice'), money(termNumber(terms, 'purchasePrice'))],
    [t('signing.verify.recordEarnest'), money(earnest)],
    [t('signing.verify.recordClosing'), closing ?? t('signing.verify.recordNotStated')],
    [t('signing.verify.recordEvents'), String(record.audit.events.length)],
  ]
  return (
    <Stack gap={4} data-testid="verify-record" data-record="matches">
      <Text size="sm">{t('signing.verify.recordMatches', { filename })}</Text>
      <Table withTableBorder verticalSpacing={4} bg="white" captionSide="top">
        <Table.Caption ta="left">{t('signing.verify.recordTitle')}</Table.Caption>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {download && (
        <Anchor size="sm" href={download} download={filename}>
          {t('signing.verify.recordDownload')}
        </Anchor>
      )}
    </Stack>
  )
}
