import type { Account } from '../../../../shared/schemas/account'
import { DEFAULT_TARIFF, computeFee, type FeeKind } from '../../../../shared/fees'
import { useFeeTariff } from '../../api/hooks/simulator'
import { Money } from '../money'

/** The account a payout draws from when none is named: the default payouts account outside any shortcode. */
export function defaultPayoutsAccount(accounts: readonly Account[] | undefined): Account | undefined {
  return accounts?.find((a) => a.type === 'payouts' && a.default && a.shortcodeId === null) ?? accounts?.find((a) => a.type === 'payouts')
}

/**
 * What a payout will cost before it is sent: amount + fee, from the organization's tariff
 * (console.fees.get) and the same computeFee the engine charges with (shared/fees.ts). If the tariff
 * cannot be read, the default tariff is used and the quote says so. The engine reserves amount + fee
 * from the float, and rejects the payout when the float cannot cover it, so that is checked too.
 */
export function PayoutQuote({ kind, amountMinor, account }: { kind: Exclude<FeeKind, 'charge'>; amountMinor: number | undefined; account: Account | undefined }) {
  const tariff = useFeeTariff()
  const fee = amountMinor !== undefined ? computeFee(tariff.data ?? DEFAULT_TARIFF, kind, amountMinor) : undefined
  const total = amountMinor !== undefined && fee !== undefined ? amountMinor + fee : undefined
  const short = total !== undefined && account !== undefined && total > account.available
  return (
    <dl className="quote" aria-label="Cost of this payout" data-testid="payout-quote">
      <dt>Amount</dt><dd><Money minor={amountMinor} /></dd>
      <dt>Fee{tariff.isError ? ' (default tariff)' : ''}</dt><dd data-testid="quote-fee"><Money minor={fee} /></dd>
      <dt className="quote__total">Total from the float</dt><dd className="quote__total" data-testid="quote-total"><Money minor={total} /></dd>
      <dt>Float available{account ? ` (${account.accountNo})` : ''}</dt><dd><Money minor={account?.available} /></dd>
      {short ? <p className="quote__warning" role="alert">The float cannot cover amount + fee: the payout would be rejected. Top up the payouts account first.</p> : null}
    </dl>
  )
}
