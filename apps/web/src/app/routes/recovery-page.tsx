import { useTranslation } from '../../shared/i18n/translation'
import { useSearchParams } from '../../shared/navigation'
import { RecoveryForm } from '../../features/accounts/components/recovery-form'
import { FormCardPage } from '../../shared/ui/form-card-page'

export default function RecoveryPage() {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  return (
    <FormCardPage title={t('accounts.recovery.title')} intro={t('accounts.recovery.intro')}>
      <RecoveryForm initialEmail={searchParams.get('email') ?? ''} />
    </FormCardPage>
  )
}
