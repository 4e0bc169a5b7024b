/** One daily chart drawn by Chart.js on a canvas; redrawn when its figures or the theme change, gone with the island. */
import { useEffect, useRef } from 'react';
import type { Series } from './analytics-view.ts';
import { chartConfig } from './chart-config.ts';
import { Chart } from './chart-setup.ts';
import { prefersReducedMotion, useChartColours } from './chart-theme.ts';

interface Props {
  type: 'line' | 'bar';
  labels: string[];
  series: Series[];
  /** What the canvas says to a screen reader (the table beside it has the figures). */
  description: string;
}

export default function TrendChart({ type, labels, series, description }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const colours = useChartColours();
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(
      canvas.current,
      chartConfig({ type, labels, series, colours, animate: !prefersReducedMotion() }),
    );
    return () => chart.destroy();
  }, [type, labels, series, colours]);
  return (
    <div className="relative h-64 min-w-0 sm:h-72">
      <canvas ref={canvas} role="img" aria-label={description} data-chart={type} />
    </div>
  );
}
