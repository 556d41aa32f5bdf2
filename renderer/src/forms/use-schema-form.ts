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
  /** Validates; on success calls `onValid` with the parsed body, else shows every error and focuses the first. */
  handleSubmit(onValid: (data: z.output<S>) => void): (event: FormEvent) => void
  reset(values?: V): void
  formRef: RefObject<HTMLFormElement | null>
}

/**
 * Form state validated by a shared zod schema, so the console refuses exactly what the API refuses and
 * says it the same way. Values are kept as the user typed them; `toRequest` converts them.
 */
export function useSchemaForm<V extends Record<string, unknown>, S extends z.ZodType>(options: SchemaFormOptions<V, S>): SchemaForm<V, S> {
  const { schema, toRequest, rewrite, validateOn = 'blur' } = options
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
    return { errors: merged as FieldErrors, data: parsed.success && Object.keys(local).length === 0 ? parsed.data : undefined }
  }, [values, schema, toRequest, rewrite])

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    setApiErrors((current) => {
      const key = String(name)
      const rest = Object.fromEntries(Object.entries(current).filter(([field]) => field !== key && !field.startsWith(`${key}.`)))
      return Object.keys(rest).length === Object.keys(current).length ? current : rest
    })
    if (validateOn === 'change') setTouched((current) => (current.has(String(name)) ? current : new Set(current).add(String(name))))
  }, [validateOn])

  const touch = useCallback((field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))), [])

  const error = (field: string): string | undefined => {
    if (apiErrors[field]) return apiErrors[field]
    const message = validation.errors[field]
    if (message === undefined) return undefined
    const root = field.split('.')[0]!
    return submitted || touched.has(field) || touched.has(root) ? message : undefined
  }

  const handleSubmit = (onValid: (data: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (validation.data !== undefined) return onValid(validation.data)
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
