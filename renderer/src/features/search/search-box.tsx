import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import type { SearchResult } from '../../../../shared/schemas/console-support'
import { useSearch } from '../../api/hooks/support'
import { navigate } from '../../lib/router'
import { enterTarget, searchOptions, type SearchOption } from '../../lib/search-options'
import { SearchOptionView } from './search-option-view'
import { SEARCH_SUGGESTIONS } from './search-suggestions'
import './search.css'

const DEBOUNCE_MS = 150

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** "/" anywhere outside a text field focuses the search. */
function useSlashShortcut(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return
      event.preventDefault()
      input.current?.focus()
      input.current?.select()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [input])
}

/** The answer for exactly what is in the field now; never an older query's results under its old headings. */
function useCurrentResult(value: string) {
  const [typed, setTyped] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setTyped(value), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value])
  const search = useSearch(typed)
  const current: SearchResult | undefined = search.data && !search.isPlaceholderData && search.data.query === value.trim() ? search.data : undefined
  const options = useMemo(() => (current ? searchOptions(current, true) : []), [current])
  return { search, current, options, settle: () => setTyped(value) }
}

interface SearchKeys {
  options: readonly SearchOption[]
  active: number
  typed: boolean
  setOpen(open: boolean): void
  setActive(update: (index: number) => number): void
  go(to: string): void
  /** Enter with nothing highlighted: open what the answer for the words typed points to, once it arrives. */
  enter(): void
}

/** Arrows move (wrapping), Enter opens, Esc closes the suggestions only. */
function searchKeys({ options, active, typed, setOpen, setActive, go, enter }: SearchKeys) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      // Wraps around both ends; nothing highlighted (-1) counts as just before the first option.
      setActive((index) => (index < 0 && step < 0 ? options.length - 1 : (index + step + options.length) % options.length))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const option: SearchOption | undefined = active >= 0 ? options[active] : undefined
      if (option) go(option.to)
      else if (typed) enter()
    } else if (event.key === 'Escape') {
      // A search field clears itself on Escape; here Escape only closes the suggestions.
      event.preventDefault()
      setOpen(false)
      setActive(() => -1)
    }
  }
}

/**
 * The search field of the top bar (an ARIA combobox): type an id, reference, receipt, phone, amount or
 * words; results drop down grouped by what matched. Arrows move, Enter opens the highlighted result, or
 * without one the single exact match (else the results page). When nothing matches it says so and what to
 * try. Esc closes the suggestions and keeps the query. "/" anywhere focuses it.
 */
export function SearchBox() {
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  const [value, setValue] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [enterPending, setEnterPending] = useState(false)
  const { search, current, options, settle } = useCurrentResult(value)
  useSlashShortcut(inputRef)

  const go = (to: string) => {
    setOpen(false)
    setActive(-1)
    setValue('')
    setEnterPending(false)
    inputRef.current?.blur()
    navigate(to)
  }

  // Enter pressed before the answer for what was typed arrived: act as soon as it does.
  useEffect(() => {
    if (!enterPending || !current) return
    const target = enterTarget(current)
    setEnterPending(false)
    if (target) go(target)
    else setOpen(true)
  }, [enterPending, current])

  const onKeyDown = searchKeys({ options, active, typed: value.trim() !== '', setOpen, setActive, go, enter: () => { settle(); setOpen(true); setEnterPending(true) } })

  const showList = open && value.trim() !== ''
  return (
    <div className="search-box">
      <label className="visually-hidden" htmlFor={`${listId}-input`}>Search</label>
      <input
        ref={inputRef} id={`${listId}-input`} className="input search-box__input" type="search" value={value} autoComplete="off" spellCheck={false}
        placeholder="Search receipt, phone, amount…" role="combobox" aria-expanded={showList} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined} aria-keyshortcuts="/"
        onChange={(event) => { setValue(event.target.value); setOpen(true); setActive(-1); setEnterPending(false) }}
        onFocus={() => setOpen(true)} onBlur={() => setOpen(false)} onKeyDown={onKeyDown}
      />
      <kbd className="search-box__key" aria-hidden="true" title="Press / to search from anywhere">/</kbd>
      <div className="search-box__popup" hidden={!showList}>
        <ul id={listId} role="listbox" aria-label="Search results" className="search-results">
          <SearchOptions options={options} active={active} listId={listId} onChoose={go} onHover={setActive} />
        </ul>
        <SearchNotes query={value.trim()} current={current} searching={search.isFetching || (current === undefined && !search.isError)} error={search.isError ? search.error.message : null} />
      </div>
    </div>
  )
}

function SearchOptions({ options, active, listId, onChoose, onHover }: {
  options: readonly SearchOption[]; active: number; listId: string; onChoose(to: string): void; onHover(index: number): void
}) {
  let lastGroup = ''
  return options.map((option, index) => {
    const header = option.group !== lastGroup && option.group !== '' ? option.group : null
    lastGroup = option.group
    return (
      <li key={option.key} role="presentation">
        {header ? <p className="search-results__group" aria-hidden="true">{header}</p> : null}
        <div
          id={`${listId}-${index}`} role="option" aria-selected={index === active}
          className={index === active ? 'search-option search-option--active' : 'search-option'}
          onMouseDown={(event) => event.preventDefault()} onClick={() => onChoose(option.to)} onMouseEnter={() => onHover(index)}
        >
          <SearchOptionView option={option} />
        </div>
      </li>
    )
  })
}

/** Under the results: searching, nothing matched (with what to try), or the error. */
function SearchNotes({ query, current, searching, error }: { query: string; current: SearchResult | undefined; searching: boolean; error: string | null }) {
  if (error) return <p className="search-results__note search-results__note--error" role="alert">{error}</p>
  if (current && current.groups.length === 0) {
    return (
      <div className="search-results__note" role="status" data-testid="search-nothing">
        <p>No transaction matches “{query}”.</p>
        <p>Try:</p>
        <ul className="search-results__tips">{SEARCH_SUGGESTIONS.map((tip) => <li key={tip}>{tip}</li>)}</ul>
      </div>
    )
  }
  return searching && !current ? <p className="search-results__note" role="status">Searching…</p> : null
}
