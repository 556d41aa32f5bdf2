import { formatMinor } from '../../../../shared/money'
import { taxInvoicePaths } from '../../forms/tax-invoice'
import type { Account } from '../../../../shared/schemas/account'
import { BankTransferRequestSchema } from '../../../../shared/schemas/requests'
import { useCreateBankTransfer } from '../../api/hooks/money-movement'
import { MoneyOnConfirm } from '../../components/approval-hold'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { amountInput, amountRewrite } from '../../forms/amount'
import { useSchemaForm } from '../../forms/use-schema-form'
import { useMerchantReference, useSendRequest } from '../../forms/use-send-request'
import { PayoutQuote } from '../../components/payouts/payout-quote'
import { BANK_TRANSFER_BOUNDS, BeneficiaryFields, SenderFields, TransferFields } from './bank-transfer-fields'
import { initialBankTransfer, toBankTransferRequest } from './bank-transfer-values'
import { RecipientName, accountNameQuery } from '../../components/payouts/recipient-name'

const rewrite = amountRewrite(BANK_TRANSFER_BOUNDS)

/**
 * INSTANTBANK transfer from a payouts account (POST /v1/local-bank-transfer). Errors show while typing,
 * so the spec's limits (amount, narration length, reference pattern) are visible before sending.
 */
export function BankTransferForm({ accounts, onSent }: { accounts: readonly Account[]; onSent(transactionId: string): void }) {
  const transfer = useCreateBankTransfer()
  const [reference, renewReference] = useMerchantReference('bank')
  const form = useSchemaForm({
    initialValues: initialBankTransfer(accounts),
    schema: BankTransferRequestSchema,
    rewrite,
    validateOn: 'change',
    apiPaths: { bank: 'beneficiaryBankCode', ...taxInvoicePaths('sellerKraPin') },
    toRequest: (v) => toBankTransferRequest(v, reference),
  })
  const sender = accounts.find((a) => a.accountNo === form.values.senderAccountNo)
  const { pending, review, cancel, confirm } = useSendRequest(transfer, form, (transactionId) => {
    onSent(transactionId)
  }, renewReference)

  return (
    <form className="form" onSubmit={form.handleSubmit(review)} ref={form.formRef} noValidate aria-label="New bank transfer">
      {transfer.isError ? <ErrorNotice error={transfer.error} title="The transfer was refused" /> : null}
      <SenderFields form={form} accounts={accounts} />
      <BeneficiaryFields form={form} />
      <TransferFields form={form} reference={reference} />
      <PayoutQuote kind="bankTransfer" amountMinor={amountInput(form.values.amount).minor} account={sender} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={transfer.isPending}>Review transfer</button>
        <span className="form__note">Sent with an Idempotency-Key, which live keys require.</span>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Send this bank transfer?"
        confirmLabel={pending ? `Transfer KES ${formatMinor(pending.amount)}` : 'Transfer'}
        busy={transfer.isPending}
        onCancel={cancel}
        onConfirm={confirm}
      >
        {pending ? (
          <>
            <RecipientName query={accountNameQuery('instantbank', pending.beneficiaryAccountId ?? '', pending.beneficiaryBankCode)} />
            <p>KES {formatMinor(pending.amount)} to {pending.beneficiaryName}, {pending.beneficiaryBankName} account {pending.beneficiaryAccountId}, from {pending.senderAccountNo}.</p>
            <MoneyOnConfirm action="bank-transfer" amountMinor={pending.amount} reserved={null} />
          </>
        ) : null}
      </ConfirmDialog>
    </form>
  )
}
