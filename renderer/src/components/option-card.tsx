/** One choice of a radio group drawn as a card (inside a `fieldset.option-cards`): the label and a line describing it. */
export function OptionCard({ name, value, label, description, checked, onChange }: {
  name: string
  value: string
  label: string
  description: string
  checked: boolean
  onChange(): void
}) {
  return (
    <label className="option-card">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} />
      <span className="option-card__text">
        <span className="option-card__label">{label}</span>
        <span className="option-card__description">{description}</span>
      </span>
    </label>
  )
}
