import { useState } from 'react'
import { Button, Modal, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { LinkedAccount } from '@offerbook/domain/identity'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { PagedTable } from '../../../shared/ui/paged-table'
import { SearchInput } from '../../../shared/ui/search-input'
import { usePagedSearch } from '../../../shared/ui/use-paged-search'
import { useLinkedAccounts, useUnlinkAccount } from './identity-api'
import { DialogActions } from '../../../shared/ui/dialog-actions'
import { formatDateTime } from '../../../shared/format-date-time'
import { SectionCard } from '../../../shared/ui/section-card'

const P = 'identity'

/** The accounts linked to the provider, each of which can be unlinked after a confirmation. */
export function LinkedAccountsTable() {
  const { t, i18n } = useTranslation()
  const { request, pager, searchInput } = usePagedSearch()
  const [unlinking, setUnlinking] = useState<LinkedAccount | null>(null)
  const accounts = useLinkedAccounts(request)
  const unlink = useUnlinkAccount()

  const confirm = () => {
    if (!unlinking) return
    unlink.mutate(unlinking.id, {
      onSuccess: () => {
        notifySuccess(t(`${P}.unlinked`, { email: unlinking.email }))
        setUnlinking(null)
      },
      onError: notifyError,
    })
  }

  return (
    <SectionCard title={t(`${P}.accountsHeading`)} order={3} padding="md" gap="sm">
        <SearchInput label={t(`${P}.search`)} placeholder={t(`${P}.searchPlaceholder`)} {...searchInput} />
        <PagedTable
          query={accounts}
          {...pager}
          minWidth={800}
          texts={{
            table: t(`${P}.accountsHeading`),
            loading: t(`${P}.loading`),
            loadFailed: t(`${P}.accountsLoadFailed`),
            total: (data) => t(`${P}.accountsTotal`, { count: data.total }),
            empty: t(`${P}.accountsEmpty`),
            pages: t(`${P}.pagination`),
          }}
          columns={['email', 'subject', 'linkedAt', 'lastSignInAt', 'actions'].map((column) => t(`${P}.${column}`))}
          row={(item: LinkedAccount) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Text size="sm">{item.email}</Text>
                <Text size="xs" c="gray.7">
                  {item.name}
                </Text>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{item.subject}</Table.Td>
              <Table.Td>{formatDateTime(i18n.language, item.linkedAt)}</Table.Td>
              <Table.Td>{item.lastSignInAt ? formatDateTime(i18n.language, item.lastSignInAt) : t(`${P}.never`)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" onClick={() => setUnlinking(item)} aria-label={t(`${P}.unlinkAccount`, { email: item.email })}>
                  {t(`${P}.unlink`)}
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
        />
      <Modal opened={unlinking !== null} onClose={() => setUnlinking(null)} title={t(`${P}.unlinkTitle`)} closeButtonProps={{ 'aria-label': t(`${P}.cancel`) }}>
        {unlinking && (
          <Stack gap="sm">
            <Text size="sm">{t(`${P}.unlinkBody`, { email: unlinking.email, subject: unlinking.subject })}</Text>
            <DialogActions cancel={t(`${P}.cancel`)} onCancel={() => setUnlinking(null)} confirm={t(`${P}.unlinkConfirm`)} onConfirm={confirm} color="red" loading={unlink.isPending} />
          </Stack>
        )}
      </Modal>
    </SectionCard>
  )
}
