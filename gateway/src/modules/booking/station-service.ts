/**
 * Dates each station's first service period back to `since`, when it began later: for stations that came with the
 * database but served a venue's history from before it (the demo history, a test's fixtures of past bookings). A later
 * period is left alone, so the periods never overlap.
 */
export async function backdateStationService(
  db: { query(sql: string, parameters?: unknown[]): Promise<unknown> },
  since: Date | string,
): Promise<void> {
  await db.query(
    `UPDATE station_service_periods p SET period = tstzrange($1, upper(p.period))
     WHERE lower(p.period) > $1
       AND NOT EXISTS (SELECT 1 FROM station_service_periods e
                       WHERE e.station_id = p.station_id AND lower(e.period) < lower(p.period))`,
    [since],
  );
}
