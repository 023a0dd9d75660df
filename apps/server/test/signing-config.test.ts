import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { configurationWarnings } from '../src/startup';

describe('signing configuration', () => {
  const warning = /SIGNING_P12_PATH is not/;
  const warnings = (env: Record<string, string>) =>
    configurationWarnings(loadConfig(env)).join('\n');

  it('warns when instances on one database would each generate their own certificate', () => {
    expect(warnings({ DATABASE_URL: 'postgres://db/flowline' })).toMatch(warning);
  });

  it('is quiet with a configured certificate, and for the embedded single instance', () => {
    expect(
      warnings({
        DATABASE_URL: 'postgres://db/flowline',
        SIGNING_P12_PATH: '/etc/flowline/signing.p12',
      }),
    ).not.toMatch(warning);
    expect(warnings({})).not.toMatch(warning);
  });
});
