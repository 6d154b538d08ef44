/** Room objects are made near their creator: the hint from the request's place (cf). */
import { env, listDurableObjectIds, SELF } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { locationHintFor } from '../../worker/rooms/location-hint';
import { ORIGIN, signedInClient } from './support/api';

describe('locationHintFor', () => {
  it.each([
    ['Los Angeles', { continent: 'NA', country: 'US', longitude: '-118.24' }, 'wnam'],
    ['Vancouver', { continent: 'NA', country: 'CA', longitude: '-123.12' }, 'wnam'],
    ['New York', { continent: 'NA', country: 'US', longitude: '-74.01' }, 'enam'],
    ['Mexico City', { continent: 'NA', country: 'MX', longitude: '-99.13' }, 'enam'],
    ['São Paulo', { continent: 'SA', country: 'BR', longitude: '-46.63' }, 'sam'],
    ['Paris', { continent: 'EU', country: 'FR', longitude: '2.35' }, 'weur'],
    ['Stockholm', { continent: 'EU', country: 'SE', longitude: '18.07' }, 'weur'],
    ['Warsaw', { continent: 'EU', country: 'PL', longitude: '21.01' }, 'eeur'],
    ['Moscow', { continent: 'EU', country: 'RU', longitude: '37.62' }, 'eeur'],
    ['Vladivostok', { continent: 'EU', country: 'RU', longitude: '131.89' }, 'apac'],
    ['Istanbul', { continent: 'AS', country: 'TR', longitude: '28.98' }, 'eeur'],
    ['Tokyo', { continent: 'AS', country: 'JP', longitude: '139.69' }, 'apac'],
    ['Mumbai', { continent: 'AS', country: 'IN', longitude: '72.88' }, 'apac'],
    ['Dubai', { continent: 'AS', country: 'AE', longitude: '55.27' }, 'me'],
    ['Tel Aviv', { continent: 'AS', country: 'IL', longitude: '34.78' }, 'me'],
    ['Cairo', { continent: 'AF', country: 'EG', longitude: '31.24' }, 'me'],
    ['Casablanca', { continent: 'AF', country: 'MA', longitude: '-7.59' }, 'weur'],
    ['Lagos', { continent: 'AF', country: 'NG', longitude: '3.38' }, 'afr'],
    ['Johannesburg', { continent: 'AF', country: 'ZA', longitude: '28.05' }, 'afr'],
    ['Sydney', { continent: 'OC', country: 'AU', longitude: '151.21' }, 'oc'],
    ['Auckland', { continent: 'OC', country: 'NZ', longitude: '174.76' }, 'oc'],
  ] as const)('%s → %s', (_city, place, hint) => {
    expect(locationHintFor(place)).toBe(hint);
  });

  it('falls back to the country without a usable longitude', () => {
    expect(locationHintFor({ continent: 'EU', country: 'DE' })).toBe('weur');
    expect(locationHintFor({ continent: 'EU', country: 'RO', longitude: 'n/a' })).toBe('eeur');
    expect(locationHintFor({ continent: 'eu', country: 'pl' })).toBe('eeur');
  });

  it('gives no hint where no region is nearer or nothing is known', () => {
    expect(
      locationHintFor({ continent: 'AN', country: 'AQ', longitude: '166.67' }),
    ).toBeUndefined();
    expect(locationHintFor({ continent: 'NA', country: 'US' })).toBeUndefined();
    expect(locationHintFor({})).toBeUndefined();
    expect(locationHintFor(undefined)).toBeUndefined();
  });
});

describe('room creation', () => {
  async function create(cookie: string, ip: string, cf?: Record<string, string>) {
    const res = await SELF.fetch(`${ORIGIN}/api/join`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        Cookie: cookie,
        'CF-Connecting-IP': ip,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ roomName: 'Placed' }),
      // What Cloudflare's edge attaches to an incoming request; locally there is none.
      ...(cf ? { cf: cf as RequestInitCfProperties } : {}),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { roomId: string }).roomId;
  }

  it("makes the room's object at once, hinted by the creator's region", async () => {
    const { client } = await signedInClient();
    const get = vi.spyOn(env.CHAT_ROOM, 'get');
    const roomId = await create(client.cookie, client.ip, {
      continent: 'EU',
      country: 'PL',
      longitude: '21.01',
    });
    const id = env.CHAT_ROOM.idFromName(roomId);
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ name: roomId }), {
      locationHint: 'eeur',
    });
    // Made before anyone opened a socket: the hint only counts on the first `get`.
    const ids = await listDurableObjectIds(env.CHAT_ROOM);
    expect(ids.some((made) => made.equals(id))).toBe(true);
  });

  it('makes it without a hint when the request says nothing of where it came from', async () => {
    const { client } = await signedInClient();
    const get = vi.spyOn(env.CHAT_ROOM, 'get');
    const roomId = await create(client.cookie, client.ip);
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ name: roomId }), {
      locationHint: undefined,
    });
    const ids = await listDurableObjectIds(env.CHAT_ROOM);
    expect(ids.some((made) => made.equals(env.CHAT_ROOM.idFromName(roomId)))).toBe(true);
  });
});
