import { Money } from '../../components/money'
import { formatMinor } from '../../../../shared/money'
import { formatShortDate } from '../../lib/dates'
import type { DayActivity } from './activity-series'

const WIDTH = 720
const HEIGHT = 200
const AXIS = 22
const GAP = 4

/**
 * Collections and payouts per day as paired SVG bars. Sizes are SVG attributes (not inline styles, which
 * the CSP forbids); colours come from styles.css. Screen readers get the same numbers as a table.
 */
export function ActivityChart({ series }: { series: readonly DayActivity[] }) {
  const max = Math.max(1, ...series.flatMap((day) => [day.collectionsMinor, day.payoutsMinor]))
  const slot = WIDTH / Math.max(1, series.length)
  const bar = Math.max(2, (slot - GAP * 2) / 2)
  const plot = HEIGHT - AXIS
  const height = (minor: number) => (minor === 0 ? 0 : Math.max(2, Math.round((minor / max) * (plot - 8))))
  const totals = series.reduce((sum, day) => ({ c: sum.c + day.collectionsMinor, p: sum.p + day.payoutsMinor }), { c: 0, p: 0 })

  return (
    <figure className="chart-figure">
      <div className="chart-totals">
        <div><div className="balance-card__label">Collected</div><div className="chart-totals__value"><Money minor={totals.c} /></div></div>
        <div><div className="balance-card__label">Paid out</div><div className="chart-totals__value"><Money minor={totals.p} /></div></div>
      </div>
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Collections KES ${formatMinor(totals.c)} and payouts KES ${formatMinor(totals.p)} over the last ${series.length} days; the table below has each day.`}>
        {[0.25, 0.5, 0.75, 1].map((f) => (
          <line key={f} className="chart__grid" x1={0} x2={WIDTH} y1={plot - f * (plot - 8)} y2={plot - f * (plot - 8)} />
        ))}
        <line className="chart__grid" x1={0} x2={WIDTH} y1={plot} y2={plot} />
        {series.map((day, i) => {
          const x = i * slot + GAP
          const c = height(day.collectionsMinor)
          const p = height(day.payoutsMinor)
          return (
            <g key={day.date}>
              <rect className="chart__bar--collections" x={x} y={plot - c} width={bar} height={c} rx={1.5}>
                <title>{`${formatShortDate(day.startMs)}: collected KES ${formatMinor(day.collectionsMinor)}`}</title>
              </rect>
              <rect className="chart__bar--payouts" x={x + bar} y={plot - p} width={bar} height={p} rx={1.5}>
                <title>{`${formatShortDate(day.startMs)}: paid out KES ${formatMinor(day.payoutsMinor)}`}</title>
              </rect>
              {i % 5 === 0 || i === series.length - 1 ? (
                <text className="chart__axis-label" x={i === 0 ? x : i === series.length - 1 ? x + bar * 2 : x + bar} y={HEIGHT - 6} textAnchor={i === 0 ? 'start' : i === series.length - 1 ? 'end' : 'middle'}>{formatShortDate(day.startMs)}</text>
              ) : null}
            </g>
          )
        })}
      </svg>
      <figcaption className="chart-legend">
        <span><span className="chart-legend__swatch chart-legend__swatch--collections" aria-hidden="true" />Collections (completed charges)</span>
        <span><span className="chart-legend__swatch chart-legend__swatch--payouts" aria-hidden="true" />Payouts (B2C, B2B, bank)</span>
      </figcaption>
      {totals.c === 0 && totals.p === 0 ? <p className="form__note">No money moved in these 30 days yet.</p> : null}
      {/* Wrapped: a table ignores width, height and overflow, so it cannot be hidden by itself. */}
      <div className="visually-hidden">
      <table>
        <caption>Collections and payouts per day</caption>
        <thead><tr><th scope="col">Day</th><th scope="col">Collections</th><th scope="col">Payouts</th></tr></thead>
        <tbody>
          {series.map((day) => (
            <tr key={day.date}><th scope="row">{day.date}</th><td>KES {formatMinor(day.collectionsMinor)}</td><td>KES {formatMinor(day.payoutsMinor)}</td></tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  )
}
