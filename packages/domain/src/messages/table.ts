/** One area's messages: key to English template, `{name}` marking a parameter. */
export type MessageTable = Readonly<Record<string, string>>
