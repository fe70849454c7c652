import { useTranslation } from 'react-i18next'
import type { ImportProblem } from '@offerbook/domain/listing-import'
import { fieldLabel, importMessage } from '../import-state'

/** A problem as the agent reads it: the field's label, its RESO name, and the message in their language. */
export function ProblemText({ problem }: { problem: ImportProblem }) {
  const { t } = useTranslation()
  const message = importMessage(problem.message)
  if (!problem.field) return <>{message}</>
  return <>{t('listingImport.problem', { field: fieldLabel(t, problem.field), reso: problem.field, message })}</>
}
