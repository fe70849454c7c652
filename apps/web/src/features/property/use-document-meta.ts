import { useEffect } from 'react'
import { useTranslation } from '../../shared/i18n/translation'

function descriptionMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!meta) {
    meta = document.createElement('meta')
    meta.name = 'description'
    document.head.append(meta)
  }
  return meta
}

/**
 * Sets the tab's title and the page description while a page shows; the description goes back to
 * the site's own when the page goes. The route view titles every page after its route in an effect
 * that runs after the page's own (parents' effects run after their children's), so the page's title
 * is written once more on the next task to win over it, also after a change of language.
 */
export function useDocumentMeta(title: string | null, description: string | null): void {
  const { i18n } = useTranslation()
  const language = i18n.language

  useEffect(() => {
    if (title === null) return
    document.title = title
    const timer = window.setTimeout(() => {
      document.title = title
    })
    return () => window.clearTimeout(timer)
  }, [title, language])

  useEffect(() => {
    if (description === null) return
    const meta = descriptionMeta()
    const original = meta.content
    meta.content = description
    return () => {
      meta.content = original
    }
  }, [description])
}
