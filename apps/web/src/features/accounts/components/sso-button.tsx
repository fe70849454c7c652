import { Button, Divider } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { rememberSsoRedirect, ssoStartUrl, useSsoConfig } from '../api/sso'

/** Shown only when the API has a single sign-on provider configured. */
export function SsoButton({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation()
  const config = useSsoConfig()
  if (!config.data?.enabled) return null
  return (
    <>
      <Divider label={t('accounts.signIn.or')} labelPosition="center" />
      {/* A real link: the whole window goes to the provider and comes back to the app root. */}
      <Button component="a" href={ssoStartUrl(redirect)} onClick={() => rememberSsoRedirect(redirect)} variant="default" fullWidth>
        {t('accounts.sso.continueWith', { name: config.data.name })}
      </Button>
    </>
  )
}
