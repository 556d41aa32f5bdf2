import { useEffect, useState } from 'react'

/** Copies a value (id, URL, key prefix) and says so, visually and to screen readers. */
export function CopyButton({ value, label = 'Copy', className }: { value: string; label?: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2_000)
    return () => clearTimeout(timer)
  }, [state])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      // Clipboard access can be refused (permissions, insecure context); say so rather than fail silently.
      setState('failed')
    }
  }
  return (
    <button type="button" className={['button button--ghost button--small', className].filter(Boolean).join(' ')} onClick={() => void copy()} aria-label={`${label}: ${value}`}>
      <span aria-hidden="true">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
      <span className="visually-hidden" role="status">{state === 'copied' ? 'Copied to clipboard' : state === 'failed' ? 'Could not copy' : ''}</span>
    </button>
  )
}
