import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** Changing this (e.g. the route path) clears a caught error, so navigating away recovers. */
  resetKey?: unknown
}

interface State {
  error: Error | null
}

/**
 * Catches render errors of a screen so one broken screen never blanks the console: the sidebar stays,
 * the error is shown with a way out. API errors are handled by screens; this is for bugs.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null })
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[paydesk console] screen crashed:', error, info.componentStack)
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children
    return (
      <div className="notice notice--error" role="alert">
        <p className="notice__title">This screen failed to render</p>
        <p className="notice__message">{this.state.error.message}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => this.setState({ error: null })}>Try again</button>
      </div>
    )
  }
}
