import { useState } from 'react'
import { generateMerchantReference, newIdempotencyKey } from '../lib/ids'

/** The merchant reference shown as placeholder and used when the field is left empty, and a way to draw a fresh one. */
export function useMerchantReference(prefix: string): [reference: string, renew: () => void] {
  const [reference, setReference] = useState(() => generateMerchantReference(prefix))
  return [reference, () => setReference(generateMerchantReference(prefix))]
}

interface SendMutation<Body> {
  mutate(input: { body: Body; idempotencyKey: string }, callbacks: { onSuccess(accepted: { transactionId: string }): void; onError(error: unknown): void }): void
}

/**
 * Sends a money-moving form's request with a fresh Idempotency-Key. Accepted: `onAccepted` gets the
 * transaction id and the form resets; refused: the API error shows under the field it names. For a
 * confirmation first, `review(body)` holds the request in `pending` (the dialog is open while it is set),
 * `confirm()` sends it and `cancel()` drops it; a send closes the dialog whatever the answer.
 */
export function useSendRequest<Body>(mutation: SendMutation<Body>, form: { reset(): void; setApiError(error: unknown): void }, onAccepted: (transactionId: string) => void) {
  const [pending, setPending] = useState<Body | null>(null)
  const send = (body: Body) => {
    mutation.mutate({ body, idempotencyKey: newIdempotencyKey() }, {
      onSuccess: (accepted) => {
        setPending(null)
        onAccepted(accepted.transactionId)
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
