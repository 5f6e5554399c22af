import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../app/theme';
import type { BookingStatus } from '../../gql/graphql';
import { BookingStatusBadge } from './BookingStatusBadge';

/** The Chakra colour palette a chip is painted with, as the CSS variables Chakra sets on it say. */
function paletteOf(element: HTMLElement): string | undefined {
  const solid = getComputedStyle(element).getPropertyValue('--chakra-colors-color-palette-solid');
  return /--chakra-colors-([a-z]+)-solid/.exec(solid)?.[1];
}

function chip(status: BookingStatus, label: string): HTMLElement {
  render(
    <ChakraProvider value={system}>
      <BookingStatusBadge status={status} />
    </ChakraProvider>,
  );
  // spec §4: the label in upper case
  return screen.getByText(label, { exact: true });
}

describe('BookingStatusBadge (spec §4 chip colours)', () => {
  it('paints a cancelled booking in the default grey', () => {
    expect(paletteOf(chip('cancelled', 'CANCELLED'))).toBe('gray');
  });

  it('paints an upcoming booking in the primary colour (the brand navy)', () => {
    expect(paletteOf(chip('upcoming', 'UPCOMING'))).toBe('brand');
  });

  it('paints a booking in progress in the info colour (blue)', () => {
    expect(paletteOf(chip('inprogress', 'INPROGRESS'))).toBe('blue');
  });

  it('paints any other status (completed) in a secondary colour, none of the three above', () => {
    const palette = paletteOf(chip('completed', 'COMPLETED'));
    expect(palette).toBeDefined();
    expect(['gray', 'brand', 'blue']).not.toContain(palette);
  });
});
