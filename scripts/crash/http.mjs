// The crash test's client: one request to the API under test, which the kill may cut off.

/** A request; `null` when the connection failed (the server was killed under it). */
export async function call(base, token, method, path, body) {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(90_000),
    })
    const text = await response.text()
    let json = null
    try {
      json = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: response.status, json, text }
  } catch {
    return null
  }
}

export async function mustCall(base, token, method, path, body) {
  const response = await call(base, token, method, path, body)
  if (!response || response.status >= 300) throw new Error(`${method} ${path} answered ${response ? `${response.status} ${response.text.slice(0, 300)}` : 'nothing (connection failed)'}`)
  return response.json
}
