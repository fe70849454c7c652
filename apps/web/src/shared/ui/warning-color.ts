/**
 * The fill of a warning badge ('Due soon', an expired signing packet): an orange dark enough for white
 * badge text at 4.5:1 (WCAG AA; 5.4:1 here). Mantine's darkest orange, orange.9, gives 4.29:1.
 */
export const WARNING_FILL = '#b54708'
