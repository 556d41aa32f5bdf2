import { useCallback, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react'
import type { z } from 'zod'
import { apiErrorToFieldErrors, issuesToFieldErrors, type FieldErrors } from './field-errors'

export interface SchemaFormOptions<V, S extends z.ZodType> {
  initialValues: V
  /** The shared request schema (shared/schemas/requests.ts): the one the API validates with. */
  schema: S
  /**
   * Form values -> the request body the API would receive. `errors` carries what the schema cannot see,
   * such as amount text that is not a number (the body then simply lacks the field).
   */
  toRequest(values: V): { request: unknown; errors?: FieldErrors }
  /** Rewrites a schema message for one field (amounts: the range in shillings instead of minor units). */
  rewrite?(field: string, message: string): string
  /** 'change' shows a field's errors while it is typed in (limits enforced as you type); default 'blur'. */
  validateOn?: 'blur' | 'change'
  /**
   * Where a form value sits in the request when its name differs (`metadataRows` -> `metadata`), so an
   * API error about that path clears when the user edits the value.
   */
  apiPaths?: Partial<Record<keyof V, string>>
}

export interface SchemaForm<V, S extends z.ZodType> {
  values: V
  setValue<K extends keyof V>(name: K, value: V[K]): void
  /** Marks a field (dotted path) as visited, so its errors show. */
  touch(field: string): void
  /** The visible error of a field: after it was visited or a submit was tried, or the API named it. */
  error(field: string): string | undefined
  /** Every current error, visible or not. */
  errors: FieldErrors
  /** Shows an API error against the field it names (error.param) until that field changes. */
  setApiError(error: unknown): void
  /**
   * Validates; when valid calls `onValid` with the request as built (what the API will receive) and the
   * schema's parsed output; otherwise shows every error and focuses the first invalid field.
   */
  handleSubmit(onValid: (request: z.input<S>, parsed: z.output<S>) => void): (event: FormEvent) => void
  reset(values?: V): void
  formRef: RefObject<HTMLFormElement | null>
}

/**
 * Form state validated by a shared zod schema, so the console refuses exactly what the API refuses and
 * says it the same way. Values are kept as the user typed them; `toRequest` converts them.
 */
export function useSchemaForm<V extends Record<string, unknown>, S extends z.ZodType>(options: SchemaFormOptions<V, S>): SchemaForm<V, S> {
  const { schema, toRequest, rewrite, validateOn = 'blur', apiPaths } = options
  const [values, setValues] = useState<V>(options.initialValues)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [apiErrors, setApiErrors] = useState<FieldErrors>({})
  const formRef = useRef<HTMLFormElement | null>(null)

  const validation = useMemo(() => {
    const { request, errors: local = {} } = toRequest(values)
    const parsed = schema.safeParse(request)
    const schemaErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, request)
    const merged: Record<string, string> = {}
    for (const [field, message] of Object.entries({ ...schemaErrors, ...local })) merged[field] = rewrite ? rewrite(field, message) : message
    const valid = parsed.success && Object.keys(local).length === 0
    return { errors: merged as FieldErrors, request: request as z.input<S>, data: valid ? (parsed.data as z.output<S>) : undefined }
  }, [values, schema, toRequest, rewrite])

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    const key = apiPaths?.[name] ?? String(name)
    setApiErrors((current) => {
      const rest = Object.fromEntries(Object.entries(current).filter(([field]) => field !== key && !field.startsWith(`${key}.`)))
      return Object.keys(rest).length === Object.keys(current).length ? current : rest
    })
    if (validateOn === 'change') setTouched((current) => (current.has(key) ? current : new Set(current).add(key)))
  }, [validateOn, apiPaths])

  const touch = useCallback((field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))), [])

  const error = (field: string): string | undefined => {
    if (apiErrors[field]) return apiErrors[field]
    const message = validation.errors[field]
    if (message === undefined) return undefined
    const root = field.split('.')[0]!
    return submitted || touched.has(field) || touched.has(root) ? message : undefined
  }

  const handleSubmit = (onValid: (request: z.input<S>, parsed: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (validation.data !== undefined) return onValid(validation.request, validation.data)
    // Let React render the messages, then take the keyboard to the first field that needs attention.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  const setApiError = useCallback((apiError: unknown) => {
    setApiErrors(apiErrorToFieldErrors(apiError))
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }, [])

  // Without an argument, reset() goes back to the values of the first render, like a native form reset.
  const initial = useRef(options.initialValues)
  const reset = useCallback((next?: V) => {
    setValues(next ?? initial.current)
    setTouched(new Set())
    setSubmitted(false)
    setApiErrors({})
  }, [])

  return { values, setValue, touch, error, errors: validation.errors, setApiError, handleSubmit, reset, formRef }
}
