/**
 * The compression a client accepts for an answer kept compressed (Brotli first, then gzip), read from
 * Accept-Encoding (RFC 9110 12.5.3): a coding listed with q=0 is refused, `*` stands for any not listed.
 * Null: the answer goes out as it is.
 */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null
  const weights = new Map<string, number>()
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}
