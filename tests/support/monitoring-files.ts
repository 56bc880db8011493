import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../bff/src/project-root.ts';

export const MONITORING_DIR = path.join(PROJECT_ROOT, 'docs/monitoring');

interface DashboardPanel {
  type: string;
  title: string;
  targets?: Array<{ expr: string }>;
}

/** The PromQL of every panel of the shipped Grafana dashboard, by panel title, with Grafana's variables put in as Prometheus would get them. */
export function dashboardQueries(): Array<{ title: string; expr: string }> {
  const dashboard = JSON.parse(readFileSync(path.join(MONITORING_DIR, 'grafana-dashboard.json'), 'utf8')) as { panels: DashboardPanel[] };
  return dashboard.panels.flatMap((panel) => (panel.targets ?? []).map(({ expr }) => ({ title: panel.title, expr: expr.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*') })));
}

/** The metric names a PromQL expression reads (console and Node metrics: plat_, nodejs_, process_). */
export function metricNamesIn(expr: string): string[] {
  return [...expr.matchAll(/\b((?:plat|nodejs|process)_[a-z0-9_]+)\b/g)].map((match) => match[1] ?? '');
}

/** The expressions of the shipped alert rules. */
export function alertExpressions(): string[] {
  return [...readFileSync(path.join(MONITORING_DIR, 'alerts.yml'), 'utf8').matchAll(/^\s+expr: (.+)$/gm)].map((match) => match[1] ?? '');
}
