import type { RouteResponse } from '@elizaos/core';

/** A RouteResponse that records what a handler sent, for handler tests without a server. */
export interface FakeResponse extends RouteResponse {
  statusCode: number;
  body: unknown;
  headers: Record<string, string | string[]>;
}

export function fakeResponse(): FakeResponse {
  const res: FakeResponse = {
    statusCode: 200,
    body: undefined,
    headers: {},
    headersSent: false,
    status(code) {
      res.statusCode = code;
      return res;
    },
    json(data) {
      res.headers['Content-Type'] ??= 'application/json';
      res.body = data;
      res.headersSent = true;
      return res;
    },
    send(data) {
      res.body = data;
      res.headersSent = true;
      return res;
    },
    end() {
      res.headersSent = true;
      return res;
    },
    setHeader(name, value) {
      res.headers[name] = value;
      return res;
    },
  };
  return res;
}
