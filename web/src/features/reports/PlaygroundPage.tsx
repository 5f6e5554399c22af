import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { Box, Button, Code, Heading, List, Stack, Text } from '@chakra-ui/react';
import { GraphiQL } from 'graphiql';
import { useTheme } from 'next-themes';
import { useMemo, useState, type ComponentProps } from 'react';
import { LuRotateCcw } from 'react-icons/lu';
import { getStoredUser } from '../../lib/auth';
import { savedReports } from './saved-reports';
import { useVenueTimeZone } from '../../lib/venue-time';
import { Loading } from '../../components/Loading';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

/** Where GraphiQL keeps its tabs (its storage namespace + key); all its keys share the namespace. */
const GRAPHIQL_NAMESPACE = 'graphiql:';
const GRAPHIQL_TABS_KEY = `${GRAPHIQL_NAMESPACE}tabState`;
const GRAPHIQL_QUERY_KEY = `${GRAPHIQL_NAMESPACE}query`;
const GRAPHIQL_VARIABLES_KEY = `${GRAPHIQL_NAMESPACE}variables`;

type EditorContents = { query?: string; variables?: string };

/**
 * What the query and variables editors open with. GraphiQL 5.4 fills them from its own `query` and `variables` keys,
 * written only when an editor changes, and otherwise the variables not at all: a first visit gets the first saved
 * report's; a later one the kept active tab's (reopening the page used to leave the variables empty, and the saved
 * report then ran without its dates). Both are given, so GraphiQL finds the tab they belong to instead of adding one.
 */
function initialEditorsFor(defaultVariables: string): EditorContents {
  const kept = localStorage.getItem(GRAPHIQL_TABS_KEY);
  if (kept === null) return { variables: defaultVariables };
  let active: { query?: unknown; variables?: unknown } | undefined;
  try {
    const { tabs, activeTabIndex } = JSON.parse(kept) as { tabs?: (typeof active)[]; activeTabIndex?: number };
    active = tabs?.[activeTabIndex ?? 0];
  } catch {
    return {}; // GraphiQL starts over from defaultTabs
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    query: localStorage.getItem(GRAPHIQL_QUERY_KEY) ?? text(active?.query),
    variables: localStorage.getItem(GRAPHIQL_VARIABLES_KEY) ?? text(active?.variables),
  };
}

/** Forgets GraphiQL's kept tabs (and the rest of its state), so the next mount starts from the saved reports. */
function forgetGraphiqlState() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(GRAPHIQL_NAMESPACE)) localStorage.removeItem(key);
}

/**
 * Every request carries the signed-in admin's token, read when it is sent (so a re-login is picked up), and says it
 * comes from the playground, where the gateway runs questions only (a mutation typed here by mistake is refused).
 */
const fetcher: Fetcher = async (params, options) => {
  const token = getStoredUser()?.token;
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: {
      'content-type': 'application/json',
      'x-checkpoint-playground': '1',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options?.headers,
    },
    body: JSON.stringify(params),
  });
  return response.json();
};

/**
 * /playground (admins): GraphiQL over the gateway, with the saved reports as tabs. This page is
 * its own chunk (GraphiQL and the Monaco editor are large), loaded only when an admin opens it.
 */
export function PlaygroundPage() {
  // The saved reports' dates are the venue's last 30 days: known once its time zone is.
  const timeZone = useVenueTimeZone();
  return timeZone ? <Playground timeZone={timeZone} /> : <Loading label="Loading the playground" />;
}

function Playground({ timeZone }: { timeZone: string }) {
  const { resolvedTheme } = useTheme();
  const tabs = useMemo(
    () =>
      savedReports(new Date(), timeZone).map((report) => ({
        query: report.query,
        variables: JSON.stringify(report.variables, null, 2),
      })),
    [timeZone],
  );
  // GraphiQL keeps the admin's tabs across visits (their edits survive); "Restore" brings the saved reports back.
  const [generation, setGeneration] = useState(0);
  const [initialEditors, setInitialEditors] = useState(() => initialEditorsFor(tabs[0].variables));

  return (
    <Stack gap="4" py={{ base: '4', md: '6' }}>
      <Stack gap="2">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          Reporting playground
        </Heading>
        <Text color="fg.muted">
          Ask the venue’s data a question in GraphQL. Each tab is a saved report: change its variables below the query
          and press the run button (or{' '}
          <Text as="span" whiteSpace="nowrap">
            Ctrl/⌘ + Enter
          </Text>
          ).
        </Text>
        <List.Root ps="5" color="fg.muted" fontSize="sm" gap="1">
          <List.Item>
            Dates are venue-local days as <Code>YYYY-MM-DD</Code>; <Code>from</Code> and <Code>to</Code> are both
            included, at most 366 days apart.
          </List.Item>
          <List.Item>
            Money is in US dollars; cancelled orders are left out of revenue and counted on their own.
          </List.Item>
          <List.Item>
            The playground only asks (a mutation is refused: changes are made from the app’s pages), and a report that
            runs too long is stopped: pick a shorter range then. The docs button on the left lists every field.
          </List.Item>
          <List.Item>
            By keyboard: Tab to an editor and press Enter to type in it; in an editor, Tab indents, so press Ctrl + M (⌃
            + ⇧ + M on a Mac) and then Tab to move on.
          </List.Item>
        </List.Root>
        <Text display={{ base: 'block', md: 'none' }} fontSize="sm" color="fg.muted">
          The playground is made for a wide screen: on a phone, the Reports page is easier to read.
        </Text>
        {/* Side by side where there is room; on a phone the text goes under the button instead of a thin column. */}
        <Stack direction={{ base: 'column', sm: 'row' }} align={{ base: 'start', sm: 'center' }} gap="2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              forgetGraphiqlState();
              setInitialEditors({ variables: tabs[0].variables });
              setGeneration((g) => g + 1);
            }}
          >
            <LuRotateCcw /> Restore the saved reports
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Your tabs and edits are kept between visits; this puts the saved reports back in their place.
          </Text>
        </Stack>
      </Stack>
      <Box
        h={{ base: '95vh', md: '75vh' }}
        minH={{ base: '560px', md: '480px' }}
        borderWidth="1px"
        rounded="md"
        overflow="hidden"
        data-testid="playground"
        css={{
          // GraphiQL's own focus ring is a faint 1px line: the app's ring, so a keyboard user sees where they are.
          '& button:focus-visible, & a:focus-visible, & [tabindex]:focus-visible': {
            outline: '2px solid {colors.brand.focusRing}',
            outlineOffset: '-2px',
          },
          // On a phone, the answer goes under the editors instead of beside them (where it had no room left and was
          // cut off), with less padding around them and no logo, so a line of the query shows more than a few letters.
          mdDown: {
            '& .graphiql-container': { '--sidebar-width': '44px' },
            '& .graphiql-container .graphiql-sidebar': { padding: '4px' },
            '& .graphiql-container #graphiql-session': { flexDirection: 'column', padding: '0 4px 4px' },
            '& .graphiql-container .graphiql-query-editor': { padding: '8px', columnGap: '8px' },
            '& .graphiql-container .graphiql-horizontal-drag-bar, & .graphiql-container .graphiql-logo': {
              display: 'none',
            },
          },
        }}
      >
        <GraphiQL
          key={generation}
          fetcher={fetcher}
          defaultTabs={tabs}
          initialQuery={initialEditors.query}
          initialVariables={initialEditors.variables}
          forcedTheme={resolvedTheme === 'dark' ? 'dark' : 'light'}
          defaultEditorToolsVisibility="variables"
          isHeadersEditorEnabled={false}
          showPersistHeadersSettings={false}
        />
      </Box>
    </Stack>
  );
}
