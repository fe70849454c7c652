import { Stack, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useCurrentUser, useSetCurrentUser } from '../../features/auth/api/get-me'
import { ApiKeysSection } from '../../features/profile/components/api-keys-section'
import { WebhooksSection } from '../../features/profile/components/webhooks-section'
import { DevicesSection } from '../../features/profile/components/devices-section'
import { PasswordSection } from '../../features/profile/components/password-section'
import { PhotoSection } from '../../features/profile/components/photo-section'
import { PrincipalBrokerSection, showsPrincipalBrokerSection } from '../../features/profile/components/principal-broker-section'
import { ProfileDetailsForm } from '../../features/profile/components/profile-details-form'
import { CalendarFeedSection, showsCalendarFeedSection } from '../../features/offer-record/calendar-feed-section'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { SectionCard } from '../../shared/ui/section-card'

/** The guard has loaded the user before this page renders. */
export default function ProfilePage() {
  const { t } = useTranslation()
  const me = useCurrentUser()
  const setCurrentUser = useSetCurrentUser()
  const user = me.data
  if (!user) return <CenteredLoader />

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('accounts.profile.title')}</Title>
      <SectionCard title={t('accounts.profile.details.title')}>
        <ProfileDetailsForm user={user} onUser={setCurrentUser} />
      </SectionCard>
      <SectionCard title={t('accounts.profile.photo.title')}>
        <PhotoSection user={user} onUser={setCurrentUser} />
      </SectionCard>
      <SectionCard title={t('accounts.profile.password.title')}>
        <PasswordSection />
      </SectionCard>
      <SectionCard title={t('accounts.profile.devices.title')}>
        <DevicesSection />
      </SectionCard>
      <SectionCard title={t('apiKeys.title')}>
        <ApiKeysSection />
      </SectionCard>
      <SectionCard title={t('webhooks.title')}>
        <WebhooksSection />
      </SectionCard>
      {showsCalendarFeedSection(user) && (
        <SectionCard title={t('calendarFeed.title')}>
          <CalendarFeedSection />
        </SectionCard>
      )}
      {showsPrincipalBrokerSection(user) && (
        <SectionCard title={t('accounts.profile.principalBroker.title')}>
          <PrincipalBrokerSection user={user} onUser={setCurrentUser} />
        </SectionCard>
      )}
    </Stack>
  )
}
