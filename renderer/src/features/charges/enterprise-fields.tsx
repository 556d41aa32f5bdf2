import { useEffect, useRef } from 'react'
import { SubMerchantDetailsSchema, type SubMerchantDetails } from '../../../../shared/schemas/common'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { optionalText } from '../../forms/optional'

export type SubMerchantValues = Record<keyof SubMerchantDetails, string>

export const EMPTY_SUB_MERCHANT: SubMerchantValues = {
  name: '', legalName: '', businessType: '', email: '', phoneNumber: '', businessCertNo: '', taxId: '', economicSector: '', riskLevel: '',
}

const TEXT_FIELDS: { key: Exclude<keyof SubMerchantDetails, 'riskLevel'>; label: string; type?: string }[] = [
  { key: 'name', label: 'Trading name' },
  { key: 'legalName', label: 'Legal name' },
  { key: 'businessType', label: 'Business type' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phoneNumber', label: 'Phone', type: 'tel' },
  { key: 'businessCertNo', label: 'Business certificate no.' },
  { key: 'taxId', label: 'Tax id (KRA PIN)' },
  { key: 'economicSector', label: 'Economic sector' },
]

/** The filled-in sub-merchant fields, or undefined when none is filled (then nothing is sent). */
export function subMerchantDetailsFrom(values: SubMerchantValues): Record<string, string> | undefined {
  const details: Record<string, string> = {}
  for (const [key, value] of Object.entries(values)) {
    const text = optionalText(value)
    if (text !== undefined) details[key] = text
  }
  return Object.keys(details).length > 0 ? details : undefined
}

interface EnterpriseValues extends Record<string, unknown> {
  shortcode: string
  subMerchantId: string
  subMerchantDetails: SubMerchantValues
}

export interface EnterpriseFieldsProps<V extends EnterpriseValues> {
  values: V
  setValue<K extends keyof V>(name: K, value: V[K]): void
  touch(field: string): void
  error(field: string): string | undefined
}

/**
 * Fields only enterprise organizations may send (a 403 otherwise), behind a disclosure so everyday charges
 * stay short. It opens by itself when one of its fields has an error.
 */
export function EnterpriseFields<V extends EnterpriseValues>({ values, setValue, touch, error }: EnterpriseFieldsProps<V>) {
  const detailError = (key: string) => error(`metadata.subMerchantDetails.${key}`)
  const anyError = Boolean(error('shortcode') || error('subMerchantId') || error('metadata.subMerchantDetails') || SubMerchantDetailsSchema.keyof().options.some((key) => detailError(key)))
  const ref = useRef<HTMLDetailsElement>(null)
  // Open (never close) when a field inside has an error, so the user sees it; closing stays theirs.
  useEffect(() => {
    if (anyError && ref.current) ref.current.open = true
  }, [anyError])
  const setDetail = (key: keyof SubMerchantDetails, value: string) => setValue('subMerchantDetails', { ...values.subMerchantDetails, [key]: value } as V['subMerchantDetails'])
  return (
    <details className="disclosure" ref={ref}>
      <summary>Enterprise <span className="disclosure__hint">shortcode, sub-merchant</span></summary>
      <div className="disclosure__body">
        <div className="form__grid">
          <TextField label="Shortcode" inputMode="numeric" value={values.shortcode} onChange={(v) => setValue('shortcode', v as V['shortcode'])}
            onBlur={() => touch('shortcode')} error={error('shortcode')} hint="One of your organization's 5–7 digit shortcodes; credits its collections account." />
          <TextField label="Sub-merchant id" value={values.subMerchantId} onChange={(v) => setValue('subMerchantId', v as V['subMerchantId'])}
            onBlur={() => touch('subMerchantId')} error={error('subMerchantId')} />
        </div>
        <fieldset className="fieldset">
          <legend>Sub-merchant details</legend>
          <div className="form__grid">
            {TEXT_FIELDS.map((field) => (
              <TextField key={field.key} label={field.label} type={field.type} value={values.subMerchantDetails[field.key]}
                onChange={(v) => setDetail(field.key, v)} onBlur={() => touch('metadata.subMerchantDetails')} error={detailError(field.key)} />
            ))}
            <SelectField label="Risk level" value={values.subMerchantDetails.riskLevel} placeholder="Not set"
              options={[{ value: 'low', label: 'Low' }, { value: 'medium', label: 'Medium' }, { value: 'high', label: 'High' }]}
              onChange={(v) => setDetail('riskLevel', v)} error={detailError('riskLevel')} />
          </div>
        </fieldset>
      </div>
    </details>
  )
}
