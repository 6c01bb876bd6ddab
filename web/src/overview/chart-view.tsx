/**
 * One chart of the overview, drawn with Chart.js 4 (only the bar chart's parts are registered,
 * so the rest stays out of the bundle), with its text alternative: the canvas is an image whose
 * accessible name is the chart's summary, and its figures are a table under it. No animation
 * (prefers-reduced-motion or not: figures, not a show). Colours of axes and grid follow the
 * page's light or dark scheme, redrawn when the system switches.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '~~/extension/lib/i18n.js';
import type { ChartSpec, Formats, Pattern } from './stats-model.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** A fill of `color` with stripes or dots over it, so stacked series differ in more than colour. */
function fill(color: string, pattern: Pattern): string | CanvasPattern {
  if (pattern === 'solid') return color;
  const tile = document.createElement('canvas');
  tile.width = tile.height = 8;
  const g = tile.getContext('2d');
  if (!g) return color;
  g.fillStyle = color;
  g.fillRect(0, 0, 8, 8);
  g.fillStyle = 'rgba(255,255,255,0.6)';
  if (pattern === 'stripes') {
    g.beginPath();
    g.moveTo(0, 8);
    g.lineTo(8, 0);
    g.lineTo(8, 3);
    g.lineTo(3, 8);
    g.closePath();
    g.fill();
  } else {
    g.beginPath();
    g.arc(4, 4, 1.6, 0, Math.PI * 2);
    g.fill();
  }
  return g.createPattern(tile, 'repeat') ?? color;
}

function config(spec: ChartSpec, f: Formats): ChartConfiguration<'bar'> {
  const fg = css('--fg') || '#111827';
  const grid = css('--line') || '#d1d5db';
  const value = (v: number) => (spec.unit === 'share' ? f.percent(v) : f.count(v));
  const valueAxis = {
    stacked: spec.stacked,
    beginAtZero: true,
    ...(spec.unit === 'share' ? { max: 1 } : {}),
    ticks: { color: fg, precision: 0, callback: (v: string | number) => value(Number(v)) },
    grid: { color: grid },
  };
  const nameAxis = {
    stacked: spec.stacked,
    ticks: { color: fg, autoSkip: !spec.horizontal },
    grid: { display: false },
  };
  return {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s) => ({
        label: s.label,
        data: s.values,
        backgroundColor: Array.isArray(s.color) ? s.color : fill(s.color, s.pattern),
        borderColor: fg,
        borderWidth: spec.stacked ? 1 : 0,
      })),
    },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: spec.horizontal ? { x: valueAxis, y: nameAxis } : { x: nameAxis, y: valueAxis },
      plugins: {
        legend: { display: spec.series.length > 1, labels: { color: fg } },
        tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${value(Number(c.raw))}` } },
      },
    },
  };
}

export function ChartView({ spec, f }: { spec: ChartSpec; f: Formats }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: Chart<'bar'> | null = null;
    const draw = () => {
      chart?.destroy();
      chart = new Chart(canvas.current!, config(spec, f));
      canvas.current!.dataset.drawn = 'true';
    };
    draw();
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', draw);
    return () => {
      scheme.removeEventListener('change', draw);
      chart?.destroy();
    };
  }, [spec, f]);
  // Horizontal bars need room per bar; a phone gets the same bars, narrower.
  const height = spec.horizontal ? 48 + spec.labels.length * (spec.series.length > 1 ? 34 : 30) : 240;
  return (
    <section
      class={spec.horizontal ? 'card chart' : 'card chart wide'}
      aria-labelledby={`${spec.id}-h`}
      data-testid={`chart-${spec.id}`}
    >
      <h2 id={`${spec.id}-h`}>{spec.title}</h2>
      <p class="chart-summary">{spec.summary}</p>
      <div class="chart-box" style={{ height: `${height}px` }}>
        <canvas ref={canvas} role="img" aria-label={spec.summary} />
      </div>
      <details class="chart-table">
        <summary>{t('webChartTable', 'The figures as a table')}</summary>
        <table>
          <caption>{spec.title}</caption>
          <thead>
            <tr>
              {spec.table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.table.rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {c}
                    </th>
                  ) : (
                    <td key={j}>{c}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
