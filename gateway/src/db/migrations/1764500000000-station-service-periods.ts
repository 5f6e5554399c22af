import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each station was in service (taking bookings), so the utilization report counts a station only for the hours
 * it could be booked: one row per period, `[switched on, switched off)`, open-ended while the station is active.
 * Adding a station opens a period, switching it off closes the open one, switching it back on opens a new one.
 *
 * The stations had no such history, so the backfill reads it from what they kept:
 * - a station is in service from its `created_at`, or from its first booking when that is earlier (the demo seed
 *   writes weeks of past bookings on stations created as the database was migrated: they evidently served them);
 * - an active station is still in service (open-ended);
 * - an inactive one was switched off at its `updated_at`, the last change to the row: its switch-off, unless it was
 *   renamed since, in which case the period reaches to the rename and overstates the time it served. A station
 *   switched off and on again before now had earlier gaps that are not known: it counts as in service throughout.
 */
export class StationServicePeriods1764500000000 implements MigrationInterface {
  name = 'StationServicePeriods1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE station_service_periods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        station_id uuid NOT NULL REFERENCES stations (id) ON DELETE CASCADE,
        period tstzrange NOT NULL,
        CONSTRAINT station_service_periods_bounds
          CHECK (NOT lower_inf(period) AND lower_inc(period) AND NOT upper_inc(period)),
        CONSTRAINT station_service_periods_no_overlap EXCLUDE USING gist (station_id WITH =, period WITH &&)
      )`);
    await db.query(`
      INSERT INTO station_service_periods (station_id, period)
      SELECT s.id, tstzrange(since.at, CASE WHEN s.active THEN NULL ELSE s.updated_at END)
      FROM stations s
      CROSS JOIN LATERAL (
        SELECT least(s.created_at, (SELECT min(b.starts_at) FROM bookings b WHERE b.station_id = s.id)) AS at
      ) since
      WHERE s.active OR s.updated_at > since.at`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE station_service_periods');
  }
}
