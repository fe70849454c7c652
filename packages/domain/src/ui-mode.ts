import { z } from 'zod'
import { UI_MODES } from './ui-modes'

export type { UiMode } from './ui-modes'
export { DEFAULT_UI_MODE, isUiMode, UI_MODES } from './ui-modes'
export const UiModeSchema = z.enum(UI_MODES)
