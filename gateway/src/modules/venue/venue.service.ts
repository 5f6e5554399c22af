import type { RequestContext } from '../../graphql/context';
import { OPENING_HOURS, WEEKDAYS, openingHoursSummary } from './opening-hours';
import type { Venue } from './venue.types';

export class VenueService {
  get(ctx: RequestContext): Venue {
    const { venue } = ctx.deps.config;
    const { latitude: lat, longitude: lon } = venue;
    const span = 0.006;
    const bbox = [lon - span, lat - span / 2, lon + span, lat + span / 2].map((n) => n.toFixed(5)).join('%2C');
    return {
      name: venue.name,
      tagline: venue.tagline,
      address: venue.address,
      phone: venue.phone,
      email: venue.email,
      timeZone: venue.timeZone,
      social: venue.social,
      map: {
        latitude: lat,
        longitude: lon,
        url: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
        embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat}%2C${lon}`,
      },
      openingHours: {
        summary: openingHoursSummary(),
        ...OPENING_HOURS,
        days: WEEKDAYS.map((day) => ({ day, ...OPENING_HOURS })),
      },
    };
  }
}
