/**
 * Whether the name the file gives and the registered one are two people: they agree when every word of the
 * shorter is a word of the longer, in any order and letter case ("Fatuma Munyao" and "FATUMA A. MUNYAO").
 * A wrong digit in a phone number shows here, as a stranger's name.
 */
export function namesDiffer(intended: string | null, registered: string | null): boolean {
  if (intended === null || registered === null) return false
  const words = (name: string) => name.toUpperCase().split(/[^A-Z0-9']+/).filter((word) => word.length > 1)
  const [a, b] = [words(intended), words(registered)]
  const [short, long] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)]
  return short.length === 0 || !short.every((word) => long.has(word))
}
