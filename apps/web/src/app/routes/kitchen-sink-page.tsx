import { useState } from 'react'
import type { ReactNode } from 'react'
import { Button, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { ContractLanguageShowcase } from '../../features/contract-language/components/contract-language-showcase'
import { useDialog } from '../../shared/ui/app-dialog'
import { AppDialog } from '../../shared/ui/app-dialog-view'
import type { DialogState } from '../../shared/ui/app-dialog'
import { DateInput } from '../../shared/ui/date-input'
import { DateTimeInput } from '../../shared/ui/date-time-input'
import { ExpirationCountdown } from '../../shared/ui/expiration-countdown'
import { FileList } from '../../shared/ui/file-list'
import { IncrementInput } from '../../shared/ui/increment-input'
import { PasswordConfirmInput } from '../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../shared/ui/password-confirm-input'
import { PersonCard } from '../../shared/ui/person-card'
import { PhoneInput } from '../../shared/ui/phone-input'
import { SearchInput } from '../../shared/ui/search-input'
import { SectionCard } from '../../shared/ui/section-card'

/** One component on show: a titled region with the component and, beside it, its current value. */
function Showcase({ title, value, children }: { title: string; value?: unknown; children: ReactNode }) {
  const { t } = useTranslation()
  const shown = value === undefined || value === '' || value === null ? t('kitchenSink.empty') : typeof value === 'string' ? value : JSON.stringify(value)
  return (
    <SectionCard title={title} gap="sm">
      {children}
      {value !== undefined && (
        <Text size="sm">
          {t('kitchenSink.value')}:{' '}
          <Code component="output" aria-label={t('kitchenSink.value')}>
            {shown}
          </Code>
        </Text>
      )}
    </SectionCard>
  )
}

function isoDay(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

function DialogShowcase() {
  const { t } = useTranslation()
  const dialog = useDialog()
  const [result, setResult] = useState('')
  const [controlled, setControlled] = useState<DialogState>({ type: 'alert', show: false, title: '', message: '' })
  return (
    <Showcase title={t('kitchenSink.dialog.title')} value={result}>
      <Group>
        <Button
          variant="light"
          onClick={async () => {
            await dialog.alert({ title: t('kitchenSink.dialog.alertTitle'), message: t('kitchenSink.dialog.alertMessage') })
            setResult(t('kitchenSink.dialog.closed'))
          }}
        >
          {t('kitchenSink.dialog.showAlert')}
        </Button>
        <Button
          variant="light"
          onClick={async () => {
            const confirmed = await dialog.confirm({
              title: t('kitchenSink.dialog.confirmTitle'),
              message: t('kitchenSink.dialog.confirmMessage'),
              confirmLabel: 'CONFIRM ACCEPT OFFER',
            })
            setResult(confirmed ? t('kitchenSink.dialog.confirmed') : t('kitchenSink.dialog.cancelled'))
          }}
        >
          {t('kitchenSink.dialog.askConfirm')}
        </Button>
        <Button
          variant="default"
          onClick={() =>
            setControlled({ type: 'confirm', show: true, title: t('kitchenSink.dialog.declineTitle'), message: t('kitchenSink.dialog.declineMessage'), confirmLabel: 'CONFIRM DECLINE OFFER' })
          }
        >
          {t('kitchenSink.dialog.askDecline')}
        </Button>
      </Group>
      <AppDialog
        state={controlled}
        onClose={() => setControlled((state) => ({ ...state, show: false }))}
        onConfirm={() => setResult(t('kitchenSink.dialog.declined'))}
        onCancel={() => setResult(t('kitchenSink.dialog.cancelled'))}
      />
    </Showcase>
  )
}

export default function KitchenSinkPage() {
  const { t } = useTranslation()
  const [password, setPassword] = useState<PasswordConfirmValue>({ password: '', confirm: '' })
  const [phone, setPhone] = useState('')
  const [price, setPrice] = useState<number | null>(250_000)
  const [bedrooms, setBedrooms] = useState<number | null>(3)
  const [searchText, setSearchText] = useState('')
  const [searched, setSearched] = useState('')
  const [closingDate, setClosingDate] = useState('')
  const [deadline, setDeadline] = useState('')
  const [deadline12h, setDeadline12h] = useState('')
  // Fixed at first render, so the countdowns run against the same moments while the page is open.
  const [moments] = useState(() => ({ soon: Date.now() + 15_000, later: Date.now() + 2 * 86_400_000 + 3 * 3_600_000, past: Date.now() - 3_600_000 }))
  const [bounds] = useState(() => ({ min: isoDay(0), max: isoDay(365) }))

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('kitchenSink.title')}</Title>
        <Text size="lg">{t('kitchenSink.lead')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Showcase title={t('kitchenSink.password.title')} value={password}>
          <PasswordConfirmInput value={password} onChange={setPassword} minLength={8} required />
        </Showcase>

        <Showcase title={t('kitchenSink.phone.title')} value={phone}>
          <PhoneInput value={phone} onChange={setPhone} />
        </Showcase>

        <Showcase title={t('kitchenSink.increment.title')} value={price}>
          <IncrementInput label={t('kitchenSink.increment.price')} description={t('kitchenSink.increment.priceHint')} value={price} onChange={setPrice} min={1000} max={5_000_000} units={5000} />
        </Showcase>

        <Showcase title={t('kitchenSink.increment.countTitle')} value={bedrooms}>
          <IncrementInput label={t('kitchenSink.increment.bedrooms')} value={bedrooms} onChange={setBedrooms} min={0} max={10} currency={false} />
        </Showcase>

        <Showcase title={t('kitchenSink.search.title')} value={searched}>
          <SearchInput label={t('kitchenSink.search.label')} placeholder={t('kitchenSink.search.placeholder')} value={searchText} onChange={setSearchText} onSearch={setSearched} />
        </Showcase>

        <Showcase title={t('kitchenSink.date.title')} value={closingDate}>
          <DateInput
            label={t('kitchenSink.date.label')}
            description={t('kitchenSink.date.hint', { min: bounds.min, max: bounds.max })}
            value={closingDate}
            onChange={setClosingDate}
            minDate={bounds.min}
            maxDate={bounds.max}
          />
        </Showcase>

        <Showcase title={t('kitchenSink.dateTime.title')} value={deadline}>
          <DateTimeInput label={t('kitchenSink.dateTime.label')} value={deadline} onChange={setDeadline} />
        </Showcase>

        <Showcase title={t('kitchenSink.dateTime.title12h')} value={deadline12h}>
          <DateTimeInput label={t('kitchenSink.dateTime.label12h')} value={deadline12h} onChange={setDeadline12h} format12h />
        </Showcase>

        <Showcase title={t('kitchenSink.countdown.title')}>
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm">{t('kitchenSink.countdown.soon')}</Text>
              <ExpirationCountdown expiresAt={moments.soon} />
            </Group>
            <Group gap="xs">
              <Text size="sm">{t('kitchenSink.countdown.later')}</Text>
              <ExpirationCountdown expiresAt={moments.later} />
            </Group>
            <Group gap="xs">
              <Text size="sm">{t('kitchenSink.countdown.past')}</Text>
              <ExpirationCountdown expiresAt={moments.past} />
            </Group>
          </Stack>
        </Showcase>

        <DialogShowcase />

        <Showcase title={t('kitchenSink.personCard.title')}>
          <Text size="sm">{t('kitchenSink.personCard.hint')}</Text>
          <PersonCard fullName="Lena Listing" subtitle={t('kitchenSink.personCard.subtitle')} phone="+16155550123" email="seller-agent@example.com" />
          <PersonCard fullName={null} subtitle={t('kitchenSink.personCard.unnamed')} />
        </Showcase>
      </SimpleGrid>

      <Showcase title={t('kitchenSink.fileList.title')}>
        <FileList
          label={t('kitchenSink.fileList.label')}
          items={[
            { title: t('kitchenSink.fileList.checklist'), filename: 'offer-checklist.txt', url: '/samples/offer-checklist.txt' },
            { title: t('kitchenSink.fileList.photo'), filename: 'front-elevation.svg', url: '/samples/front-elevation.svg' },
          ]}
        />
        <FileList label={t('kitchenSink.fileList.emptyLabel')} items={[]} />
      </Showcase>

      <ContractLanguageShowcase />
    </Stack>
  )
}
