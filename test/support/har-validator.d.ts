declare module 'har-validator/lib/promise' {
  export function har(data: unknown): Promise<unknown>
}
