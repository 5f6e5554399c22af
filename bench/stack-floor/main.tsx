// The smallest page the stack ARCHITECTURE prescribes can make: a React 19 root, a Chakra UI 3 system with three
// recipes, Apollo Client 4 with one query (a precompiled document, as the web app's build makes them) and React
// Router 7's declarative routes. `npm run bench` builds it the way the web app is built and reports its JavaScript
// beside the real home page's, so the initial-JS budget can be read against what the libraries alone weigh.
import { createRoot } from 'react-dom/client';
import { Box, Button, ChakraProvider, Heading, Link, Text, createSystem, defaultBaseConfig } from '@chakra-ui/react';
import {
  breakpoints,
  buttonRecipe,
  globalCss,
  headingRecipe,
  keyframes,
  linkRecipe,
  semanticTokens,
  tokens,
} from '@chakra-ui/react/theme';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { BrowserRouter, Link as RouterLink, Route, Routes } from 'react-router-dom';
import type { DocumentNode } from 'graphql';

const system = createSystem(defaultBaseConfig, {
  preflight: true,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: { button: buttonRecipe, heading: headingRecipe, link: linkRecipe },
  },
});

const client = new ApolloClient({ link: new HttpLink({ uri: '/graphql' }), cache: new InMemoryCache() });

const field = (name: string, selections?: object[]) => ({
  kind: 'Field',
  name: { kind: 'Name', value: name },
  ...(selections && { selectionSet: { kind: 'SelectionSet', selections } }),
});
// query FloorVenue { venue { name openingHours { summary } } }
const FloorVenue = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'FloorVenue' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [field('venue', [field('name'), field('openingHours', [field('summary')])])],
      },
    },
  ],
} as unknown as DocumentNode;

function Footer() {
  const { data } = useQuery<{ venue: { name: string; openingHours: { summary: string } } }>(FloorVenue);
  return (
    <Box as="footer">
      <Text>{data?.venue.openingHours.summary}</Text>
    </Box>
  );
}

function Home() {
  return (
    <Box>
      <Heading>Checkpoint</Heading>
      <Button>Book a Session</Button>
      <Link asChild>
        <RouterLink to="/shop">Shop</RouterLink>
      </Link>
    </Box>
  );
}

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <ApolloProvider client={client}>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<Home />} />
        </Routes>
        <Footer />
      </BrowserRouter>
    </ApolloProvider>
  </ChakraProvider>,
);
