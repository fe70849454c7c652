// All of Mantine's styles, loaded once the public page is drawn: what a drawer, the chat or a page
// opened later needs beyond public-styles.css. Layered, as there (decision 034).
import '@mantine/core/styles.layer.css'
