import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Waits until every open dialog and notification is fully opaque and no transition or animation that
 * ends is running (a dialog fading in, a notification fading out, a panel opening), over two frames in a
 * row: a colour checked halfway through a fade is not the colour a person reads. Endless ones (a
 * loader's spin) do not count.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const fading = (element: Element | null): boolean => element !== null && (Number(getComputedStyle(element).opacity) < 1 || fading(element.parentElement))
        const moving = () =>
          document.getAnimations().some((animation) => animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? 0))) ||
          Array.from(document.querySelectorAll('[role="dialog"], .mantine-Notification-root')).some((layer) => fading(layer))
        requestAnimationFrame(() => {
          const before = moving()
          requestAnimationFrame(() => resolve(!before && !moving()))
        })
      }),
    undefined,
    { timeout: 10_000 },
  )
}

/** Each WCAG 2.1 AA violation axe finds on the page as it is now, where, and why. */
async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}${n.any[0]?.message ? `: ${n.any[0].message}` : ''}`).join(', ')})`)
}

/**
 * Fails the test with each WCAG 2.1 AA violation axe finds on the page once it has settled, and where.
 * A reading taken while something still moves (a fade's last frames, which no animation reports) is
 * taken again, once the page has settled again, for up to 5 s; a violation that stays fails the test
 * with axe's own words.
 */
export async function expectNoViolations(page: Page, what: string): Promise<void> {
  await settled(page)
  let summary: string[] | null = null
  await expect(async () => {
    await settled(page)
    summary = await violationsOf(page)
    expect(summary).toEqual([])
  })
    .toPass({ timeout: 5_000, intervals: [250, 500, 1_000] })
    .catch(() => undefined)
  // Never settled within the retries: the page as it is now is what is judged.
  summary ??= await violationsOf(page)
  expect(summary, `accessibility of ${what}`).toEqual([])
}
