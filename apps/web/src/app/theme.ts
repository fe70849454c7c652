import { createTheme, Notification } from '@mantine/core'
import type { CSSVariablesResolver, MantineColorsTuple, MantineTheme, ModalProps } from '@mantine/core'

/** The brand colour of the spec (section 9). */
export const BRAND_COLOR = '#7963f0'

/** Ten shades around the brand colour #7963f0 (index 5). */
export const brand: MantineColorsTuple = ['#f2effe', '#e2dcfc', '#c3b7f8', '#a391f5', '#8a77f2', '#7963f0', '#6a52e8', '#5b45d1', '#4c39b0', '#3d2e8e']

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  // #7963f0 under white text is about 4.1:1; shade 7 (#5b45d1) passes WCAG AA for filled buttons.
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif' },
  defaultRadius: 'md',
  components: {
    // A notice's message is grey.6 by default (about 3.3:1 on white, below WCAG AA): gray.8 passes.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-gray-8)' } } }),
    // Spec section 9: every dialog is at most 80vw wide and at least 300px, set here once for all of
    // them; a full-screen one (a phone's comparison, the signature pad) keeps the whole screen. A plain
    // object, not Modal.extend: the public shell imports the theme and must not pull in Modal's styles.
    // An alert's title is its colour's shade 9 on shade 0 by default: green is about 3.8:1, below WCAG AA.
    // The text colour keeps every alert's title readable; the icon and border still carry the colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    Modal: { styles: (_theme: MantineTheme, props: ModalProps) => (props.fullScreen ? {} : { content: { maxWidth: '80vw', minWidth: 300 } }) },
  },
})

/**
 * Mantine's error red (red.6, about 3.6:1 on white) and dimmed grey (gray.6, about 3.3:1) fail WCAG AA
 * for text; red.9 (about 5.4:1) and gray.7 (about 8:1) pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-error': t.colors.red[9] ?? '#c92a2a', '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057' },
  dark: {},
})
