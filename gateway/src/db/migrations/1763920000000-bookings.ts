import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stations per session type, as the venue opens with them (4 of each, 8 PCs). */
const INITIAL_STATIONS: [string, number][] = [
  ['VR', 4],
  ['Console', 4],
  ['PlayStation', 4],
  ['PC', 8],
  ['Other', 4],
];

export class Bookings1763920000000 implements MigrationInterface {
  name = 'Bookings1763920000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await db.query(`
      CREATE TABLE stations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_type varchar(20) NOT NULL
          CHECK (session_type IN ('VR', 'Console', 'PlayStation', 'PC', 'Other')),
        name varchar(60) NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE UNIQUE INDEX stations_name_unique ON stations (lower(name))');
    await db.query('CREATE INDEX stations_session_type ON stations (session_type) WHERE active');
    await db.query(`
      CREATE TABLE bookings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        station_id uuid NOT NULL REFERENCES stations (id),
        session_type varchar(20) NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        period tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bookings_start_before_end CHECK (starts_at < ends_at),
        CONSTRAINT bookings_station_no_overlap
          EXCLUDE USING gist (station_id WITH =, period WITH &&) WHERE (cancelled_at IS NULL),
        CONSTRAINT bookings_user_no_overlap
          EXCLUDE USING gist (user_id WITH =, period WITH &&) WHERE (cancelled_at IS NULL)
      )`);
    await db.query('CREATE INDEX bookings_starts_at ON bookings (starts_at)');
    for (const [sessionType, count] of INITIAL_STATIONS) {
      await db.query(
        `INSERT INTO stations (session_type, name)
         SELECT $1::varchar, $1::varchar || ' ' || n FROM generate_series(1, $2::int) AS n`,
        [sessionType, count],
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE bookings');
    await db.query('DROP TABLE stations');
  }
}
