// The crash test's client: one request to the API under test, which the kill may cut off.
import { apiCall } from '../api-call.mjs'

/** A request; `null` when the connection failed (the server was killed under it). */
export async function call(base, token, method, path, body) {
  try {
    return await apiCall(base, token, method, path, body, { signal: AbortSignal.timeout(90_000) })
  } catch {
    return null
  }
}

export async function mustCall(base, token, method, path, body) {
  const response = await call(base, token, method, path, body)
  if (!response || response.status >= 300) throw new Error(`${method} ${path} answered ${response ? `${response.status} ${response.text.slice(0, 300)}` : 'nothing (connection failed)'}`)
  return response.json
}
