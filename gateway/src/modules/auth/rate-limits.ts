import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { RateLimit, RateLimitedAction } from '../../config';
import { rateLimited } from '../../common/errors';

type Limiters = { perIp: RateLimiterPostgres; perAccount: RateLimiterPostgres };

/**
 * Attempt counters per client IP and per account, kept in PostgreSQL (table
 * rate_limits, created by a migration) so every gateway replica sees the same counts.
 */
export class RateLimits {
  private readonly limiters = new Map<RateLimitedAction, Limiters>();

  constructor(
    private readonly db: DataSource,
    private readonly config: Record<RateLimitedAction, RateLimit>,
  ) {}

  private for(action: RateLimitedAction): Limiters {
    let limiters = this.limiters.get(action);
    if (!limiters) {
      const { perIp, perAccount, windowSeconds } = this.config[action];
      const make = (points: number, scope: string) =>
        new RateLimiterPostgres({
          storeClient: this.db,
          storeType: 'typeorm',
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix: `${action}:${scope}`,
          points,
          duration: windowSeconds,
        });
      limiters = { perIp: make(perIp, 'ip'), perAccount: make(perAccount, 'account') };
      this.limiters.set(action, limiters);
    }
    return limiters;
  }

  /** Counts one attempt against both the IP and the account; too many throws RATE_LIMITED. */
  async consume(action: RateLimitedAction, ip: string, account: string): Promise<void> {
    const { perIp, perAccount } = this.for(action);
    try {
      await Promise.all([perIp.consume(ip), perAccount.consume(account.trim().toLowerCase())]);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }

  /** Forgets an account's attempts (after a successful login). */
  async reset(action: RateLimitedAction, account: string): Promise<void> {
    await this.for(action).perAccount.delete(account.trim().toLowerCase());
  }
}
