import { bootApp } from './boot'

// index.html's script: every page but the first-visit ones, which public.html serves (decision 034).
await bootApp()
