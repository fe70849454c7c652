import { useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { Alert, Box, Button, Code, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconFileSearch } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { VerifyResult } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { translate } from '../../../shared/i18n/messages'
import { verifyFile, verifyHash } from '../api/signing'
import { messageOf } from './signing-form'
import { isPdfFile, pdfFileProblem } from './upload-form-button'
import { sha256Hex } from './file-fingerprint'
import { VerifyResultView } from './verify-result'


type State =
  | { step: 'idle' }
  | { step: 'hashing'; file: File }
  | { step: 'checking'; file: File; sha256: string }
  | { step: 'done'; file: File; sha256: string; result: VerifyResult; sealChecked: boolean }
  /** `problem` null: the file could not be read to hash it. */
  | { step: 'failed'; file: File | null; sha256: string | null; problem: Message | null }

/** /verify: drop or choose a signed PDF; its fingerprint is checked against the documents signed here (decision 016). */
export function VerifyPanel() {
  const { t } = useTranslation()
  const inputRef = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const [state, setState] = useState<State>({ step: 'idle' })
  const [dragging, setDragging] = useState(false)
  const [sealing, setSealing] = useState(false)
  const [sealProblem, setSealProblem] = useState<Message | null>(null)
  const run = useRef(0)

  const check = async (file: File) => {
    const id = ++run.current
    setSealProblem(null)
    setState({ step: 'hashing', file })
    let sha256: string
    try {
      sha256 = await sha256Hex(file)
    } catch {
      if (id === run.current) setState({ step: 'failed', file, sha256: null, problem: null })
      return
    }
    if (id !== run.current) return
    setState({ step: 'checking', file, sha256 })
    try {
      const result = await verifyHash(sha256)
      if (id === run.current) setState({ step: 'done', file, sha256, result, sealChecked: false })
    } catch (error) {
      if (id === run.current) setState({ step: 'failed', file, sha256, problem: messageOf(error) })
    }
  }

  const checkSeal = async () => {
    if (state.step !== 'done' || sealing) return
    const { file } = state
    const problem = pdfFileProblem(file)
    if (problem) {
      setSealProblem(problem)
      return
    }
    const id = run.current
    setSealing(true)
    setSealProblem(null)
    try {
      const result = await verifyFile(file)
      if (id === run.current) setState({ ...state, result, sealChecked: true })
    } catch (error) {
      if (id === run.current) setSealProblem(messageOf(error))
    } finally {
      setSealing(false)
    }
  }

  const pick = (files: FileList | null) => {
    const file = files?.[0]
    if (!file) return
    // The hash works on a file of any size, but only what the API takes could ever have been signed here.
    if (file.size > SIGNING_LIMITS.documentMaxBytes) {
      run.current += 1
      setState({ step: 'failed', file, sha256: null, problem: { key: 'signing.fileTooLarge' } })
      return
    }
    void check(file)
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    pick(event.dataTransfer.files)
  }

  const busy = state.step === 'hashing' || state.step === 'checking'
  const file = state.step === 'idle' ? null : state.file
  const sha256 = state.step === 'checking' || state.step === 'done' || state.step === 'failed' ? state.sha256 : null

  return (
    <Stack gap="lg">
      <Paper
        withBorder
        p="xl"
        radius="md"
        data-testid="verify-drop-zone"
        onDragOver={(event: DragEvent<HTMLDivElement>) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: dragging ? 'var(--mantine-color-blue-7)' : undefined, background: dragging ? 'var(--mantine-color-blue-0)' : undefined }}
      >
        <Stack align="center" gap="sm" ta="center">
          <IconFileSearch size={40} aria-hidden />
          <Text fw={600}>{t('signing.verify.drop')}</Text>
          <Text size="sm" c="gray.8" id={hintId} maw={520}>
            {t('signing.verify.privacy')}
          </Text>
          <input
            ref={inputRef}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            aria-hidden
            tabIndex={-1}
            data-testid="verify-file-input"
            onChange={(event) => {
              pick(event.currentTarget.files)
              // The same file chosen again is checked again.
              event.currentTarget.value = ''
            }}
          />
          <Button onClick={() => inputRef.current?.click()} aria-describedby={hintId} disabled={busy}>
            {t('signing.verify.choose')}
          </Button>
        </Stack>
      </Paper>

      <Box role="status" aria-live="polite" aria-atomic="false" data-testid="verify-status">
        <Stack gap="md">
          {file && (
            <Stack gap={4}>
              <Text size="sm">
                {t('signing.verify.file')} <strong>{file.name}</strong>
              </Text>
              {sha256 && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('signing.verify.fingerprint')} <Code data-testid="verify-sha256">{sha256}</Code>
                </Text>
              )}
            </Stack>
          )}
          {busy && (
            <Group gap="sm">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{state.step === 'hashing' ? t('signing.verify.hashing') : t('signing.verify.checking')}</Text>
            </Group>
          )}
          {state.step === 'done' && (
            <VerifyResultView result={state.result} file={state.file} sealChecked={state.sealChecked} checkingSeal={sealing} onCheckSeal={isPdfFile(state.file) ? () => void checkSeal() : undefined} />
          )}
          {state.step === 'done' && state.result.status === 'unknown' && !isPdfFile(state.file) && <Text size="sm">{t('signing.verify.notPdf')}</Text>}
          {state.step === 'failed' && (
            <Alert color="red" role="alert" title={t('signing.verify.failedTitle')}>
              {state.problem ? translate(state.problem) : t('signing.verify.hashFailed')}
            </Alert>
          )}
          {sealProblem && (
            <Alert color="red" role="alert" title={t('signing.verify.sealFailed')}>
              {translate(sealProblem)}
            </Alert>
          )}
        </Stack>
      </Box>
    </Stack>
  )
}
