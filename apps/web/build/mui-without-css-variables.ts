import type { Plugin } from 'vite';

const STUB = '\0flowline-mui-without-css-variables';
/** MUI's two modules that choose at run time between the plain theme and the CSS-variables one. */
const CHOOSERS = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/;
const WITH_VARS = new Set(['./createThemeWithVars.mjs', './ThemeProviderWithVars.mjs']);

/**
 * Our theme (src/app/theme.ts) asks for neither `cssVariables` nor `colorSchemes`, so MUI's
 * `createTheme` makes the plain theme and `ThemeProvider` provides it without CSS variables — but
 * both import the CSS-variables machinery to choose at run time (createThemeWithVars,
 * CssVarsProvider, the color-scheme script and storage: ~25 KB of the entry, ~6 KB brotli, before
 * every first paint; issue 33 item 6). In a production build their imports of it resolve to a
 * stand-in that throws if it is ever reached: a theme that turns CSS variables on fails at the
 * start, loudly, instead of silently losing its variables. Tests and `vite dev` use MUI as it is.
 */
export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'flowline-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && CHOOSERS.test(importer) && WITH_VARS.has(source)) return STUB;
      return null;
    },
    load(id) {
      if (id !== STUB) return null;
      return `const unavailable = () => {
  throw new Error('MUI CSS variables are left out of this build (build/mui-without-css-variables.ts)');
};
export default unavailable;
export const CssVarsProvider = unavailable;
`;
    },
  };
}
