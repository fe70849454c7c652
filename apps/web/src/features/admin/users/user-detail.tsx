import { useState } from 'react'
import { Button, Checkbox, Drawer, Group, Loader, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core'
import type { Translate } from '../../../shared/i18n/translation'
import { useTranslation } from '../../../shared/i18n/translation'
import type { AdminUserDetail, AdminUserRow, AuditRowView } from '@offerbook/domain/admin-users'
import { roleCombinationProblem } from '@offerbook/domain/admin-users'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import { translateOptional } from '../../../shared/i18n/messages'
import { useDialog } from '../../../shared/ui/app-dialog'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { RoleBadges } from '../../../shared/ui/role-badges'
import type { AdminUserAction } from './admin-users-api'
import { useAdminUser, useAdminUserAction } from './admin-users-api'
import { parseUserAgent } from '@offerbook/domain/user-agent'
import { ReasonModal } from './reason-modal'
import { SuperAdminConfirm } from './super-admin-confirm'
import { formatPhone } from '@offerbook/domain/phone'
import { formatDateTime } from '../../../shared/format-date-time'
import { statusOf } from './user-format'
import { DataTable } from '../../../shared/ui/data-table'

const P = 'adminUsers'
const PRIVILEGED: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']

/** The signed-in admin, as the page knows them. */
export type AdminActor = { uid: string; roles: readonly Role[] }

/**
 * What the signed-in admin may do to this user, so the page hides the rest (the API refuses it
 * anyway): nobody acts on themselves, and only a SUPER_ADMIN acts on an ADMIN or SUPER_ADMIN.
 */
export function permissionsOf(actor: AdminActor, user: AdminUserRow) {
  const superAdmin = actor.roles.includes('SUPER_ADMIN')
  const self = actor.uid === user.uid
  const canAct = !self && (superAdmin || !user.roles.some((role) => PRIVILEGED.includes(role)))
  return { self, canAct, canGrantPrivileged: superAdmin }
}

function valueText(t: Translate, value: unknown): string {
  if (value === null || value === undefined) return t(`${P}.none`)
  if (Array.isArray(value)) {
    if (value.length === 0) return t(`${P}.none`)
    return value.map((item) => (ROLES.includes(item as Role) ? t(`roles.${String(item)}`) : String(item))).join(', ')
  }
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function AuditChanges({ row }: { row: AuditRowView }) {
  const { t } = useTranslation()
  const keys = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])]
  if (keys.length === 0) return null
  return (
    <Stack gap={2}>
      {keys.map((key) => (
        <Text key={key} size="sm">
          {t(`${P}.change`, { field: key, before: valueText(t, row.before?.[key]), after: valueText(t, row.after?.[key]) })}
        </Text>
      ))}
    </Stack>
  )
}

function RolesEditor({ user, canGrantPrivileged, onSave, busy }: { user: AdminUserRow; canGrantPrivileged: boolean; onSave: (roles: Role[]) => void; busy: boolean }) {
  const { t } = useTranslation()
  const [roles, setRoles] = useState<Role[]>(user.roles)
  const changed = roles.length !== user.roles.length || roles.some((role) => !user.roles.includes(role))
  // The same rule the API applies, so a combination it would refuse is explained before it is sent.
  const problem = changed ? roleCombinationProblem(roles) : null
  return (
    <Checkbox.Group
      label={t(`${P}.rolesTitle`)}
      value={roles}
      onChange={(value) => setRoles(ROLES.filter((role) => value.includes(role)))}
      error={translateOptional(problem)}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {ROLES.map((role) => (
          <Checkbox key={role} value={role} label={t(`roles.${role}`)} disabled={PRIVILEGED.includes(role) && !canGrantPrivileged} />
        ))}
      </SimpleGrid>
      <Group mt="sm">
        <Button size="sm" onClick={() => onSave(roles)} disabled={!changed || problem !== null} loading={busy}>
          {t(`${P}.saveRoles`)}
        </Button>
      </Group>
    </Checkbox.Group>
  )
}

type Asking = null | 'deny' | 'deactivate'

function UserActions({ detail, actor }: { detail: AdminUserDetail; actor: AdminActor }) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const { user } = detail
  const action = useAdminUserAction(user.uid)
  const [asking, setAsking] = useState<Asking>(null)
  /** A change to a super admin's account waiting for its second confirmation (the typed email). */
  const [held, setHeld] = useState<(() => void) | null>(null)
  const { self, canAct, canGrantPrivileged } = permissionsOf(actor, user)
  const name = user.name || user.email
  const expectedUpdatedAt = user.updatedAt
  const superAdmin = user.roles.includes('SUPER_ADMIN')

  const run = (request: AdminUserAction, successKey: string) => {
    action.mutate({ action: request, successText: t(successKey, { name }) })
  }
  /** Runs a change that is confirmed once; on a super admin, only after the second confirmation too. */
  const runConfirmed = (request: AdminUserAction, successKey: string) => {
    if (superAdmin) setHeld(() => () => run(request, successKey))
    else run(request, successKey)
  }

  const saveRoles = async (roles: Role[]) => {
    const added = roles.filter((role) => !user.roles.includes(role)).map((role) => t(`roles.${role}`))
    const removed = user.roles.filter((role) => !roles.includes(role)).map((role) => t(`roles.${role}`))
    const parts = [
      added.length > 0 ? t(`${P}.rolesAdded`, { roles: added.join(', ') }) : null,
      removed.length > 0 ? t(`${P}.rolesRemoved`, { roles: removed.join(', ') }) : null,
    ].filter((part) => part !== null)
    const confirmed = await dialog.confirm({
      title: t(`${P}.confirmRolesTitle`, { name }),
      message: parts.join(' '),
      confirmLabel: t(`${P}.confirmRoles`),
    })
    if (confirmed) runConfirmed({ kind: 'roles', body: { roles, expectedUpdatedAt } }, `${P}.rolesSaved`)
  }

  const approve = async () => {
    const confirmed = await dialog.confirm({ title: t(`${P}.approveTitle`, { name }), message: t(`${P}.approveMessage`, { name }), confirmLabel: t(`${P}.approve`) })
    if (confirmed) run({ kind: 'principalBroker', body: { decision: 'approve', expectedUpdatedAt } }, `${P}.approved`)
  }

  const reactivate = async () => {
    const confirmed = await dialog.confirm({ title: t(`${P}.reactivateTitle`, { name }), message: t(`${P}.reactivateMessage`, { name }), confirmLabel: t(`${P}.reactivate`) })
    if (confirmed) run({ kind: 'reactivate', body: { expectedUpdatedAt } }, `${P}.reactivated`)
  }

  if (self) return <Text size="sm" c="gray.7">{t(`${P}.selfNote`)}</Text>
  if (!canAct) return <Text size="sm" c="gray.7">{t(`${P}.privilegedNote`)}</Text>

  return (
    <Stack gap="md">
      {user.principalBrokerStatus === 'pending' && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text fw={600}>{t(`${P}.pbPending`)}</Text>
            <Group gap="sm">
              <Button size="sm" onClick={() => void approve()} loading={action.isPending}>
                {t(`${P}.approve`)}
              </Button>
              <Button size="sm" variant="default" onClick={() => setAsking('deny')} disabled={action.isPending}>
                {t(`${P}.deny`)}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <RolesEditor key={user.updatedAt} user={user} canGrantPrivileged={canGrantPrivileged} onSave={(roles) => void saveRoles(roles)} busy={action.isPending} />
      <Switch
        label={t(`${P}.addListing`)}
        description={t(`${P}.addListingHint`)}
        checked={user.isAddListingEnabled}
        disabled={action.isPending}
        onChange={(event) => {
          const enabled = event.currentTarget.checked
          run({ kind: 'addListing', body: { enabled, expectedUpdatedAt } }, enabled ? `${P}.addListingOn` : `${P}.addListingOff`)
        }}
      />
      <Group gap="sm" wrap="wrap">
        {user.deactivatedAt ? (
          <Button size="sm" variant="light" onClick={() => void reactivate()} disabled={action.isPending}>
            {t(`${P}.reactivate`)}
          </Button>
        ) : (
          <Button size="sm" color="red" variant="light" onClick={() => setAsking('deactivate')} disabled={action.isPending}>
            {t(`${P}.deactivate`)}
          </Button>
        )}
        <Button size="sm" variant="default" onClick={() => run({ kind: 'passwordReset' }, `${P}.passwordResetSent`)} disabled={action.isPending}>
          {t(`${P}.passwordReset`)}
        </Button>
        {!user.emailVerified && (
          <Button size="sm" variant="default" onClick={() => run({ kind: 'verificationCode' }, `${P}.verificationCodeSent`)} disabled={action.isPending}>
            {t(`${P}.verificationCode`)}
          </Button>
        )}
      </Group>
      <ReasonModal
        opened={asking === 'deny'}
        title={t(`${P}.denyTitle`, { name })}
        message={t(`${P}.denyMessage`, { name })}
        confirmLabel={t(`${P}.deny`)}
        required
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => {
          setAsking(null)
          run({ kind: 'principalBroker', body: { decision: 'deny', reason, expectedUpdatedAt } }, `${P}.denied`)
        }}
      />
      <ReasonModal
        opened={asking === 'deactivate'}
        title={t(`${P}.deactivateTitle`, { name })}
        message={t(`${P}.deactivateMessage`, { name })}
        confirmLabel={t(`${P}.deactivate`)}
        required={false}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => {
          setAsking(null)
          runConfirmed({ kind: 'deactivate', body: { reason: reason || undefined, expectedUpdatedAt } }, `${P}.deactivated`)
        }}
      />
      <SuperAdminConfirm
        target={held ? { name, email: user.email } : null}
        onCancel={() => setHeld(null)}
        onConfirm={() => {
          held?.()
          setHeld(null)
        }}
      />
    </Stack>
  )
}

function Profile({ user, listingPhones }: { user: AdminUserRow; listingPhones: readonly string[] }) {
  const { t, i18n } = useTranslation()
  const rows: [string, string][] = [
    [t(`${P}.email`), user.email],
    [t(`${P}.phone`), user.phone ?? t(`${P}.none`)],
    // What the cards of their listings dial (ListAgentDirectPhone), which an agent's profile may lack.
    [t(`${P}.listingPhone`), listingPhones.length > 0 ? listingPhones.map(formatPhone).join(', ') : t(`${P}.none`)],
    [t(`${P}.status`), t(`${P}.statuses.${statusOf(user)}`)],
    [t(`${P}.emailVerified`), user.emailVerified ? t(`${P}.yes`) : t(`${P}.no`)],
    [t(`${P}.onboarded`), user.onboarded ? t(`${P}.yes`) : t(`${P}.no`)],
    [t(`${P}.addListing`), user.isAddListingEnabled ? t(`${P}.yes`) : t(`${P}.no`)],
    [t(`${P}.key`), user.key],
    [t(`${P}.principalBroker`), t(`${P}.pbStatuses.${user.principalBrokerStatus}`)],
    [t(`${P}.language`), user.language],
    [t(`${P}.createdAt`), formatDateTime(i18n.language, user.createdAt)],
    [t(`${P}.lastSignInAt`), user.lastSignInAt ? formatDateTime(i18n.language, user.lastSignInAt) : t(`${P}.never`)],
  ]
  if (user.deactivatedAt) rows.push([t(`${P}.deactivatedAt`), formatDateTime(i18n.language, user.deactivatedAt)])
  return (
    <Stack gap="xs">
      <RoleBadges roles={user.roles} />
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

function SignIns({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation()
  if (detail.signIns.length === 0) return <Text size="sm">{t(`${P}.noSignIns`)}</Text>
  return (
    <DataTable
      minWidth={420}
      aria-label={t(`${P}.signInsTitle`)}
      columns={[t(`${P}.when`), t(`${P}.ip`), t(`${P}.device`)]}
      items={detail.signIns}
      row={(event, index) => {
        const { browser, system } = parseUserAgent(event.userAgent)
        return (
          <Table.Tr key={`${event.at}-${index}`}>
            <Table.Td>{formatDateTime(i18n.language, event.at)}</Table.Td>
            <Table.Td>{event.ipAddress ?? t(`${P}.unknown`)}</Table.Td>
            <Table.Td title={event.userAgent ?? undefined}>
              {t(`${P}.deviceName`, { browser: browser ?? t(`${P}.unknownBrowser`), system: system ?? t(`${P}.unknownSystem`) })}
            </Table.Td>
          </Table.Tr>
        )
      }}
    />
  )
}

function Audit({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation()
  if (detail.audit.length === 0) return <Text size="sm">{t(`${P}.noAudit`)}</Text>
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {detail.audit.map((row) => (
        <Paper component="li" key={row.id} withBorder p="sm">
          <Text size="sm" fw={600}>
            {t(`${P}.auditLine`, {
              who: row.actor?.name ?? t(`${P}.system`),
              what: t(`${P}.auditActions.${row.action.replaceAll('.', '_')}`, { defaultValue: row.action }),
            })}
          </Text>
          <Text size="xs" c="gray.7">
            {formatDateTime(i18n.language, row.at)}
          </Text>
          <AuditChanges row={row} />
          {row.reason && <Text size="sm">{t(`${P}.auditReason`, { reason: row.reason })}</Text>}
        </Paper>
      ))}
    </Stack>
  )
}

/** A user's detail, opened from the list: profile, sign-ins, the audit of admin actions, and the actions. */
export function UserDetailDrawer({ userId, actor, onClose }: { userId: string | null; actor: AdminActor; onClose: () => void }) {
  const { t } = useTranslation()
  const detail = useAdminUser(userId)
  const title = detail.data ? detail.data.user.name || detail.data.user.email : t(`${P}.detailTitle`)
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      // Below the app's dialogs (z-index 200), which confirm the actions taken from this drawer.
      zIndex={190}
      title={title}
      closeButtonProps={{ 'aria-label': t(`${P}.closeDetail`) }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {detail.isPending && userId !== null && (
        <Group justify="center" p="lg">
          <Loader role="status" aria-label={t(`${P}.loading`)} />
        </Group>
      )}
      {detail.isError && <LoadFailedAlert title={t(`${P}.detailFailed`)} error={detail.error} onRetry={() => void detail.refetch()} />}
      {detail.data && (
        <Stack gap="lg">
          <Profile user={detail.data.user} listingPhones={detail.data.listingPhones} />
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t(`${P}.actionsTitle`)}
            </Title>
            <UserActions detail={detail.data} actor={actor} />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t(`${P}.signInsTitle`)}
            </Title>
            <SignIns detail={detail.data} />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t(`${P}.auditTitle`)}
            </Title>
            <Audit detail={detail.data} />
          </Stack>
        </Stack>
      )}
    </Drawer>
  )
}
