// Small charts of our own, drawn as inline SVG (no chart library): grouped bars with a value label
// on every bar and a fill pattern per series, so a chart reads without colour; every chart has a
// "table view" showing the same numbers in a table. Sizes are SVG attributes and colours CSS
// classes (charts.css): the console's CSP allows no inline styles.
import { ReactNode, useId, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { Empty } from './states';
import './charts.css';

/** How a series' bars are filled: solid, hatched or dotted (patterns tell series apart without colour). */
export type SeriesFill = 'solid' | 'hatch' | 'dots';

export interface ChartSeries {
  label: string;
  fill: SeriesFill;
  /** One value per category; null where there is nothing to show (drawn as no bar, labelled —). */
  values: (number | null)[];
}

export interface ChartCategory {
  /** Short axis label (e.g. 27 Nov, W48). */
  label: string;
  /** Full label for the table and the bar's tooltip (e.g. 27 November 2026). */
  long: string;
}

const BAR = 11;
const BAR_GAP = 2;
const GROUP_PAD = 6;
const MAX_BAR = 28;
const MIN_PLOT = 280;
const PLOT_HEIGHT = 160;
const TOP = 34;
const LEFT = 56;

/** A round upper bound for the value axis (1, 2 or 5 times a power of ten). */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** A stable id for SVG references (useId's colons are not safe inside url(#...)). */
function useSvgId(): string {
  return `c${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
}

function PatternDefs({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" className="chart-pattern-bg" />
        <line x1="0" y1="0" x2="0" y2="6" className="chart-pattern-line" strokeWidth="3" />
      </pattern>
      <pattern id={`${id}-dots`} width="5" height="5" patternUnits="userSpaceOnUse">
        <rect width="5" height="5" className="chart-pattern-bg-alt" />
        <circle cx="2.5" cy="2.5" r="1.4" className="chart-pattern-dot" />
      </pattern>
    </defs>
  );
}

function fillOf(id: string, fill: SeriesFill): string | undefined {
  return fill === 'solid' ? undefined : `url(#${id}-${fill})`;
}

/** Grouped vertical bars, one group per category, a value label above every bar. */
export function BarChart(props: {
  label: string;
  categories: ChartCategory[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** Upper bound of the value axis (e.g. 1 for rates); the largest value rounded up otherwise. */
  max?: number;
}) {
  const id = useSvgId();
  const { categories, series, format } = props;
  const values = series.flatMap((one) => one.values.filter((value): value is number => value !== null));
  const max = props.max ?? niceMax(Math.max(0, ...values));
  // Few categories spread over a plot of at least MIN_PLOT px (bars widen up to MAX_BAR); many
  // keep the narrow bars and the chart scrolls sideways in its box.
  const groupWidth = Math.max(series.length * (BAR + BAR_GAP) - BAR_GAP + GROUP_PAD, MIN_PLOT / Math.max(1, categories.length));
  const bar = Math.min(MAX_BAR, (groupWidth - GROUP_PAD - (series.length - 1) * BAR_GAP) / series.length);
  const barsWidth = series.length * (bar + BAR_GAP) - BAR_GAP;
  const width = LEFT + categories.length * groupWidth + 8;
  // Axis labels where they do not collide (about 44 px apart); words wrap onto lines within a group.
  const every = Math.max(1, Math.ceil(44 / groupWidth));
  const lines = categories.map((category) =>
    wrapWords(category.label, groupWidth >= 44 * every ? Math.floor((groupWidth * every) / 6.5) : 8),
  );
  const height = TOP + PLOT_HEIGHT + 8 + 13 * Math.max(1, ...lines.map((one) => one.length)) + 6;
  const y = (value: number) => TOP + PLOT_HEIGHT - (Math.min(value, max) / max) * PLOT_HEIGHT;
  return (
    <svg className="chart-svg" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={props.label}>
      <PatternDefs id={id} />
      {[0, 0.5, 1].map((share) => (
        <g key={share}>
          <line x1={LEFT} x2={width - 4} y1={y(max * share)} y2={y(max * share)} className={share === 0 ? 'chart-axis' : 'chart-grid'} />
          <text x={LEFT - 6} y={y(max * share) + 4} className="chart-tick" textAnchor="end">
            {format(max * share)}
          </text>
        </g>
      ))}
      {categories.map((category, index) => {
        const x0 = LEFT + index * groupWidth + (groupWidth - barsWidth) / 2;
        const middle = LEFT + index * groupWidth + groupWidth / 2;
        return (
          <g key={`${category.long}-${index}`}>
            {series.map((one, position) => {
              const value = one.values[index];
              const x = x0 + position * (bar + BAR_GAP);
              const top = value === null ? y(0) : y(value);
              const text = value === null ? '—' : format(value);
              return (
                <g key={one.label}>
                  {value !== null && value > 0 && (
                    <rect
                      x={x}
                      y={top}
                      width={bar}
                      height={y(0) - top}
                      className={`chart-bar chart-bar-${position}`}
                      fill={fillOf(id, one.fill)}
                    >
                      <title>{`${category.long}, ${one.label}: ${text}`}</title>
                    </rect>
                  )}
                  {value === null ? (
                    // Nothing to measure (no item waiting, nothing reviewed): a dash on the axis.
                    <text className="chart-value" x={x + bar / 2} y={top - 3} textAnchor="middle">
                      {text}
                    </text>
                  ) : (
                    <text
                      className="chart-value"
                      x={x + bar / 2 + 3}
                      y={top - 3}
                      transform={`rotate(-90 ${x + bar / 2 + 3} ${top - 3})`}
                      textAnchor="start"
                    >
                      {text}
                    </text>
                  )}
                </g>
              );
            })}
            {index % every === 0 && (
              <text y={TOP + PLOT_HEIGHT + 16} className="chart-tick" textAnchor="middle">
                {lines[index].map((line, number) => (
                  <tspan key={number} x={middle} dy={number === 0 ? 0 : 13}>
                    {line}
                  </tspan>
                ))}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** A label's words on lines of about `width` characters (axis labels of few, wide categories). */
function wrapWords(label: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of label.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The series' names with a swatch of their fill. */
function Legend({ series }: { series: ChartSeries[] }) {
  const id = useSvgId();
  return (
    <ul className="chart-legend">
      {series.map((one, position) => (
        <li key={one.label}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <PatternDefs id={id} />
            <rect width="14" height="14" className={`chart-bar chart-bar-${position}`} fill={fillOf(id, one.fill)} />
          </svg>
          {one.label}
        </li>
      ))}
    </ul>
  );
}

/** A chart in a panel with its title, legend and a toggle to the same numbers as a table. */
export function ChartPanel(props: {
  title: string;
  description?: ReactNode;
  categories: ChartCategory[];
  categoryHeading: string;
  series: ChartSeries[];
  format: (value: number) => string;
  max?: number;
  /** Further columns of the table view only (figures of another scale than the chart's). */
  tableColumns?: { label: string; values: (number | null)[]; format: (value: number) => string }[];
  /** Shown instead of the chart when nothing happened in the range. */
  emptyText?: string;
  testId?: string;
}) {
  const { t } = useI18n();
  const [table, setTable] = useState(false);
  const headingId = useSvgId();
  const empty = props.series.every((one) => one.values.every((value) => value === null || value === 0));
  return (
    <section className="panel chart-panel" aria-labelledby={headingId} data-testid={props.testId}>
      <div className="chart-head">
        <h2 id={headingId} className="panel-title">
          {props.title}
        </h2>
        <button type="button" className="button button-ghost" aria-pressed={table} onClick={() => setTable((shown) => !shown)}>
          {t('analytics.tableView')}
        </button>
      </div>
      {props.description && <p className="muted small chart-description">{props.description}</p>}
      {table ? (
        // Focusable: on a narrow screen the table scrolls sideways inside this box.
        <div className="table-wrap" tabIndex={0} role="group" aria-label={t('analytics.tableOf', { title: props.title })}>
          <table className="table chart-table">
            <caption className="sr-only">{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.categoryHeading}</th>
                {[...props.series, ...(props.tableColumns ?? [])].map((one) => (
                  <th scope="col" key={one.label} className="numeric">
                    {one.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.categories.map((category, index) => (
                <tr key={`${category.long}-${index}`}>
                  <th scope="row">{category.long}</th>
                  {[...props.series.map((one) => ({ ...one, format: props.format })), ...(props.tableColumns ?? [])].map((one) => {
                    const value = one.values[index];
                    return (
                      <td key={one.label} className="numeric">
                        {value === null ? '—' : one.format(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : empty && props.emptyText ? (
        <Empty title={props.emptyText} />
      ) : (
        <>
          {props.series.length > 1 && <Legend series={props.series} />}
          {/* Scrolls sideways when the range is wider than the screen; focusable so keys scroll it. */}
          <div className="chart-scroll" tabIndex={0} role="group" aria-label={props.title}>
            <BarChart
              label={`${props.title}. ${t('analytics.chartHint')}`}
              categories={props.categories}
              series={props.series}
              format={props.format}
              max={props.max}
            />
          </div>
        </>
      )}
    </section>
  );
}
