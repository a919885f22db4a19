import type { FastifyPluginAsync } from 'fastify';

/** ISO 3166-1 alpha-2 → alpha-3 for the regions a browser commonly names in Accept-Language. */
const ALPHA3: Readonly<Record<string, string>> = {
  AR: 'ARG', AT: 'AUT', AU: 'AUS', BE: 'BEL', BG: 'BGR', BR: 'BRA', CA: 'CAN', CH: 'CHE', CL: 'CHL', CN: 'CHN',
  CO: 'COL', CZ: 'CZE', DE: 'DEU', DK: 'DNK', EG: 'EGY', ES: 'ESP', FI: 'FIN', FR: 'FRA', GB: 'GBR', GR: 'GRC',
  HK: 'HKG', HR: 'HRV', HU: 'HUN', ID: 'IDN', IE: 'IRL', IL: 'ISR', IN: 'IND', IT: 'ITA', JP: 'JPN', KR: 'KOR',
  LT: 'LTU', LU: 'LUX', LV: 'LVA', MX: 'MEX', MY: 'MYS', NG: 'NGA', NL: 'NLD', NO: 'NOR', NZ: 'NZL', PE: 'PER',
  PH: 'PHL', PK: 'PAK', PL: 'POL', PT: 'PRT', RO: 'ROU', RS: 'SRB', RU: 'RUS', SA: 'SAU', SE: 'SWE', SG: 'SGP',
  SI: 'SVN', SK: 'SVK', TH: 'THA', TR: 'TUR', TW: 'TWN', UA: 'UKR', US: 'USA', VN: 'VNM', ZA: 'ZAF',
};

/** A language without a region: the country most of its speakers' browsers would name. */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  cs: 'CZE', da: 'DNK', de: 'DEU', el: 'GRC', en: 'USA', es: 'ESP', fi: 'FIN', fr: 'FRA', he: 'ISR', hu: 'HUN',
  it: 'ITA', ja: 'JPN', ko: 'KOR', nb: 'NOR', nl: 'NLD', pl: 'POL', pt: 'BRA', ro: 'ROU', ru: 'RUS', sv: 'SWE',
  th: 'THA', tr: 'TUR', uk: 'UKR', vi: 'VNM', zh: 'CHN',
};

export const DEFAULT_COUNTRY = 'USA';

/** The country of the most preferred Accept-Language entry that names a known region or language. */
export function countryFromAcceptLanguage(header: string | undefined): string {
  const entries = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of entries) {
    const [language = '', ...rest] = tag.split('-');
    const region = rest.find((sub) => /^[a-z]{2}$/i.test(sub))?.toUpperCase();
    const country = (region && ALPHA3[region]) ?? LANGUAGE_COUNTRY[language.toLowerCase()];
    if (country) return country;
  }
  return DEFAULT_COUNTRY;
}

/**
 * Stand-in for the geolocation service (foundation §7), public like the real one. There is no
 * 'geolocation' service name, so it is served by the profiles stand-in at `/geo`. With no address
 * database, the country comes from Accept-Language (default USA).
 */
export const geolocationRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/geo',
    {
      schema: {
        response: { 200: { type: 'object', required: ['threeCharCountry'], properties: { threeCharCountry: { type: 'string' } } } },
      },
    },
    async (request) => ({ threeCharCountry: countryFromAcceptLanguage(request.headers['accept-language']) }),
  );
};
