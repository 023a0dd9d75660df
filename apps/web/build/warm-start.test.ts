import type { OutputBundle } from 'rolldown';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunkFilesFor, warmStartScript } from './warm-start';

function chunk(fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) {
  return { type: 'chunk', fileName, moduleIds, imports, isEntry };
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', ['/src/main.tsx'], ['assets/react-1.js'], true),
    chunk('assets/react-1.js', ['/node_modules/react/index.js']),
    chunk('assets/signed-in-1.js', ['/src/shell.tsx', '/src/home.tsx'], ['assets/base-1.js']),
    chunk('assets/base-1.js', ['/src/grid.tsx'], ['assets/react-1.js', 'assets/common-1.js']),
    chunk('assets/common-1.js', ['/src/menu.tsx']),
    chunk('assets/report-1.js', ['/src/report.tsx'], ['assets/common-1.js']),
    { type: 'asset', fileName: 'index.html', source: '' },
  ].map((item) => [item.fileName, item]),
) as unknown as OutputBundle;

describe('the warm-start build step: which files a signed-in start asks for early', () => {
  it('takes the chunks holding the modules with their static imports, less the entry’s', () => {
    expect(chunkFilesFor(bundle, ['/src/shell.tsx']).sort()).toEqual([
      '/assets/base-1.js',
      '/assets/common-1.js',
      '/assets/signed-in-1.js',
    ]);
    expect(chunkFilesFor(bundle, ['/src/report.tsx'])).toEqual([
      '/assets/report-1.js',
      '/assets/common-1.js',
    ]);
  });

  it('fails the build when a module is in no chunk (a moved file must not go unnoticed)', () => {
    expect(() => chunkFilesFor(bundle, ['/src/gone.tsx'])).toThrow(/no chunk holds/);
  });
});

describe('the warm-start script', () => {
  const script = warmStartScript({
    signedIn: ['/assets/signed-in-1.js', '/assets/base-1.js'],
    home: ['/assets/signed-in-1.js', '/assets/home-1.js'],
  });
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    );
  const run = () => new Function(script)();

  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    document.head.querySelectorAll('link[rel=modulepreload]').forEach((link) => link.remove());
  });

  it('asks for nothing when this tab holds no sign-in (the landing page)', () => {
    window.sessionStorage.setItem('flowline.authConfig', '{}');
    run();
    expect(preloaded()).toEqual([]);
  });

  it('asks for the frame and, on `/`, Home, once each, when a sign-in is stored', () => {
    window.sessionStorage.setItem('oidc.user:http://issuer:web', '{"access_token":"t"}');
    run();
    expect(preloaded()).toEqual([
      '/assets/signed-in-1.js',
      '/assets/base-1.js',
      '/assets/home-1.js',
    ]);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel=modulepreload]')!;
    // Module scripts are fetched in CORS mode: the preload must match to be reused.
    expect(link.getAttribute('crossorigin')).toBe('');
  });

  it('leaves Home out on any other address', () => {
    window.sessionStorage.setItem('oidc.user:http://issuer:web', '{"access_token":"t"}');
    window.history.replaceState(null, '', '/documents/arinvoice');
    run();
    expect(preloaded()).toEqual(['/assets/signed-in-1.js', '/assets/base-1.js']);
  });

  it('does nothing, without throwing, when storage is refused', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(run).not.toThrow();
      expect(preloaded()).toEqual([]);
    } finally {
      Object.defineProperty(window, 'sessionStorage', original);
    }
  });
});
