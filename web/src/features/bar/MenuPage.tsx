import { useState } from 'react';
import { Box, Button, Card, Center, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LuPencil, LuPlus, LuTrash2, LuUtensils } from 'react-icons/lu';
import { graphql } from '../../gql';
import type { MenuPageItemsQuery } from '../../gql/graphql';
import { Notice } from '../../components/Notice';
import { useCurrentUser } from '../../lib/auth';
import type { NoticeState } from '../../lib/location-notice';
import { LocationNotice } from '../../components/LocationNotice';
import { formatPrice } from '../../lib/money';
import { groupBarItems } from './bar-groups';
import { Loading } from '../../components/Loading';
import { LoadFailed } from '../../components/LoadFailed';
import { logFailure, useLoggedFailure } from '../../lib/errors';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { ON_NAVY_FOCUS_RING } from '../../lib/focus-ring';

export const MenuPageItems = graphql(`
  query MenuPageItems {
    barItems {
      id
      name
      category
      description
      price
      imageSmall
    }
  }
`);

const MenuPageDelete = graphql(`
  mutation MenuPageDelete($id: ID!) {
    deleteBarItem(id: $id)
  }
`);

export const DELETE_ITEM_PROMPT = 'Are you sure you want to delete this item?';

type Item = MenuPageItemsQuery['barItems'][number];

function MenuItem({
  item,
  admin,
  onRemove,
  removing,
}: {
  item: Item;
  admin: boolean;
  onRemove: (item: Item) => void;
  /** Its removal is on its way: the button is busy meanwhile. */
  removing: boolean;
}) {
  return (
    <Card.Root as="article" flexDirection="row" overflow="hidden" variant="outline" aria-label={item.name}>
      {/* The picture fills the card's height, however far its text and buttons wrap. */}
      {/* Narrower below 360 px (a 320 px phone): the name beside the price keeps room for whole words. */}
      <Box
        flexShrink={0}
        width="112px"
        minH="112px"
        css={{ '@media (max-width: 359.98px)': { width: '80px', minHeight: '80px' } }}
        position="relative"
        bg="bg.muted"
      >
        {item.imageSmall ? (
          <Image
            src={item.imageSmall}
            alt={item.name}
            loading="lazy"
            width={112}
            height={112}
            position="absolute"
            inset="0"
            w="full"
            h="full"
            objectFit="cover"
          />
        ) : (
          <Center position="absolute" inset="0" color="fg.muted">
            <LuUtensils size="32" />
          </Center>
        )}
      </Box>
      <Card.Body p="3" gap="1" minW="0">
        <HStack justify="space-between" align="start" gap="3">
          <Card.Title fontSize="md" overflowWrap="anywhere">
            {item.name}
          </Card.Title>
          <Text fontWeight="bold" color="accent.fg" flexShrink={0}>
            {formatPrice(item.price)}
          </Text>
        </HStack>
        {item.description && (
          <Text fontSize="sm" color="fg.muted">
            {item.description}
          </Text>
        )}
        {admin && (
          // The buttons wrap under each other on a narrow phone instead of running out of the card. Their names say
          // which item ('Edit Item: Nachos'): a screen reader's list of buttons does not show the card's title.
          <HStack gap="2" pt="1" flexWrap="wrap">
            <Button asChild size="xs" variant="outline" colorPalette="brand">
              <RouterLink to={`/bar/edit/${item.id}`} aria-label={`Edit Item: ${item.name}`}>
                <LuPencil /> Edit Item
              </RouterLink>
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Remove Item: ${item.name}`}
              loading={removing}
              onClick={() => onRemove(item)}
            >
              <LuTrash2 /> Remove Item
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The bar menu: a banner, then the items grouped Beverage, Snack, Cocktail, Meal, Other. */
export function MenuPage() {
  const user = useCurrentUser();
  const admin = Boolean(user?.isAdmin);
  const navigate = useNavigate();
  const [deleteError, setDeleteError] = useState<string>();
  const { data, loading, error, refetch } = useQuery(MenuPageItems);
  useLoggedFailure('Bar menu failed to load', error);
  const [deleteItem] = useMutation(MenuPageDelete, {
    update(cache, { data: deleted }) {
      if (!deleted) return;
      cache.evict({ id: cache.identify({ __typename: 'BarItem', id: deleted.deleteBarItem }) });
      cache.gc();
    },
  });

  const { busy: removing, run } = useConfirmedAction();
  const onRemove = (item: Item) =>
    void run(item.id, DELETE_ITEM_PROMPT, async () => {
      setDeleteError(undefined);
      try {
        await deleteItem({ variables: { id: item.id } });
        const state: NoticeState = { notice: 'Item deleted successfully' };
        await navigate('/', { state });
      } catch (e) {
        logFailure('Bar item delete failed', e);
        setDeleteError('Failed to delete the item');
      }
    });

  const groups = groupBarItems(data?.barItems ?? []);

  return (
    <Stack gap="8">
      <Box
        as="section"
        rounded="2xl"
        px={{ base: '6', md: '10' }}
        py={{ base: '10', md: '14' }}
        color="white"
        bgGradient="to-br"
        gradientFrom="navy.900"
        gradientTo="navy.600"
        css={ON_NAVY_FOCUS_RING}
      >
        <HStack justify="space-between" align="end" flexWrap="wrap" gap="4">
          <Stack gap="2" maxW="2xl">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
              Bar Menu
            </Heading>
            <Text color="whiteAlpha.900" fontSize={{ base: 'md', md: 'lg' }}>
              Coffee, snacks, gamer-themed cocktails and proper meals, served to your station.
            </Text>
          </Stack>
          {admin && (
            <Button asChild bg="gold.400" color="navy.950" _hover={{ bg: 'gold.300' }}>
              <RouterLink to="/bar/create">
                <LuPlus /> Add Item
              </RouterLink>
            </Button>
          )}
        </HStack>
      </Box>

      <LocationNotice />
      {deleteError && <Notice status="error">{deleteError}</Notice>}

      {loading && !data ? (
        <Loading label="Loading the menu" />
      ) : error ? (
        <LoadFailed message="Failed to load the menu." onRetry={() => refetch()} />
      ) : (
        groups.map(({ category, title, icon: Icon, items }) => (
          <Stack as="section" key={category} gap="4" aria-labelledby={`menu-${category}`}>
            <HStack gap="3" color="accent.fg">
              <Icon size="28" aria-hidden />
              <Heading as="h2" size="xl" id={`menu-${category}`} color="fg">
                {title}
              </Heading>
            </HStack>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {items.map((item) => (
                <MenuItem key={item.id} item={item} admin={admin} onRemove={onRemove} removing={removing === item.id} />
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}
