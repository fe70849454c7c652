/** What the opener fills in: a card's address or number, a shared home's subject and link. */
export type SendPrefill = {
  subject?: string
  message?: string
  /** Numbers as given (E.164 or typed); the valid ones become chips. */
  phones?: readonly string[]
  emails?: readonly string[]
  /** The listing the message is about (recorded with it). */
  propertyId?: string
}
