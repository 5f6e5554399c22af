import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../app/theme';
import { Loading } from './Loading';

describe('Loading', () => {
  it('is a status named by its label, so screen readers say what is loading', () => {
    render(
      <ChakraProvider value={system}>
        <Loading label="Loading cart" />
      </ChakraProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading cart' })).toBeInTheDocument();
  });
});
