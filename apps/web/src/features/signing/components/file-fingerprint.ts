/** A file's SHA-256 in hex, computed in the browser: the file itself does not leave the device for this. */
export async function sha256Hex(file: Blob): Promise<string> {
  return sha256HexOfBytes(await file.arrayBuffer())
}

export async function sha256HexOfBytes(bytes: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
