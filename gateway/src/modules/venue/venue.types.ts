import { Field, Float, ObjectType } from 'type-graphql';

@ObjectType()
export class DayHours {
  @Field({ description: 'Monday to Sunday.' })
  day: string;

  @Field({ description: 'Opening time, HH:mm, venue time.' })
  opensAt: string;

  @Field({ description: 'Closing time, HH:mm, venue time; 24:00 is midnight.' })
  closesAt: string;
}

@ObjectType()
export class OpeningHours {
  @Field({ description: 'For people: "10am to 12am, 7 days a week".' })
  summary: string;

  @Field()
  opensAt: string;

  @Field()
  closesAt: string;

  @Field(() => [DayHours])
  days: DayHours[];
}

@ObjectType()
export class SocialLinks {
  @Field()
  instagram: string;

  @Field()
  facebook: string;

  @Field()
  x: string;

  @Field()
  discord: string;
}

@ObjectType()
export class MapLocation {
  @Field(() => Float)
  latitude: number;

  @Field(() => Float)
  longitude: number;

  @Field({ description: 'An OpenStreetMap page centred on the venue.' })
  url: string;

  @Field({ description: 'An OpenStreetMap embed URL for an iframe.' })
  embedUrl: string;
}

@ObjectType({ description: 'The venue: who we are, where, and when we are open.' })
export class Venue {
  @Field()
  name: string;

  @Field()
  tagline: string;

  @Field()
  address: string;

  @Field()
  phone: string;

  @Field()
  email: string;

  @Field({ description: 'IANA time zone all booking times are in.' })
  timeZone: string;

  @Field(() => SocialLinks)
  social: SocialLinks;

  @Field(() => MapLocation)
  map: MapLocation;

  @Field(() => OpeningHours)
  openingHours: OpeningHours;
}
