import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { Paper, Stack, Stepper, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Navigate } from '../../../shared/navigation'
import type { ImportPreview, ListingImportStep } from '@offerbook/domain/listing-import'
import { LISTING_IMPORT_STEPS, listingImportPath } from '@offerbook/domain/listing-import'
import { errorText } from '../../../shared/i18n/messages'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { useImportPreview } from '../api/listing-import'
import { useImportChoices } from '../import-state'
import { ImportGone } from './import-gone'
import { ListStep } from './list-step'
import { MapStep } from './map-step'
import { PickStep } from './pick-step'
import { ProgressStep } from './progress-step'
import { ReportStep } from './report-step'

export type ImportWizardProps = { step: ListingImportStep; jobId: string | null }

/** A pending import's steps share its choices; a started import has only progress and report. */
function PendingSteps({ step, preview }: { step: 'pick' | 'map'; preview: ImportPreview }) {
  const [choices, setChoices] = useImportChoices(preview)
  if (preview.job.status !== 'pending') return <Navigate replace to={listingImportPath('progress', preview.job.id)} />
  if (step === 'pick') return <PickStep preview={preview} choices={choices} onChange={setChoices} />
  return <MapStep preview={preview} choices={choices} onChange={setChoices} />
}

function PendingImport({ step, jobId }: { step: 'pick' | 'map'; jobId: string }) {
  const preview = useImportPreview(jobId)
  if (preview.isPending) return <CenteredLoader />
  if (preview.isError) return <ImportGone message={errorText(preview.error)} retry={() => void preview.refetch()} />
  return <PendingSteps key={jobId} step={step} preview={preview.data} />
}

/** /add-listing/import/{step}: list -> pick -> map -> progress -> report; the import's id travels in ?job=. */
export function ImportWizard({ step, jobId }: ImportWizardProps) {
  const { t } = useTranslation()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstStep = useRef(step)
  const index = LISTING_IMPORT_STEPS.indexOf(step)

  // A new step moves the keyboard focus to its heading, as a new page would.
  useEffect(() => {
    if (step !== firstStep.current) headingRef.current?.focus()
    firstStep.current = step
  }, [step])

  if (step !== 'list' && !jobId) return <Navigate replace to={listingImportPath('list')} />

  let content: ReactNode
  if (step === 'list') content = <ListStep jobId={jobId} />
  else if (step === 'pick' || step === 'map') content = <PendingImport step={step} jobId={jobId!} />
  else if (step === 'progress') content = <ProgressStep jobId={jobId!} />
  else content = <ReportStep jobId={jobId!} />

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('listingImport.title')}</Title>
        <Text c="gray.7">{t('listingImport.intro')}</Text>
      </Stack>
      <nav aria-label={t('listingImport.stepsLabel')}>
        <Stepper active={index} size="sm" wrap>
          {LISTING_IMPORT_STEPS.map((name, position) => (
            <Stepper.Step
              key={name}
              label={t(`listingImport.step.${name}`)}
              aria-label={t('listingImport.stepOf', { position: position + 1, count: LISTING_IMPORT_STEPS.length, name: t(`listingImport.step.${name}`) })}
              aria-current={name === step ? 'step' : undefined}
              allowStepSelect={false}
            />
          ))}
        </Stepper>
      </nav>
      <Paper withBorder p="lg" component="section" aria-labelledby="import-step-heading">
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              {t('listingImport.stepCounter', { position: index + 1, count: LISTING_IMPORT_STEPS.length })}
            </Text>
            <Title order={2} size="h3" id="import-step-heading" ref={headingRef} tabIndex={-1}>
              {t(`listingImport.step.${step}`)}
            </Title>
          </Stack>
          {content}
        </Stack>
      </Paper>
    </Stack>
  )
}
