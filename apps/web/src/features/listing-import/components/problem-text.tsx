import { useTranslation } from '../../../shared/i18n/translation'
import type { ReportedProblem } from '../import-state'
import { fieldLabel, problemMessage } from '../import-state'

/** A problem as the agent reads it: the field's label, its RESO name, and the message in their language. */
export function ProblemText({ problem }: { problem: ReportedProblem }) {
  const { t } = useTranslation()
  const message = problemMessage(problem)
  if (!problem.field) return <>{message}</>
  return <>{t('listingImport.problem', { field: fieldLabel(t, problem.field), reso: problem.field, message })}</>
}
