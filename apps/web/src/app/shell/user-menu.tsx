import { Avatar, Button, Menu, Text } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, useNavigate } from '../../shared/navigation'
import type { User } from '@offerbook/domain/user'
import { decideAccess, routeByName, SIGN_IN_PATH } from '@offerbook/domain/route-access'
import { useSignOut } from '../../features/auth/api/sign-out'
import { initials } from '../../shared/ui/initials'


export default function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const signOut = useSignOut(() => navigate(SIGN_IN_PATH, { replace: true, flushSync: true }))

  return (
    // hideDetached off, as for the bell: the header is fixed, so the button never scrolls away from its menu.
    <Menu position="bottom-end" withinPortal hideDetached={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          className="account-button"
          leftSection={
            <Avatar src={user.photoURL} size="sm" radius="xl" color="brand" alt="">
              {initials(user.name)}
            </Avatar>
          }
          aria-label={`${t('shell.accountMenu')}: ${user.name}`}
        >
          {/* The name shows where the navigation is behind the menu button; beside the full navigation the avatar stands for it (the label names the account). */}
          <Text span size="sm" visibleFrom="sm" hiddenFrom="lg">
            {user.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.signedInAs', { email: user.email })}</Menu.Label>
        {decideAccess(routeByName('profile'), user.roles) === 'allow' && (
          <Menu.Item component={Link} to="/profile">
            {t('pages.profile')}
          </Menu.Item>
        )}
        {decideAccess(routeByName('notifications-type'), user.roles) === 'allow' && (
          <Menu.Item component={Link} to="/notifications/all">
            {t('pages.notifications')}
          </Menu.Item>
        )}
        {decideAccess(routeByName('manage-team'), user.roles) === 'allow' && (
          <Menu.Item component={Link} to="/manageTeam">
            {t('pages.manageTeam')}
          </Menu.Item>
        )}
        {/* A team leader is an agent, so /review is not in every agent's navigation: he finds it here (decision 069). */}
        {decideAccess(routeByName('review'), user.roles) === 'allow' && (
          <Menu.Item component={Link} to="/review">
            {t('pages.review')}
          </Menu.Item>
        )}
        {decideAccess(routeByName('trust-log'), user.roles) === 'allow' && (
          <Menu.Item component={Link} to="/trust-log">
            {t('pages.trustLog')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => signOut.mutate()}>
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
