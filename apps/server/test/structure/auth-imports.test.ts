import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28 item 9: the request path had one import cycle, auth/request-context.ts →
 * modules/api-keys/service.ts → modules/admin-audit/record.ts → auth/. API-key authentication now
 * lives in auth/ (api-key-auth.ts) and reaches the keys through an interface: nothing auth/
 * imports at run time (type-only imports are erased) leads back into auth/.
 */
const src = path.resolve(import.meta.dirname, '../../src');
const authDir = path.join(src, 'auth');

function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) {
    const target = path.resolve(path.dirname(file), m[1]!);
    for (const candidate of [`${target}.ts`, path.join(target, 'index.ts')])
      if (fs.existsSync(candidate)) {
        out.push(candidate);
        break;
      }
  }
  return out;
}

/** The first chain from `start` that comes back into auth/ through another folder, if any. */
function cycleThroughAuth(start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[], left: boolean): string[] | null => {
    for (const next of runtimeImports(file)) {
      const inAuth = next.startsWith(authDir + path.sep);
      if (inAuth && left) return [...chain, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...chain, next], left || !inAuth);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start], false);
}

describe('auth/ imports', () => {
  it('no run-time import chain leaves auth/ and comes back (no cycle on the request path)', () => {
    const chain = cycleThroughAuth(path.join(authDir, 'request-context.ts'));
    expect(chain?.map((f) => path.relative(src, f)) ?? null).toBeNull();
  });

  it('auth/ imports no domain module service', () => {
    const offenders = fs
      .readdirSync(authDir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => runtimeImports(path.join(authDir, f)))
      .map((f) => path.relative(src, f))
      .filter((f) => f.startsWith('modules/') && !f.endsWith('repository.ts'));
    expect(offenders).toEqual([]);
  });
});
