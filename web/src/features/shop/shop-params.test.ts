import { changeView } from '../../lib/url-view';
import { SHOP_VIEW } from './shop-params';

describe('shop view in the URL', () => {
  it('reads filters, sort and page, ignoring unknown values', () => {
    expect(SHOP_VIEW.read(new URLSearchParams('q=zelda&category=Games&platform=PS5&sort=high&page=3'))).toEqual({
      q: 'zelda',
      category: 'Games',
      platform: 'PS5',
      sort: 'high',
      page: 3,
    });
    expect(SHOP_VIEW.read(new URLSearchParams('category=Food&platform=&sort=newest&page=-2'))).toEqual({
      q: '',
      category: undefined,
      platform: undefined,
      sort: undefined,
      page: 1,
    });
  });

  it('goes back to page 1 on any filter or search change, keeps the page on a page change', () => {
    const params = new URLSearchParams('category=Games&page=3');
    expect(changeView(params, SHOP_VIEW, { platform: 'PC' }).toString()).toBe('category=Games&platform=PC');
    expect(changeView(params, SHOP_VIEW, { q: 'halo' }).toString()).toBe('q=halo&category=Games');
    expect(changeView(params, SHOP_VIEW, { page: 4 }).toString()).toBe('category=Games&page=4');
    expect(changeView(params, SHOP_VIEW, { category: undefined }).toString()).toBe('');
  });
});
