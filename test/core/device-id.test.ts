/** The Widevine device id (core/drm/device-id.ts; play-page §7 "device id query d"). */
import { expect } from '@open-wc/testing';
import { DEVICE_ID_KEY, deviceId, withDeviceId } from '../../src-element/core/drm/device-id.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('device id', () => {
  it('is created once and kept: the same id on every later read', () => {
    const storage = memoryStorage();
    const first = deviceId(storage);
    expect(first).to.match(/^[0-9a-f-]{36}$/);
    expect(storage.data.get(DEVICE_ID_KEY)).to.equal(first);
    expect(deviceId(storage)).to.equal(first);
  });

  it('a stored value that is not an id is replaced', () => {
    const storage = memoryStorage({ [DEVICE_ID_KEY]: '<script>' });
    const id = deviceId(storage);
    expect(id).to.not.equal('<script>');
    expect(storage.data.get(DEVICE_ID_KEY)).to.equal(id);
  });

  it('without storage (or when it throws) one id lives for the page', () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(deviceId(throwing)).to.equal(deviceId(throwing));
    expect(deviceId(null)).to.match(/^[0-9a-f-]{32,36}$/);
  });

  it('withDeviceId sets d, replacing one already there; a bad URL is returned as is', () => {
    expect(withDeviceId('https://x.example/l?d=old&a=1', 'abcdefgh')).to.equal('https://x.example/l?d=abcdefgh&a=1');
    expect(withDeviceId('not a url', 'abcdefgh')).to.equal('not a url');
  });
});
