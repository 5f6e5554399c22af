import { LuCoffee, LuCookie, LuMartini, LuSandwich, LuSparkles } from 'react-icons/lu';
import type { IconType } from 'react-icons';
import type { BarCategory } from '../../gql/graphql';

/** The menu's groups in the spec's order (§2), each with its icon and heading. */
export const BAR_GROUPS: { category: BarCategory; title: string; icon: IconType }[] = [
  { category: 'Beverage', title: 'Beverages', icon: LuCoffee },
  { category: 'Snack', title: 'Snacks', icon: LuCookie },
  { category: 'Cocktail', title: 'Cocktails', icon: LuMartini },
  { category: 'Meal', title: 'Meals', icon: LuSandwich },
  { category: 'Other', title: 'Other', icon: LuSparkles },
];

/** Items bucketed by category in menu order; empty groups are left out. */
export function groupBarItems<T extends { category: BarCategory }>(items: readonly T[]) {
  return BAR_GROUPS.map((group) => ({ ...group, items: items.filter((i) => i.category === group.category) })).filter(
    (group) => group.items.length > 0,
  );
}
