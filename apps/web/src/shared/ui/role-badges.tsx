import { Badge, Group } from '@mantine/core'
import type { BadgeProps } from '@mantine/core'
import { useTranslation } from '../i18n/translation'
import type { Role } from '@offerbook/domain/roles'

/** A user's roles, each a badge with the role's name. */
export function RoleBadges({ roles, variant = 'light', size }: { roles: readonly Role[]; variant?: BadgeProps['variant']; size?: BadgeProps['size'] }) {
  const { t } = useTranslation()
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant={variant} size={size} tt="none">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </Group>
  )
}
