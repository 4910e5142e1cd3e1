import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { Lang } from '@evcms/contracts/i18n';
import { CHART_HEIGHT, type ChartSeries } from './chart-series.ts';

// Only what the dashboard draws (bars, a line, two number axes, tooltips, the legend): chart.js shakes off the rest.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

const CHARGES_COLOUR = '#1677ff';
const TURNOVER_COLOUR = '#52c41a';

export interface ChartCanvasProps {
  series: ChartSeries;
  lang: Lang;
  /** The texts of the axes and the legend, in the interface language. */
  names: { x: string; charges: string; turnover: string };
  /** What the chart shows, read by screen readers instead of the picture (the table says it in full). */
  summary: string;
  /** Charges as bars over a category (weekday, hour); a line per day reads better over a long period. */
  kind: 'bar' | 'line';
}

/** Charges (left axis) and turnover (right axis) over the series' labels, drawn by chart.js into a canvas. */
export function ChartCanvas({ series, lang, names, summary, kind }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    // No 2D context (jsdom, a browser short of memory): the table still carries the data.
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, {
      type: kind,
      data: {
        labels: series.labels,
        datasets: [
          {
            type: kind,
            label: names.charges,
            data: series.charges,
            yAxisID: 'y',
            order: 1,
            backgroundColor: CHARGES_COLOUR,
            borderColor: CHARGES_COLOUR,
          },
          {
            type: 'line',
            label: names.turnover,
            data: series.turnover,
            yAxisID: 'y1',
            // Drawn over the bars (the lowest order is drawn last).
            order: 0,
            backgroundColor: TURNOVER_COLOUR,
            borderColor: TURNOVER_COLOUR,
          },
        ],
      },
      options: {
        // Numbers in the tooltips and on the axes in the interface language's format.
        locale: lang,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { title: { display: true, text: names.x } },
          y: {
            beginAtZero: true,
            position: 'left',
            title: { display: true, text: names.charges },
            ticks: { precision: 0 },
          },
          y1: {
            beginAtZero: true,
            position: 'right',
            title: { display: true, text: names.turnover },
            grid: { drawOnChartArea: false },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [series, lang, names.x, names.charges, names.turnover, kind]);

  return (
    // chart.js sizes the canvas to this box and follows its width (a phone's 390 px as well as 1440).
    <div style={{ position: 'relative', height: CHART_HEIGHT, width: '100%' }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
