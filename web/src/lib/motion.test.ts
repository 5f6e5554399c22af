import { scrollBehavior } from './motion';

describe('scrollBehavior', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  const prefers = (reduce: boolean) => {
    window.matchMedia = ((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
    })) as unknown as typeof window.matchMedia;
  };

  it('scrolls smoothly by default, and at once for visitors who asked for reduced motion', () => {
    prefers(false);
    expect(scrollBehavior()).toBe('smooth');
    prefers(true);
    expect(scrollBehavior()).toBe('auto');
  });
});
