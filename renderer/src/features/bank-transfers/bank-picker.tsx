import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import type { BankCode } from '../../../../shared/schemas/account'
import { useBankCodes } from '../../api/hooks/accounts'
import { ErrorNotice } from '../../components/error-notice'
import { errorSentence } from '../../forms/field-errors'
import { LoadingState } from '../../components/loading-state'
import { bankMatch } from './bank-short-names'

export interface BankPickerProps {
  value: BankCode | null
  onChange(bank: BankCode): void
  onBlur?(): void
  error?: string
}

interface BankListProps {
  id: string
  matches: readonly (BankCode & { shortName?: string | null })[]
  value: BankCode | null
  active: BankCode | undefined
  search: string
  optionId(bank: BankCode): string
  onChange(bank: BankCode): void
}

/** The banks matching what was typed, the chosen one ticked and the highlighted one marked. */
function BankList({ id, matches, value, active, search, optionId, onChange }: BankListProps) {
  return (
    <ul className="bank-picker__list" id={id} role="listbox" aria-label="Banks">
      {matches.map((bank) => (
        <li
          key={bank.bankCode}
          id={optionId(bank)}
          role="option"
          aria-selected={value?.bankCode === bank.bankCode}
          className={bank.bankCode === active?.bankCode ? 'bank-picker__option bank-picker__option--highlighted' : 'bank-picker__option'}
          // mousedown, not click: keeps focus in the search box so keyboard and mouse mix freely.
          onMouseDown={(event) => {
            event.preventDefault()
            onChange(bank)
          }}
        >
          <span>{value?.bankCode === bank.bankCode ? '✓ ' : ''}{bank.bankName}{bank.shortName ? <span className="bank-picker__short"> ({bank.shortName})</span> : null}</span>
          <span className="bank-picker__code">{bank.bankCode}</span>
        </li>
      ))}
      {matches.length === 0 ? <li className="bank-picker__option" aria-disabled="true">No bank matches “{search}”.</li> : null}
    </ul>
  )
}

/**
 * Searchable bank list (GET /v1/local-bank-codes?country=KE): a combobox whose list stays open, filtered
 * by the name people use (KCB, Equity, Co-op…), the full name or the code as you type. Arrow keys move,
 * Enter picks, and the choice is announced as selected. Nothing is highlighted until you type or move, so
 * no bank looks chosen before one is.
 */
export function BankPicker({ value, onChange, onBlur, error }: BankPickerProps) {
  const banks = useBankCodes('KE')
  const id = useId()
  const [search, setSearch] = useState('')
  const [highlight, setHighlight] = useState(-1)
  const matches = useMemo(() => (banks.data ?? []).flatMap((bank) => {
    const match = bankMatch(bank, search)
    return match ? [{ ...bank, shortName: match.shortName }] : []
  }), [banks.data, search])
  const active = highlight < 0 ? undefined : matches[Math.min(highlight, matches.length - 1)]

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setHighlight((current) => (current < 0 ? (step > 0 ? 0 : matches.length - 1) : Math.max(0, Math.min(matches.length - 1, Math.min(current, matches.length - 1) + step))))
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted bank instead of submitting the form.
      event.preventDefault()
      if (active) onChange(active)
    } else if (event.key === 'Escape') {
      setSearch('')
    }
  }

  if (banks.isPending) return <LoadingState compact label="Loading banks…" />
  if (banks.isError) return <ErrorNotice error={banks.error} title="Could not load the bank list" onRetry={() => void banks.refetch()} />

  const optionId = (bank: BankCode) => `${id}-bank-${bank.bankCode}`
  return (
    <div className={error ? 'field field--invalid field--wide bank-picker' : 'field field--wide bank-picker'}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={`${id}-search`}>Beneficiary bank<span className="field__required" aria-hidden="true"> *</span></label>
        <span className="field__counter" aria-live="polite">{matches.length} of {banks.data.length} banks</span>
      </div>
      <input
        id={`${id}-search`}
        className="input"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        aria-describedby={[error ? `${id}-error` : '', `${id}-selected`].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-required
        placeholder="KCB, Equity, Co-op… or a bank code"
        autoComplete="off"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value)
          setHighlight(event.target.value.trim() === '' ? -1 : 0)
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <BankList id={`${id}-list`} matches={matches} value={value} active={active} search={search} optionId={optionId} onChange={onChange} />
      <p className="field__hint" id={`${id}-selected`} data-testid="selected-bank">
        {value ? <>Selected: <strong>{value.bankName}</strong> (code {value.bankCode})</> : 'No bank selected yet.'}
      </p>
      {error ? <p className="field__error" id={`${id}-error`}>{errorSentence('Beneficiary bank', error)}</p> : null}
    </div>
  )
}
