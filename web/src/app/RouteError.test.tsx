import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './theme';
import { RouteErrorBoundary } from './RouteError';
import { lazyScreen } from './lazy-screen';

const renderScreen = (load: Parameters<typeof lazyScreen>[0]) => {
  const Screen = lazyScreen(load);
  return render(
    <ChakraProvider value={system}>
      <RouteErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </RouteErrorBoundary>
    </ChakraProvider>,
  );
};

describe('RouteErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('says a page could not be loaded when its chunk could not be fetched (offline), not that something went wrong', async () => {
    renderScreen(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    expect(screen.getByText('Check your internet connection, then reload the page.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  it("says something went wrong when a screen's chunk came but its code failed as it ran", async () => {
    renderScreen(() => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'x')")));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  });

  it('says something went wrong when a loaded screen crashes', async () => {
    renderScreen(async () => () => {
      throw new Error('a bug');
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByText('Please reload the page. If it keeps happening, let us know at the bar.')).toBeVisible();
  });
});
