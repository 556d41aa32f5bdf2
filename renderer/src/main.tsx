import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { adoptTokenFromUrl } from './api/console-token'
import { App } from './app/app'
import './styles.css'

// Before anything renders: move ?token= from the address bar into this tab's storage.
adoptTokenFromUrl()

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks <div id="root">')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
