import { z } from 'zod'

/** Spec section 3, Preferences: the interface is ordered for buying or for selling; buy by default. */
export const UI_MODES = ['buy', 'sell'] as const
export type UiMode = (typeof UI_MODES)[number]
export const DEFAULT_UI_MODE: UiMode = 'buy'
export const UiModeSchema = z.enum(UI_MODES)
