import type { DoctorCheck } from '../../../shared/schemas/faults'
import { createIds, type Ids } from '../core/ids'
import { STALE_BY_SECONDS, tamperBody } from '../faults/webhook-faults'
import { signatureHeaders } from '../webhooks/signing'
import { sampleEvent, unknownTypeEvent, type SampleEvent } from './sample-events'

/** One request of the battery and how a ready receiver answers it (docs/webhooks.md "Test your receiver"). */
export interface Probe {
  id: string
  title: string
  /** What was sent, in a line. */
  sent: string
  headers: Record<string, string>
  body: string
  /** accept: a 2xx is right; refuse: anything but a 2xx is right. */
  expect: 'accept' | 'refuse'
  /** One line of advice when the answer is wrong. */
  advice: string
}

function signed(event: SampleEvent, secrets: string[], timestampSeconds: number): Record<string, string> {
  return signatureHeaders({ eventId: event.id, timestampSeconds, body: event.body, secrets })
}

/** The events of one battery, made in the order they are sent (each with a fresh id). */
interface BatteryEvents {
  t: number
  secret: string
  otherSecret: string
  valid: SampleEvent
  tampered: SampleEvent
  wrongSecret: SampleEvent
  unsigned: SampleEvent
  stale: SampleEvent
  future: SampleEvent
  rotation: SampleEvent
  unknown: SampleEvent
  balance: SampleEvent
  failure: SampleEvent
}

/** Signatures: the valid event, its duplicate, and what a receiver must refuse. */
function signatureProbes(e: BatteryEvents): Probe[] {
  const { t, secret, otherSecret, valid, tampered, wrongSecret, unsigned, stale } = e
  return [
    {
      id: 'valid', title: 'Valid signed event (both header schemes)', sent: `transaction.succeeded ${valid.id}, signed with your secret`,
      headers: signed(valid, [secret], t), body: valid.body, expect: 'accept',
      advice: 'Acknowledge a correctly signed event with a 2xx within 10 s; verify the signature over the raw body with this secret.',
    },
    {
      id: 'duplicate', title: 'The same event id again', sent: `transaction.succeeded ${valid.id} again (same id and body)`,
      headers: signed(valid, [secret], t), body: valid.body, expect: 'accept',
      advice: 'Answer 2xx to an event id you already processed (providers redeliver); de-duplicate by id and process once.',
    },
    {
      id: 'tampered', title: 'Body changed after signing', sent: `payout.succeeded ${tampered.id} with one byte changed after signing`,
      headers: signed(tampered, [secret], t), body: tamperBody(tampered.body), expect: 'refuse',
      advice: 'Verify the HMAC over the exact raw bytes received and refuse (4xx) when it does not match.',
    },
    {
      id: 'wrong-secret', title: 'Signed with another secret', sent: `transaction.succeeded ${wrongSecret.id} signed with a secret that is not yours`,
      headers: signed(wrongSecret, [otherSecret], t), body: wrongSecret.body, expect: 'refuse',
      advice: 'Refuse events whose signature does not verify with your secret; anyone can POST to your URL.',
    },
    {
      id: 'unsigned', title: 'No signature headers', sent: `transaction.succeeded ${unsigned.id} without any signature header`,
      headers: {}, body: unsigned.body, expect: 'refuse',
      advice: 'A request without signature headers is not from Paydesk: refuse it.',
    },
    {
      id: 'stale', title: 'Timestamp 6 minutes old', sent: `transaction.succeeded ${stale.id} signed with a timestamp 6 minutes in the past`,
      headers: signed(stale, [secret], t - STALE_BY_SECONDS), body: stale.body, expect: 'refuse',
      advice: 'Refuse timestamps more than 5 minutes from your clock (replay protection); the standardwebhooks library does.',
    },
  ]
}

/** Time, rotation and shapes a receiver must take in its stride. */
function toleranceProbes(e: BatteryEvents): Probe[] {
  const { t, secret, otherSecret, future, rotation, unknown, balance, failure } = e
  return [
    {
      id: 'future', title: 'Timestamp 6 minutes ahead', sent: `transaction.succeeded ${future.id} signed with a timestamp 6 minutes in the future`,
      headers: signed(future, [secret], t + STALE_BY_SECONDS), body: future.body, expect: 'refuse',
      advice: 'Check the timestamp in both directions (|now - t| <= 5 minutes), not only for age.',
    },
    {
      id: 'rotation', title: 'Two v1 signatures, the valid one second (rotation)', sent: `payout.succeeded ${rotation.id} with v1 signatures of another secret, then yours`,
      headers: signed(rotation, [otherSecret, secret], t), body: rotation.body, expect: 'accept',
      advice: 'During a secret rotation every v1 signature is sent: accept when any of them verifies, not only the first.',
    },
    {
      id: 'unknown-type', title: 'An event type it has never seen', sent: `${unknown.type} ${unknown.id}, correctly signed`,
      headers: signed(unknown, [secret], t), body: unknown.body, expect: 'accept',
      advice: 'Answer 2xx to event types you do not handle and ignore them; a 4xx/5xx makes the provider retry for a day.',
    },
    {
      id: 'balance-updated', title: 'balance.updated (no transaction in it)', sent: `balance.updated ${balance.id}, correctly signed`,
      headers: signed(balance, [secret], t), body: balance.body, expect: 'accept',
      advice: 'balance.updated carries a balance, not a transaction: do not assume data.id or data.status exist.',
    },
    {
      id: 'failure-event', title: 'A failure event (transaction.failed with error)', sent: `transaction.failed ${failure.id} with error 1032, correctly signed`,
      headers: signed(failure, [secret], t), body: failure.body, expect: 'accept',
      advice: 'Acknowledge failure events (2xx) and read error.code / error.message; failures are normal results.',
    },
  ]
}

/**
 * The battery, in the order it is sent. Built fresh per run (new event ids), signed with the engine's own
 * signing code; `otherSecret` is a secret that is not the endpoint's.
 */
export function doctorBattery(secret: string, now: number, ids: Ids = createIds(() => now)): Probe[] {
  const otherSecret = ids.webhookSecret()
  const valid = sampleEvent('transaction.succeeded', { now, ids, doctor: true })
  const probe = (type: Parameters<typeof sampleEvent>[0]) => sampleEvent(type, { now, ids, doctor: true })
  const events: BatteryEvents = {
    t: Math.floor(now / 1000), secret, otherSecret, valid,
    tampered: probe('payout.succeeded'), wrongSecret: probe('transaction.succeeded'), unsigned: probe('transaction.succeeded'),
    stale: probe('transaction.succeeded'), future: probe('transaction.succeeded'), rotation: probe('payout.succeeded'),
    unknown: unknownTypeEvent(now, ids), balance: probe('balance.updated'), failure: sampleEvent('transaction.failed', { now, ids, doctor: true, code: '1032' }),
  }
  return [...signatureProbes(events), ...toleranceProbes(events)]
}

/** Grades one answer: status null means no answer (timeout, refused, reset). */
export function gradeProbe(probe: Probe, status: number | null): DoctorCheck['result'] {
  const accepted = status !== null && status >= 200 && status < 300
  if (status === null) return 'fail'
  return (probe.expect === 'accept') === accepted ? 'pass' : 'fail'
}

/** Latency over the battery: median and worst; warn above this. */
export const SLOW_RECEIVER_MS = 5_000

export function latencyCheck(durations: number[]): DoctorCheck {
  const sorted = [...durations].sort((a, b) => a - b)
  const median = sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!
  const worst = sorted.length === 0 ? 0 : sorted[sorted.length - 1]!
  const slow = worst > SLOW_RECEIVER_MS
  if (durations.length === 0) {
    return {
      id: 'latency', title: 'Latency over the battery', result: 'warn', status: null, sent: '0 answers', received: null, durationMs: null,
      advice: 'Nothing answered, so there is no latency to measure.',
    }
  }
  return {
    id: 'latency', title: 'Latency over the battery', result: slow ? 'warn' : 'pass', status: null,
    sent: `${durations.length} requests`, received: `median ${median} ms, worst ${worst} ms`, durationMs: worst,
    advice: slow
      ? 'Answer within a second or two: acknowledge first (store the event), then do slow work in the background; 10 s is a failed attempt.'
      : 'Answers are quick.',
  }
}
