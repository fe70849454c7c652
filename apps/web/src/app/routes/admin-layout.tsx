import type { ReactNode } from 'react'
import { Button, Group, Stack, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, useLocation } from '../../shared/navigation'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole, PAGE_ROLES } from '@offerbook/domain/roles'
import { useCurrentUser } from '../../features/auth/api/get-me'

type AdminPage = { path: string; labelKey: string; roles: readonly Role[] }

/** The admin pages, each shown to the roles spec section 2 lets open it: ADMIN sees two, SUPER_ADMIN eight. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: '/admin/users', labelKey: 'adminShell.users', roles: PAGE_ROLES.admin },
  { path: '/admin/inactiveusers', labelKey: 'adminShell.inactiveUsers', roles: PAGE_ROLES.admin },
  { path: '/admin/firebase', labelKey: 'adminShell.identity', roles: PAGE_ROLES.superAdmin },
  { path: '/admin/sealing', labelKey: 'adminShell.sealing', roles: PAGE_ROLES.superAdmin },
  { path: '/admin/import-users', labelKey: 'adminShell.importUsers', roles: PAGE_ROLES.superAdmin },
  { path: '/admin/mls-grid-listing', labelKey: 'adminShell.mlsGrid', roles: PAGE_ROLES.superAdmin },
  { path: '/admin/jobs', labelKey: 'adminShell.jobs', roles: PAGE_ROLES.superAdmin },
  { path: '/admin/webhooks', labelKey: 'adminShell.webhooks', roles: PAGE_ROLES.superAdmin },
]

/** Every admin page: the area's title, the navigation between the pages this admin may open, the page. */
export function AdminLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const roles = useCurrentUser().data?.roles ?? []
  const pages = ADMIN_PAGES.filter((page) => hasAnyRole(roles, page.roles))
  return (
    <Stack gap="md">
      <Title order={1}>{t('nav.admin')}</Title>
      <Group component="nav" aria-label={t('adminShell.nav')} gap="xs" wrap="wrap">
        {pages.map((page) => {
          const current = pathname === page.path || pathname.startsWith(`${page.path}/`)
          return (
            <Button key={page.path} component={Link} to={page.path} variant={current ? 'light' : 'subtle'} size="sm" aria-current={current ? 'page' : undefined}>
              {t(page.labelKey)}
            </Button>
          )
        })}
      </Group>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Stack>
  )
}
