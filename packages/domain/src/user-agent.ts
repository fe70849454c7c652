/** A user agent longer than this is cut before it is read; real ones are a few hundred characters. */
const USER_AGENT_MAX = 512

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

/**
 * The browser with its major version and the operating system a user agent names ('Chrome 131',
 * 'Windows'), as far as it tells: the devices list and the admin's sign-in history read it the same way.
 */
export function parseUserAgent(userAgent: string | null | undefined): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null }
  const text = userAgent.slice(0, USER_AGENT_MAX)
  let browser: string | null = null
  for (const { name, pattern } of BROWSERS) {
    const match = pattern.exec(text)
    if (match) {
      browser = `${name} ${match[1]}`
      break
    }
  }
  return { browser, system: systemOf(text) }
}
