import { z } from 'zod'

/**
 * A signed-in device: one of the user's unexpired sessions, told by its id only. Its token never
 * leaves the server; anyone holding it could act as the user.
 */
export const DeviceSchema = z.object({
  id: z.string(),
  /** e.g. 'Chrome 131'; null when the user agent names no browser we know. */
  browser: z.string().nullable(),
  /** e.g. 'macOS', 'Android 14'; null when unknown. */
  system: z.string().nullable(),
  signedInAt: z.string(),
  /** Updated at most every few minutes while the device makes calls. */
  lastSeenAt: z.string(),
  ipAddress: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
})
export type Device = z.infer<typeof DeviceSchema>

export const DevicesSchema = z.object({ items: z.array(DeviceSchema) })
export type Devices = z.infer<typeof DevicesSchema>

/** better-auth's session ids are short random strings; anything else cannot name a session. */
export const DeviceParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'session.deviceNotFound'),
})

export const SignedOutDevicesSchema = z.object({ signedOut: z.number().int() })
export type SignedOutDevices = z.infer<typeof SignedOutDevicesSchema>
