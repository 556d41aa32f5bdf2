import { useState } from 'react'
import { isHeldForApproval } from '../../../shared/schemas/team'
import { generateMerchantReference, newIdempotencyKey } from '../lib/ids'
import { useHeldRequestStore } from '../stores/held-request-store'

/** The merchant reference shown as placeholder and used when the field is left empty, and a way to draw a fresh one. */
export function useMerchantReference(prefix: string): [reference: string, renew: () => void] {
  const [reference, setReference] = useState(() => generateMerchantReference(prefix))
  return [reference, () => setReference(generateMerchantReference(prefix))]
}

interface SendMutation<Body> {
  mutate(input: { body: Body; idempotencyKey: string }, callbacks: { onSuccess(accepted: { transactionId: string } | object): void; onError(error: unknown): void }): void
}

/**
 * Sends a money-moving form's request with a fresh Idempotency-Key. Accepted: `onAccepted` gets the
 * transaction id and the form resets; refused: the API error shows under the field it names. For a
 * confirmation first, `review(body)` holds the request in `pending` (the dialog is open while it is set),
 * `confirm()` sends it and `cancel()` drops it; a send closes the dialog whatever the answer. A request the
 * approval policy held (202 with data.approval) resets the form too, and the console says "Sent for approval".
 * `renewReference` runs after either: a held request holds its merchantTransactionId as a sent one does.
 */
export function useSendRequest<Body>(
  mutation: SendMutation<Body>, form: { reset(): void; setApiError(error: unknown): void }, onAccepted: (transactionId: string) => void, renewReference?: () => void,
) {
  const [pending, setPending] = useState<Body | null>(null)
  const setHeld = useHeldRequestStore((state) => state.set)
  const send = (body: Body) => {
    mutation.mutate({ body, idempotencyKey: newIdempotencyKey() }, {
      onSuccess: (accepted) => {
        setPending(null)
        if (isHeldForApproval(accepted)) setHeld(accepted.approval)
        else if ('transactionId' in accepted) onAccepted(accepted.transactionId)
        renewReference?.()
        form.reset()
      },
      onError: (apiError) => {
        setPending(null)
        form.setApiError(apiError)
      },
    })
  }
  return {
    send,
    pending,
    review: (body: Body) => setPending(body),
    cancel: () => setPending(null),
    confirm: () => {
      if (pending) send(pending)
    },
  }
}
