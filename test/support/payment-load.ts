import { randomUUID } from 'node:crypto'

/**
 * A mixed payment load for crash and soak tests: charges, b2c, b2b, bank transfers and reversals of
 * earlier charges, some forced to fail, some too large for the float, half with an Idempotency-Key.
 * Workers follow the server across restarts (`target.url()` is null while it is down). A request that got
 * no answer is retried with the same key and body once the server is back, as a careful client would;
 * one without a key is counted as unknown (it may or may not have been committed).
 */
export type LoadKind = 'charge' | 'b2c' | 'b2b' | 'bank' | 'reversal'

export interface AcceptedRequest {
  kind: LoadKind
  transactionId: string
  merchantTransactionId: string | null
  /** The answer came on a retry after the first attempt got no answer (the server died mid-request). */
  retried: boolean
}

export interface LoadTarget {
  url(): string | null
  /** Resolves when the server is up again (immediately if it is). */
  up(): Promise<void>
}

export interface LoadOptions {
  apiKey: string
  payoutsAccountNo: string
  /** Each request names one of these (several endpoints: the dispatcher allows 2 attempts in flight per endpoint). */
  webhookUrls: string[]
  workers: number
  pauseMs: number
}

const PATHS: Record<LoadKind, string> = {
  charge: '/v1/mobile/charge', b2c: '/v1/mobile/b2c', b2b: '/v1/mobile/b2b', bank: '/v1/local-bank-transfer', reversal: '/v1/mobile/reverse',
}

export function createPaymentLoad(target: LoadTarget, options: LoadOptions) {
  const accepted: AcceptedRequest[] = []
  const statuses = new Map<number, number>()
  /** Answers to requests that were retried after getting no answer the first time. */
  const retriedAnswers: { kind: LoadKind; status: number }[] = []
  const charges: { id: string; at: number }[] = []
  let unknown = 0
  let sequence = 0
  let running = false
  let workers: Promise<void>[] = []

  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
  const chance = (p: number) => Math.random() < p

  function nextRequest(): { kind: LoadKind; body: Record<string, unknown> } | null {
    const roll = Math.random()
    const kind: LoadKind = roll < 0.35 ? 'charge' : roll < 0.55 ? 'b2c' : roll < 0.7 ? 'b2b' : roll < 0.85 ? 'bank' : 'reversal'
    const webhookUrl = pick(options.webhookUrls)
    const reference = `load-${process.pid}-${++sequence}`
    const forceStatus = chance(0.1) ? { forceStatus: 'failed' } : {}
    const amount = 1_000 + 100 * Math.floor(Math.random() * 2_000)
    switch (kind) {
      case 'charge':
        return { kind, body: { phoneNumber: chance(0.05) ? '254700000001' : '0712345678', amount, merchantTransactionId: reference, webhookUrl, ...forceStatus } }
      case 'b2c':
        return { kind, body: { phoneNumber: '0712345678', amount, merchantTransactionId: reference, webhookUrl, ...forceStatus } }
      case 'b2b':
        return { kind, body: { merchantTransactionId: reference, amount, accountNumber: '123456', accountNumberType: 'till', webhookUrl, ...forceStatus } }
      case 'bank':
        return {
          kind,
          body: {
            merchantTransactionId: reference, senderAccountNo: options.payoutsAccountNo, senderAddress: '1 Moi Avenue', beneficiaryBankCode: '01',
            beneficiaryBankName: 'KCB', beneficiaryAccountId: '1234567890', beneficiaryAccountCcy: 'KES', beneficiaryName: 'Jane',
            // Now and then more than the whole float: refused at creation (202, rejected, transaction.creation_failed).
            amount: chance(0.05) ? 90_000_000 : amount, narration: 'load', paymentChannel: 'INSTANTBANK', webhookUrl, ...forceStatus,
          },
        }
      case 'reversal': {
        // Charges accepted a while ago have most likely completed (the fast simulator answers within 3 s).
        const ripe = charges.filter((c) => Date.now() - c.at > 3_500)
        if (ripe.length === 0) return null
        return { kind, body: { transactionId: pick(ripe).id, webhookUrl, ...forceStatus } }
      }
    }
  }

  async function send(kind: LoadKind, body: Record<string, unknown>, idempotencyKey: string | undefined): Promise<Response | null> {
    await target.up()
    const url = target.url()
    if (url === null) return null
    try {
      return await fetch(url + PATHS[kind], {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
    } catch {
      return null
    }
  }

  async function worker(): Promise<void> {
    while (running) {
      const request = nextRequest()
      if (request) {
        const key = chance(0.5) ? randomUUID() : undefined
        let response = await send(request.kind, request.body, key)
        let retried = false
        // No answer: the server died mid-request. With a key, ask again until answered (the key makes it safe).
        while (response === null && key !== undefined) {
          retried = true
          await new Promise((resolve) => setTimeout(resolve, 50))
          response = await send(request.kind, request.body, key)
        }
        if (response === null) unknown++
        else {
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          if (retried) retriedAnswers.push({ kind: request.kind, status: response.status })
          const body = (await response.json().catch(() => null)) as { data?: { transactionId?: string } } | null
          const transactionId = body?.data?.transactionId
          if (response.status === 202 && transactionId) {
            accepted.push({ kind: request.kind, transactionId, merchantTransactionId: (request.body['merchantTransactionId'] as string | undefined) ?? null, retried })
            if (request.kind === 'charge') charges.push({ id: transactionId, at: Date.now() })
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs))
    }
  }

  return {
    accepted,
    statuses,
    retriedAnswers,
    unknown: () => unknown,
    start(): void {
      running = true
      workers = Array.from({ length: options.workers }, () => worker())
    },
    /** Stops issuing new requests and waits for those in flight (and their retries) to be answered. */
    async stop(): Promise<void> {
      running = false
      await Promise.all(workers)
    },
  }
}
