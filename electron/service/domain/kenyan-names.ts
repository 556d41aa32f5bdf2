/**
 * Stable, plausible names for sandbox accounts nobody registered (DECISIONS "Account-name validation"):
 * the same identifier always gets the same name, so a QA script can assert it and a merchant rehearsing a
 * payout sees a believable "Sending to" line. Names are upper case, as M-Pesa's name check shows them.
 */

const FIRST_NAMES = [
  'JANE', 'JOHN', 'MARY', 'PETER', 'GRACE', 'JAMES', 'FAITH', 'DAVID', 'MERCY', 'JOSEPH', 'ESTHER', 'DANIEL', 'ANN', 'SAMUEL',
  'LUCY', 'PAUL', 'JOYCE', 'STEPHEN', 'NANCY', 'GEORGE', 'CAROLINE', 'BRIAN', 'EUNICE', 'KEVIN', 'JUDITH', 'MOSES', 'SHARON',
  'DENNIS', 'WINNIE', 'COLLINS', 'FATUMA', 'HASSAN', 'AMINA', 'ABDI', 'ZAWADI', 'BARAKA', 'NEEMA', 'KIPCHOGE', 'CHEPKOECH', 'AKINYI',
]

const SURNAMES = [
  'WAMBUI', 'OTIENO', 'KAMAU', 'ACHIENG', 'MWANGI', 'NJERI', 'KIPROP', 'CHEBET', 'MUTUA', 'WANJIRU', 'OCHIENG', 'KARIUKI',
  'NJOROGE', 'OMONDI', 'ATIENO', 'KIPTOO', 'MUTHONI', 'WAFULA', 'NEKESA', 'BARASA', 'ODHIAMBO', 'ADHIAMBO', 'MOHAMED', 'KILONZO',
  'MUSYOKA', 'WANJIKU', 'GITHINJI', 'KORIR', 'ROTICH', 'MAINA', 'NDUNG\'U', 'OWINO', 'WEKESA', 'MUNYAO', 'KEMUNTO', 'MORAA',
  'NYAMBURA', 'KIMANI', 'ONYANGO', 'JEPKOSGEI',
]

const TRADES = [
  'GENERAL STORES', 'HARDWARE', 'ENTERPRISES', 'SUPERMARKET', 'PHARMACY', 'AGROVET', 'BUTCHERY', 'ELECTRONICS', 'WHOLESALERS',
  'TRADERS', 'MOTORS', 'SCHOOL FEES', 'WATER SERVICES', 'CYBER CAFE', 'BOUTIQUE', 'HOTEL',
]

/** FNV-1a over the text, with a salt so each part of a name draws from its own hash. */
function hashOf(text: string, salt: string): number {
  let hash = 0x811c9dc5
  for (const char of `${salt}:${text}`) {
    hash ^= char.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

function pick<T>(list: readonly T[], text: string, salt: string): T {
  return list[hashOf(text, salt) % list.length]!
}

/** A person's name for a phone or bank account number: "JANE WAMBUI". */
export function personNameFor(identifier: string): string {
  return `${pick(FIRST_NAMES, identifier, 'first')} ${pick(SURNAMES, identifier, 'surname')}`
}

/** A business's name for a till or paybill number: "WAMBUI HARDWARE". */
export function businessNameFor(identifier: string): string {
  return `${pick(SURNAMES, identifier, 'owner')} ${pick(TRADES, identifier, 'trade')}`
}

/**
 * The sandbox's convention for an account that does not exist (documented in docs/api.md): a till,
 * paybill or bank account number made of one digit repeated ("000000", "99999"). Phones are found or not
 * by the simulated customers' registry instead.
 */
export function isNonexistentNumber(identifier: string): boolean {
  return /^(\d)\1+$/.test(identifier)
}
