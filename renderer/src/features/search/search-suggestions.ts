/** What a support agent can type when a search found nothing (the search box and the results page say it). */
export const SEARCH_SUGGESTIONS: readonly string[] = [
  'the M-PESA receipt as the customer reads it (any case; O for 0 is fine), e.g. TKL3AB9XYZ',
  'the phone number in any spelling, e.g. 0712 345 678, alone or with an amount: 0712 345 678 1500',
  'an amount with its day, e.g. 1,500 yesterday, 1500 26/11 or 1500 27 Nov',
  'the merchant reference or Paydesk transaction id (txn_…)',
  'words from the narration, e.g. school fees',
]
