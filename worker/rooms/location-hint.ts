/**
 * Where a new room's Durable Object should live: near the person who created it, who is the
 * first to chat there and whose friends are most likely near too. Cloudflare places an object
 * by its first `get` only, so the hint is given once, at creation (create-room.ts); without it
 * the object would be made wherever it is first reached, which for a room nobody has opened
 * yet can be the queue consumer of an admin broadcast, far from everyone.
 */

/** What the hint is derived from: the request's `cf` properties (absent locally). */
export interface RequestPlace {
  continent?: string;
  country?: string;
  longitude?: string;
}

/** West of this meridian a North American caller is nearer the western region (~ -100°: Texas). */
const NORTH_AMERICA_WEST_OF = -100;
/** East of this meridian a European caller is nearer the eastern region (~ 20°: Warsaw, Athens). */
const EUROPE_EAST_OF = 20;
/** East of this meridian a caller in Russia is nearer Asia-Pacific (~ 100°: beyond Lake Baikal). */
const RUSSIA_ASIA_EAST_OF = 100;

/** Asian and North African countries served best from the Middle East region. */
const MIDDLE_EAST = new Set('AE BH EG IL IQ IR JO KW LB OM PS QA SA SY YE'.split(' '));
/** North-west African countries, nearer Western Europe than the south of the continent. */
const NORTH_WEST_AFRICA = new Set(['DZ', 'LY', 'MA', 'TN']);
/** Used when a European caller's longitude is unknown. */
const EASTERN_EUROPE = new Set('BG BY CY EE FI GR LT LV MD PL RO RU TR UA'.split(' '));

/** The Durable Object location hint for a caller at `place`, or undefined when unknown. */
export function locationHintFor(
  cf: RequestPlace | Request['cf'],
): DurableObjectLocationHint | undefined {
  // An incoming request's `cf` always has the IncomingRequestCfProperties shape.
  const place = cf as RequestPlace | undefined;
  if (!place) return undefined;
  const country = place.country?.toUpperCase() ?? '';
  const longitude = place.longitude ? Number.parseFloat(place.longitude) : Number.NaN;
  const known = Number.isFinite(longitude);
  // Countries first: a few sit on a continent but nearer another region (Egypt, Turkey).
  if (MIDDLE_EAST.has(country)) return 'me';
  if (NORTH_WEST_AFRICA.has(country)) return 'weur';
  if (country === 'TR') return 'eeur';
  switch (place.continent?.toUpperCase()) {
    case 'NA':
      // Without a longitude, no guess: the object is then made near the creating request.
      if (!known) return undefined;
      return longitude < NORTH_AMERICA_WEST_OF ? 'wnam' : 'enam';
    case 'SA':
      return 'sam';
    case 'EU':
      if (country === 'RU' && known && longitude > RUSSIA_ASIA_EAST_OF) return 'apac';
      if (known) return longitude > EUROPE_EAST_OF ? 'eeur' : 'weur';
      return EASTERN_EUROPE.has(country) ? 'eeur' : 'weur';
    case 'AS':
      return 'apac';
    case 'OC':
      return 'oc';
    case 'AF':
      return 'afr';
    default:
      // Antarctica ('AN') and the unknown: no region is nearer; the object is then made near
      // the creating request, which is where an object without a hint goes.
      return undefined;
  }
}
