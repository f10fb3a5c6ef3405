// A report's chart as inline SVG (no chart library): a line or grouped bars per series over the points' x values,
// a zero line, a value axis with round steps and a legend. The SVG is an image with a title and a one-line
// description; the figures themselves are offered as a table under it, the chart's text alternative.
import { useId } from 'react';
import type { ReportChart as ReportChartData } from '@dealer/contracts';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { formatAxisValue, formatChartValue, formatReportDate } from './report-format';

/** Drawn narrower on a phone, so its text stays readable when the picture is scaled to the screen. */
const SIZE = { desktop: { width: 720, height: 260 }, mobile: { width: 360, height: 220 } } as const;
const PAD = { top: 16, right: 12, bottom: 40, left: 64 };
/** The room one x label needs. */
const LABEL_ROOM = 56;
/** Distinct hues, each at least 4.5:1 on white. */
export const SERIES_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0e7490'] as const;

/** The figures table's first heading, by what the x values are. */
const X_HEADINGS: Record<string, string> = { day: 'Day', date: 'Day', month: 'Month', location: 'Location' };
const numberOf = (v: string | number | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const xLabel = (v: string | number | undefined) => (typeof v === 'string' ? formatReportDate(v) : String(v ?? ''));
/** On the axis a day is month/day (the year is in the description and the figures) and a month is month/year. */
export function axisLabel(v: string | number | undefined): string {
  if (typeof v !== 'string') return String(v ?? '');
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (day) return `${day[2]}/${day[3]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(v);
  return month ? `${month[2]}/${month[1]}` : v;
}

/** A round step (1, 2 or 5 times a power of ten) that splits the range into at most `ticks` parts. */
export function niceStep(range: number, ticks = 4): number {
  if (range <= 0) return 1;
  const raw = range / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return step;
}

/** The value axis: from a round value at or below the lowest point (0 at most) to one at or above the highest. */
export function valueScale(values: readonly number[], minStep = 1, ticks = 4): { min: number; max: number; step: number } {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  // Whole units (a count, a dollar) at least: an axis never reads 0.5 of a sale.
  const step = Math.max(minStep, niceStep(hi - lo, ticks));
  return { min: Math.floor(lo / step) * step, max: Math.max(Math.ceil(hi / step) * step, step), step };
}

/** A label cut to the room it has (about 7 units a character at 12px), ending in '…' when cut. */
export function fitLabel(label: string, room: number): string {
  const max = Math.max(3, Math.floor(room / 7));
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}

/** One sentence saying what the chart shows, for its description. */
export function chartSummary(chart: ReportChartData): string {
  const first = chart.points[0];
  const last = chart.points[chart.points.length - 1];
  const span = first && last ? `from ${xLabel(first[chart.xKey])} to ${xLabel(last[chart.xKey])}` : '';
  const series = chart.series.map((s) => s.label).join(', ');
  return `${chart.kind === 'line' ? 'Line' : 'Bar'} chart of ${series} ${span}, ${chart.points.length} points. The figures are in the table below.`.replace(/\s+/g, ' ');
}

export function ReportChart({ chart }: { chart: ReportChartData }) {
  const { width: WIDTH, height: HEIGHT } = SIZE[useIsMobile() ? 'mobile' : 'desktop'];
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const { points, series } = chart;
  const values = points.flatMap((p) => series.map((s) => numberOf(p[s.key])));
  const scale = valueScale(values, chart.valueKind === 'money' ? 100 : 1);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - ((v - scale.min) / (scale.max - scale.min)) * plotH;
  const slot = plotW / Math.max(points.length, 1);
  const xCentre = (i: number) => PAD.left + slot * i + slot / 2;
  const ticks: number[] = [];
  for (let v = scale.min; v <= scale.max + scale.step / 2; v += scale.step) ticks.push(v);
  // As many x labels as fit side by side.
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(plotW / LABEL_ROOM))));
  const barW = Math.max(2, Math.min(28, (slot * 0.8) / Math.max(series.length, 1)));

  return (
    <section className="panel report-section report-chart" aria-labelledby={titleId}>
      <h2 id={titleId}>{chart.title}</h2>
      {points.length === 0 ? (
        <p className="empty-state">No results.</p>
      ) : (
        <>
          <ul className="report-legend" aria-label={`${chart.title}: series`}>
            {series.map((s, i) => (
              <li key={s.key}>
                <span className="report-legend-swatch" style={{ background: SERIES_COLOURS[i % SERIES_COLOURS.length] }} aria-hidden="true" />
                {s.label}
              </li>
            ))}
          </ul>
          <svg className="report-chart-svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} preserveAspectRatio="xMidYMid meet">
            <desc id={descId}>{chartSummary(chart)}</desc>
            <g className="report-chart-grid" aria-hidden="true">
              {ticks.map((t) => (
                <g key={t}>
                  <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? 'report-chart-zero' : undefined} />
                  <text x={PAD.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle">
                    {formatAxisValue(chart.valueKind, t)}
                  </text>
                </g>
              ))}
              {points.map((p, i) =>
                i % labelEvery === 0 ? (
                  <text key={i} x={xCentre(i)} y={HEIGHT - PAD.bottom + 18} textAnchor="middle">
                    {fitLabel(axisLabel(p[chart.xKey]), slot * labelEvery)}
                  </text>
                ) : null,
              )}
            </g>
            <g aria-hidden="true">
              {series.map((s, si) => {
                const colour = SERIES_COLOURS[si % SERIES_COLOURS.length];
                if (chart.kind === 'line') {
                  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${xCentre(i).toFixed(1)},${y(numberOf(p[s.key])).toFixed(1)}`).join(' ');
                  return (
                    <g key={s.key}>
                      <path d={path} fill="none" stroke={colour} strokeWidth={2.5} />
                      {points.length <= 62 &&
                        points.map((p, i) => <circle key={i} cx={xCentre(i)} cy={y(numberOf(p[s.key]))} r={3} fill={colour} />)}
                    </g>
                  );
                }
                const offset = -((series.length * barW) / 2) + si * barW;
                return (
                  <g key={s.key} fill={colour}>
                    {points.map((p, i) => {
                      const v = numberOf(p[s.key]);
                      const top = Math.min(y(v), y(0));
                      return <rect key={i} x={xCentre(i) + offset} y={top} width={barW - 1} height={Math.max(Math.abs(y(v) - y(0)), v === 0 ? 0 : 1)} />;
                    })}
                  </g>
                );
              })}
            </g>
          </svg>
          <details className="report-chart-data">
            <summary>Chart figures</summary>
            <div className="table-wrap" tabIndex={0} role="group" aria-label={`${chart.title}: figures`}>
              <table className="table">
                <caption className="visually-hidden">{chart.title}: figures</caption>
                <thead>
                  <tr>
                    <th scope="col">{X_HEADINGS[chart.xKey] ?? 'Point'}</th>
                    {series.map((s) => (
                      <th key={s.key} scope="col" className="num">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {points.map((p, i) => (
                    <tr key={i}>
                      <th scope="row">{xLabel(p[chart.xKey])}</th>
                      {series.map((s) => (
                        <td key={s.key} className="num">
                          {formatChartValue(chart.valueKind, numberOf(p[s.key]))}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
