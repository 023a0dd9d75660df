import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { cronEvery } from '../src/maintenance/orphan-sweep-job';
import { configurationWarnings } from '../src/startup';

describe('job configuration', () => {
  it('works the queues in the API process unless JOB_WORKERS=off', () => {
    expect(loadConfig({}).jobWorkers).toBe('in-process');
    expect(loadConfig({ JOB_WORKERS: 'off' }).jobWorkers).toBe('off');
    expect(() => loadConfig({ JOB_WORKERS: 'elsewhere' })).toThrow(/JOB_WORKERS/);
  });

  it('warns that nothing works the queues with JOB_WORKERS=off on the embedded database', () => {
    const warning = /nothing works them/;
    expect(configurationWarnings(loadConfig({ JOB_WORKERS: 'off' })).join('\n')).toMatch(warning);
    const server = loadConfig({ JOB_WORKERS: 'off', DATABASE_URL: 'postgres://db/flowline' });
    expect(configurationWarnings(server).join('\n')).not.toMatch(warning);
  });

  it('turns the sweep interval into a cron schedule', () => {
    expect(cronEvery(60)).toBe('0 * * * *');
    expect(cronEvery(15)).toBe('*/15 * * * *');
    expect(cronEvery(180)).toBe('0 */3 * * *');
    expect(cronEvery(24 * 60)).toBe('0 0 * * *');
  });
});
