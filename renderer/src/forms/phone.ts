import { PhoneNumberSchema } from '../../../shared/schemas/common'

const SEPARATORS = /[\s().-]/g

/**
 * A phone number as people write it -> the spelling sent to the API: spaces, dots, dashes and brackets
 * dropped ("0712 345 678", "+254 (712) 345-678"), a dropped leading 0 restored ("712 345 678"). What is
 * still not a Kenyan mobile number is sent as typed, so the API's own schema words the refusal.
 */
export function phoneForRequest(text: string): string {
  const compact = text.trim().replace(SEPARATORS, '')
  return /^[71]\d{8}$/.test(compact) ? `0${compact}` : compact
}

/** The number the API will use (+254XXXXXXXXX), or null while the text is not one yet. */
export function phoneToUse(text: string): string | null {
  const parsed = PhoneNumberSchema.safeParse(phoneForRequest(text))
  return parsed.success ? parsed.data : null
}
