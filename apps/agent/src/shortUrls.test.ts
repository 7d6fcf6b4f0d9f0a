import { expect, test } from 'bun:test';
import type { ServerMiddleware } from '@elizaos/server';
import { shortUrls } from './shortUrls.ts';

type Req = Parameters<ServerMiddleware>[0];
type Res = Parameters<ServerMiddleware>[1];

function through(method: string, url: string): string {
  const req = { method, url } as { method: string; url: string; readonly path: string };
  Object.defineProperty(req, 'path', { get: () => req.url.split('?')[0] });
  let nexts = 0;
  shortUrls(req as unknown as Req, {} as Res, () => void nexts++);
  expect(nexts).toBe(1);
  return req.url;
}

test('/house is the dashboard, and its poll finds the view; every other address passes untouched', () => {
  expect(through('GET', '/house')).toBe('/house/dashboard');
  expect(through('GET', '/house/?page=2')).toBe('/house/dashboard?page=2');
  expect(through('GET', '/house/view?page=2&per=5')).toBe('/house/dashboard/view?page=2&per=5');
  expect(through('GET', '/house/dashboard')).toBe('/house/dashboard');
  expect(through('GET', '/houses')).toBe('/houses');
  expect(through('POST', '/house')).toBe('/house');
});
