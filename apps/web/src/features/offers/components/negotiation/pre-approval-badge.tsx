import { Badge } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'

/** 'pre-approved' (spec section 3), or 'verified' once the seller side checked the letter. */
export function PreApprovalBadge({ state }: { state: 'pre-approved' | 'verified' }) {
  const { t } = useTranslation()
  return (
    <Badge color={state === 'verified' ? 'green.9' : 'blue.9'} variant="outline" tt="none" data-pre-approval={state}>
      {t(`negotiation.preApproval.${state}`)}
    </Badge>
  )
}
