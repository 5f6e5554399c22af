import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { ThemeProvider } from 'next-themes';
import { system } from './theme';
import { THEME_STORAGE_KEY } from '../lib/storage-keys';

/** Theme (persisted as `themeMode`, light by default), Chakra and Apollo for the whole app. */
export function Providers({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider
        attribute="class"
        storageKey={THEME_STORAGE_KEY}
        defaultTheme="light"
        enableSystem={false}
        disableTransitionOnChange
      >
        <ApolloProvider client={client}>{children}</ApolloProvider>
      </ThemeProvider>
    </ChakraProvider>
  );
}
