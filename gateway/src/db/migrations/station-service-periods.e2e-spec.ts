import { createAdmin, createUser } from '../../test/factories';
import { undoMigrationsThrough } from '../../test/migrations';
import { createTestApp, type TestApp } from '../../test/test-app';

const UTILIZATION = `query ($from: String!, $to: String!, $sessionType: SessionType) {
  bookingUtilization(from: $from, to: $to, sessionType: $sessionType) {
    bookedHours availableHours
    bySessionType { sessionType stations availableHours }
    heatMap { weekday hour bookedHours availableHours }
  }
}`;

type Report = {
  bookedHours: number;
  availableHours: number;
  bySessionType: { sessionType: string; stations: number; availableHours: number }[];
  heatMap: { weekday: number; hour: number; bookedHours: number; availableHours: number }[];
};

describe('migration StationServicePeriods (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('backfills each station in service from its creation (or first booking): to now if active, else to its last change', async () => {
    await undoMigrationsThrough(app, 'StationServicePeriods1764500000000');
    // Week of Monday 4 May 2026 (EDT, UTC-4). The seeded stations have served since January, but for Other 1, made
    // with the database on Friday 8 May after bookings written on it from Monday 18:00 (the demo history's case).
    // Arcade was added on Wednesday 6 at 12:00 and is active; Retired, added on 1 May, was switched off on Tuesday
    // 5 at 16:00.
    await app.db.query(`UPDATE stations SET created_at = '2026-01-01T05:00:00Z', updated_at = '2026-01-01T05:00:00Z'`);
    await app.db.query(`UPDATE stations SET created_at = '2026-05-08T04:00:00Z' WHERE name = 'Other 1'`);
    await app.db.query(
      `INSERT INTO stations (session_type, name, active, created_at, updated_at) VALUES
         ('Other', 'Arcade', true, '2026-05-06T16:00:00Z', '2026-05-06T16:00:00Z'),
         ('Other', 'Retired', false, '2026-05-01T14:00:00Z', '2026-05-05T20:00:00Z')`,
    );
    const player = await createUser(app.db, app.deps.jwtSecret);
    await app.db.query(
      `INSERT INTO bookings (user_id, station_id, session_type, starts_at, ends_at)
       SELECT $1, id, session_type, '2026-05-04T22:00:00Z', '2026-05-05T00:00:00Z' FROM stations WHERE name = 'Other 1'`,
      [player.user.id],
    );

    await app.db.runMigrations();
    const admin = await createAdmin(app.db, app.deps.jwtSecret);
    const res = await app.gql<{ bookingUtilization: Report }>(
      UTILIZATION,
      { from: '2026-05-04', to: '2026-05-10', sessionType: 'Other' },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    const report = res.data!.bookingUtilization;
    // Other 2-4: 3 × 7 × 14 = 294. Other 1 from Monday 18:00: 6 + 6 × 14 = 90. Arcade from Wednesday 12:00:
    // 12 + 4 × 14 = 68. Retired: Monday 14 + Tuesday 6 = 20.
    expect(report.bySessionType).toEqual([{ sessionType: 'Other', stations: 6, availableHours: 472 }]);
    expect(report.bookedHours).toBe(2);
    const cell = (weekday: number, hour: number) =>
      report.heatMap.find((c) => c.weekday === weekday && c.hour === hour)!.availableHours;
    expect([cell(1, 17), cell(1, 18)]).toEqual([4, 5]);
    expect([cell(2, 15), cell(2, 16)]).toEqual([5, 4]);
    expect([cell(3, 11), cell(3, 12), cell(7, 23)]).toEqual([4, 5, 5]);
  });
});
