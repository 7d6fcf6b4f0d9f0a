import type { ServerMiddleware } from '@elizaos/server';

/** Short addresses a person can type: `/house` is the House's dashboard (its plugin route `/house/dashboard`). */
const SHORT: ReadonlyMap<string, string> = new Map([
  ['/house', '/house/dashboard'],
  ['/house/', '/house/dashboard'],
  // The page polls its own address plus `/view`.
  ['/house/view', '/house/dashboard/view'],
]);

export const shortUrls: ServerMiddleware = (req, _res, next) => {
  const target = req.method === 'GET' ? SHORT.get(req.path) : undefined;
  if (target) {
    const query = req.url.indexOf('?');
    req.url = target + (query >= 0 ? req.url.slice(query) : '');
  }
  next();
};
