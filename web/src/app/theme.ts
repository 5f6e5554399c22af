import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { TWO_ROW_BAR } from './layout/nav-links';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  hoverCardSlotRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  ratingGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  textareaRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components we use: all of them would add ~21 kB gzip to every
 * page. theme.test.ts fails when a component we import needs a recipe that is not here.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      hoverCard: hoverCardSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      ratingGroup: ratingGroupSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
    },
  },
});

/** Checkpoint's look: dark navy as the primary colour, gold for the active link and highlights. */
const config = defineConfig({
  globalCss: {
    // The sticky top bar never hides what the keyboard or an anchor scrolls to: its height as drawn (TopBar publishes
    // it), else what it usually is (64 px; from sm to lg, 112 px with its row of links, 156 px where an admin's six
    // wrap on a narrow tablet). Smooth scrolling only for visitors who have not asked for less motion.
    html: {
      scrollPaddingTop: 'calc(var(--top-bar-height, 64px) + 16px)',
      [`@media ${TWO_ROW_BAR}`]: { scrollPaddingTop: 'calc(var(--top-bar-height, 156px) + 16px)' },
      '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
    },
    body: { bg: 'bg', color: 'fg' },
  },
  theme: {
    // Form controls drawn with border.control (see the token).
    recipes: {
      input: {
        base: {
          // The calendar or clock button of a date or time field (Chromium): with the keyboard on it, the field is
          // neither :focus nor :focus-visible, only :focus-within, so Chakra's ring went away and Chromium's thin
          // one hugging the icon was all that was left. The field keeps its ring, and the button gets one of its
          // own, in the same colour (3:1 or more, see gray.focusRing; red when the field is invalid).
          '&:focus-within:not(:focus)': {
            outlineWidth: '1px',
            outlineStyle: 'solid',
            outlineColor: 'var(--focus-ring-color)',
            borderColor: 'var(--focus-ring-color)',
            '&::-webkit-calendar-picker-indicator': {
              outline: '2px solid var(--focus-ring-color)',
              outlineOffset: '2px',
              borderRadius: 'l1',
            },
          },
        },
        variants: { variant: { outline: { borderColor: 'border.control' } } },
      },
      textarea: { variants: { variant: { outline: { borderColor: 'border.control' } } } },
    },
    slotRecipes: {
      nativeSelect: {
        slots: nativeSelectSlotRecipe.slots, // the same slots: merged index by index
        variants: { variant: { outline: { field: { borderColor: 'border.control' } } } },
      },
      checkbox: {
        slots: checkboxSlotRecipe.slots,
        variants: {
          variant: {
            solid: { control: { borderColor: 'border.control' } },
            outline: { control: { borderColor: 'border.control' } },
          },
        },
      },
    },
    tokens: {
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
      },
      colors: {
        navy: {
          50: { value: '#e8edf6' },
          100: { value: '#c5d1e8' },
          200: { value: '#9db0d6' },
          300: { value: '#738ec2' },
          400: { value: '#4d6ea8' },
          500: { value: '#2f4f86' },
          600: { value: '#213b68' },
          700: { value: '#172b4f' },
          800: { value: '#0f1f3d' },
          900: { value: '#0b1a33' },
          950: { value: '#060f20' },
        },
        gold: {
          50: { value: '#fef8e7' },
          100: { value: '#fcecbf' },
          200: { value: '#f9dc8c' },
          300: { value: '#f5c95a' },
          400: { value: '#f2b632' },
          500: { value: '#d99a12' },
          600: { value: '#b07b0c' },
          700: { value: '#865d0b' },
          800: { value: '#5c400a' },
          900: { value: '#362607' },
          950: { value: '#1f1604' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's light red.500 is 3.8:1 on white: errors and "Out of stock" need 4.5:1 (WCAG AA) at their size.
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        // The focus ring of inputs, selects and other grey controls: Chakra's grey 400 is 2.6:1 on white, under the
        // 3:1 a focus indicator needs (WCAG 1.4.11); grey 500 is 4.8:1 on white, grey 400 7:1 on the dark background.
        gray: { focusRing: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.400}' } } },
        // The edge of a text field, select or checkbox, the only sign of the control where it stands: Chakra's
        // border (grey 200 / 800) is 1.2:1, under the 3:1 of WCAG 1.4.11; grey 500 is 4.8:1 on white, 4.1:1 on dark.
        border: { control: { value: '{colors.gray.500}' } },
        // White on Chakra's green 600 (solid buttons and badges, e.g. Mark as delivered) is 3.3:1, under the 4.5:1 of
        // WCAG AA; on green 700 it is 5:1.
        // Its focus ring likewise: green 500 is 2.3:1 on white, under the 3:1 of a focus indicator; green 700 is 5:1.
        green: {
          solid: { value: '{colors.green.700}' },
          focusRing: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
        },
        // The focus ring of a warning notice's buttons (Close): orange 500 is 2.5:1 on the notice's light orange,
        // orange 700 is 4.5:1.
        orange: { focusRing: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
        // `colorPalette="brand"` on any Chakra component gives the navy look in light mode and a readable one in dark.
        brand: {
          solid: { value: { _light: '{colors.navy.900}', _dark: '{colors.navy.300}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.navy.950}' } },
          fg: { value: { _light: '{colors.navy.800}', _dark: '{colors.navy.200}' } },
          muted: { value: { _light: '{colors.navy.100}', _dark: '{colors.navy.800}' } },
          subtle: { value: { _light: '{colors.navy.50}', _dark: '{colors.navy.900}' } },
          emphasized: { value: { _light: '{colors.navy.200}', _dark: '{colors.navy.700}' } },
          focusRing: { value: { _light: '{colors.navy.500}', _dark: '{colors.navy.300}' } },
        },
        accent: {
          solid: { value: { _light: '{colors.gold.400}', _dark: '{colors.gold.400}' } },
          contrast: { value: '{colors.navy.950}' },
          fg: { value: { _light: '{colors.gold.700}', _dark: '{colors.gold.300}' } },
          muted: { value: { _light: '{colors.gold.100}', _dark: '{colors.gold.900}' } },
          subtle: { value: { _light: '{colors.gold.50}', _dark: '{colors.gold.950}' } },
          emphasized: { value: { _light: '{colors.gold.200}', _dark: '{colors.gold.800}' } },
          // Gold 400 is 1.8:1 on the light page, where the gold buttons (Confirm Booking, Add product) stand; gold
          // 700 is 5.6:1 there.
          focusRing: { value: { _light: '{colors.gold.700}', _dark: '{colors.gold.400}' } },
        },
        topbar: {
          bg: { value: { _light: '{colors.navy.900}', _dark: '{colors.navy.950}' } },
          fg: { value: 'white' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
