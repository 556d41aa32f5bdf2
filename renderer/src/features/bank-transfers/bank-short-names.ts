/**
 * The names Kenyans call banks by, by Central Bank of Kenya code (the list's names are the legal ones:
 * nobody types "Kenya Commercial Bank" for KCB). The bank picker matches them as well as the full name.
 */
export const BANK_SHORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  '01': ['KCB'],
  '02': ['StanChart', 'SCB', 'Standard Chartered'],
  '03': ['Absa', 'Barclays'],
  '07': ['NCBA', 'CBA', 'NIC'],
  '11': ['Co-op', 'Coop', 'Co-operative'],
  '12': ['NBK', 'National Bank'],
  '16': ['Citi'],
  '19': ['BOA'],
  '31': ['Stanbic', 'CfC'],
  '35': ['ABC Bank'],
  '43': ['Ecobank'],
  '53': ['GTBank', 'GTB'],
  '54': ['VCB'],
  '57': ['I&M', 'I and M', 'IM Bank'],
  '59': ['DBK'],
  '61': ['HF', 'HFC', 'Housing Finance'],
  '63': ['DTB', 'Diamond Trust'],
  '66': ['Sidian'],
  '68': ['Equity'],
  '70': ['Family'],
  '72': ['GAB'],
  '74': ['FCB'],
  '75': ['DIB'],
  '76': ['UBA'],
  '78': ['KWFT'],
}

const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9&]/g, '')

/** How a bank matches what was typed: by a short name (returned, to show it), its name or its code; null when it does not. */
export function bankMatch(bank: { bankCode: string; bankName: string }, typed: string): { shortName: string | null } | null {
  const term = plain(typed)
  if (term === '') return { shortName: null }
  const shortName = (BANK_SHORT_NAMES[bank.bankCode] ?? []).find((name) => plain(name).startsWith(term))
  if (shortName) return { shortName }
  if (plain(bank.bankName).includes(term) || bank.bankCode.startsWith(typed.trim())) return { shortName: null }
  return null
}
