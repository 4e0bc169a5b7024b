/** The Chart.js configuration of a daily chart, from its series and the theme's colours; pure, so it is unit-tested. */
import type { ChartConfiguration } from 'chart.js';
import type { Series } from './analytics-view.ts';

/** The colours a chart is drawn in, read from the page (chart-theme.ts). */
export interface ChartColours {
  primary: string;
  secondary: string;
  text: string;
  grid: string;
}

/** '#0091ea' at `alpha` as rgba(); any other colour text is kept as it is. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return colour;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export interface ChartInput {
  type: 'line' | 'bar';
  labels: string[];
  series: Series[];
  colours: ChartColours;
  /** No animation when the visitor asks for reduced motion. */
  animate: boolean;
}

export function chartConfig({
  type,
  labels,
  series,
  colours,
  animate,
}: ChartInput): ChartConfiguration<'line' | 'bar'> {
  const left = series.find((s) => !s.rightAxis);
  const right = series.find((s) => s.rightAxis);
  const axis = (s: Series | undefined, position: 'left' | 'right') => ({
    type: 'linear' as const,
    position,
    beginAtZero: true,
    grid: { color: colours.grid, drawOnChartArea: position === 'left' },
    border: { color: colours.grid },
    ticks: {
      color: colours.text,
      precision: 0,
      maxTicksLimit: 6,
      callback: (value: number | string) => (s ? s.format(Number(value)) : String(value)),
    },
  });
  return {
    type,
    data: {
      labels,
      datasets: series.map((s) => {
        const colour = colours[s.tone];
        return {
          label: s.label,
          data: s.values,
          yAxisID: s.rightAxis ? 'y1' : 'y',
          borderColor: colour,
          backgroundColor: type === 'bar' ? withAlpha(colour, 0.75) : withAlpha(colour, 0.15),
          borderWidth: 2,
          borderDash: s.dashed ? [6, 4] : [],
          pointRadius: labels.length > 45 ? 0 : 2.5,
          pointHoverRadius: 4,
          tension: 0.25,
          borderRadius: type === 'bar' ? 3 : 0,
          maxBarThickness: 28,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: animate ? { duration: 400 } : false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          grid: { display: false },
          border: { color: colours.grid },
          ticks: { color: colours.text, autoSkip: true, maxRotation: 0, autoSkipPadding: 12 },
        },
        y: axis(left, 'left'),
        ...(right ? { y1: axis(right, 'right') } : {}),
      },
      plugins: {
        legend: {
          display: series.length > 1,
          position: 'bottom',
          labels: { color: colours.text, boxWidth: 12, boxHeight: 12, usePointStyle: false },
        },
        tooltip: {
          callbacks: {
            label: (item) => {
              const s = series[item.datasetIndex];
              return s ? `${s.label}: ${s.format(Number(item.raw))}` : '';
            },
          },
        },
      },
    },
  };
}
