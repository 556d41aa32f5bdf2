/** The API's field names as the console's labels say them, for messages read by shop staff. */
const WORDS: readonly [RegExp, string][] = [
  [/\bmerchantTransactionId\b/g, 'merchant reference'], [/\bphoneNumber\b/g, 'phone number'], [/\bbeneficiaryAccountId\b/g, 'account number'],
  [/ ?\(minor units\)/g, ''], [/\bminor units\b/g, 'cents'],
]
export const inShopWords = (message: string) => WORDS.reduce((text, [pattern, words]) => text.replace(pattern, words), message)
