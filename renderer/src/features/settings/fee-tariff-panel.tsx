import type { FeeTariff } from '../../../../shared/schemas/fees'
import { useFeeTariff } from '../../api/hooks/simulator'
import { Money } from '../../components/money'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'

type Bands = FeeTariff['b2c']

/** "150" basis points -> "1.5 %", without floating-point surprises. */
function percent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100)
  const fraction = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} %`
}

function BandList({ title, bands }: { title: string; bands: Bands }) {
  return (
    <section className="fee-bands" aria-label={`${title} fees`}>
      <h3 className="fee-bands__title">{title}</h3>
      <dl className="fee-bands__list">
        {bands.map((band) => (
          <div key={band.upToMinor} className="fee-bands__row">
            <dt>Up to <Money minor={band.upToMinor} /></dt>
            <dd><Money minor={band.feeMinor} /></dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The organization's fee tariff: what each operation costs, as the engine computes fees at acceptance. */
export function FeeTariffPanel() {
  const tariff = useFeeTariff()
  return (
    <Panel title="Fee tariff">
      <QueryView query={tariff} loadingLabel="Loading fees…">
        {(data) => (
          <div className="stack">
            <p data-testid="charge-fee">
              <strong>Charges:</strong> {percent(data.charge.basisPoints)} of the amount, at most <Money minor={data.charge.maxFeeMinor} />, deducted from what is credited to collections.
            </p>
            <div className="fee-grid">
              <BandList title="B2C payouts" bands={data.b2c} />
              <BandList title="B2B payments" bands={data.b2b} />
              <BandList title="Bank transfers" bands={data.bankTransfer} />
            </div>
            <p className="form__note">Payout fees are reserved with the amount from the payouts float. Changes apply to transactions accepted afterwards.</p>
          </div>
        )}
      </QueryView>
    </Panel>
  )
}
