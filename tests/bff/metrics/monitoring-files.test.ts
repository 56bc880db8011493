import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardQueries, MONITORING_DIR } from '../../support/monitoring-files.ts';
import { promtool } from '../../support/promtool.ts';

describe('the shipped monitoring files', () => {
  it("the alert rules pass Prometheus' checker, and each fires on the series that should fire it, not before its time", async () => {
    const checked = await promtool(['check', 'rules', path.join(MONITORING_DIR, 'alerts.yml')]);
    expect(checked.output).toContain('SUCCESS: 8 rules found');
    expect(checked.code).toBe(0);
    const tested = await promtool(['test', 'rules', path.join(MONITORING_DIR, 'alerts.test.yml')]);
    expect(tested.output).toContain('SUCCESS');
    expect(tested.code).toBe(0);
  });

  it("every query of the Grafana dashboard is PromQL that Prometheus' checker accepts", async () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThan(20);
    // promtool checks PromQL inside rule files: each query becomes a recording rule.
    const rules = ['groups:', '  - name: dashboard', '    rules:', ...queries.flatMap(({ expr }, index) => [`      - record: dashboard:query_${index}`, `        expr: ${JSON.stringify(expr)}`])].join('\n');
    const dir = await mkdtemp(path.join(tmpdir(), 'plat-dashboard-'));
    try {
      await writeFile(path.join(dir, 'dashboard-rules.yml'), `${rules}\n`);
      const checked = await promtool(['check', 'rules', path.join(dir, 'dashboard-rules.yml')]);
      expect(checked.output).toContain(`SUCCESS: ${queries.length} rules found`);
      expect(checked.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
