import type { ButtonProps } from '@mantine/core'
import { Button } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { hasSavedValue } from '../saved-value'

export type GenerateEditButtonProps = Omit<ButtonProps, 'children'> & {
  /** The saved value; the button reads GENERATE while it has no keys, EDIT once it has (spec section 3). */
  value: object | null | undefined
  onClick: () => void
}

/** The parent's button that opens a clause modal. */
export function GenerateEditButton({ value, onClick, ...props }: GenerateEditButtonProps) {
  const { t } = useTranslation()
  return (
    <Button {...props} onClick={onClick}>
      {hasSavedValue(value) ? t('clauses.edit') : t('clauses.generate')}
    </Button>
  )
}
