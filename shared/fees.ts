import type { FeeTariff } from './schemas/fees'

/**
 * The fee rules, pure and shared: the engine charges with them and the console shows the same figure
 * before a payout is sent (the renderer may not import the engine, so the rules live here).
 *
 * Default tariff, modelled on Safaricom's public M-Pesa bands (docs/fees.md has the table):
 * Lipa na M-Pesa merchants pay 0.55% capped at KES 200 on collections; business payouts pay a flat fee per band.
 */
export const DEFAULT_TARIFF: FeeTariff = {
  charge: { basisPoints: 55, maxFeeMinor: 20_000 },
  b2c: [
    { upToMinor: 10_000, feeMinor: 0 },
    { upToMinor: 150_000, feeMinor: 500 },
    { upToMinor: 500_000, feeMinor: 900 },
    { upToMinor: 2_000_000, feeMinor: 1_100 },
    { upToMinor: 15_000_000, feeMinor: 1_300 },
  ],
  b2b: [
    { upToMinor: 100_000, feeMinor: 1_500 },
    { upToMinor: 1_000_000, feeMinor: 3_000 },
    { upToMinor: 15_000_000, feeMinor: 5_000 },
  ],
  bankTransfer: [
    { upToMinor: 1_000_000, feeMinor: 2_500 },
    { upToMinor: 10_000_000, feeMinor: 5_000 },
    { upToMinor: 100_000_000, feeMinor: 10_000 },
  ],
}

export type FeeKind = 'charge' | 'b2c' | 'b2b' | 'bankTransfer'

/** Fee in minor units. Percentages round half up in integer arithmetic; amounts past the last band pay its fee. */
export function computeFee(tariff: FeeTariff, kind: FeeKind, amountMinor: number): number {
  if (kind === 'charge') {
    const fee = Math.floor((amountMinor * tariff.charge.basisPoints + 5_000) / 10_000)
    return Math.min(fee, tariff.charge.maxFeeMinor, amountMinor)
  }
  const bands = tariff[kind]
  const band = bands.find((b) => amountMinor <= b.upToMinor) ?? bands[bands.length - 1]!
  return band.feeMinor
}
