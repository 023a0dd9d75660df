import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { lazySchemas } from './lazy-schemas';

const SHARED_MODULE = '/repo/packages/shared/src/schemas/example.ts';

function transform(code: string, id = SHARED_MODULE): string | null {
  const plugin = lazySchemas();
  const hook = plugin.transform as (
    this: { parse: typeof parseAst },
    code: string,
    id: string,
  ) => { code: string } | null;
  return hook.call({ parse: parseAst }, code, id)?.code ?? null;
}

describe('the lazy schemas build step', () => {
  it('wraps top-level schemas, exported or not, and leaves everything else as it was', () => {
    const code = [
      "import { z } from 'zod';",
      'const nullableText = z.string().nullable();',
      'export const zItem = z.object({ name: nullableText });',
      'export const zItems = zItem.array().min(1);',
      "export const STATUSES = z.enum(['a', 'b']).options;",
      'export const parsed = zItem.parse({ name: null });',
      'export const LIMIT = Math.max(1, 2);',
      'export function makeSchema() { return z.string(); }',
      'let mutable = z.number();',
    ].join('\n');
    const out = transform(code)!;
    expect(out).toContain('import { lazySchema as __lazySchema } from');
    expect(out).toContain(
      'const nullableText = /*#__PURE__*/ __lazySchema(() => z.string().nullable());',
    );
    expect(out).toContain(
      'export const zItem = /*#__PURE__*/ __lazySchema(() => z.object({ name: nullableText }));',
    );
    expect(out).toContain(
      'export const zItems = /*#__PURE__*/ __lazySchema(() => zItem.array().min(1));',
    );
    expect(out).toContain("export const STATUSES = z.enum(['a', 'b']).options;");
    expect(out).toContain('export const parsed = zItem.parse({ name: null });');
    expect(out).toContain('export const LIMIT = Math.max(1, 2);');
    expect(out).toContain('export function makeSchema() { return z.string(); }');
    expect(out).toContain('let mutable = z.number();');
  });

  it('leaves tests, other packages and modules without schemas alone', () => {
    const code = "import { z } from 'zod';\nexport const zA = z.string();";
    expect(transform(code, '/repo/packages/shared/src/schemas/example.test.ts')).toBeNull();
    expect(transform(code, '/repo/apps/server/src/modules/x.ts')).toBeNull();
    expect(transform('export const answer = 42;')).toBeNull();
    expect(transform(code, '/repo/apps/web/src/features/x/api.ts')).toContain('__lazySchema');
  });

  it('runs in production builds only', () => {
    expect(lazySchemas().apply).toBe('build');
  });
});
