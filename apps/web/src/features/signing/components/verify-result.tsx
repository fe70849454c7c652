import { Alert, Button, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconQuestionMark } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { VerifyResult } from '@offerbook/domain/signing'
import { formatZonedDateTime } from '@offerbook/domain/property-time'
import type { readSealedRecord } from './sealed-record'
import { SealedRecordView } from './sealed-record'

export type VerifyResultViewProps = {
  result: VerifyResult
  /** The file checked: on 'intact', the record inside it is read and shown (decision 059). */
  file?: Blob
  /** How that record is read (a test gives its own). */
  readRecord?: typeof readSealedRecord
  /** Offered on 'unknown' for a PDF: the file goes up so the server can look for our seal. */
  onCheckSeal?: () => void
  checkingSeal?: boolean
  /** The seal was already looked for and none of ours matched. */
  sealChecked?: boolean
}

/** The answer of /api/verify in words: intact (green), changed after signing (red), or not signed here. */
export function VerifyResultView({ result, file, readRecord, onCheckSeal, checkingSeal = false, sealChecked = false }: VerifyResultViewProps) {
  const { t, i18n } = useTranslation()
  // The page has no property around it: each time names its zone, the property's or UTC (decision 038).
  const zone = result.packet?.timeZone ?? 'UTC'
  const when = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : formatZonedDateTime(new Date(iso), zone, i18n.language))

  if (result.status === 'intact') {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('signing.verify.intactTitle')} data-result="intact">
        <Stack gap="sm">
          <Text size="sm">{t('signing.verify.intactBody')}</Text>
          {result.packet && (
            <>
              <Text size="sm" fw={600}>
                {t('signing.verify.completedAt', { time: when(result.packet.completedAt) })}
              </Text>
              {result.packet.sealLevel && (
                <Stack gap={2} data-testid="verify-seal">
                  <Text size="sm">{t('signing.verify.sealLevel', { level: result.packet.sealLevel })}</Text>
                  <Text size="sm">{result.packet.timestampedAt ? t('signing.verify.timestampedAt', { time: when(result.packet.timestampedAt) }) : t('signing.verify.noTimestamp')}</Text>
                </Stack>
              )}
              {file && result.packet.record && <SealedRecordView key={result.packet.record.sha256} file={file} filename={result.packet.record.filename} sha256={result.packet.record.sha256} {...(readRecord ? { read: readRecord } : {})} />}
              <Table withTableBorder verticalSpacing={6} bg="white" captionSide="top">
                <Table.Caption ta="left">{t('signing.verify.signersCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('signing.packet.signer')}</Table.Th>
                    <Table.Th scope="col">{t('signing.packet.role')}</Table.Th>
                    <Table.Th scope="col">{t('signing.verify.signedAt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.packet.signers.map((signer, index) => (
                    <Table.Tr key={`${signer.name}-${index}`}>
                      <Table.Th scope="row" fw={500}>
                        {signer.name}
                      </Table.Th>
                      <Table.Td>{t(`signing.role.${signer.role}`)}</Table.Td>
                      <Table.Td>
                        <time dateTime={signer.signedAt}>{when(signer.signedAt)}</time>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Stack>
      </Alert>
    )
  }

  if (result.status === 'changed') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('signing.verify.changedTitle')} data-result="changed">
        <Text size="sm">{t('signing.verify.changedBody')}</Text>
      </Alert>
    )
  }

  return (
    <Alert color="gray" variant="light" icon={<IconQuestionMark aria-hidden />} title={t('signing.verify.unknownTitle')} data-result="unknown">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{sealChecked ? t('signing.verify.unknownAfterSeal') : t('signing.verify.unknownBody')}</Text>
        {onCheckSeal && !sealChecked && (
          <>
            <Text size="sm">{t('signing.verify.sealHint')}</Text>
            <Button size="sm" onClick={onCheckSeal} loading={checkingSeal}>
              {t('signing.verify.checkSeal')}
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  )
}
