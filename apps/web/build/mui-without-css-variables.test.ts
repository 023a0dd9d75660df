import { describe, expect, it } from 'vitest';
import { muiWithoutCssVariables } from './mui-without-css-variables';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const plugin = muiWithoutCssVariables();
const resolveId = (source: string, importer?: string) =>
  (plugin.resolveId as Hook).call({}, source, importer, {});
const load = (id: string) => (plugin.load as Hook).call({}, id);
const styles = '/repo/node_modules/@mui/material/styles';

describe('the build without MUI’s CSS-variables machinery', () => {
  it('stands in for it where createTheme and ThemeProvider import it, and nowhere else', () => {
    const stub = resolveId('./createThemeWithVars.mjs', `${styles}/createTheme.mjs`);
    expect(stub).toEqual(expect.any(String));
    expect(resolveId('./ThemeProviderWithVars.mjs', `${styles}/ThemeProvider.mjs`)).toBe(stub);
    expect(resolveId('./createThemeWithVars.mjs', `${styles}/index.mjs`)).toBeNull();
    expect(resolveId('./createThemeNoVars.mjs', `${styles}/createTheme.mjs`)).toBeNull();
    expect(resolveId('./createThemeWithVars.mjs', undefined)).toBeNull();
  });

  it('fails loudly if a theme ever reaches it', () => {
    const stub = resolveId('./createThemeWithVars.mjs', `${styles}/createTheme.mjs`) as string;
    const code = load(stub) as string;
    expect(code).toMatch(/export default unavailable/);
    expect(code).toMatch(/export const CssVarsProvider = unavailable/);
    expect(load('/src/other.ts')).toBeNull();
  });

  it('only in a production build', () => {
    expect(plugin.apply).toBe('build');
  });
});
