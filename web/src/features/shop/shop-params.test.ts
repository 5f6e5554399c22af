import { readShopView, writeShopView } from './shop-params';

describe('shop view in the URL', () => {
  it('reads filters, sort and page, ignoring unknown values', () => {
    expect(readShopView(new URLSearchParams('q=zelda&category=Games&platform=PS5&sort=high&page=3'))).toEqual({
      q: 'zelda',
      category: 'Games',
      platform: 'PS5',
      sort: 'high',
      page: 3,
    });
    expect(readShopView(new URLSearchParams('category=Food&platform=&sort=newest&page=-2'))).toEqual({
      q: '',
      category: undefined,
      platform: undefined,
      sort: undefined,
      page: 1,
    });
  });

  it('goes back to page 1 on any filter or search change, keeps the page on a page change', () => {
    const view = readShopView(new URLSearchParams('category=Games&page=3'));
    expect(writeShopView(view, { platform: 'PC' }).toString()).toBe('category=Games&platform=PC');
    expect(writeShopView(view, { q: 'halo' }).toString()).toBe('q=halo&category=Games');
    expect(writeShopView(view, { page: 4 }).toString()).toBe('category=Games&page=4');
    expect(writeShopView(view, { category: undefined }).toString()).toBe('');
  });
});
