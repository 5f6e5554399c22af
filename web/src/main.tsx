import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes, goToLogin, useGoToLoginThroughRouter } from './app/router';
import { createApolloClient } from './lib/apollo';

const client = createApolloClient(goToLogin);

function App() {
  useGoToLoginThroughRouter();
  return <AppRoutes />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={client}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
