import { formatMinor } from '../../../../shared/money'
import { Money } from '../../components/money'
import { formatDay, formatShortDate, localDayStart } from '../../lib/dates'
import type { DayActivity } from './activity-series'

const WIDTH = 720
const HEIGHT = 210
const AXIS = 22
const LEFT = 68
const GAP = 4

/** 1234567 minor units -> "12.3K", for axis labels where full amounts do not fit. */
function compactShillings(minor: number): string {
  const shillings = minor / 100
  if (shillings >= 1_000_000) return `${(shillings / 1_000_000).toFixed(shillings >= 10_000_000 ? 0 : 1)}M`
  if (shillings >= 1_000) return `${(shillings / 1_000).toFixed(shillings >= 10_000 ? 0 : 1)}K`
  return String(Math.round(shillings))
}

/** Today's and yesterday's figures in words, above the bars: the question people ask first. */
function RecentDays({ series }: { series: readonly DayActivity[] }) {
  const recent = series.slice(-2).reverse()
  const names = ['Today', 'Yesterday']
  return (
    <dl className="chart-days" data-testid="chart-days">
      {recent.map((day, index) => (
        <div key={day.day} className="chart-days__day" data-day={day.day}>
          <dt>{names[index]} <span className="chart-days__date">{formatDay(day.day)}</span></dt>
          <dd>Collected <strong data-testid={`collected-${names[index]!.toLowerCase()}`}><Money minor={day.collectionsMinor} /></strong></dd>
          <dd>Paid out <strong><Money minor={day.payoutsMinor} /></strong></dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * Collections and payouts per local day as paired SVG bars with an amount scale, today's and yesterday's
 * figures written out, and every day's numbers on hover and (for screen readers) in a table. Sizes are SVG
 * attributes (not inline styles, which the CSP forbids); colours come from styles.css.
 */
export function ActivityChart({ series }: { series: readonly DayActivity[] }) {
  const max = Math.max(1, ...series.flatMap((day) => [day.collectionsMinor, day.payoutsMinor]))
  const slot = (WIDTH - LEFT) / Math.max(1, series.length)
  const bar = Math.max(2, (slot - GAP * 2) / 2)
  const plot = HEIGHT - AXIS
  const height = (minor: number) => (minor === 0 ? 0 : Math.max(2, Math.round((minor / max) * (plot - 8))))
  const totals = series.reduce((sum, day) => ({ c: sum.c + day.collectionsMinor, p: sum.p + day.payoutsMinor }), { c: 0, p: 0 })
  const label = (day: DayActivity) => formatShortDate(localDayStart(day.day))

  return (
    <figure className="chart-figure">
      <div className="chart-totals">
        <div><div className="balance-card__label">Collected in {series.length} days</div><div className="chart-totals__value"><Money minor={totals.c} /></div></div>
        <div><div className="balance-card__label">Paid out in {series.length} days</div><div className="chart-totals__value"><Money minor={totals.p} /></div></div>
      </div>
      <RecentDays series={series} />
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Collections KES ${formatMinor(totals.c)} and payouts KES ${formatMinor(totals.p)} over the last ${series.length} days; the table below has each day.`}>
        {[0, 0.25, 0.5, 0.75, 1].map((f) => {
          const y = plot - f * (plot - 8)
          return (
            <g key={f}>
              <line className="chart__grid" x1={LEFT} x2={WIDTH} y1={y} y2={y} />
              <text className="chart__axis-label" x={LEFT - 6} y={y + 3} textAnchor="end" data-testid="chart-scale">{`KES ${compactShillings(max * f)}`}</text>
            </g>
          )
        })}
        {series.map((day, i) => {
          const x = LEFT + i * slot + GAP
          const c = height(day.collectionsMinor)
          const p = height(day.payoutsMinor)
          return (
            <g key={day.day}>
              <rect className="chart__bar--collections" x={x} y={plot - c} width={bar} height={c} rx={1.5}>
                <title>{`${label(day)}: collected KES ${formatMinor(day.collectionsMinor)}`}</title>
              </rect>
              <rect className="chart__bar--payouts" x={x + bar} y={plot - p} width={bar} height={p} rx={1.5}>
                <title>{`${label(day)}: paid out KES ${formatMinor(day.payoutsMinor)}`}</title>
              </rect>
              {i % 5 === 0 || i === series.length - 1 ? (
                <text className="chart__axis-label" x={i === series.length - 1 ? x + bar * 2 : x + bar} y={HEIGHT - 6} textAnchor={i === series.length - 1 ? 'end' : 'middle'}>{label(day)}</text>
              ) : null}
            </g>
          )
        })}
      </svg>
      <figcaption className="chart-legend">
        <span><span className="chart-legend__swatch chart-legend__swatch--collections" aria-hidden="true" />Collections (charges completed that day)</span>
        <span><span className="chart-legend__swatch chart-legend__swatch--payouts" aria-hidden="true" />Payouts (B2C, B2B, bank; with fees)</span>
      </figcaption>
      {totals.c === 0 && totals.p === 0 ? <p className="form__note">No money moved in these {series.length} days yet.</p> : null}
      {/* Wrapped: a table ignores width, height and overflow, so it cannot be hidden by itself. */}
      <div className="visually-hidden">
      <table>
        <caption>Collections and payouts per day</caption>
        <thead><tr><th scope="col">Day</th><th scope="col">Collections</th><th scope="col">Payouts</th></tr></thead>
        <tbody>
          {series.map((day) => (
            <tr key={day.day}><th scope="row">{formatDay(day.day)}</th><td>KES {formatMinor(day.collectionsMinor)}</td><td>KES {formatMinor(day.payoutsMinor)}</td></tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  )
}
