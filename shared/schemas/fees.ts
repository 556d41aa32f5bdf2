import { z } from 'zod'

/** A fee band: amounts up to and including `upToMinor` pay `feeMinor`. */
export const FeeBandSchema = z.strictObject({
  upToMinor: z.number().int().positive(),
  feeMinor: z.number().int().nonnegative(),
})

const BandsSchema = z
  .array(FeeBandSchema)
  .min(1)
  .refine((bands) => bands.every((band, i) => i === 0 || band.upToMinor > bands[i - 1]!.upToMinor), 'bands must be in increasing order of upToMinor')

/** Per-organization tariff. Charges pay a percentage with a cap; payouts pay by band. */
export const FeeTariffSchema = z.strictObject({
  charge: z.strictObject({
    basisPoints: z.number().int().min(0).max(10_000),
    maxFeeMinor: z.number().int().nonnegative(),
  }),
  b2c: BandsSchema,
  b2b: BandsSchema,
  bankTransfer: BandsSchema,
})
export type FeeTariff = z.infer<typeof FeeTariffSchema>
