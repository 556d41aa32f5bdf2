import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useSearch } from '../../api/hooks/support'
import { navigate } from '../../app/router'
import { enterTarget, searchOptions, type SearchOption } from './search-options'
import { SearchOptionView } from './search-option-view'
import './search.css'

const DEBOUNCE_MS = 150

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * The search field of the top bar (an ARIA combobox): type an id, reference, receipt, phone, amount or
 * words; results drop down grouped by what matched. Arrows move, Enter opens the highlighted result, or
 * without one the single exact match (else the results page). "/" anywhere focuses it.
 */
export function SearchBox() {
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  const [value, setValue] = useState('')
  const [typed, setTyped] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [enterPending, setEnterPending] = useState(false)
  const search = useSearch(typed)
  const current = search.data && search.data.query === typed.trim() && !search.isPlaceholderData ? search.data : undefined
  const options = useMemo(() => (search.data ? searchOptions(search.data, true) : []), [search.data])

  useEffect(() => {
    const timer = setTimeout(() => setTyped(value), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value])

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return
      event.preventDefault()
      inputRef.current?.focus()
      inputRef.current?.select()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  const go = (to: string) => {
    setOpen(false)
    setActive(-1)
    setValue('')
    setTyped('')
    setEnterPending(false)
    inputRef.current?.blur()
    navigate(to)
  }

  // Enter pressed before the answer for what was typed arrived: act as soon as it does.
  useEffect(() => {
    if (!enterPending || !current) return
    const target = enterTarget(current)
    if (target) go(target)
    else {
      setEnterPending(false)
      setOpen(true)
    }
  }, [enterPending, current])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
      else if (value.trim() !== '') {
        setTyped(value)
        setEnterPending(true)
      }
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  const showList = open && value.trim() !== ''
  const empty = search.data !== undefined && search.data.groups.length === 0 && search.data.query === typed.trim()
  let lastGroup = ''
  return (
    <div className="search-box">
      <label className="visually-hidden" htmlFor={`${listId}-input`}>Search</label>
      <input
        ref={inputRef} id={`${listId}-input`} className="input search-box__input" type="search" value={value} autoComplete="off" spellCheck={false}
        placeholder="Search receipt, phone, amount, reference…  ( / )" role="combobox" aria-expanded={showList} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined} aria-keyshortcuts="/"
        onChange={(event) => { setValue(event.target.value); setOpen(true); setActive(-1); setEnterPending(false) }}
        onFocus={() => setOpen(true)} onBlur={() => setOpen(false)} onKeyDown={onKeyDown}
      />
      <div className="search-box__popup" hidden={!showList}>
        <ul id={listId} role="listbox" aria-label="Search results" className="search-results">
          {options.map((option, index) => {
            const header = option.group !== lastGroup && option.group !== '' ? option.group : null
            lastGroup = option.group
            return (
              <li key={option.key} role="presentation">
                {header ? <p className="search-results__group" aria-hidden="true">{header}</p> : null}
                <div
                  id={`${listId}-${index}`} role="option" aria-selected={index === active}
                  className={index === active ? 'search-option search-option--active' : 'search-option'}
                  onMouseDown={(event) => event.preventDefault()} onClick={() => go(option.to)} onMouseEnter={() => setActive(index)}
                >
                  <SearchOptionView option={option} />
                </div>
              </li>
            )
          })}
        </ul>
        {search.isFetching && options.length === 0 ? <p className="search-results__note" role="status">Searching…</p> : null}
        {empty ? <p className="search-results__note" role="status">No transaction matches “{typed.trim()}”.</p> : null}
        {search.isError ? <p className="search-results__note search-results__note--error" role="alert">{search.error.message}</p> : null}
      </div>
    </div>
  )
}
