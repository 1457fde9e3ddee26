import { useEffect, useRef } from 'react';
import { ArcElement, CategoryScale, Chart, DoughnutController, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';

// Only the pieces these two charts draw with: the rest of chart.js stays out of the bundle.
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, DoughnutController, ArcElement, Tooltip, Legend);

const AMBER = '#d97706';
const NAVY = '#374151';
const WEEK = 7;
export const MIX_COLOURS = ['#f59e0b', '#2563eb', '#059669', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#4b5563', '#0d9488'];

/** A canvas drawn by chart.js; the chart is rebuilt when its configuration changes and freed on unmount. */
function ChartCanvas({ config }: { config: ChartConfiguration }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return undefined;
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [config]);
  // The chart is a picture of numbers the page also gives as text: screen readers skip it.
  return <canvas ref={canvas} aria-hidden="true" />;
}

export interface LineChartProps {
  labels: string[];
  points: number[];
  goal: number[];
}

export function DailyPointsLine({ labels, points, goal }: LineChartProps) {
  const config: ChartConfiguration = {
    type: 'line',
    data: {
      labels,
      datasets: [
        { label: 'Points', data: points, borderColor: AMBER, backgroundColor: AMBER, tension: 0.25, pointRadius: 2 },
        { label: 'Daily goal', data: goal, borderColor: NAVY, backgroundColor: NAVY, borderDash: [6, 4], pointRadius: 0 },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        y: { beginAtZero: true },
        // Today and every 7th day back: a week's rhythm, and today always named, readable at phone width.
        x: { ticks: { maxRotation: 0, autoSkip: false, callback: (_value, index) => ((labels.length - 1 - index) % WEEK === 0 ? labels[index] : '') } },
      },
      plugins: { legend: { position: 'bottom' } },
    },
  };
  return <ChartCanvas config={config} />;
}

export interface DonutProps {
  labels: string[];
  counts: number[];
}

export function ActivityMixDonut({ labels, counts }: DonutProps) {
  const config: ChartConfiguration = {
    type: 'doughnut',
    data: { labels, datasets: [{ data: counts, backgroundColor: MIX_COLOURS.slice(0, counts.length) }] },
    options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } } },
  };
  return <ChartCanvas config={config} />;
}
