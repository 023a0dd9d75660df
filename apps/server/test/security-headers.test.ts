// Issue 10 item 7: the CSP lets the SPA open WebSockets to this app only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigins } from '../src/config';
import { buildTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('Content-Security-Policy', () => {
  it('allows WebSockets to the app itself, never to any host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
    expect(connect).toContain("'self'");
    expect(connect).toContain('ws://localhost:3999');
    expect(connect.every((s) => !s.includes('*'))).toBe(true);
    // Not a valid CSP source: browsers reject it with a console error on every page.
    expect(connect.some((s) => s.includes('['))).toBe(false);
  });
});

describe('appOrigins', () => {
  it('treats the loopback names of a local PUBLIC_URL as one app', () => {
    expect(appOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(appOrigins('https://flowline.example.com')).toEqual(['https://flowline.example.com']);
  });
});
