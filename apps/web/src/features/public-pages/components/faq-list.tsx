import { Accordion } from '@mantine/core'

export type FaqEntry = { id: string; question: string; answer: string }

/**
 * Questions that open in place: each question is a button inside a heading (Mantine's accordion with
 * `order`), Enter or Space opens it, the arrow keys move between questions, and several may be open.
 * The answers stay in the page while closed, so the prerendered HTML carries them.
 */
export function FaqList({ entries, headingOrder = 3 }: { entries: readonly FaqEntry[]; headingOrder?: 2 | 3 | 4 | 5 | 6 }) {
  return (
    <Accordion multiple keepMounted keepMountedMode="display-none" variant="separated" radius="md" order={headingOrder}>
      {entries.map((entry) => (
        <Accordion.Item key={entry.id} value={entry.id}>
          <Accordion.Control>{entry.question}</Accordion.Control>
          <Accordion.Panel>{entry.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  )
}
