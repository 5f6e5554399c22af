import ipaddr from 'ipaddr.js';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { RateLimit, RateLimitedAction } from '../../config';
import { rateLimited } from '../../common/errors';
import { canonicalEmail } from '../../common/email-address';

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

  /**
   * Counts one attempt against the client's IP and against the account; too many throws RATE_LIMITED. Where the
   * account is an e-mail anyone can type (login, sign-up, reset), its count is kept per client address: attempts from
   * elsewhere must not use up the owner's, or anyone who knows the address could lock a customer out. Guessing from
   * many addresses is held back by each address's own limit. A signed-in user's own actions count account-wide.
   */
  async consume(action: RateLimitedAction, address: string, account: string): Promise<void> {
    const { perIp, perAccount } = this.for(action);
    const ip = clientKey(address);
    try {
      await Promise.all([perIp.consume(ip), perAccount.consume(accountKey(action, account, ip))]);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }

  /**
   * An attempt that succeeded (a login, a password change): the account's count starts again, and
   * the address gets its point back, so customers sharing the venue's Wi-Fi do not use up each other's logins.
   */
  async succeeded(action: RateLimitedAction, address: string, account: string): Promise<void> {
    const { perIp, perAccount } = this.for(action);
    const ip = clientKey(address);
    await Promise.all([perAccount.delete(accountKey(action, account, ip)), perIp.reward(ip, 1)]);
  }
}

/** The actions whose account is an e-mail typed by whoever asks, not the signed-in user. */
const TYPED_ACCOUNT: ReadonlySet<RateLimitedAction> = new Set(['login', 'register', 'passwordReset']);

function accountKey(action: RateLimitedAction, account: string, ip: string): string {
  const normalized = canonicalEmail(account);
  return TYPED_ACCOUNT.has(action) ? `${normalized} from ${ip}` : normalized;
}

/**
 * The client a count belongs to. An IPv6 client is its /64: a home, an office or a phone is given a whole /64 and may
 * pick any address in it, so counting single addresses would give it unlimited attempts. An IPv4 address written as
 * IPv6 (::ffff:a.b.c.d, as a dual-stack socket reports it) is that IPv4 address.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
