// One JSON request to a running Offerbook API, for the scripts that drive it (the benches, the crash test).

/**
 * Sends `body` (when given) as JSON, or as it is when it is FormData, with the bearer `token` (when
 * given). Answers the status, the body parsed as JSON (null when it is not JSON) and its text.
 */
export async function apiCall(base, token, method, path, body, { signal } = {}) {
  const asJson = body !== undefined && !(body instanceof FormData)
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(asJson ? { 'content-type': 'application/json' } : {}) },
    body: asJson ? JSON.stringify(body) : body,
    signal,
  })
  const text = await response.text()
  let json = null
  try {
    json = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: response.status, json, text }
}
