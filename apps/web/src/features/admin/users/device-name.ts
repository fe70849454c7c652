/**
 * A readable device from a sign-in's user agent: 'Chrome 131 on Windows'. The same reading as the
 * API's devices list (modules/devices/devices.service.ts parseUserAgent), kept here because the
 * sign-in history sends the raw user agent.
 */
const BROWSERS: readonly { name: string; pattern: RegExp }[] = [
  // Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', pattern: /(?:Chrome|CriOS)\/(\d+)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari\// },
]

function systemOf(userAgent: string): string | null {
  if (/\biPhone\b|\biPod\b/.test(userAgent)) return 'iOS'
  if (/\biPad\b/.test(userAgent)) return 'iPadOS'
  const android = /\bAndroid (\d+)/.exec(userAgent)
  if (android) return `Android ${android[1]}`
  if (/\bAndroid\b/.test(userAgent)) return 'Android'
  if (/\bCrOS\b/.test(userAgent)) return 'ChromeOS'
  if (/\bWindows\b/.test(userAgent)) return 'Windows'
  if (/\bMac OS X\b|\bMacintosh\b/.test(userAgent)) return 'macOS'
  if (/\bLinux\b|\bX11\b/.test(userAgent)) return 'Linux'
  return null
}

export function deviceOf(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null }
  const text = userAgent.slice(0, 512)
  const found = BROWSERS.map(({ name, pattern }) => ({ name, match: pattern.exec(text) })).find(({ match }) => match)
  return { browser: found?.match ? `${found.name} ${found.match[1]}` : null, system: systemOf(text) }
}
