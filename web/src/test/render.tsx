import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { system } from '../app/theme';

/** Shows where the router ended up, so redirects can be asserted. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The browser's Back, as a button, for a page under test to follow. */
export function BackButton() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Back</button>;
}

/**
 * Renders `element` at `path` (with history state, given as a location) inside Chakra and a memory router that
 * records the final location.
 */
export function renderAt(
  path: string | { pathname: string; state: unknown },
  element: ReactElement,
  routePath = (typeof path === 'string' ? path : path.pathname).split('?')[0],
) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ChakraProvider>,
  );
}
