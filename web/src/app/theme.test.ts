/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { system } from './theme';

/**
 * Our Chakra system carries only the recipes of the components we use (the full set is ~31 kB gzip on every page).
 * A component whose recipe is missing renders unstyled without any error, so this test reads which recipes each
 * Chakra component we import asks for (in Chakra's own sources) and checks the system has them all.
 */
const chakraDir = join(dirname(require.resolve('@chakra-ui/react')), '..', 'esm');
const chakraIndex = readFileSync(join(chakraDir, 'index.js'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gql' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every value imported from '@chakra-ui/react' anywhere in the app. */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(__dirname, '..'))) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const item of list.split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The file of Chakra's package that defines an export of its index. */
function definingFile(name: string): string | undefined {
  const direct = chakraIndex.match(new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./[^']+)'`));
  if (direct) return join(chakraDir, direct[1]);
  const alias = chakraIndex.match(new RegExp(`export \\{ (namespace\\$\\w+) as ${name} \\}`));
  if (!alias) return undefined;
  const namespace = chakraIndex.match(new RegExp(`import \\* as ${alias[1].replace('$', '\\$')} from '(\\./[^']+)'`));
  return namespace ? join(chakraDir, namespace[1]) : undefined;
}

/** Recipe keys a Chakra file asks for, following its imports of other Chakra components. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, key] of code.matchAll(/key:\s*"([\w-]+)"/g)) keys.add(key);
  for (const [, path] of code.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = resolve(dirname(file), path);
    if (target.includes(`${join(chakraDir, 'components')}/`)) recipeKeys(target, seen).forEach((key) => keys.add(key));
  }
  return keys;
}

it('has the recipe of every Chakra component the app uses', () => {
  const missing: string[] = [];
  const used = new Set<string>();
  for (const name of importedChakraNames()) {
    const file = definingFile(name);
    if (!file) continue; // not a component: createSystem, defineConfig, hooks...
    for (const key of recipeKeys(file)) {
      if (!defaultSystem.hasRecipe(key)) continue; // headless in Chakra itself (Pagination, Group...)
      used.add(key);
      if (!system.hasRecipe(key)) missing.push(`${name} needs the "${key}" recipe`);
    }
  }
  expect([...used]).toEqual(expect.arrayContaining(['button', 'card', 'drawer', 'field']));
  expect(missing).toEqual([]);
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The #rrggbb a colour token stands for in light or dark mode. */
function colorOf(name: string, mode: '_light' | '_dark'): string {
  const token = system.tokens.getByName(name);
  const value = token?.extensions.conditions?.[mode] ?? token?.originalValue ?? token?.value;
  const reference = /^\{(.+)\}$/.exec(String(value));
  if (reference) return colorOf(reference[1], mode);
  if (value === 'white') return '#ffffff';
  if (value === 'black') return '#000000';
  return String(value);
}

it.each(['_light', '_dark'] as const)(
  'draws focus rings that stand out from the %s page background by 3:1 or more (WCAG 1.4.11)',
  (mode) => {
    const page = colorOf('colors.bg', mode);
    const weak = ['gray', 'brand', 'red', 'green']
      .map((palette) => ({ palette, ratio: contrast(colorOf(`colors.${palette}.focusRing`, mode), page) }))
      .filter(({ ratio }) => !(ratio >= 3));
    expect(weak).toEqual([]);
  },
);

it.each(['_light', '_dark'] as const)(
  'draws the edges of text fields, selects and checkboxes 3:1 or more against the %s page background (WCAG 1.4.11)',
  (mode) => {
    expect(contrast(colorOf('colors.border.control', mode), colorOf('colors.bg', mode))).toBeGreaterThanOrEqual(3);
    const outline = (recipe: { variants?: Record<string, Record<string, unknown>> } | undefined) =>
      recipe?.variants?.variant;
    expect(outline(system.getRecipe('input'))).toMatchObject({ outline: { borderColor: 'border.control' } });
    expect(outline(system.getRecipe('textarea'))).toMatchObject({ outline: { borderColor: 'border.control' } });
    expect(outline(system.getSlotRecipe('nativeSelect'))).toMatchObject({
      outline: { field: { borderColor: 'border.control' } },
    });
    expect(outline(system.getSlotRecipe('checkbox'))).toMatchObject({
      solid: { control: { borderColor: 'border.control' } },
      outline: { control: { borderColor: 'border.control' } },
    });
  },
);
