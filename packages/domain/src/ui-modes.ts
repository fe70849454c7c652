/** Spec section 3, Preferences: the interface is ordered for buying or for selling; buy by default. */
export const UI_MODES = ['buy', 'sell'] as const
export type UiMode = (typeof UI_MODES)[number]
export const DEFAULT_UI_MODE: UiMode = 'buy'

/** The check UiModeSchema makes, without zod (for the browser's first script). */
export function isUiMode(value: unknown): value is UiMode {
  return (UI_MODES as readonly unknown[]).includes(value)
}
