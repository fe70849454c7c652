import { Anchor, Stack, Text } from '@mantine/core'
import { IconBell, IconChecklist, IconFilePlus, IconHelpCircle, IconHomeSearch, IconListNumbers, IconAdjustmentsHorizontal, IconSend, IconUserCircle } from '@tabler/icons-react'
import { Link } from '../../shared/navigation'
import type { Role } from '@offerbook/domain/roles'
import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { usePageTexts } from '../../features/public-pages/texts'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'
import type { Step } from '../../features/public-pages/components/step-list'
import { StepList } from '../../features/public-pages/components/step-list'

type GuideStep = { icon: Step['icon']; route?: string }

/** Each part of the guide, its steps' icons and, where a step has a place in the app, that route. */
const GUIDE: readonly { key: 'buying' | 'selling' | 'staying'; steps: readonly GuideStep[] }[] = [
  { key: 'buying', steps: [{ icon: IconHomeSearch, route: 'listings' }, { icon: IconSend }, { icon: IconChecklist, route: 'submitted-offers' }] },
  { key: 'selling', steps: [{ icon: IconFilePlus, route: 'add-listing' }, { icon: IconAdjustmentsHorizontal, route: 'my-properties' }, { icon: IconListNumbers }] },
  { key: 'staying', steps: [{ icon: IconBell, route: 'notifications' }, { icon: IconUserCircle, route: 'profile' }, { icon: IconHelpCircle, route: 'auth-faq' }] },
]

function reachable(routeName: string, roles: readonly Role[] | undefined): boolean {
  return roles !== undefined && decideAccess(routeByName(routeName), roles) === 'allow'
}

/** /auth-how-it-works: the signed-in guide, with a link to each place the user's roles may open. */
export default function AuthHowItWorksPage() {
  const { t } = usePageTexts(PAGE_TEXTS)
  const roles = useCurrentUser().data?.roles
  const base = 'publicPages.authHowItWorks'
  return (
    <Stack gap={48}>
      <PageIntro title={t(`${base}.title`)} lead={t(`${base}.lead`)} />
      {GUIDE.map((part) => (
        <PageSection key={part.key} id={part.key} title={t(`${base}.${part.key}.title`)}>
          <StepList
            steps={part.steps.map((step, index) => {
              const key = `${base}.${part.key}.step${index + 1}`
              return {
                icon: step.icon,
                title: t(`${key}.title`),
                body: t(`${key}.body`),
                action:
                  step.route && reachable(step.route, roles) ? (
                    <Anchor component={Link} to={routeByName(step.route).path} size="sm" fw={600}>
                      {t(`${key}.link`)}
                    </Anchor>
                  ) : undefined,
              }
            })}
          />
        </PageSection>
      ))}
      <Text size="sm" c="gray.7">
        {t(`${base}.notForYou`)}
      </Text>
    </Stack>
  )
}
