import { afterEach, expect, test } from 'bun:test';
import { HouseConfig } from './houseConfig.ts';
import { fakeRuntime } from './testing/fakeRuntime.ts';

const central = process.env.CENTRAL_MESSAGE_SERVER_URL;
afterEach(() => {
  if (central === undefined) delete process.env.CENTRAL_MESSAGE_SERVER_URL;
  else process.env.CENTRAL_MESSAGE_SERVER_URL = central;
});

test('links for people say localhost where the host listens on loopback, as the README does; agents and tools keep the address', () => {
  process.env.CENTRAL_MESSAGE_SERVER_URL = 'http://127.0.0.1:3000';
  const config = new HouseConfig(fakeRuntime('House'));
  expect(config.peopleUrl).toBe('http://localhost:3000');
  expect(config.dashboardUrl).toBe('http://localhost:3000/house');
  expect(config.publicUrl).toBe('http://127.0.0.1:3000');
  process.env.CENTRAL_MESSAGE_SERVER_URL = 'http://[::1]:3001/';
  expect(new HouseConfig(fakeRuntime('House')).peopleUrl).toBe('http://localhost:3001');
  // Another address is the one people use; 127.0.0.10 is not loopback's name.
  process.env.CENTRAL_MESSAGE_SERVER_URL = 'http://127.0.0.10:3000';
  expect(new HouseConfig(fakeRuntime('House')).peopleUrl).toBe('http://127.0.0.10:3000');
});

test('HOUSE_PUBLIC_URL is the address for everyone, as set', () => {
  process.env.CENTRAL_MESSAGE_SERVER_URL = 'http://127.0.0.1:3000';
  const config = new HouseConfig(fakeRuntime('House', { HOUSE_PUBLIC_URL: 'http://127.0.0.1:8080/' }));
  expect(config.peopleUrl).toBe('http://127.0.0.1:8080');
  expect(config.dashboardUrl).toBe('http://127.0.0.1:8080/house');
});
