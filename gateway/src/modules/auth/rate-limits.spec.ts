import { clientKey } from './rate-limits';

describe('clientKey: whose count an attempt uses', () => {
  it('keeps an IPv4 address as it is, also when a dual-stack socket reports it as IPv6', () => {
    expect(clientKey('10.0.0.1')).toBe('10.0.0.1');
    expect(clientKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(clientKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('::/64');
  });

  it('leaves anything else untouched (no address from the socket)', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
