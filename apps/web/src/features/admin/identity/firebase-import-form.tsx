import { useState } from 'react'
import { Alert, Button, FileInput, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { FirebaseImportResult } from '@offerbook/domain/identity'
import { HashParametersFormSchema } from '@offerbook/domain/identity'
import { isMessageKey } from '@offerbook/domain/messages'
import { errorText, translate } from '../../../shared/i18n/messages'
import { useSchemaForm } from '../../../shared/use-schema-form'
import type { FirebaseImportBody } from './identity-api'
import { useFirebaseImport } from './identity-api'
import { DataTable } from '../../../shared/ui/data-table'
import { SectionCard } from '../../../shared/ui/section-card'

const P = 'identity'
const EMPTY = { signerKey: '', saltSeparator: '', rounds: '', memCost: '' }
/** An export of 5,000 users stays under this; the API refuses more anyway. */
const MAX_FILE_BYTES = 10 * 1024 * 1024

function ImportResult({ result }: { result: FirebaseImportResult }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" aria-live="polite" data-testid="identity-import-result">
      <Alert color={result.problems.length > result.skipped ? 'blue' : 'green'} title={t(`${P}.importDone`)}>
        <Text size="sm">{t(`${P}.importCreated`, { count: result.created })}</Text>
        <Text size="sm">{t(`${P}.importSkipped`, { count: result.skipped })}</Text>
        <Text size="sm">{t(`${P}.importInvited`, { count: result.invited })}</Text>
      </Alert>
      {result.problems.length > 0 && (
        <DataTable
          minWidth={500}
          striped
          aria-label={t(`${P}.problems`)}
          columns={[t(`${P}.problemUser`), t(`${P}.email`), t(`${P}.problemMessage`)]}
          items={result.problems}
          row={(problem) => (
            <Table.Tr key={problem.index}>
              <Table.Td>{problem.index + 1}</Table.Td>
              <Table.Td>{problem.email ?? '—'}</Table.Td>
              <Table.Td>{isMessageKey(problem.key) ? translate(problem.key) : problem.message}</Table.Td>
            </Table.Tr>
          )}
        />
      )}
    </Stack>
  )
}

/** Import a Firebase Authentication users JSON, with the project's hash parameters when known. */
export function FirebaseImportForm() {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const form = useSchemaForm({ schema: HashParametersFormSchema, initialValues: EMPTY })
  const hash = form.values
  const importUsers = useFirebaseImport()

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setFileError(null)
    importUsers.reset()
    const checked = form.validate()
    if (!file) return setFileError(t(`${P}.fileRequired`))
    if (file.size > MAX_FILE_BYTES) return setFileError(t(`${P}.fileTooLarge`))
    if (!checked.ok) return
    let parsed: unknown
    try {
      parsed = JSON.parse(await file.text())
    } catch {
      return setFileError(t(`${P}.fileNotJson`))
    }
    const users = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as { users?: unknown }).users : undefined
    const withHash = Object.values(hash).some((value) => value.trim() !== '')
    const body: FirebaseImportBody = {
      users,
      ...(withHash
        ? {
            hashConfig: {
              algorithm: 'SCRYPT',
              base64_signer_key: hash.signerKey.trim(),
              base64_salt_separator: hash.saltSeparator.trim(),
              rounds: Number(hash.rounds),
              mem_cost: Number(hash.memCost),
            },
          }
        : {}),
    }
    importUsers.mutate(body)
  }

  return (
    <SectionCard title={t(`${P}.importHeading`)} order={3} padding="md" gap="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t(`${P}.importHelp`)}
          </Text>
          <FileInput
            label={t(`${P}.file`)}
            description={t(`${P}.fileHelp`)}
            accept="application/json,.json"
            value={file}
            onChange={(next) => {
              setFile(next)
              setFileError(null)
            }}
            error={fileError}
            required
            clearable
            clearButtonProps={{ 'aria-label': t(`${P}.clearFile`) }}
          />
          <Text size="sm" fw={600}>
            {t(`${P}.hashHeading`)}
          </Text>
          <Text size="sm" c="gray.7">
            {t(`${P}.hashHelp`)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t(`${P}.signerKey`)} autoComplete="off" {...form.field('signerKey')} />
            <TextInput label={t(`${P}.saltSeparator`)} autoComplete="off" {...form.field('saltSeparator')} />
            <TextInput label={t(`${P}.rounds`)} inputMode="numeric" autoComplete="off" {...form.field('rounds')} />
            <TextInput label={t(`${P}.memCost`)} inputMode="numeric" autoComplete="off" {...form.field('memCost')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={importUsers.isPending}>
              {t(`${P}.import`)}
            </Button>
          </Group>
          {importUsers.isError && (
            <Alert color="red" title={t(`${P}.importFailed`)} role="alert">
              {errorText(importUsers.error)}
            </Alert>
          )}
          {importUsers.data && <ImportResult result={importUsers.data} />}
        </Stack>
      </form>
    </SectionCard>
  )
}
