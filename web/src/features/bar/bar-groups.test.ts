import { groupBarItems } from './bar-groups';

describe('groupBarItems', () => {
  it('keeps the menu order Beverage, Snack, Cocktail, Meal, Other and drops empty groups', () => {
    const items = [
      { id: '1', category: 'Meal' as const },
      { id: '2', category: 'Beverage' as const },
      { id: '3', category: 'Other' as const },
      { id: '4', category: 'Beverage' as const },
    ];
    const groups = groupBarItems(items);
    expect(groups.map((g) => g.category)).toEqual(['Beverage', 'Meal', 'Other']);
    expect(groups[0].items.map((i) => i.id)).toEqual(['2', '4']);
  });
});
