import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { STORED_USER_KEY_PREFIX } from '../src/app/auth/stored-user-key.ts';

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
 * Home's on `/`) as the page starts, beside the entry's, instead of after the entry has run.
 * Plain ES5 with no imports: it must run before anything else has loaded.
 */
export function warmStartScript(files: { signedIn: string[]; home: string[] }): string {
  const home = files.home.filter((file) => !files.signedIn.includes(file));
  return `(function () {
  try {
    var storage = window.sessionStorage, signedIn = false;
    for (var i = 0; i < storage.length; i += 1) {
      if ((storage.key(i) || '').indexOf(${JSON.stringify(STORED_USER_KEY_PREFIX)}) === 0) signedIn = true;
    }
    if (!signedIn) return;
    var files = ${JSON.stringify(files.signedIn)};
    if (window.location.pathname === '/') files = files.concat(${JSON.stringify(home)});
    for (var j = 0; j < files.length; j += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[j];
      document.head.appendChild(link);
    }
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
  return {
    name: 'flowline-warm-start',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') throw new Error('warm-start: index.html is not built');
      const source = warmStartScript({
        signedIn: chunkFilesFor(bundle, modules.signedIn),
        home: chunkFilesFor(bundle, modules.home),
      });
      const ref = this.emitFile({ type: 'asset', name: 'warm-start.js', source });
      const tag = `<script async src="/${this.getFileName(ref)}"></script>`;
      const page = String(html.source);
      if (!page.includes('<title>')) throw new Error('warm-start: index.html has no <title>');
      html.source = page.replace(/(<title>[^<]*<\/title>)/, `$1\n    ${tag}`);
    },
  };
}
