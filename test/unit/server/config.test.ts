import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultConfig, validateConfig } from '../../../src/server/config.ts';

describe('plugin config', () => {
  it('requireAuth defaults to true only in production', () => {
    assert.equal(
      defaultConfig({ env: (key) => (key === 'NODE_ENV' ? 'production' : undefined) }).requireAuth,
      true,
    );
    assert.equal(
      defaultConfig({ env: (key) => (key === 'NODE_ENV' ? 'development' : undefined) }).requireAuth,
      false,
    );
    assert.equal(defaultConfig({ env: () => undefined }).requireAuth, false);
  });

  it('accepts the defaults and valid overrides', () => {
    validateConfig(defaultConfig({ env: () => undefined }));
    validateConfig({ requireAuth: true, heartbeatInterval: 1000, maxWatchClients: 1 });
  });

  const invalid: [string, unknown, RegExp][] = [
    ['not an object', 'yes', /'config' must be an object/],
    ['an array', [], /'config' must be an object/],
    [
      'unknown option',
      { requireAuth: true, heartbeatInterval: 1000, maxWatchClients: 5, requireauth: true },
      /unknown option 'requireauth'. Known options: requireAuth, heartbeatInterval, maxWatchClients/,
    ],
    [
      'requireAuth as a string',
      { requireAuth: 'true', heartbeatInterval: 1000, maxWatchClients: 5 },
      /'requireAuth' must be true or false, got the string "true"/,
    ],
    [
      'heartbeat too short',
      { requireAuth: true, heartbeatInterval: 10, maxWatchClients: 5 },
      /'heartbeatInterval' must be a whole number from 1000 to 3600000, got 10/,
    ],
    [
      'fractional cap',
      { requireAuth: true, heartbeatInterval: 1000, maxWatchClients: 1.5 },
      /'maxWatchClients' must be a whole number/,
    ],
  ];
  for (const [name, config, message] of invalid) {
    it(`refuses ${name}`, () => assert.throws(() => validateConfig(config), message));
  }
});
