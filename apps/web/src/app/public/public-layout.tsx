import type { ReactNode } from 'react'
import { Button } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import type { RouteDef } from '@offerbook/domain/route-access'
import { FOOTER_ITEMS, SIGN_IN_PATH, navItemsFor } from '@offerbook/domain/route-access'
import { DEFAULT_UI_MODE } from '@offerbook/domain/ui-modes'
import { ChatLauncher } from '../../features/chat/components/chat-launcher'
import { Link } from '../../shared/navigation'
import { useStoredUiMode, writeUiModePreference } from '../../shared/ui-mode'
import { LanguageControl } from '../shell/language-control'
import { HeaderControls, ShellFrame } from '../shell/shell-frame'
import { UiModeControl } from '../shell/ui-mode-control'
import { changePublicLanguage } from './public-texts'

/** The public shell's frame: a visitor's navigation, the buy/sell and language choices kept in this browser, and 'Sign in'. */
export function PublicLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation()
  const uiMode = useStoredUiMode() ?? DEFAULT_UI_MODE

  return (
    <ShellFrame
      navItems={navItemsFor(null, uiMode)}
      footerItems={FOOTER_ITEMS}
      controls={
        <HeaderControls
          switches={
            <>
              <UiModeControl value={uiMode} onChange={writeUiModePreference} />
              <LanguageControl onChange={(language) => void changePublicLanguage(language)} />
            </>
          }
        >
          {!route.hidesAuthPrompt && (
            <Button component={Link} to={SIGN_IN_PATH} size="sm">
              {t('shell.signIn')}
            </Button>
          )}
        </HeaderControls>
      }
      extras={<ChatLauncher signedIn={false} roles={null} preload={false} />}
    >
      {children}
    </ShellFrame>
  )
}
