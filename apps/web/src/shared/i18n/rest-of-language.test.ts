import { beforeEach, describe, expect, it, vi } from 'vitest'
import webhooksEs from '../../locales/es-es/webhooks.json'

/** A fresh i18n module: the app's is shared by every test and holds both whole languages. */
async function freshI18n() {
  vi.resetModules()
  return import('./i18n')
}

describe('the rest of the language after the first render (issue 36)', () => {
  beforeEach(() => {
    vi.resetModules()
  })

  it('arrives a few areas a task, then the catalogue, and the texts of every area read', async () => {
    const { initI18n, loadFrameTexts, loadRestOfLanguage, textAreasLoaded, i18n } = await freshI18n()
    initI18n('es-es')
    await loadFrameTexts('es-es', ['app'])
    expect(i18n.exists('webhooks.title')).toBe(false)

    const held: Array<() => void> = []
    const pause = () => new Promise<void>((resolve) => held.push(resolve))
    const rest = loadRestOfLanguage('es-es', pause)
    await vi.waitFor(() => expect(held).toHaveLength(1))
    // One batch is here and the next waits for its own task: not yet the whole language.
    expect(textAreasLoaded(['accounts', 'admin-shell', 'admin-users', 'admin-webhooks'], 'es-es')).toBe(true)
    expect(textAreasLoaded(['webhooks'], 'es-es')).toBe(false)

    let resolved = false
    void rest.then(() => (resolved = true))
    while (!resolved) {
      held.shift()?.()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect(i18n.t('webhooks.title')).toBe(webhooksEs.webhooks.title)
    expect(textAreasLoaded(['webhooks', 'dashboard', 'messages-webhooks'], 'es-es')).toBe(true)
  })

  it('brings the whole catalogue in en-us, so an error of any area reads as its message', async () => {
    const { initI18n, loadFrameTexts, loadRestOfLanguage, i18n } = await freshI18n()
    initI18n('en-us')
    await loadFrameTexts('en-us', ['app'])
    expect(i18n.exists('messages.webhook.notFound')).toBe(false)
    await loadRestOfLanguage('en-us', () => Promise.resolve())
    expect(i18n.t('messages.webhook.notFound')).toBe('There is no such webhook endpoint of yours')
  })

  it("reads every area from the language's one chunk as the area's own chunk has it", async () => {
    const { loadAreaTree, loadLanguageFiles } = await import('../../locales/areas')
    for (const language of ['en-us', 'es-es'] as const) {
      const files = await loadLanguageFiles(language)
      expect(files.areas).toContain('webhooks')
      expect(files.areas.some((area) => area.startsWith('public-'))).toBe(false)
      expect(files.tree(files.areas)).toEqual(await loadAreaTree(language, files.areas))
    }
  })
})
