import type { OutputBundle } from 'rolldown';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PartyType } from '@flowline/shared';
import { warmStartValues } from '../src/app/warm-start-values';
import { homeRequestUrl, homeRequestsFor } from '../src/features/home/home-requests';
import { takeWarmResponse, WARM_REQUESTS_GLOBAL } from '../src/lib/warm-requests';
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
  const script = warmStartScript(
    {
      signedIn: ['/assets/signed-in-1.js', '/assets/base-1.js'],
      home: ['/assets/signed-in-1.js', '/assets/home-1.js'],
    },
    warmStartValues(),
  );
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    );
  const run = () => new Function(script)();

  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 401 }))),
    );
  });
  afterEach(() => {
    document.head.querySelectorAll('link[rel=modulepreload]').forEach((link) => link.remove());
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[WARM_REQUESTS_GLOBAL];
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

  describe("the session's and Home's calls", () => {
    const values = warmStartValues();
    const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
    const signIn = (user: object = { access_token: 'tok', expires_at: inAnHour() }) =>
      window.sessionStorage.setItem('oidc.user:http://issuer:web', JSON.stringify(user));
    const company = { id: 7, isCloud: false, partyTypeIds: [PartyType.Vendor, PartyType.Operator] };
    const answer = (hasConnections = true) =>
      new Response(
        JSON.stringify({ companies: [company], user: {}, company: { id: 7, hasConnections } }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const sent = () =>
      vi.mocked(fetch).mock.calls.map(([url, init]) => {
        const headers = (init?.headers ?? {}) as Record<string, string>;
        return `${String(url)} ${headers.Authorization} ${headers[values.companyHeader] ?? '-'}`;
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it("sends the session's call and, on `/`, Home's calls for the company's party types", async () => {
      signIn();
      window.localStorage.setItem(values.companyStorageKey, '7');
      vi.mocked(fetch).mockImplementation((url) =>
        Promise.resolve(url === '/api/session' ? answer() : new Response('{}')),
      );
      run();
      await settle();
      const home = homeRequestsFor(company.partyTypeIds).map(homeRequestUrl);
      expect(sent()).toEqual(['/api/session', ...home].map((url) => `${url} Bearer tok 7`));
      // The app takes each answer once, with the same token and company.
      expect(takeWarmResponse('/api/session', 'other-token', 7)).toBeNull();
      expect(takeWarmResponse('/api/session', 'tok', 7)).not.toBeNull();
      expect(takeWarmResponse('/api/session', 'tok', 7)).toBeNull();
      for (const url of home) expect(takeWarmResponse(url, 'tok', 7)).not.toBeNull();
    });

    it("hands the app the session's answer only once Home's calls are out", async () => {
      signIn();
      window.localStorage.setItem(values.companyStorageKey, '7');
      vi.mocked(fetch).mockImplementation((url) =>
        Promise.resolve(url === '/api/session' ? answer() : new Response('{}')),
      );
      run();
      // The app takes the session's answer at once and, as soon as it has it, asks for Home's.
      const session = takeWarmResponse('/api/session', 'tok', 7);
      expect(await session).toBeInstanceOf(Response);
      for (const url of homeRequestsFor(company.partyTypeIds).map(homeRequestUrl)) {
        expect(takeWarmResponse(url, 'tok', 7), url).not.toBeNull();
      }
      expect(vi.mocked(fetch).mock.calls).toHaveLength(
        1 + homeRequestsFor(company.partyTypeIds).length,
      );
    });

    it("sends only the session's call elsewhere, without connections or without a remembered company", async () => {
      vi.mocked(fetch).mockImplementation(() => Promise.resolve(answer(false)));
      signIn();
      window.localStorage.setItem(values.companyStorageKey, '7');
      run();
      await settle();
      expect(sent()).toEqual(['/api/session Bearer tok 7']);

      vi.mocked(fetch).mockClear();
      vi.mocked(fetch).mockImplementation(() => Promise.resolve(answer()));
      window.history.replaceState(null, '', '/documents/arinvoice');
      run();
      await settle();
      expect(sent()).toEqual(['/api/session Bearer tok 7']);

      vi.mocked(fetch).mockClear();
      window.history.replaceState(null, '', '/');
      window.localStorage.clear();
      run();
      await settle();
      expect(sent()).toEqual(['/api/session Bearer tok -']);
    });

    it('sends nothing with a token the app will renew first, or none', async () => {
      signIn({ access_token: 'tok', expires_at: Math.floor(Date.now() / 1000) + 30 });
      run();
      signIn({ id_token: 'only' });
      run();
      await settle();
      expect(fetch).not.toHaveBeenCalled();
      expect(preloaded()).toHaveLength(6);
    });
  });
});

describe("Home's calls for each party type (the script takes the union of each type's)", () => {
  const types = Object.values(PartyType);
  it.each(Array.from({ length: 2 ** types.length }, (_, mask) => [mask]))(
    'is what Home asks for, for every mix of party types (mask %i)',
    (mask) => {
      const mix = types.filter((_, i) => mask & (1 << i));
      const byType = warmStartValues().homeByPartyType;
      const union = new Set(mix.flatMap((type) => byType[type] ?? []));
      expect(union).toEqual(new Set(homeRequestsFor(mix).map(homeRequestUrl)));
    },
  );
});
