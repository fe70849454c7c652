import { Alert, Code, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { SealCertificate, SealChainCertificate, SealingStatus, TsaStatus } from '@offerbook/domain/sealing'
import { SEAL_CERT_WARN_DAYS, SEAL_LEVEL_KEYS } from '@offerbook/domain/sealing'
import { DataTable } from '../../../shared/ui/data-table'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useSealingStatus } from './sealing-api'
import { dateTimeFormat, numberFormat } from '@offerbook/domain/intl-formats'

const P = 'sealing'
const DAY_MS = 86_400_000
/** A yellow alert's own title colour is too pale on its background (WCAG AA): its title is written in the text colour. */
const WARNING_STYLES = { title: { color: 'var(--mantine-color-text)' } }

function useDates() {
  const { i18n } = useTranslation()
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' })
  return { dateTime: (iso: string) => dateTime.format(new Date(iso)), date: (iso: string) => date.format(new Date(iso)) }
}

/** 'expired', 'soon' (within SEAL_CERT_WARN_DAYS) or null, as of `now`. */
function expiry(validUntil: string, now: number): { state: 'expired' | 'soon'; days: number } | null {
  const left = new Date(validUntil).getTime() - now
  if (left <= 0) return { state: 'expired', days: 0 }
  return left <= SEAL_CERT_WARN_DAYS * DAY_MS ? { state: 'soon', days: Math.ceil(left / DAY_MS) } : null
}

function CertificateSection({ certificate, asOf }: { certificate: SealCertificate; asOf: number }) {
  const { t } = useTranslation()
  const { dateTime } = useDates()
  const expiring = expiry(certificate.validUntil, asOf)
  const rows: [string, string][] = [
    ['subject', certificate.subject],
    ['issuer', certificate.issuer],
    ['serial', certificate.serial],
    ['fingerprint', certificate.fingerprint],
    ['validFrom', dateTime(certificate.validFrom)],
    ['validUntil', dateTime(certificate.validUntil)],
    ['source', t(`${P}.sources.${certificate.source}`)],
  ]
  return (
    <Stack gap="sm">
      {expiring && (
        <Alert color={expiring.state === 'expired' ? 'red' : 'yellow'} styles={expiring.state === 'expired' ? undefined : WARNING_STYLES} title={t(`${P}.expiry.${expiring.state}Title`)}>
          {t(`${P}.expiry.${expiring.state}`, { count: expiring.days, date: dateTime(certificate.validUntil) })}
        </Alert>
      )}
      {certificate.selfSigned && (
        <Alert color="yellow" styles={WARNING_STYLES} title={t(`${P}.selfSigned.title`)}>
          <Stack gap={6}>
            <Text size="sm">{t(`${P}.selfSigned.untrusted`)}</Text>
            <Text size="sm">{t(`${P}.selfSigned.longTerm`)}</Text>
          </Stack>
        </Alert>
      )}
      <DataTable
        minWidth={320}
        aria-label={t(`${P}.certificate.table`)}
        items={rows}
        row={([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" w="35%" maw={200}>
              {t(`${P}.certificate.${key}`)}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{key === 'fingerprint' || key === 'serial' ? <Code>{value}</Code> : value}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  )
}

function ChainSection({ chain, asOf }: { chain: SealChainCertificate[]; asOf: number }) {
  const { t } = useTranslation()
  const { dateTime } = useDates()
  return (
    <DataTable
      minWidth={880}
      striped
      aria-label={t(`${P}.chain.table`)}
      columns={['subject', 'issuer', 'validUntil', 'crl'].map((column) => t(`${P}.chain.columns.${column}`))}
      items={chain}
      row={(certificate) => {
        const expiring = expiry(certificate.validUntil, asOf)
        return (
          <Table.Tr key={`${certificate.subject}|${certificate.serial}`}>
            <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {certificate.subject}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{certificate.issuer}</Table.Td>
            <Table.Td>
              <Text size="sm">{dateTime(certificate.validUntil)}</Text>
              {expiring && (
                <Text size="xs" fw={700} c={expiring.state === 'expired' ? 'red.9' : undefined}>
                  {t(`${P}.chain.${expiring.state}`, { count: expiring.days })}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {certificate.crlUrls.length === 0 ? (
                <Text size="sm">{t(`${P}.chain.noCrl`)}</Text>
              ) : (
                <List size="sm" listStyleType="none">
                  {certificate.crlUrls.map((url) => (
                    <List.Item key={url}>{url}</List.Item>
                  ))}
                </List>
              )}
            </Table.Td>
          </Table.Tr>
        )
      }}
    />
  )
}

function TsaAnswer({ tsa }: { tsa: TsaStatus }) {
  const { t } = useTranslation()
  if (tsa.ok === null) return <Text size="sm">{t(`${P}.tsa.notAsked`)}</Text>
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600} c={tsa.ok ? undefined : 'red.9'}>
        {t(`${P}.tsa.${tsa.ok ? 'answered' : 'failed'}`)}
      </Text>
      {tsa.error && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {tsa.error}
        </Text>
      )}
    </Stack>
  )
}

function TsaSection({ tsas, asOf }: { tsas: TsaStatus[]; asOf: number }) {
  const { t } = useTranslation()
  const { dateTime } = useDates()
  if (tsas.length === 0)
    return (
      <Alert color="blue" title={t(`${P}.tsa.noneTitle`)}>
        <Stack gap={6}>
          <Text size="sm">{t(`${P}.tsa.none`)}</Text>
          <Text size="sm">
            {t(`${P}.tsa.howTo`)} <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>SIGNING_TSA_URL=https://tsa.example.com/tsr,https://tsa2.example.com/tsr</Code>
          </Text>
        </Stack>
      </Alert>
    )
  const none = t(`${P}.tsa.unknown`)
  return (
    <DataTable
      minWidth={960}
      striped
      aria-label={t(`${P}.tsa.table`)}
      columns={['url', 'lastAt', 'answer', 'name', 'expires'].map((column) => t(`${P}.tsa.columns.${column}`))}
      items={tsas}
      row={(tsa) => {
        const expiring = tsa.tsaExpiresAt ? expiry(tsa.tsaExpiresAt, asOf) : null
        return (
          <Table.Tr key={tsa.url}>
            <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {tsa.url}
            </Table.Th>
            <Table.Td>{tsa.lastAt ? dateTime(tsa.lastAt) : t(`${P}.tsa.never`)}</Table.Td>
            <Table.Td>
              <TsaAnswer tsa={tsa} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{tsa.tsaName ?? none}</Table.Td>
            <Table.Td>
              {tsa.tsaExpiresAt ? <Text size="sm">{dateTime(tsa.tsaExpiresAt)}</Text> : <Text size="sm">{none}</Text>}
              {expiring && (
                <Text size="xs" fw={700} c={expiring.state === 'expired' ? 'red.9' : undefined}>
                  {t(`${P}.chain.${expiring.state}`, { count: expiring.days })}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )
      }}
    />
  )
}

function LevelsSection({ status }: { status: SealingStatus }) {
  const { t, i18n } = useTranslation()
  const number = numberFormat(i18n.language)
  return (
    <Stack gap="sm">
      <DataTable
        minWidth={300}
        striped
        aria-label={t(`${P}.levels.table`)}
        columns={[t(`${P}.levels.columns.level`), t(`${P}.levels.columns.packets`)]}
        items={SEAL_LEVEL_KEYS}
        row={(level) => (
          <Table.Tr key={level}>
            <Table.Th scope="row" fw={600}>
              {t(`${P}.levels.names.${level}`)}
            </Table.Th>
            <Table.Td>{number.format(status.levels[level])}</Table.Td>
          </Table.Tr>
        )}
      />
      <Text size="sm">{t(`${P}.levels.archiveDue`, { count: status.archiveDue, number: number.format(status.archiveDue) })}</Text>
    </Stack>
  )
}

/** /admin/sealing: the seal's certificate and chain, the timestamp authorities and their last answers, the packets per PAdES level. */
export function SealingPanel() {
  const { t } = useTranslation()
  const sealing = useSealingStatus()
  if (sealing.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t(`${P}.loading`)}>
        <Skeleton height={36} />
        <Skeleton height={120} />
        <Skeleton height={36} />
      </Stack>
    )
  if (sealing.isError) return <LoadFailedAlert title={t(`${P}.loadFailed`)} error={sealing.error} onRetry={() => void sealing.refetch()} />
  const status = sealing.data
  const asOf = sealing.dataUpdatedAt
  return (
    <Stack gap="lg">
      <Text size="sm">{t(`${P}.intro`)}</Text>
      <Stack gap="sm" component="section" aria-labelledby="sealing-certificate">
        <Title order={3} id="sealing-certificate">
          {t(`${P}.certificate.title`)}
        </Title>
        {status.certificate ? (
          <CertificateSection certificate={status.certificate} asOf={asOf} />
        ) : (
          <Alert color="red" title={t(`${P}.certificate.unavailable`)}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {status.certificateError}
            </Text>
          </Alert>
        )}
      </Stack>
      {status.chain.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="sealing-chain">
          <Title order={3} id="sealing-chain">
            {t(`${P}.chain.title`)}
          </Title>
          <Text size="sm">{t(`${P}.chain.intro`)}</Text>
          <ChainSection chain={status.chain} asOf={asOf} />
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="sealing-tsa">
        <Title order={3} id="sealing-tsa">
          {t(`${P}.tsa.title`)}
        </Title>
        <TsaSection tsas={status.tsas} asOf={asOf} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="sealing-levels">
        <Title order={3} id="sealing-levels">
          {t(`${P}.levels.title`)}
        </Title>
        <LevelsSection status={status} />
      </Stack>
    </Stack>
  )
}
