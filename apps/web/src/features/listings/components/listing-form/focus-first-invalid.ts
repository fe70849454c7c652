/** Moves the focus to the first field that shows an error, once the messages are on screen. */
export function focusFirstInvalid(container: HTMLElement | null): void {
  window.requestAnimationFrame(() => {
    const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]')
    field?.focus()
  })
}
