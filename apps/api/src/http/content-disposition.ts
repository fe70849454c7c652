import { cleanFileName } from '@offerbook/domain/validation'

/**
 * The header that names a download (or a file the browser shows, inline): a plain-ASCII name for old clients and the exact one (RFC 6266).
 * The name is cleaned again (decision 017): a name stored before the rule, or built from a title,
 * shows no bidi controls, and a lone surrogate cannot make encodeURIComponent throw.
 */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const name = cleanFileName(filename, 'download')
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`
}
