import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** Files whose top-level schemas are wrapped: the shared package and the app, not their tests. */
const WRAPPED = /[\\/](packages[\\/]shared|apps[\\/]web)[\\/]src[\\/](?!.*\.test\.).*\.tsx?$/;
const HELPER = new URL('../src/lib/lazy-schema.ts', import.meta.url).pathname;

/** The last method of a chain that gives something other than a schema: never wrapped. */
const NOT_A_SCHEMA = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'decode',
  'encode',
  'safeDecode',
  'safeEncode',
  'toJSONSchema',
]);

// The few ESTree shapes read here (the parser's own types vary between Vite's bundlers).
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** `z.x(…)…(…)` or `zName.x(…)…`: a call chain rooted at zod or at a schema named zSomething. */
function isSchemaChain(init: Node | null | undefined): boolean {
  if (!init || init.type !== 'CallExpression') return false;
  let node: Node = init;
  let lastMethod: string | null = null;
  for (;;) {
    if (node.type === 'CallExpression') node = node['callee'] as Node;
    else if (node.type === 'MemberExpression') {
      const property = node['property'] as Node;
      if (lastMethod === null && property.type === 'Identifier')
        lastMethod = property['name'] as string;
      node = node['object'] as Node;
    } else break;
  }
  if (lastMethod !== null && NOT_A_SCHEMA.has(lastMethod)) return false;
  return node.type === 'Identifier' && /^z([A-Z]\w*)?$/.test(node['name'] as string);
}

/**
 * Wraps `const zFoo = z.object(…)` (exported or not, at the top level of a module) as
 * `const zFoo = /*#__PURE__*\/ lazySchema(() => z.object(…))`: built when first used, and left out
 * of the bundle when nothing uses it (issue 16 item 4; src/lib/lazy-schema.ts). Production builds
 * only — tests exercise the schemas themselves, and the browser journeys the built app.
 */
export function lazySchemas(): Plugin {
  return {
    name: 'flowline-lazy-schemas',
    apply: 'build',
    transform(code, id) {
      if (!WRAPPED.test(id) || !/\bfrom\s*["']zod["']|\bz[A-Z]\w*\b/.test(code)) return null;
      if (id === HELPER) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits = new MagicString(code);
      let wrapped = 0;
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration'
            ? (statement['declaration'] as Node | null)
            : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration['kind'] !== 'const')
          continue;
        for (const declarator of declaration['declarations'] as Node[]) {
          const init = declarator['init'] as Node | null;
          if (!isSchemaChain(init)) continue;
          edits.appendLeft(init!.start, '/*#__PURE__*/ __lazySchema(() => ');
          edits.prependRight(init!.end, ')');
          wrapped += 1;
        }
      }
      if (wrapped === 0) return null;
      edits.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(HELPER)};\n`);
      return { code: edits.toString(), map: edits.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
