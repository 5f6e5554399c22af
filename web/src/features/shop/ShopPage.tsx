import { useEffect, useRef } from 'react';
import {
  Button,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { graphql } from '../../gql';
import { useCurrentUser } from '../../lib/auth';
import { LocationNotice } from '../../components/LocationNotice';
import { ProductCard } from './ProductCard';
import { useProductLinkState } from './shop-return';
import { Pager } from '../../components/Pager';
import { CATEGORY_OPTIONS, PLATFORM_OPTIONS, SEARCH_MAX_LENGTH, SHOP_VIEW, SORT_OPTIONS } from './shop-params';
import { Loading } from '../../components/Loading';
import { LoadFailed } from '../../components/LoadFailed';
import { scrollBehavior } from '../../lib/motion';
import { useUrlView } from '../../lib/url-view';
import { useSearchText } from '../../lib/use-search-text';
import { useAnnounceResults } from '../../lib/use-announce-results';

export const ShopPageProducts = graphql(`
  query ShopPageProducts($filter: ProductFilter, $sort: ProductSort, $page: Int!) {
    products(filter: $filter, sort: $sort, page: $page, pageSize: 10) {
      total
      page
      totalPages
      items {
        ...ProductCard_product
      }
    }
  }
`);

export const SEARCH_DEBOUNCE_MS = 400;

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | undefined;
  options: { value: T | ''; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    // Two to a row on a phone (the last one fills its row), so the products start within the first screen.
    <Field.Root flex={{ base: '1 1 40%', sm: '1 1 0' }} minW="0">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange((e.target.value as T) || undefined)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The search box: typing updates the URL 400 ms after the last key (spec §9). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useSearchText(value, onSearch, SEARCH_DEBOUNCE_MS);
  return (
    <Field.Root flex={{ base: '1 1 100%', md: '2 1 0' }}>
      <Field.Label>Search</Field.Label>
      <InputGroup startElement={<LuSearch />}>
        <Input
          type="search"
          placeholder="Search products..."
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
      </InputGroup>
    </Field.Root>
  );
}

/** What the shop's results are called when said ('12 products, page 1 of 2'); none found as the page says it. */
const PRODUCT_WORDS = { one: 'product', many: 'products', none: 'No results found.' };

/** The shop: filter bar, a page of product cards and the pager, all driven by the URL query. */
export function ShopPage() {
  const user = useCurrentUser();
  const shopView = useProductLinkState();
  const [view, update] = useUrlView(SHOP_VIEW);

  const variables = {
    filter: { search: view.q || undefined, category: view.category, platform: view.platform },
    sort: view.sort,
    page: view.page,
  };
  const { data, previousData, loading, error, refetch } = useQuery(ShopPageProducts, { variables });
  const result = (data ?? previousData)?.products;
  // A link past the last page (the catalogue shrank since it was shared) shows the last page instead of nothing.
  const lastPage = data?.products.totalPages ?? 0;
  const pastTheEnd = lastPage > 0 && view.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage }, { replace: true });
  });

  // The pager's button pressed is at the bottom of the page (and on the last page, disabled): the keyboard goes to the
  // top of the results, where the page scrolls to, so the next Tab reaches the first product.
  const results = useRef<HTMLDivElement>(null);
  const changePage = (page: number) => {
    update({ page });
    results.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  };
  // On arrival nothing is said, also after a page past the end: a notice brought along ('Product deleted successfully')
  // is not cut off by a page the reader never asked for.
  const products = loading ? undefined : data?.products;
  useAnnounceResults(
    JSON.stringify(variables),
    products && {
      rows: products.items.length,
      page: view.page,
      totalPages: products.totalPages,
      total: products.total,
    },
    PRODUCT_WORDS,
  );

  return (
    <Stack gap="6">
      <LocationNotice />
      <HStack justify="space-between" align="end" flexWrap="wrap" gap="4">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Explore Our Shop
          </Heading>
          <Text color="fg.muted">Games, accessories, consoles and merch, picked by the people who play them.</Text>
        </Stack>
        {user?.isAdmin && (
          <Button asChild colorPalette="accent">
            <RouterLink to="/products/create" state={shopView}>
              <LuPlus /> Add product
            </RouterLink>
          </Button>
        )}
      </HStack>

      <HStack
        role="search"
        aria-label="Filter products"
        gap={{ base: '3', md: '4' }}
        flexWrap={{ base: 'wrap', md: 'nowrap' }}
        p={{ base: '3', md: '4' }}
        rounded="xl"
        borderWidth="1px"
        bg="bg.subtle"
        align="end"
      >
        <SearchBox value={view.q} onSearch={(q) => update({ q }, 'typed')} />
        <FilterSelect
          label="Category"
          value={view.category}
          options={CATEGORY_OPTIONS}
          onChange={(category) => update({ category })}
        />
        <FilterSelect
          label="Platform"
          value={view.platform}
          options={PLATFORM_OPTIONS}
          onChange={(platform) => update({ platform })}
        />
        <FilterSelect label="Price" value={view.sort} options={SORT_OPTIONS} onChange={(sort) => update({ sort })} />
      </HStack>

      {error ? (
        <LoadFailed message="Failed to load products." onRetry={() => refetch()} />
      ) : !result ? (
        <Loading label="Loading products" />
      ) : result.items.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="12" fontSize="lg">
          No results found.
        </Text>
      ) : (
        <Stack gap="6" opacity={loading ? 0.6 : 1} aria-busy={loading}>
          {/* The cards' names are h3, as on the home page: the results are the h2 between them and the page's h1. */}
          <VisuallyHidden as="h2">Products</VisuallyHidden>
          <SimpleGrid
            ref={results}
            tabIndex={-1}
            outline="none"
            role="region"
            aria-label="Products"
            columns={{ base: 1, sm: 2, md: 3, lg: 4 }}
            gap="5"
          >
            {result.items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </SimpleGrid>
          <Pager page={result.page} totalPages={result.totalPages} onPageChange={changePage} label="Shop pages" />
        </Stack>
      )}
    </Stack>
  );
}
