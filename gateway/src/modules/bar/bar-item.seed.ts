import type { SeedDeps, Seeder } from '../../db/seed';
import { storeArtworks, type Icon } from '../../common/artwork';
import { storageFor } from '../../common/storage';
import { BarCategory as B, BarItem } from './bar-item.entity';

/** About 20 items over all five groups, each with generated artwork. */
const MENU: [name: string, category: B, price: number, description: string][] = [
  ['Espresso', B.Beverage, 2.5, 'A short, intense double shot.'],
  ['Flat White', B.Beverage, 4, 'Velvety microfoam over a double ristretto.'],
  ['Iced Matcha Latte', B.Beverage, 4.75, 'Ceremonial matcha, oat milk, ice.'],
  ['Mana Potion Soda', B.Beverage, 3.5, 'Blueberry and lime soda, glowing blue.'],
  ['Hot Chocolate', B.Beverage, 3.75, 'Dark chocolate with whipped cream.'],
  ['Loaded Nachos', B.Snack, 7.5, 'Cheese, jalapeños, salsa and sour cream, made to share.'],
  ['Power-Up Popcorn', B.Snack, 4, 'Salted caramel or spicy cheddar.'],
  ['Pretzel Bites', B.Snack, 5, 'Warm pretzel bites with beer-cheese dip.'],
  ['Pixel Cookies', B.Snack, 3, 'Three square cookies, 8-bit style.'],
  ['Critical Hit Mojito', B.Cocktail, 9.5, 'Rum, mint, lime and a splash of passion fruit.'],
  ['Boss Level Old Fashioned', B.Cocktail, 11, 'Bourbon, maple, orange bitters.'],
  ['Respawn Spritz', B.Cocktail, 9, 'Aperol, prosecco, soda, orange.'],
  ['Lag-Free Lemonade (0%)', B.Cocktail, 6, 'Alcohol-free: lemon, ginger, sparkling water.'],
  ['Final Boss Burger', B.Meal, 14.5, 'Double smash patty, cheddar, pickles, house sauce, fries.'],
  ['Quest Chicken Wrap', B.Meal, 11, 'Crispy chicken, slaw and chipotle mayo.'],
  ['Veggie Power Bowl', B.Meal, 12, 'Quinoa, roasted vegetables, hummus, tahini.'],
  ['Margherita Flatbread', B.Meal, 10.5, 'Tomato, mozzarella, basil.'],
  ['Controller Charging', B.Other, 2, 'Charge your own controller or phone at the bar.'],
  ['Birthday Party Platter', B.Other, 39, 'Snacks and sodas for six; ask the bar a day ahead.'],
  ['Checkpoint Reusable Cup', B.Other, 6, 'Bring it back for 10% off every drink.'],
];

const ICONS: Record<B, Icon> = { Beverage: 'cup', Snack: 'snack', Cocktail: 'glass', Meal: 'burger', Other: 'star' };
const HUES: Record<B, number> = { Beverage: 25, Snack: 45, Cocktail: 310, Meal: 5, Other: 160 };

export const barSeeder: Seeder = {
  name: 'bar menu',
  async run(deps: SeedDeps) {
    const repo = deps.db.getRepository(BarItem);
    if ((await repo.count()) > 0) return;
    const storage = storageFor(deps.config);
    const images = await storeArtworks(
      storage,
      'bar',
      MENU.map(([name, category], index) => ({
        title: name,
        subtitle: category,
        icon: ICONS[category],
        hue: (HUES[category] + index * 11) % 360,
        width: 480,
        height: 480,
        tile: true, // the menu shows square thumbnails with the name beside them
      })),
    );
    for (const [index, [name, category, price, description]] of MENU.entries()) {
      const image = images[index];
      await repo.insert({
        name,
        category,
        description,
        priceCents: Math.round(price * 100),
        imageSmallKey: image.smallKey,
        imageLargeKey: image.largeKey,
      });
    }
  },
};
