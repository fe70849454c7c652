import { Alert, Badge, Button, CopyButton, Group, List, Skeleton, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { IdentityCheck } from '@offerbook/domain/identity'
import { isMessageKey } from '@offerbook/domain/messages'
import { errorText, translate } from '../../../shared/i18n/messages'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { SectionCard } from '../../../shared/ui/section-card'
import { useIdentityCheck, useIdentityConfig } from './identity-api'

const P = 'identity'

function CheckLine({ ok, label }: { ok: boolean; label: string }) {
  const { t } = useTranslation()
  return (
    <List.Item>
      <Group gap="xs">
        <Badge color={ok ? 'green' : 'red'} variant="light" tt="none">
          {ok ? t(`${P}.pass`) : t(`${P}.fail`)}
        </Badge>
        <Text size="sm">{label}</Text>
      </Group>
    </List.Item>
  )
}

function CheckResult({ result }: { result: IdentityCheck }) {
  const { t } = useTranslation()
  const error = result.error
  const reason = error && (isMessageKey(error.key) ? translate({ key: error.key, params: error.params }) : error.message)
  return (
    <Stack gap="xs" aria-live="polite">
      <List listStyleType="none" spacing={4}>
        <CheckLine ok={result.reachable} label={t(`${P}.checkReachable`)} />
        <CheckLine ok={result.issuerMatches} label={t(`${P}.checkIssuer`)} />
        <CheckLine ok={result.jwksKeys > 0} label={t(`${P}.checkKeys`, { count: result.jwksKeys })} />
        <CheckLine
          ok={result.reachable && result.missingScopes.length === 0}
          label={result.missingScopes.length === 0 ? t(`${P}.checkScopes`, { scopes: result.scopesSupported.join(', ') }) : t(`${P}.checkScopesMissing`, { scopes: result.missingScopes.join(', ') })}
        />
      </List>
      {reason && (
        <Alert color="red" title={t(`${P}.checkFailed`)}>
          {reason}
        </Alert>
      )}
    </Stack>
  )
}

/** One setting of the provider in the description list: its name, then its value, broken anywhere (a URL, a client id). */
function Setting({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" ml={0} mb="xs" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </>
  )
}

/** The configured provider (never its secret), the callback URL to register, and the live check. */
export function ProviderSection() {
  const { t } = useTranslation()
  const config = useIdentityConfig()
  const check = useIdentityCheck()
  return (
    <SectionCard title={t(`${P}.providerHeading`)} order={3} padding="md" gap="sm">
        {config.isPending && <Skeleton height={80} aria-busy="true" aria-label={t(`${P}.loading`)} />}
        {config.isError && <LoadFailedAlert title={t(`${P}.loadFailed`)} error={config.error} onRetry={() => void config.refetch()} />}
        {config.data && (
          <>
            {!config.data.configured && (
              <Alert color="gray" title={t(`${P}.notConfiguredTitle`)}>
                {t(`${P}.notConfiguredBody`)}
              </Alert>
            )}
            <dl style={{ margin: 0 }}>
              <Setting label={t(`${P}.issuer`)} value={config.data.issuer ?? t(`${P}.notSet`)} />
              <Setting label={t(`${P}.clientId`)} value={config.data.clientId ?? t(`${P}.notSet`)} />
              <Text component="dt" size="sm" fw={600}>
                {t(`${P}.callbackUrl`)}
              </Text>
              <Text component="dd" size="sm" ml={0}>
                <Group gap="xs" wrap="nowrap">
                  <Text component="code" size="sm" style={{ wordBreak: 'break-all' }}>
                    {config.data.callbackUrl}
                  </Text>
                  <CopyButton value={config.data.callbackUrl}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy} aria-label={copied ? t(`${P}.copied`) : t(`${P}.copyCallback`)}>
                        {copied ? t(`${P}.copied`) : t(`${P}.copy`)}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Text>
            </dl>
            <Text size="sm" c="gray.7">
              {t(`${P}.callbackHelp`)}
            </Text>
            <Group>
              <Button onClick={() => check.mutate()} loading={check.isPending}>
                {t(`${P}.checkNow`)}
              </Button>
            </Group>
            {check.isError && <Alert color="red">{errorText(check.error)}</Alert>}
            {check.data && <CheckResult result={check.data} />}
          </>
        )}
    </SectionCard>
  )
}
