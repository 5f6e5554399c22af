import { ProductCategory, ProductPlatform } from './product.entity';
import {
  categoriesOf,
  parseShopCategory,
  parseShopPlatform,
  platformsOf,
  ShopCategory,
  ShopPlatform,
} from './shop-filter';

describe('shop filters', () => {
  it('maps the shop categories to product categories', () => {
    expect(categoriesOf.Games).toEqual([ProductCategory.Game]);
    expect(categoriesOf.Others).toEqual([ProductCategory.Merch, ProductCategory.Other]);
  });

  it('maps platform Others to everything but PS5, PC and XBox; a product for All shows under every filter', () => {
    expect(platformsOf.Others).toEqual([ProductPlatform.PS4, ProductPlatform.Other, ProductPlatform.All]);
    for (const platforms of Object.values(platformsOf)) expect(platforms).toContain(ProductPlatform.All);
  });

  it('reads REST query words in any case, All and empty meaning no filter', () => {
    expect(parseShopCategory('Games')).toBe(ShopCategory.Games);
    expect(parseShopCategory('accessory')).toBe(ShopCategory.Accessories);
    expect(parseShopCategory('Merch')).toBe(ShopCategory.Others);
    expect(parseShopCategory('All')).toBeNull();
    expect(parseShopCategory('')).toBeNull();
    expect(parseShopCategory('cars')).toBeUndefined();
    expect(parseShopPlatform('xbox')).toBe(ShopPlatform.XBox);
    expect(parseShopPlatform('PS4')).toBe(ShopPlatform.Others);
  });

  it('knows no word an object inherits (__proto__, constructor, toString)', () => {
    for (const word of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(parseShopCategory(word)).toBeUndefined();
      expect(parseShopPlatform(word)).toBeUndefined();
    }
  });
});
