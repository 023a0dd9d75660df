import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { runnerImport, type Plugin } from 'vite';
import type * as ValuesModule from '../src/app/warm-start-values.ts';
import type { WarmStartValues } from '../src/app/warm-start-values.ts';

/** The modules a signed-in load of any page needs, and those only `/` (Home) adds. */
export interface WarmStartModules {
  signedIn: string[];
  home: string[];
}

const isChunk = (item: OutputBundle[string]): item is OutputChunk => item.type === 'chunk';

/**
 * The files (as the page requests them: `/assets/…`) of the chunks holding modules whose path ends
 * with one of `moduleSuffixes`, with their static imports, less what the entry loads anyway.
 */
export function chunkFilesFor(bundle: OutputBundle, moduleSuffixes: string[]): string[] {
  const chunks = Object.values(bundle).filter(isChunk);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (roots: OutputChunk[]) => {
    const files = new Set<string>();
    const queue = [...roots];
    for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
      if (files.has(chunk.fileName)) continue;
      files.add(chunk.fileName);
      queue.push(...chunk.imports.flatMap((file) => byFile.get(file) ?? []));
    }
    return files;
  };
  const entryFiles = withImports(chunks.filter((chunk) => chunk.isEntry));
  const roots = moduleSuffixes.map((suffix) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
    if (!chunk) throw new Error(`warm-start: no chunk holds ${suffix}`);
    return chunk;
  });
  return [...withImports(roots)].filter((file) => !entryFiles.has(file)).map((f) => `/${f}`);
}

/**
 * The warm-start script: when this tab holds a sign-in, it asks for the signed-in frame's code (and
 * Home's on `/`) as the page starts, beside the entry's, instead of after the entry has run. With
 * a token that the app will use as it is (more than `minTokenLifeS` left), it also sends the
 * session start's call (GET /api/session with the remembered company) and, on `/` once that
 * answers, Home's calls for the company's party types (`homeByPartyType`): the app takes these
 * answers instead of asking again (lib/warm-requests.ts) — on a slow network they are on their way
 * while the app's ~220 KB of code downloads, instead of after it has run.
 * Plain ES5 with no imports: it must run before anything else has loaded.
 */
export function warmStartScript(
  files: { signedIn: string[]; home: string[] },
  values: WarmStartValues,
): string {
  const home = files.home.filter((file) => !files.signedIn.includes(file));
  const json = JSON.stringify;
  return `(function () {
  try {
    var storage = window.sessionStorage, userKey = null;
    for (var i = 0; i < storage.length; i += 1) {
      if ((storage.key(i) || '').indexOf(${json(values.storedUserKeyPrefix)}) === 0) userKey = storage.key(i);
    }
    if (!userKey) return;
    var atHome = window.location.pathname === '/';
    var files = ${json(files.signedIn)};
    if (atHome) files = files.concat(${json(home)});
    for (var j = 0; j < files.length; j += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[j];
      document.head.appendChild(link);
    }
    var user = JSON.parse(storage.getItem(userKey) || 'null');
    var token = user && user.access_token;
    if (typeof token !== 'string' || typeof window.fetch !== 'function') return;
    if (typeof user.expires_at === 'number' && user.expires_at - Date.now() / 1000 <= ${values.minTokenLifeS}) return;
    var companyId = null;
    try {
      var raw = window.localStorage.getItem(${json(values.companyStorageKey)});
      if (raw !== null && /^[1-9][0-9]*$/.test(raw)) companyId = Number(raw);
    } catch (e) {
      // No remembered company: the session's call goes out without one.
    }
    var requests = window[${json(values.requestsGlobal)}] = [];
    var send = function (url, company) {
      var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
      if (company !== null) headers[${json(values.companyHeader)}] = String(company);
      return window.fetch(url, { headers: headers });
    };
    var keep = function (url, company, response) {
      response['catch'](function () {});
      requests.push({ url: url, token: token, companyId: company, at: Date.now(), response: response });
    };
    var byPartyType = ${json(values.homeByPartyType)};
    // Home's calls, once the session's answer names the company's party types.
    var sendHomeCalls = function (answer) {
      var company = answer && answer.company;
      if (!company || company.id !== companyId || !company.hasConnections) return;
      var mine = (answer.companies || []).filter(function (c) { return c.id === companyId && !c.isCloud; })[0];
      if (!mine) return;
      var urls = [];
      for (var t = 0; t < mine.partyTypeIds.length; t += 1) {
        var more = byPartyType[mine.partyTypeIds[t]] || [];
        for (var u = 0; u < more.length; u += 1) if (urls.indexOf(more[u]) < 0) urls.push(more[u]);
      }
      for (var k = 0; k < urls.length; k += 1) keep(urls[k], companyId, send(urls[k], companyId));
    };
    var session = send('/api/session', companyId);
    if (atHome && companyId !== null) {
      // The app gets the session's answer only once Home's calls are out (or known not to be):
      // it then finds them here instead of sending its own.
      session = session.then(function (response) {
        if (!response.ok) return response;
        return response.clone().json().then(sendHomeCalls).then(
          function () { return response; },
          function () { return response; }
        );
      });
    }
    keep('/api/session', companyId, session);
  } catch (e) {
    // No storage (a sandboxed frame): the app loads the frame after its entry, as without this.
  }
})();
`;
}

/**
 * Emits the warm-start script and loads it (async, first in the head) from index.html (issue 16
 * item 4): a signed-in load of Home otherwise requests the frame's ~50 KB only after the entry's
 * ~170 KB arrived and ran. A separate file, not inline: the CSP is script-src 'self'.
 */
export function warmStart(modules: WarmStartModules): Plugin {
  let values: WarmStartValues | null = null;
  return {
    name: 'flowline-warm-start',
    apply: 'build',
    enforce: 'post',
    async buildStart() {
      const { module } = await runnerImport<typeof ValuesModule>(
        path.join(import.meta.dirname, '../src/app/warm-start-values.ts'),
        {
          root: path.join(import.meta.dirname, '..'),
          logLevel: 'error',
          // The shared package is TypeScript: transformed like the app's own modules.
          environments: { inline: { resolve: { noExternal: ['@flowline/shared'] } } },
        },
      );
      values = module.warmStartValues();
    },
    generateBundle(_options, bundle) {
      if (!values) throw new Error('warm-start: the values were not read');
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') throw new Error('warm-start: index.html is not built');
      const source = warmStartScript(
        {
          signedIn: chunkFilesFor(bundle, modules.signedIn),
          home: chunkFilesFor(bundle, modules.home),
        },
        values,
      );
      const ref = this.emitFile({ type: 'asset', name: 'warm-start.js', source });
      const tag = `<script async src="/${this.getFileName(ref)}"></script>`;
      const page = String(html.source);
      if (!page.includes('<title>')) throw new Error('warm-start: index.html has no <title>');
      html.source = page.replace(/(<title>[^<]*<\/title>)/, `$1\n    ${tag}`);
    },
  };
}
